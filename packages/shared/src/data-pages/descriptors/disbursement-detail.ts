import { PAYOUT_BREAKDOWN_ACCESS } from '../../contract/access-rules';
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
  actions: [
    printAction('id_transaksi', 'processed_time'),
    // A row sent to the bank is a payout: its breakdown shows its share of the group's hold, its
    // ledger legs and, when it failed, its refund.
    {
      kind: 'link',
      key: 'breakdown',
      labelKey: 'data.actions.breakdown',
      href: '/payout-breakdown/{id_transaksi}',
      requires: PAYOUT_BREAKDOWN_ACCESS.payout,
      when: { column: 'status', in: ['-2', '1', '2'] },
    },
  ],
  exportable: true,
};
