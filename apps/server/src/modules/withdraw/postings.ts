import type { TransferInput } from '@gerbang/ledger';
import type { PayoutAccounts } from '../payouts/accounts';

/** What a withdrawal's hold needs to know of its inquiry. */
export interface WithdrawPostingInput {
  id_transaksi: string;
  amount: number;
  admin_fee: number;
  product_name: string;
  account_number: string;
  account_name: string;
}

/** The ledger ids of a withdrawal's hold, derived from the inquiry: the idempotency keys. */
export function pendingTransferIds(idTransaksi: string, adminFee: number): string[] {
  return [
    `withdraw:${idTransaksi}:amount`,
    ...(adminFee > 0 ? [`withdraw:${idTransaksi}:fee`] : []),
  ];
}

/**
 * A withdrawal's pending linked chain (pure; the payout block creates it): the amount from the
 * merchant to the rail's clearing account, then the admin fee to fee revenue when there is one.
 */
export function postings(inquiry: WithdrawPostingInput, accounts: PayoutAccounts): TransferInput[] {
  const [amountId, feeId] = pendingTransferIds(inquiry.id_transaksi, inquiry.admin_fee);
  const reference = inquiry.id_transaksi;
  const inputs: TransferInput[] = [
    {
      id: amountId,
      debitAccountId: accounts.merchant,
      creditAccountId: accounts.clearing,
      amount: inquiry.amount,
      flags: { pending: true, linked: feeId !== undefined },
      kind: 'withdraw',
      reference,
      description: `${inquiry.product_name} ${inquiry.account_number} a.n. ${inquiry.account_name}`,
    },
  ];
  if (feeId) {
    inputs.push({
      id: feeId,
      debitAccountId: accounts.merchant,
      creditAccountId: accounts.fees,
      amount: inquiry.admin_fee,
      flags: { pending: true },
      kind: 'withdraw_fee',
      reference,
      description: `Admin fee ${reference}`,
    });
  }
  return inputs;
}
