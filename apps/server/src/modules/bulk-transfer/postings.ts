import type { TransferInput } from '@gerbang/ledger';

/**
 * The ledger chains of a bulk transfer group (pure; every id derives from the group and the row,
 * so they are the idempotency keys):
 *
 *   group hold (posted, ONE operation when the group runs): available → bulk funds, the whole
 *     group's amount plus fees; refused as a whole (INSUFFICIENT_FUNDS) when the balance is short
 *   per row (pending, the payout hold, posted or voided by the payout block's finalize):
 *     amount  bulk funds → rail clearing of the row's bank
 *     fee     bulk funds → fee revenue
 *   per failed row (posted, after its hold was voided): refund  bulk funds → available
 *   group rejected or expired before it ran: release  bulk funds → available, the
 *     whole hold back in one posted transfer
 *
 * After every row is final the bulk-funds account holds nothing of the group.
 */

/** The agent's money set aside for its running bulk groups (merchant_: never negative). */
export const BULK_FUNDS_ACCOUNT = 'merchant_bulk_funds';

export function groupHoldId(groupId: number): string {
  return `bulk_group:${groupId}:hold`;
}

export function groupHoldPosting(
  group: { id: number; total: number },
  accounts: { available: number; funds: number },
): TransferInput {
  return {
    id: groupHoldId(group.id),
    debitAccountId: accounts.available,
    creditAccountId: accounts.funds,
    amount: group.total,
    kind: 'bulk_transfer_hold',
    reference: `BULK${group.id}`,
    description: `Bulk transfer group ${group.id}`,
  };
}

export function groupReleasePosting(
  group: { id: number; total: number },
  accounts: { available: number; funds: number },
): TransferInput {
  return {
    id: `bulk_group:${group.id}:release`,
    debitAccountId: accounts.funds,
    creditAccountId: accounts.available,
    amount: group.total,
    kind: 'bulk_transfer_refund',
    reference: `BULK${group.id}`,
    description: `Bulk transfer group ${group.id} not approved`,
  };
}

export interface RowPostingInput {
  groupId: number;
  rowNo: number;
  idTransaksi: string;
  amount: number;
  fee: number;
  bankName: string;
  accountNumber: string;
  accountName: string;
}

/** A row's payout hold: its amount to the rail's clearing account and its fee, one linked chain. */
export function rowPostings(
  row: RowPostingInput,
  accounts: { funds: number; clearing: number; fees: number },
): TransferInput[] {
  const base = `bulk_group:${row.groupId}:${row.rowNo}`;
  const out: TransferInput[] = [
    {
      id: `${base}:amount`,
      debitAccountId: accounts.funds,
      creditAccountId: accounts.clearing,
      amount: row.amount,
      flags: { pending: true },
      kind: 'bulk_transfer',
      reference: row.idTransaksi,
      description: `${row.bankName} ${row.accountNumber} a.n. ${row.accountName}`,
    },
  ];
  if (row.fee > 0) {
    out.push({
      id: `${base}:fee`,
      debitAccountId: accounts.funds,
      creditAccountId: accounts.fees,
      amount: row.fee,
      flags: { pending: true },
      kind: 'bulk_transfer_fee',
      reference: row.idTransaksi,
      description: `Fee of ${row.idTransaksi}`,
    });
  }
  return out.map((t, i) => ({
    ...t,
    flags: { pending: true, linked: i < out.length - 1 },
  }));
}

/** A failed row's amount and fee back to the balance (after its hold was voided). */
export function rowRefundPosting(
  row: Pick<RowPostingInput, 'groupId' | 'rowNo' | 'idTransaksi' | 'amount' | 'fee'>,
  accounts: { funds: number; available: number },
): TransferInput {
  return {
    id: `bulk_group:${row.groupId}:${row.rowNo}:refund`,
    debitAccountId: accounts.funds,
    creditAccountId: accounts.available,
    amount: row.amount + row.fee,
    kind: 'bulk_transfer_refund',
    reference: row.idTransaksi,
    description: `Refund of failed transfer ${row.idTransaksi}`,
  };
}
