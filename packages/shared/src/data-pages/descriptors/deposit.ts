import type { DataPageDescriptor } from '../types';
import { DEPOSIT_STATUS, enumCol, instant, money, rangeInstant, read, text } from './kit';

export const DEPOSIT_PAGE: DataPageDescriptor = {
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
};
