import { BALANCE_VIEW_PERMISSION } from '../../domain/permissions';
import type { DataPageDescriptor } from '../types';
import {
  callbackAction,
  count,
  day,
  enumCol,
  instant,
  MONITOR_SENT,
  money,
  rangeInstant,
  read,
  text,
} from './kit';

export const MONITOR_HOLD_BALANCE_PAGE: DataPageDescriptor = {
  path: 'monitor_hold_balance',
  titleKey: 'data.pages.monitor_hold_balance',
  access: {
    permission: read('monitor_hold_balance'),
    apiEnabled: true,
    alsoPermissions: [BALANCE_VIEW_PERMISSION],
  },
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
};
