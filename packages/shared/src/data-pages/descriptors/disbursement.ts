import { BULK_TRANSFER_ACCESS, PAYOUT_BREAKDOWN_ACCESS } from '../../contract/access-rules';
import type { DataPageDescriptor } from '../types';
import { count, enumCol, money, numericId, rangeInstant, read, text } from './kit';

export const DISBURSEMENT_PAGE: DataPageDescriptor = {
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
    // Where a bulk group stands (waiting for its approver, sending, finished).
    enumCol('status', 'bulkGroupStatus', [
      ['WAITING_APPROVAL', 'warning'],
      ['RUNNING', 'info'],
      ['DONE', 'success'],
      ['REJECTED', 'danger'],
    ]),
  ],
  rowKey: 'id',
  defaultSort: { column: 'created_date', direction: 'desc' },
  // The bulk transfer page makes the groups this page lists.
  addButton: {
    labelKey: 'descriptions.bulkTransfer',
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
    // A group opens its breakdown: every row, the refunds of failed ones, gross → net debited.
    {
      kind: 'link',
      key: 'breakdown',
      labelKey: 'data.actions.breakdown',
      href: '/bulk-breakdown/{id}',
      requires: PAYOUT_BREAKDOWN_ACCESS.bulk,
    },
  ],
  exportable: true,
};
