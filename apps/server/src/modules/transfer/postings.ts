import type { TransferInput } from '@gerbang/ledger';

/**
 * The ledger chains of a paid transfer order (pure; the ids derive from the order and its lines,
 * so they are the idempotency keys). The payment itself arrived in the agent's order-funds account
 * through the pay-in block. Then, when the order is sent:
 *
 *   order chain (posted, linked): voucher  promo → order funds     (the provider pays the voucher)
 *                                 fees     order funds → fee revenue (admin + service fee)
 *                                 unique   order funds → available   (the unique code is the user's)
 *   per line (pending, the payout hold): amount  order funds → rail clearing of the line's bank
 *   per failed line (posted, after the hold was voided): refund  order funds → available
 *
 * After every line is final the order-funds account holds nothing of the order.
 */
export interface OrderAccounts {
  funds: number;
  available: number;
  fees: number;
  promo: number;
}

export interface OrderPostingInput {
  id: string;
  adminFee: number;
  serviceFee: number;
  voucherAmount: number;
  uniqueAmount: number;
}

export function orderChainIds(orderId: string) {
  return {
    voucher: `transfer_order:${orderId}:voucher`,
    fees: `transfer_order:${orderId}:fees`,
    unique: `transfer_order:${orderId}:unique`,
  };
}

export function orderPostings(order: OrderPostingInput, accounts: OrderAccounts): TransferInput[] {
  const ids = orderChainIds(order.id);
  const out: TransferInput[] = [];
  if (order.voucherAmount > 0) {
    out.push({
      id: ids.voucher,
      debitAccountId: accounts.promo,
      creditAccountId: accounts.funds,
      amount: order.voucherAmount,
      kind: 'transfer_voucher',
      reference: order.id,
      description: `Voucher of order ${order.id}`,
    });
  }
  const fees = order.adminFee + order.serviceFee;
  if (fees > 0) {
    out.push({
      id: ids.fees,
      debitAccountId: accounts.funds,
      creditAccountId: accounts.fees,
      amount: fees,
      kind: 'transfer_fee',
      reference: order.id,
      description: `Fees of order ${order.id}`,
    });
  }
  if (order.uniqueAmount > 0) {
    out.push({
      id: ids.unique,
      debitAccountId: accounts.funds,
      creditAccountId: accounts.available,
      amount: order.uniqueAmount,
      kind: 'transfer_unique_code',
      reference: order.id,
      description: `Unique code of order ${order.id}`,
    });
  }
  return out.map((t, i) => ({ ...t, flags: { linked: i < out.length - 1 } }));
}

export interface LinePostingInput {
  orderId: string;
  lineNo: number;
  idTransaksi: string;
  amount: number;
  productName: string;
  accountNumber: string;
  accountName: string;
}

export function lineHoldId(line: Pick<LinePostingInput, 'orderId' | 'lineNo'>): string {
  return `transfer_order:${line.orderId}:${line.lineNo}:amount`;
}

/** The payout hold of one line: its amount from order funds to the rail's clearing account. */
export function linePostings(
  line: LinePostingInput,
  accounts: { funds: number; clearing: number },
): TransferInput[] {
  return [
    {
      id: lineHoldId(line),
      debitAccountId: accounts.funds,
      creditAccountId: accounts.clearing,
      amount: line.amount,
      flags: { pending: true },
      kind: 'transfer',
      reference: line.idTransaksi,
      description: `${line.productName} ${line.accountNumber} a.n. ${line.accountName}`,
    },
  ];
}

/** A failed line's amount back to the agent's balance (after its hold was voided). */
export function refundPosting(
  line: Pick<LinePostingInput, 'orderId' | 'lineNo' | 'amount' | 'idTransaksi'>,
  accounts: { funds: number; available: number },
): TransferInput {
  return {
    id: `transfer_order:${line.orderId}:${line.lineNo}:refund`,
    debitAccountId: accounts.funds,
    creditAccountId: accounts.available,
    amount: line.amount,
    kind: 'transfer_refund',
    reference: line.idTransaksi,
    description: `Refund of failed transfer ${line.idTransaksi}`,
  };
}
