import { BALANCE_VIEW_PERMISSION } from '../../domain/permissions';
import type { DataPageDescriptor } from '../types';
import { enumCol, money, movementKindColumn, numericId, rangeInstant, read, text } from './kit';

export const BALANCE_PAGE: DataPageDescriptor = {
  path: 'balance',
  titleKey: 'data.pages.balance',
  access: {
    permission: read('balance'),
    alsoPermissions: [BALANCE_VIEW_PERMISSION],
  },
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
};
