import type { PagePath } from '@gerbang/shared';
import { activityLogSource } from './sources/activity-log';
import { bulkVirtualAccountSource } from './sources/bulk-virtual-account';
import { callbackSource } from './sources/callback';
import { danaTalanganSource } from './sources/dana-talangan';
import { depositSource } from './sources/deposit';
import { disbursementSource } from './sources/disbursement';
import { disbursementDetailSource } from './sources/disbursement-detail';
import { exportDataSource } from './sources/export-data';
import { feeSource } from './sources/fees';
import { incomingHoldsSource } from './sources/incoming-holds';
import type { DataSource } from './sources/kit';
import { merchantMemberSource } from './sources/merchant-member';
import { nmidSource } from './sources/nmid';
import { produkSource } from './sources/produk';
import { produkChargeSource } from './sources/produk-charge';
import { settingAccountFavouriteSource } from './sources/setting-account-favourite';
import { settlementSource } from './sources/settlement';
import { statementSource } from './sources/statement';
import { transactionSource } from './sources/transaction';
import { transferSource } from './sources/transfer';
import { virtualAccountReservedSource } from './sources/virtual-account-reserved';
import { virtualAccountTransactionSource } from './sources/virtual-account-transaction';

/**
 * The server side of the data-page descriptors: for each path, the tables it reads and the SQL
 * expression of each column. Only code writes these fragments; what a request sends (column
 * names, operators, values) is matched against the descriptor and bound as parameters by the
 * engine, never spliced into SQL.
 *
 * One file per page (or family of pages) in sources/; the column helpers and types in
 * sources/kit.ts.
 */
export type { DataSource, SourceColumn, SourceScope, Sql, ValueKind } from './sources/kit';

export const SOURCES: Record<PagePath, DataSource> = {
  transaction: transactionSource,
  transfer: transferSource,
  balance: statementSource,
  balance_detail: statementSource,
  balance_detail_hold: incomingHoldsSource(),
  monitor_hold_balance: incomingHoldsSource(),
  export_data: exportDataSource,
  virtual_account_transaction: virtualAccountTransactionSource,
  virtual_account_reserved: virtualAccountReservedSource,
  callback: callbackSource,
  deposit: depositSource,
  disbursement: disbursementSource,
  disbursement_detail: disbursementDetailSource,
  bulk_virtual_account: bulkVirtualAccountSource,
  settlement_merchant_sent: settlementSource(['completed']),
  settlement_merchant_process: settlementSource(['waiting', 'process', 'failed']),
  merchant_member: merchantMemberSource,
  aggregator_fee_daily: feeSource('day', false),
  aggregator_fee_monthly: feeSource('month', false),
  resume_share_profit_by_mitra_daily: feeSource('day', true),
  resume_share_profit_by_mitra_monthly: feeSource('month', true),
  setting_account_favourite: settingAccountFavouriteSource,
  dana_talangan: danaTalanganSource,
  nmid: nmidSource,
  produk: produkSource,
  produk_charge: produkChargeSource,
  activity_log: activityLogSource,
};
