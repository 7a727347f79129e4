import { availableOf, type Ledger, subAccount } from '@gerbang/ledger';
import type { Environment } from '@gerbang/shared';
import type { Kysely } from 'kysely';

/**
 * The ledger account kinds money leaves through: the merchant's spendable balance pays the rail's
 * clearing account (the amount) and fee revenue (the fee). The same kinds the pay-in block credits
 * and the demo history uses.
 */
export const PAYOUT_ACCOUNT = {
  /** What the merchant can spend (credit-normal). */
  available: 'merchant_available',
  /** Money on its way out through one rail, per rail code. */
  railClearing: 'rail_clearing',
  fees: 'fee_revenue',
} as const;

export interface PayoutAccounts {
  merchant: number;
  clearing: number;
  fees: number;
}

/**
 * The three accounts of one payout (created on first use), inside the caller's transaction. Fee
 * revenue and the rail's clearing account are spread (ADR 008): each payer credits its own
 * sub-account (`~a<agent id>`), so payouts of different agents never lock the same row; their
 * totals are `ledger.spreadBalance` of the base account.
 */
export async function payoutAccounts(
  ledger: Ledger,
  payer: { agentId: number; environment: Environment },
  railCode: string,
  trx?: Kysely<any>,
): Promise<PayoutAccounts> {
  const { agentId, environment } = payer;
  const payerKey = `a${agentId}`;
  const [merchant, clearing, fees] = await ledger.ensureAccounts(
    [
      { kind: PAYOUT_ACCOUNT.available, agentId, environment },
      subAccount({ kind: PAYOUT_ACCOUNT.railClearing, subkey: railCode, environment }, payerKey),
      subAccount({ kind: PAYOUT_ACCOUNT.fees, environment }, payerKey),
    ],
    trx ? { trx } : {},
  );
  if (!merchant || !clearing || !fees) throw new Error('payout accounts missing');
  return { merchant: merchant.id, clearing: clearing.id, fees: fees.id };
}

/** What the merchant can spend now: posted minus outgoing holds (0 when no account exists yet). */
export async function availableBalance(
  ledger: Ledger,
  agentId: number,
  environment: Environment,
  trx?: Kysely<any>,
): Promise<number> {
  const account = await ledger.findAccount(
    { kind: PAYOUT_ACCOUNT.available, agentId, environment },
    trx ? { trx } : {},
  );
  return account ? availableOf(account) : 0;
}
