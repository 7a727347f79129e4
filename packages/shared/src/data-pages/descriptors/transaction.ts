import { PAYOUT_BREAKDOWN_ACCESS } from '../../contract/access-rules';
import type { DataPageDescriptor } from '../types';
import {
  callbackAction,
  col,
  enumCol,
  long,
  money,
  printAction,
  rangeInstant,
  read,
  text,
} from './kit';

export const TRANSACTION_PAGE: DataPageDescriptor = {
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
    // A payout opens its breakdown: its ledger transfers, fee, reversal, gross → net.
    {
      kind: 'link',
      key: 'breakdown',
      labelKey: 'data.actions.breakdown',
      href: '/payout-breakdown/{id_transaksi}',
      requires: PAYOUT_BREAKDOWN_ACCESS.payout,
      when: { column: 'jenis_trx', in: ['CASH OUT'] },
    },
  ],
  exportable: true,
};
