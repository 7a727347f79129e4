import type { TransferInput } from '@gerbang/ledger';
import type { PayoutAccounts } from './accounts';

/** The common payout shape: what one payout of `amount` plus `fee` holds. */
export interface PayoutPlan {
  /** The ids' stem; with the suffixes `:amount` / `:fee` they are the hold's idempotency keys. */
  idBase: string;
  /** The ledger reference: the transaction's id_transaksi. */
  reference: string;
  amount: number;
  fee: number;
  description: string;
  /** Ledger kinds of the two legs (e.g. 'withdraw' and 'withdraw_fee'). */
  kinds: { amount: string; fee: string };
}

/**
 * The pending linked chain of a payout from the merchant's spendable balance: the amount to the
 * rail's clearing account and the fee (when there is one) to fee revenue. Pure: the demo seed and
 * every feature with this shape (withdraw, the partner API's transfer) plan through it.
 */
export function payoutPostings(plan: PayoutPlan, accounts: PayoutAccounts): TransferInput[] {
  const inputs: TransferInput[] = [
    {
      id: `${plan.idBase}:amount`,
      debitAccountId: accounts.merchant,
      creditAccountId: accounts.clearing,
      amount: plan.amount,
      flags: { pending: true, linked: plan.fee > 0 },
      kind: plan.kinds.amount,
      reference: plan.reference,
      description: plan.description,
    },
  ];
  if (plan.fee > 0) {
    inputs.push({
      id: `${plan.idBase}:fee`,
      debitAccountId: accounts.merchant,
      creditAccountId: accounts.fees,
      amount: plan.fee,
      flags: { pending: true },
      kind: plan.kinds.fee,
      reference: plan.reference,
      description: `Admin fee ${plan.reference}`,
    });
  }
  return inputs;
}
