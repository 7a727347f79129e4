import type { TransferInput } from '@gerbang/ledger';
import type { PayoutAccounts } from '../payouts/accounts';
import { payoutPostings } from '../payouts/postings';

/** What a withdrawal's hold needs to know of its inquiry. */
export interface WithdrawPostingInput {
  id_transaksi: string;
  amount: number;
  admin_fee: number;
  product_name: string;
  account_number: string;
  account_name: string;
}

/** The ledger ids' stem of a payout of this shape: `<kind>:<id_transaksi>`. */
export function withdrawalIdBase(sourceKind: string, idTransaksi: string): string {
  return `${sourceKind}:${idTransaksi}`;
}

/**
 * A withdrawal's pending linked chain (pure; the payout block creates it): the amount from the
 * merchant to the rail's clearing account, then the admin fee to fee revenue when there is one.
 */
export function postings(
  inquiry: WithdrawPostingInput,
  accounts: PayoutAccounts,
  sourceKind = 'withdraw',
): TransferInput[] {
  return payoutPostings(
    {
      idBase: withdrawalIdBase(sourceKind, inquiry.id_transaksi),
      reference: inquiry.id_transaksi,
      amount: inquiry.amount,
      fee: inquiry.admin_fee,
      description: `${inquiry.product_name} ${inquiry.account_number} a.n. ${inquiry.account_name}`,
      kinds: { amount: 'withdraw', fee: 'withdraw_fee' },
    },
    accounts,
  );
}
