import { BULK_TRANSFER_ACCESS } from '../contract/access-rules';
import { MOVEMENT_KINDS } from '../contract/statement';
import type { AccessRequirement } from '../domain/access-rule';
import type {
  BadgeTone,
  ColumnDisplay,
  ColumnType,
  DataColumn,
  DataPageDescriptor,
  EnumValue,
  PagePath,
} from './types';

/**
 * One descriptor per data page: the 25 paths of spec 03 §2.2 plus the activity log. Column names
 * are the spec's field names (§3.1); statuses and badge colours are §4's.
 */

type ColumnExtras = Partial<
  Pick<DataColumn, 'enumValues' | 'enumOther' | 'popupOnly' | 'sortable'>
>;

function col(
  name: string,
  type: ColumnType,
  display: ColumnDisplay,
  extras: ColumnExtras = {},
): DataColumn {
  return { name, type, display, labelKey: `data.columns.${name}`, ...extras };
}

const text = (name: string, extras?: ColumnExtras) => col(name, 'string', 'text', extras);
const long = (name: string) => col(name, 'string', 'long', { popupOnly: true });
const money = (name: string) => col(name, 'integer', 'money');
/** A count: an `integer` (int4) column or aggregate, so filter values stay within 32 bits. */
const count = (name: string) => ({ ...col(name, 'integer', 'number'), width: 'int4' as const });
/** A numeric identifier: filtered as a number, shown without thousands separators. */
const numericId = (name: string) => col(name, 'integer', 'text');
const instant = (name: string, extras?: ColumnExtras) => col(name, 'date', 'datetime', extras);
const day = (name: string) => col(name, 'date', 'date');
/** The page's fixed date-range column, shown as an instant. */
const rangeInstant = (name: string) => col(name, 'daterange', 'datetime');
const rangeDay = (name: string) => col(name, 'daterange', 'date');

function values(set: string, entries: ReadonlyArray<readonly [string, BadgeTone]>): EnumValue[] {
  return entries.map(([value, tone]) => ({
    value,
    tone,
    labelKey: `data.enums.${set}.${value.replace(/[^\w-]/g, '_')}`,
  }));
}

function enumCol(
  name: string,
  set: string,
  entries: ReadonlyArray<readonly [string, BadgeTone]>,
  other?: BadgeTone,
  extras: ColumnExtras = {},
): DataColumn {
  return col(name, 'enum', 'text', {
    enumValues: values(set, entries),
    ...(other ? { enumOther: { labelKey: `data.enums.${set}.other`, tone: other } } : {}),
    ...extras,
  });
}

/** The statement's movement kind (issue 12 §2): labels from the `statement.movement` catalog. */
const movementKindColumn = col('keterangan_detail', 'enum', 'text', {
  enumValues: MOVEMENT_KINDS.map((value) => ({
    value,
    tone: (value.startsWith('hold_') ? 'info' : 'secondary') as BadgeTone,
    labelKey: `statement.movement.${value}`,
  })),
  enumOther: { labelKey: 'statement.movement.other', tone: 'secondary' },
});

// Statuses of spec 03 §4 and §3.1.
export const TRANSFER_STATUS_VALUES = values('transferStatus', [
  ['NEW', 'warning'],
  ['PAID', 'primary'],
  ['PROCESS_COMPLETED', 'warning'],
  ['COMPLETED', 'success'],
  ['FAILED', 'danger'],
  // A NEW order past its expiry time (computed, never stored).
  ['EXPIRED', 'secondary'],
]);
const EXPORT_STATUS: Array<[string, BadgeTone]> = [
  ['0', 'secondary'],
  ['1', 'info'],
  ['2', 'warning'],
  ['3', 'success'],
  ['4', 'danger'],
];
const DEPOSIT_STATUS: Array<[string, BadgeTone]> = [
  ['0', 'warning'],
  ['1', 'success'],
  ['2', 'danger'],
  ['3', 'secondary'],
];
const CALLBACK_STATUS: Array<[string, BadgeTone]> = [
  ['0', 'secondary'],
  ['1', 'success'],
  ['2', 'danger'],
  ['3', 'warning'],
];
const HOLD_SENT: Array<[string, BadgeTone]> = [
  ['0', 'warning'],
  ['1', 'success'],
];
const MONITOR_SENT: Array<[string, BadgeTone]> = [
  ['0', 'warning'],
  ['1', 'success'],
  ['2', 'danger'],
  ['3', 'info'],
];
const DISBURSEMENT_STATUS: Array<[string, BadgeTone]> = [
  ['-2', 'info'],
  ['-1', 'secondary'],
  ['0', 'warning'],
  ['1', 'success'],
  ['2', 'danger'],
];
const VA_REQUEST_STATUS: Array<[string, BadgeTone]> = [
  ['0', 'warning'],
  ['1', 'success'],
  ['2', 'danger'],
];
const SETTLEMENT_STATUS: Array<[string, BadgeTone]> = [
  ['waiting', 'warning'],
  ['process', 'info'],
  ['failed', 'danger'],
  ['completed', 'success'],
];

