import type { DataPageDescriptor } from '../types';
import { col, instant, money, rangeInstant, read, TRANSFER_STATUS_VALUES, text } from './kit';

export const TRANSFER_PAGE: DataPageDescriptor = {
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
};
