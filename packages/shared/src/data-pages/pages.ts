import { ACTIVITY_LOG_PAGE } from './descriptors/activity-log';
import { BALANCE_PAGE } from './descriptors/balance';
import { BALANCE_DETAIL_PAGE } from './descriptors/balance-detail';
import { BALANCE_DETAIL_HOLD_PAGE } from './descriptors/balance-detail-hold';
import { BULK_VIRTUAL_ACCOUNT_PAGE } from './descriptors/bulk-virtual-account';
import { CALLBACK_PAGE } from './descriptors/callback';
import { DANA_TALANGAN_PAGE } from './descriptors/dana-talangan';
import { DEPOSIT_PAGE } from './descriptors/deposit';
import { DISBURSEMENT_PAGE } from './descriptors/disbursement';
import { DISBURSEMENT_DETAIL_PAGE } from './descriptors/disbursement-detail';
import { EXPORT_DATA_PAGE } from './descriptors/export-data';
import { FEE_PAGES } from './descriptors/fees';
import { MERCHANT_MEMBER_PAGE } from './descriptors/merchant-member';
import { MONITOR_HOLD_BALANCE_PAGE } from './descriptors/monitor-hold-balance';
import { NMID_PAGE } from './descriptors/nmid';
import { PRODUK_PAGE } from './descriptors/produk';
import { PRODUK_CHARGE_PAGE } from './descriptors/produk-charge';
import { SETTING_ACCOUNT_FAVOURITE_PAGE } from './descriptors/setting-account-favourite';
import { SETTLEMENT_MERCHANT_PAGES } from './descriptors/settlement-merchant';
import { TRANSACTION_PAGE } from './descriptors/transaction';
import { TRANSFER_PAGE } from './descriptors/transfer';
import { VIRTUAL_ACCOUNT_RESERVED_PAGE } from './descriptors/virtual-account-reserved';
import { VIRTUAL_ACCOUNT_TRANSACTION_PAGE } from './descriptors/virtual-account-transaction';
import type { DataColumn, DataPageDescriptor, PagePath } from './types';

export { TRANSFER_STATUS_VALUES } from './descriptors/kit';

/**
 * One descriptor per data page: the 25 paths of spec 03 §2.2 plus the activity log. Column names
 * are the spec's field names (§3.1); statuses and badge colours are §4's.
 * Each page (or family of pages built from one template) has its file in descriptors/; the column
 * helpers and status sets are in descriptors/kit.ts.
 */

const DESCRIPTORS: DataPageDescriptor[] = [
  TRANSACTION_PAGE,
  TRANSFER_PAGE,
  BALANCE_PAGE,
  BALANCE_DETAIL_PAGE,
  BALANCE_DETAIL_HOLD_PAGE,
  EXPORT_DATA_PAGE,
  VIRTUAL_ACCOUNT_TRANSACTION_PAGE,
  VIRTUAL_ACCOUNT_RESERVED_PAGE,
  CALLBACK_PAGE,
  DEPOSIT_PAGE,
  DISBURSEMENT_PAGE,
  BULK_VIRTUAL_ACCOUNT_PAGE,
  DISBURSEMENT_DETAIL_PAGE,
  MONITOR_HOLD_BALANCE_PAGE,
  ...SETTLEMENT_MERCHANT_PAGES,
  MERCHANT_MEMBER_PAGE,
  ...FEE_PAGES,
  SETTING_ACCOUNT_FAVOURITE_PAGE,
  DANA_TALANGAN_PAGE,
  NMID_PAGE,
  PRODUK_PAGE,
  PRODUK_CHARGE_PAGE,
  ACTIVITY_LOG_PAGE,
];

export const DATA_PAGES: Readonly<Record<PagePath, DataPageDescriptor>> = Object.freeze(
  Object.fromEntries(DESCRIPTORS.map((d) => [d.path, d])) as Record<PagePath, DataPageDescriptor>,
);

export const DATA_PAGE_PATHS = DESCRIPTORS.map((d) => d.path);

export function findDataPage(path: string): DataPageDescriptor | undefined {
  return Object.hasOwn(DATA_PAGES, path) ? DATA_PAGES[path as PagePath] : undefined;
}

/** Pages of each sub-navigation group, in tab order (spec 03 §2.2). */
export const SUB_NAV_GROUPS = {
  transactions: ['transaction', 'transfer', 'disbursement', 'bulk_virtual_account'],
  balance: ['balance', 'balance_detail', 'balance_detail_hold'],
  monitor: ['monitor_hold_balance', 'callback'],
  fees: [
    'aggregator_fee_daily',
    'aggregator_fee_monthly',
    'resume_share_profit_by_mitra_daily',
    'resume_share_profit_by_mitra_monthly',
  ],
  settlement: ['settlement_merchant_sent', 'settlement_merchant_process'],
  va: ['virtual_account_transaction', 'virtual_account_reserved'],
} as const satisfies Record<string, readonly PagePath[]>;

const STATUS_NAME = /(^|_)(status|is_sent)(_|$)/;

/**
 * A row's status: an enum named as one (`status`, `status_trx`, `is_sent`…), or the VA
 * transaction's `transaction_type`, which the spec names so and labels "Status Transaksi".
 */
export function isStatusColumn(column: DataColumn): boolean {
  return (
    column.type === 'enum' && (STATUS_NAME.test(column.name) || column.name === 'transaction_type')
  );
}

/**
 * Where a column comes in the order people read a row: its id, its time, its amounts, its status,
 * then the rest in the descriptor's order (the export keeps the descriptor's order).
 */
function readingRank(page: DataPageDescriptor, column: DataColumn, index: number): number {
  const firstId = page.columns.find(
    (c) => c.name === page.rowKey || (/^id(_|$)/.test(c.name) && c.display !== 'money'),
  );
  if (column === firstId && index < 3) return 0;
  if (page.dateRange ? page.dateRange.column === column.name : column.type === 'daterange')
    return 1;
  if (column.display === 'money') return 2;
  if (isStatusColumn(column)) return 3;
  return 4;
}

/** Every column in reading order: id, time, amount, status, then the rest (the row popup). */
export function readingOrder(page: DataPageDescriptor): DataColumn[] {
  return page.columns
    .map((column, index) => ({ column, index, rank: readingRank(page, column, index) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.column);
}

/** Columns shown in the table, in reading order (the popup and the export show every column). */
export function tableColumns(page: DataPageDescriptor): DataColumn[] {
  return readingOrder(page).filter((c) => !c.popupOnly);
}

/** Spec 03 §5.1: at most the number of columns minus one filter rows. */
export function maxFilterRows(page: DataPageDescriptor): number {
  return Math.max(1, tableColumns(page).length - 1);
}