const read = (path: PagePath): AccessRequirement['permission'] => ({
  module: `data_${path}`,
  action: 'READ',
});

/** Bank transfer of the row's transaction: the invoice page and the callback monitor. */
const printAction = (idColumn: string, dateColumn: string) =>
  ({
    kind: 'link',
    key: 'print',
    labelKey: 'data.actions.print',
    href: `/invoice/{${idColumn}}/{${dateColumn}:date}`,
    whenPresent: idColumn,
  }) as const;
const callbackAction = (idColumn: string, dateColumn: string) =>
  ({
    kind: 'link',
    key: 'callback',
    labelKey: 'data.actions.callback',
    href: `/data/callback?key=1&value={${idColumn}}&date={${dateColumn}:date}`,
    requires: { permission: read('callback') },
    whenPresent: idColumn,
  }) as const;

const DESCRIPTORS: DataPageDescriptor[] = [
  {
    path: 'transaction',
    titleKey: 'data.pages.transaction',
    access: { permission: read('transaction'), notEndUser: true },
    columns: [
      text('id_transaksi'),
      rangeInstant('time_request'),
      text('invoicenumberext'),
      text('partner_reff_va'),
      enumCol('jenis_trx', 'jenisTrx', [
        ['CASH IN', 'success'],
        ['CASH OUT', 'primary'],
      ]),
      text('nama_produk'),
      text('namabank'),
      text('nopelanggan1'),
      text('customername'),
      money('nominal_origin'),
      money('nominal_admin'),
      enumCol(
        'status_trx',
        'statusTrx',
        [
          ['SUCCESS', 'success'],
          ['FAILED', 'danger'],
          ['PROCESS', 'warning'],
        ],
        'warning',
      ),
      text('response_code', { popupOnly: true }),
      text('keterangan'),
      enumCol('is_void', 'isVoid', [
        ['Refunded', 'info'],
        ['Debited', 'secondary'],
      ]),
      enumCol(
        'jenis_transaksi',
        'jenisTransaksi',
        [
          ['0', 'secondary'],
          ['1', 'primary'],
        ],
        undefined,
        { popupOnly: true },
      ),
      col('transaction_date', 'date', 'date', { popupOnly: true }),
      text('addinfo21', { popupOnly: true }),
      text('nopelanggan2', { popupOnly: true }),
      text('nopelanggan3', { popupOnly: true }),
      text('kodebank', { popupOnly: true }),
      long('responsebiller'),
    ],
    rowKey: 'id_transaksi',
    defaultSort: { column: 'time_request', direction: 'desc' },
    dateRange: { column: 'time_request', preset: 'today' },
    group: 'transactions',
    actions: [
      printAction('id_transaksi', 'time_request'),
      callbackAction('id_transaksi', 'time_request'),
    ],
    exportable: true,
  },
  {
    path: 'transfer',
    titleKey: 'data.pages.transfer',
    access: { permission: read('transfer') },
    columns: [
      text('id'),
      rangeInstant('time_created'),
      text('account_name'),
      text('account_number'),
      text('namabank'),
      money('amount'),
      instant('time_expired'),
      col('status', 'enum', 'text', { enumValues: TRANSFER_STATUS_VALUES }),
    ],
    rowKey: 'id',
    defaultSort: { column: 'time_created', direction: 'desc' },
    dateRange: { column: 'time_created', preset: 'today' },
    group: 'transactions',
    actions: [
      {
        kind: 'link',
        key: 'detail',
        labelKey: 'data.actions.detail',
        href: '/transaction/transfer/detail/{id}',
      },
    ],
    exportable: true,
  },
  {
    path: 'balance',
    titleKey: 'data.pages.balance',
    access: { permission: read('balance') },
    columns: [
      numericId('id_mutasi'),
      text('id_transaksi'),
      rangeInstant('tanggal_mutasi'),
      text('invoicenumber'),
      text('nama_pemilik'),
      enumCol('tipe_mutasi', 'tipeMutasi', [
        ['debit', 'danger'],
        ['credit', 'success'],
      ]),
      money('debet'),
      money('kredit'),
      text('keterangan'),
      movementKindColumn,
      money('last_balance'),
      money('current_balance'),
    ],
    rowKey: 'id_mutasi',
    defaultSort: { column: 'tanggal_mutasi', direction: 'desc' },
    dateRange: { column: 'tanggal_mutasi', preset: 'today' },
    group: 'balance',
    balanceCard: true,
    preFilterKeys: ['id_transaksi'],
    exportable: true,
  },
  {
    path: 'balance_detail',
    titleKey: 'data.pages.balance_detail',
    access: { permission: read('balance_detail'), apiEnabled: true },
    columns: [
      numericId('id_mutasi'),
      rangeInstant('tanggal_mutasi'),
      text('id_transaksi'),
      text('nama_produk'),
      text('namabank'),
      text('nopelanggan1'),
      text('customername'),
      money('nominal_origin'),
      money('nominal_admin'),
      enumCol('tipe_mutasi', 'tipeMutasi', [
        ['debit', 'danger'],
        ['credit', 'success'],
      ]),
      money('debet'),
      money('kredit'),
      money('last_balance'),
      money('current_balance'),
      text('keterangan', { popupOnly: true }),
    ],
    rowKey: 'id_mutasi',
    defaultSort: { column: 'tanggal_mutasi', direction: 'desc' },
    dateRange: { column: 'tanggal_mutasi', preset: 'today' },
    group: 'balance',
    balanceCard: true,
    actions: [
      {
        kind: 'link',
        key: 'balance',
        labelKey: 'data.actions.balance',
        href: '/data/balance?key=0&value={id_transaksi}&date={tanggal_mutasi:date}',
        requires: { permission: read('balance') },
        whenPresent: 'id_transaksi',
      },
    ],
    exportable: true,
  },
  {
    path: 'balance_detail_hold',
    titleKey: 'data.pages.balance_detail_hold',
    access: { permission: read('balance_detail_hold'), apiEnabled: true },
    columns: [
      numericId('id_hold'),
      text('id_transaksi'),
      text('partner_reff'),
      text('nama_produk'),
      money('nominal_origin'),
      rangeInstant('date_created'),
      day('date_settlement'),
      enumCol('is_sent', 'holdSent', HOLD_SENT, 'info'),
    ],
    rowKey: 'id_hold',
    defaultSort: { column: 'date_created', direction: 'desc' },
    dateRange: { column: 'date_created', preset: 'today' },
    group: 'balance',
    balanceCard: true,
    exportable: true,
  },
  {
    path: 'export_data',
    titleKey: 'data.pages.export_data',
    access: { permission: read('export_data') },
    columns: [
      numericId('id'),
      rangeInstant('tanggal_waktu_dibuat'),
      col('nama_menu', 'string', 'page'),
      enumCol('status', 'exportStatus', EXPORT_STATUS, 'danger'),
      instant('tanggal_waktu_selesai'),
      count('row_count'),
      text('lokasi_file'),
    ],
    rowKey: 'id',
    defaultSort: { column: 'tanggal_waktu_dibuat', direction: 'desc' },
    dateRange: { column: 'tanggal_waktu_dibuat', preset: 'today' },
    actions: [
      {
        kind: 'download',
        key: 'download',
        labelKey: 'data.actions.download',
        when: { column: 'status', value: '3', fileColumn: 'lokasi_file' },
      },
    ],
    refreshWhile: { column: 'status', values: ['0', '1', '2'], intervalMs: 2000 },
    exportable: false,
  },
  {
    path: 'virtual_account_transaction',
    titleKey: 'data.pages.virtual_account_transaction',
    access: { permission: read('virtual_account_transaction') },
    columns: [
      numericId('id'),
      text('virtual_account_no'),
      text('id_outlet', { popupOnly: true }),
      enumCol('bill_type', 'vaBillType', [
        ['o', 'info'],
        ['c', 'primary'],
      ]),
      enumCol('transaction_type', 'vaTransactionType', [
        ['0', 'warning'],
        ['1', 'success'],
        ['2', 'danger'],
      ]),
      rangeInstant('created_time'),
      instant('expired_time'),
      instant('payment_time'),
      text('customer_name'),
      money('amount'),
      money('amount_origin'),
      money('admin'),
      text('partner_reff'),
      text('biller_reff', { popupOnly: true }),
      long('url_payment'),
    ],
    rowKey: 'id',
    defaultSort: { column: 'created_time', direction: 'desc' },
    dateRange: { column: 'created_time', preset: 'today' },
    group: 'va',
    bankSelector: true,
    exportable: true,
  },
  {
    path: 'virtual_account_reserved',
    titleKey: 'data.pages.virtual_account_reserved',
    access: { permission: read('virtual_account_reserved') },
    columns: [
      text('customer_id'),
      text('nama_pemilik'),
      text('va_number'),
      text('nama_pemilik_va'),
      text('partner_reff_id'),
      enumCol('bill_type', 'vaRequestBillType', [
        ['open', 'info'],
        ['close', 'primary'],
        ['close_recurring', 'secondary'],
      ]),
      money('amount'),
      enumCol('status', 'vaStatus', [
        ['0', 'secondary'],
        ['1', 'success'],
      ]),
      rangeInstant('created_at'),
    ],
    rowKey: 'va_number',
    defaultSort: { column: 'created_at', direction: 'desc' },
    dateRange: { column: 'created_at', preset: 'today' },
    group: 'va',
    bankSelector: true,
    exportable: true,
  },
  {
    path: 'callback',
    titleKey: 'data.pages.callback',
    access: { permission: read('callback') },
    columns: [
      numericId('id_callback'),
      text('id_transaksi'),
      instant('time_request'),
      rangeInstant('date_created'),
      instant('date_sent'),
      enumCol('status_sent', 'callbackStatus', CALLBACK_STATUS, 'danger'),
      text('type_callback'),
      text('url_callback'),
      long('request_raw'),
      long('response_raw'),
    ],
    rowKey: 'id_callback',
    defaultSort: { column: 'date_created', direction: 'desc' },
    dateRange: { column: 'date_created', preset: 'today' },
    group: 'monitor',
    preFilterKeys: ['id_callback', 'id_transaksi'],
    actions: [
      {
        kind: 'call',
        key: 'retry',
        labelKey: 'data.actions.retryCallback',
        method: 'POST',
        url: '/control/retry_callback',
        params: { id_callback: '{id_callback}' },
        requires: { permission: { module: 'data_callback', action: 'UPDATE' } },
        confirmKey: 'data.confirm.retryCallback',
        when: { column: 'status_sent', in: ['1', '2'] },
        tone: 'warning',
      },
    ],
    exportable: true,
  },
  {
    path: 'deposit',
    titleKey: 'data.pages.deposit',
    access: { permission: read('deposit'), apiEnabled: true, notEndUser: true },
    columns: [
      text('id_deposit'),
      rangeInstant('tanggal_transaksi'),
      text('username'),
      text('atasnama'),
      text('norekening'),
      text('namabank'),
      money('nominal'),
      money('nominal_unik'),
      enumCol('status', 'depositStatus', DEPOSIT_STATUS, 'danger'),
      instant('tanggal_transfer'),
    ],
    rowKey: 'id_deposit',
    defaultSort: { column: 'tanggal_transaksi', direction: 'desc' },
    dateRange: { column: 'tanggal_transaksi', preset: 'today' },
    exportable: true,
  },
  {
    path: 'disbursement',
    titleKey: 'data.pages.disbursement',
    access: { permission: read('disbursement') },
    columns: [
      numericId('id'),
      text('group_name'),
      text('group_desc'),
      rangeInstant('created_date'),
      count('detail_count'),
      money('total_amount'),
      // Issue 15: where a bulk group stands (waiting for its approver, sending, finished).
      enumCol('status', 'bulkGroupStatus', [
        ['WAITING_APPROVAL', 'warning'],
        ['RUNNING', 'info'],
        ['DONE', 'success'],
        ['REJECTED', 'danger'],
      ]),
    ],
    rowKey: 'id',
    defaultSort: { column: 'created_date', direction: 'desc' },
    // Issue 15: the bulk transfer page makes the groups this page lists.
    addButton: {
      labelKey: 'bulk.title',
      to: '/transfer_money/bulk',
      requires: BULK_TRANSFER_ACCESS.page,
    },
    dateRange: { column: 'created_date', preset: 'today' },
    group: 'transactions',
    actions: [
      {
        kind: 'link',
        key: 'detail',
        labelKey: 'data.actions.disbursementDetail',
        href: '/data/disbursement_detail?key=0&value={id}&date={created_date:date}',
        requires: { permission: read('disbursement_detail') },
      },
    ],
    exportable: true,
  },
  {
    path: 'bulk_virtual_account',
    titleKey: 'data.pages.bulk_virtual_account',
    access: { permission: read('bulk_virtual_account'), apiEnabled: true, notEndUser: true },
    columns: [
      numericId('id'),
      rangeInstant('date_created'),
      instant('date_complete'),
      text('group_name', { popupOnly: true }),
      money('amount'),
      text('partner_reff'),
      text('customer_id'),
      text('customer_name'),
      text('customer_phone'),
      text('customer_email'),
      text('nova'),
      text('kodebank'),
      instant('expired'),
      text('username'),
      enumCol('status', 'vaRequestStatus', VA_REQUEST_STATUS, 'warning'),
      enumCol('bill_type', 'vaRequestBillType', [
        ['open', 'info'],
        ['close', 'primary'],
        ['close_recurring', 'secondary'],
      ]),
    ],
    rowKey: 'id',
    defaultSort: { column: 'date_created', direction: 'desc' },
    dateRange: { column: 'date_created', preset: 'today' },
    group: 'transactions',
    exportable: true,
  },
  {
    path: 'disbursement_detail',
    titleKey: 'data.pages.disbursement_detail',
    access: { permission: read('disbursement_detail') },
    columns: [
      numericId('group_id'),
      text('customername'),
      text('phone'),
      text('email'),
      text('namabank'),
      text('norekeningtujuan'),
      money('nominal'),
      text('id_transaksi'),
      text('payment_id', { popupOnly: true }),
      instant('processed_time'),
      enumCol('status', 'disbursementStatus', DISBURSEMENT_STATUS),
      rangeInstant('created_date'),
    ],
    rowKey: 'id',
    defaultSort: { column: 'created_date', direction: 'desc' },
    dateRange: { column: 'created_date', preset: 'today' },
    backTo: '/data/disbursement',
    preFilterKeys: ['group_id'],
    actions: [printAction('id_transaksi', 'processed_time')],
    exportable: true,
  },
  {
    path: 'monitor_hold_balance',
    titleKey: 'data.pages.monitor_hold_balance',
    access: { permission: read('monitor_hold_balance'), apiEnabled: true },
    columns: [
      text('id_transaksi'),
      rangeInstant('date_created'),
      instant('date_flag'),
      count('days_settlement'),
      day('date_settlement'),
      text('nama_pemilik'),
      text('username'),
      text('id_produk'),
      text('nama_produk'),
      text('addinfo1', { popupOnly: true }),
      money('nominal_origin'),
      money('hold_amount'),
      enumCol('is_sent', 'monitorSent', MONITOR_SENT),
    ],
    rowKey: 'id_transaksi',
    defaultSort: { column: 'date_created', direction: 'desc' },
    dateRange: { column: 'date_created', preset: 'today' },
    group: 'monitor',
    actions: [callbackAction('id_transaksi', 'date_created')],
    exportable: true,
  },
  ...(['settlement_merchant_sent', 'settlement_merchant_process'] as const).map(
    (path): DataPageDescriptor => ({
      path,
      titleKey: `data.pages.${path}`,
      access: { permission: read(path), apiEnabled: true, notEndUser: true },
      columns: [
        day('tgltrx'),
        rangeDay('tglsettle'),
        text('username'),
        text('nama_pemilik'),
        text('nama_produk'),
        count('rekonnum'),
        money('nominal'),
        enumCol(
          'status',
          'settlementStatus',
          path === 'settlement_merchant_sent'
            ? [['completed', 'success']]
            : SETTLEMENT_STATUS.slice(0, 3),
        ),
      ],
      rowKey: 'id',
      defaultSort: { column: 'tglsettle', direction: 'desc' },
      dateRange: { column: 'tglsettle', preset: 'today' },
      group: 'settlement',
      exportable: true,
    }),
  ),
  {
    path: 'merchant_member',
    titleKey: 'data.pages.merchant_member',
    access: { permission: read('merchant_member'), groups: [11] },
    columns: [
      numericId('id_agen'),
      text('username'),
      text('nama_pemilik'),
      text('nickname'),
      text('nama_initial', { popupOnly: true }),
      text('email'),
      text('telp_pemilik'),
      text('nama_propinsi', { popupOnly: true }),
      text('nama_kota'),
      text('namagrupagen', { popupOnly: true }),
      text('namakomisi', { popupOnly: true }),
      money('balance'),
      money('minimum_balance'),
      text('id_refferer', { popupOnly: true }),
      enumCol('status', 'memberStatus', [
        ['0', 'secondary'],
        ['1', 'success'],
        ['2', 'danger'],
      ]),
      enumCol('is_blocked', 'blocked', [
        ['false', 'success'],
        ['true', 'danger'],
      ]),
      instant('tanggal_aktivasi'),
      rangeInstant('tanggal_registrasi'),
    ],
    rowKey: 'id_agen',
    defaultSort: { column: 'tanggal_registrasi', direction: 'desc' },
    exportable: true,
  },
  ...(
    [
      ['aggregator_fee_daily', 'tanggal'],
      ['aggregator_fee_monthly', 'bulan'],
      ['resume_share_profit_by_mitra_daily', 'tanggal'],
      ['resume_share_profit_by_mitra_monthly', 'bulan'],
    ] as const
  ).map(
    ([path, period]): DataPageDescriptor => ({
      path,
      titleKey: `data.pages.${path}`,
      access: { permission: read(path), groups: [11] },
      columns: [
        col(period, 'daterange', period === 'bulan' ? 'month' : 'date'),
        text('nama_pemilik'),
        count('trxva'),
        money('feeva'),
        count('trxtrf'),
        money('feetrf'),
        count('totaltrx'),
        money('totalfee'),
      ],
      rowKey: 'row_id',
      defaultSort: { column: period, direction: 'desc' },
      dateRange: { column: period, preset: period === 'bulan' ? 'thisMonth' : 'today' },
      group: 'fees',
      exportable: true,
    }),
  ),
  {
    path: 'setting_account_favourite',
    titleKey: 'data.pages.setting_account_favourite',
    access: { permission: read('setting_account_favourite'), apiEnabled: true },
    columns: [
      numericId('id_accounts'),
      text('accountname'),
      text('accountnumber'),
      text('namabank'),
      enumCol('type', 'favouriteType', [
        ['BANK', 'primary'],
        ['EWALLET', 'info'],
      ]),
      enumCol('is_active', 'active', [
        ['true', 'success'],
        ['false', 'secondary'],
      ]),
    ],
    rowKey: 'id_accounts',
    defaultSort: { column: 'id_accounts', direction: 'desc' },
    actions: [
      {
        kind: 'call',
        key: 'toggle',
        labelKey: 'data.actions.toggleFavourite',
        method: 'GET',
        url: '/data/set_change_status_account_favourite',
        params: { id: '{id_accounts}' },
        requires: { permission: { module: 'data_setting_account_favourite', action: 'UPDATE' } },
        tone: 'primary',
      },
    ],
    exportable: true,
  },
  {
    path: 'dana_talangan',
    titleKey: 'data.pages.dana_talangan',
    access: { permission: read('dana_talangan'), apiEnabled: true },
    columns: [
      numericId('id'),
      text('username'),
      day('date_from'),
      day('date_to'),
      text('id_produk'),
      text('nama_produk'),
      money('nominal'),
      // Paid and not yet recovered from the product's settlements (issue 17 §1).
      money('outstanding'),
      enumCol('status', 'talanganStatus', [
        ['0', 'warning'],
        ['1', 'success'],
        ['2', 'danger'],
        ['3', 'primary'],
      ]),
      rangeInstant('created_at'),
    ],
    rowKey: 'id',
    defaultSort: { column: 'created_at', direction: 'desc' },
    dateRange: { column: 'created_at', preset: 'today' },
    addButton: {
      labelKey: 'data.actions.add',
      to: '/add-item',
      requires: { permission: { module: 'data_dana_talangan', action: 'ADD' }, apiEnabled: true },
    },
    actions: [
      {
        kind: 'call',
        key: 'delete',
        labelKey: 'data.actions.delete',
        method: 'GET',
        url: '/data/delete_talangan',
        params: { id: '{id}' },
        requires: { permission: { module: 'data_dana_talangan', action: 'ADD' } },
        confirmKey: 'data.confirm.deleteTalangan',
        when: { column: 'status', in: ['0'] },
        tone: 'danger',
      },
    ],
    exportable: true,
  },
  {
    path: 'nmid',
    titleKey: 'data.pages.nmid',
    access: { permission: read('nmid'), apiEnabled: true },
    columns: [
      numericId('id'),
      text('nama_nmid'),
      text('nmid'),
      text('nama'),
      text('nama_usaha'),
      text('jenis_usaha'),
      text('no_hp'),
      text('email'),
      text('kabupaten'),
      enumCol('status', 'nmidStatus', [
        ['0', 'warning'],
        ['1', 'info'],
        ['2', 'success'],
        ['3', 'danger'],
      ]),
      rangeInstant('created_at'),
      text('tempat_lahir', { popupOnly: true }),
      col('tgl_lahir', 'date', 'date', { popupOnly: true }),
      text('no_ktp', { popupOnly: true }),
      text('no_npwp', { popupOnly: true }),
      text('nama_aplikasi', { popupOnly: true }),
      text('url_website', { popupOnly: true }),
      text('alamat_usaha', { popupOnly: true }),
      text('kode_pos', { popupOnly: true }),
      text('pendapatan', { popupOnly: true }),
    ],
    rowKey: 'id',
    defaultSort: { column: 'created_at', direction: 'desc' },
    dateRange: { column: 'created_at', preset: 'today' },
    addButton: {
      labelKey: 'data.actions.add',
      to: '/add-nmid',
      requires: { permission: { module: 'data_nmid', action: 'ADD' }, apiEnabled: true },
    },
    actions: [
      {
        // The approved NMID's static QRIS sticker (issue 17 §2).
        kind: 'link',
        key: 'sticker',
        labelKey: 'nmid.sticker',
        href: '/nmid/sticker/{id}',
        whenPresent: 'nmid',
      },
    ],
    exportable: true,
  },
  {
    path: 'produk',
    titleKey: 'data.pages.produk',
    access: { permission: read('produk'), apiEnabled: true },
    columns: [
      text('username'),
      text('kode_produk'),
      text('nama_produk'),
      enumCol('jenis_trx', 'jenisTrx', [
        ['CASH IN', 'success'],
        ['CASH OUT', 'primary'],
      ]),
      money('fee_admin'),
      text('fee_admin_prosen'),
      enumCol('is_gangguan', 'gangguan', [
        ['false', 'success'],
        ['true', 'danger'],
      ]),
    ],
    rowKey: 'kode_produk',
    defaultSort: { column: 'nama_produk', direction: 'asc' },
    exportable: true,
  },
  {
    path: 'activity_log',
    titleKey: 'data.pages.activity_log',
    access: { permission: { module: 'data_activity_log', action: 'READ' }, mainUserOnly: true },
    columns: [
      numericId('id'),
      rangeInstant('created_at'),
      text('username'),
      text('action'),
      text('target'),
      text('ip'),
      long('user_agent'),
      long('detail'),
    ],
    rowKey: 'id',
    defaultSort: { column: 'created_at', direction: 'desc' },
    dateRange: { column: 'created_at', preset: 'today' },
    exportable: true,
  },
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
