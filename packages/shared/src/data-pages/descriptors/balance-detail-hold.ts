import { BALANCE_VIEW_PERMISSION } from '../../domain/permissions';
import type { DataPageDescriptor } from '../types';
import { day, enumCol, HOLD_SENT, money, numericId, rangeInstant, read, text } from './kit';

export const BALANCE_DETAIL_HOLD_PAGE: DataPageDescriptor = {
  path: 'balance_detail_hold',
  titleKey: 'data.pages.balance_detail_hold',
  access: {
    permission: read('balance_detail_hold'),
    apiEnabled: true,
    alsoPermissions: [BALANCE_VIEW_PERMISSION],
  },
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
};
