import { BALANCE_VIEW_PERMISSION } from '../../domain/permissions';
import type { DataPageDescriptor } from '../types';
import { enumCol, money, numericId, rangeInstant, read, text } from './kit';

export const BALANCE_DETAIL_PAGE: DataPageDescriptor = {
  path: 'balance_detail',
  titleKey: 'data.pages.balance_detail',
  access: {
    permission: read('balance_detail'),
    apiEnabled: true,
    alsoPermissions: [BALANCE_VIEW_PERMISSION],
  },
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
};
