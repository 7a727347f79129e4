import { availableOf, Ledger } from '@gerbang/ledger';
import type { Environment } from '@gerbang/shared';
import type { Kysely } from 'kysely';
import type { Services } from '../../http/services';

/**
 * The ledger as the withdraw area uses it: one `Ledger` per database handle, booking on the
 * server's clock. Only the package's public API is used; balances are never read from or written
 * to columns of our own.
 */
const ledgers = new WeakMap<Kysely<any>, Ledger>();

export function ledgerFor(services: Pick<Services, 'db' | 'now'>): Ledger {
  let ledger = ledgers.get(services.db);
  if (!ledger) {
    ledger = new Ledger(services.db, { clock: services.now });
    ledgers.set(services.db, ledger);
  }
  return ledger;
}

/** Account kinds of a withdrawal: the merchant pays the rail's clearing account and the fee account. */
export const MERCHANT_AVAILABLE = 'merchant_available';
export const RAIL_CLEARING = 'rail_clearing';
export const FEE_REVENUE = 'fee_revenue';

export interface WithdrawAccounts {
  merchant: number;
  clearing: number;
  fees: number;
}

export async function withdrawAccounts(
  ledger: Ledger,
  agentId: number,
  environment: Environment,
  railCode: string,
  trx?: Kysely<any>,
): Promise<WithdrawAccounts> {
  const [merchant, clearing, fees] = await ledger.ensureAccounts(
    [
      { kind: MERCHANT_AVAILABLE, agentId, environment },
      { kind: RAIL_CLEARING, subkey: railCode, environment },
      { kind: FEE_REVENUE, environment },
    ],
    trx ? { trx } : {},
  );
  if (!merchant || !clearing || !fees) throw new Error('withdraw accounts missing');
  return { merchant: merchant.id, clearing: clearing.id, fees: fees.id };
}

/** What the merchant can spend now: posted minus outgoing holds (0 when no account exists yet). */
export async function availableBalance(
  ledger: Ledger,
  agentId: number,
  environment: Environment,
): Promise<number> {
  const account = await ledger.findAccount({ kind: MERCHANT_AVAILABLE, agentId, environment });
  return account ? availableOf(account) : 0;
}
