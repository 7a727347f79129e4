/**
 * Payout and bulk group breakdowns as CSV and XLSX, through the settlement breakdown's writers:
 * CSV with whole rupiah numbers and machine names (one table, then the totals), XLSX in the
 * reader's language with real numbers in the rupiah format and real dates.
 */
import type { BulkBreakdown, PayoutBreakdown } from '@gerbang/shared/contract/payout-breakdown';
import { csvOf } from './breakdown';
import { breakdownSheetXlsx } from './breakdown-xlsx';

type Translate = (key: string, vars?: Record<string, string | number>) => string;

const PAYOUT_TOTALS = ['amount', 'fee', 'total', 'returned', 'net'] as const;
const BULK_TOTALS = ['gross', 'fees', 'total', 'held', 'refunded', 'released', 'net'] as const;
const P = 'recon.payoutBreakdown';

export function payoutBreakdownCsv(b: PayoutBreakdown): string {
  return csvOf([
    ['transfer', 'role', 'state', 'amount', 'at'],
    ...b.transfers.map((l) => [l.id, l.role, l.state, l.amount, l.at]),
    [],
    ['id_transaksi', b.payout.id_transaksi],
    ['status', b.payout.status],
    ...PAYOUT_TOTALS.map((key) => [key, b.totals[key]]),
  ]);
}

export function bulkBreakdownCsv(b: BulkBreakdown): string {
  return csvOf([
    [
      'row_no',
      'id_transaksi',
      'name',
      'bank',
      'account_number',
      'amount',
      'fee',
      'status',
      'refunded',
    ],
    ...b.rows.map((r) => [
      r.row_no,
      r.id_transaksi ?? '',
      r.name,
      r.bank,
      r.account_number,
      r.amount,
      r.fee,
      r.status,
      r.refunded,
    ]),
    [],
    ['group_id', b.group.id],
    ['status', b.group.status],
    ...BULK_TOTALS.map((key) => [key, b.totals[key]]),
  ]);
}

export function payoutBreakdownXlsx(b: PayoutBreakdown, t: Translate): Promise<Buffer> {
  const p = b.payout;
  const cols = ['transfer', 'role', 'state', 'amount', 'at'] as const;
  return breakdownSheetXlsx({
    name: p.id_transaksi,
    title: t(`${P}.title`),
    facts: [
      [t(`${P}.idTransaksi`), p.id_transaksi],
      [t(`${P}.product`), p.product],
      [t(`${P}.bank`), p.bank],
      [t(`${P}.accountNumber`), p.account_number],
      [t(`${P}.accountName`), p.account_name],
      [t(`${P}.requestedAt`), p.requested_at, 'instant'],
      [t(`${P}.status`), t(`${P}.statuses.${p.status}`)],
    ],
    header: cols.map((c) => t(`${P}.cols.${c}`)),
    rows: b.transfers.map((l) => [
      l.id,
      t(`${P}.roles.${l.role}`),
      t(`${P}.states.${l.state}`),
      l.amount,
      l.at,
    ]),
    moneyColumns: [4],
    instantColumns: [5],
    totals: PAYOUT_TOTALS.map((key) => ({
      label: t(`${P}.totals.${key}`),
      value: b.totals[key],
      bold: key === 'net',
    })),
  });
}

export function bulkBreakdownXlsx(b: BulkBreakdown, t: Translate): Promise<Buffer> {
  const g = b.group;
  return breakdownSheetXlsx({
    name: `BULK${g.id}`,
    title: t(`${P}.bulkTitle`),
    facts: [
      [t(`${P}.group`), `BULK${g.id}`],
      [t(`${P}.groupName`), g.name],
      [t(`${P}.description`), g.description],
      [t(`${P}.createdAt`), g.created_at, 'instant'],
      [t(`${P}.status`), t(`${P}.groupStatuses.${g.status}`)],
    ],
    header: [
      t(`${P}.cols.row`),
      t(`${P}.idTransaksi`),
      t(`${P}.cols.name`),
      t(`${P}.bank`),
      t(`${P}.accountNumber`),
      t(`${P}.cols.amount`),
      t(`${P}.cols.fee`),
      t(`${P}.status`),
      t(`${P}.cols.refunded`),
    ],
    rows: b.rows.map((r) => [
      r.row_no,
      r.id_transaksi,
      r.name,
      r.bank,
      r.account_number,
      r.amount,
      r.fee,
      t(`${P}.rowStatuses.${r.status}`),
      r.refunded,
    ]),
    moneyColumns: [6, 7, 9],
    totals: BULK_TOTALS.map((key) => ({
      label: t(`${P}.bulkTotals.${key}`),
      value: b.totals[key],
      bold: key === 'net',
    })),
  });
}
