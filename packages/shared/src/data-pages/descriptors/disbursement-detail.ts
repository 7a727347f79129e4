import type { DataPageDescriptor } from '../types';
import {
  DISBURSEMENT_STATUS,
  enumCol,
  instant,
  money,
  NAME_CHECK_STATUS,
  numericId,
  printAction,
  rangeInstant,
  read,
  text,
} from './kit';

export const DISBURSEMENT_DETAIL_PAGE: DataPageDescriptor = {
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
    // A row held because the bank's name differs from the book's (ADR 016): decided on the
    // beneficiaries page, like a single payout's.
    enumCol('name_check', 'nameCheck', NAME_CHECK_STATUS),
    rangeInstant('created_date'),
  ],
  rowKey: 'id',
  defaultSort: { column: 'created_date', direction: 'desc' },
  dateRange: { column: 'created_date', preset: 'today' },
  backTo: '/data/disbursement',
  preFilterKeys: ['group_id'],
  actions: [printAction('id_transaksi', 'processed_time')],
  exportable: true,
};
