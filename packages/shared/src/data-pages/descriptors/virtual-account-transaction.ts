import { AREA_PERMISSIONS } from '../../contract/access-rules';
import type { DataPageDescriptor } from '../types';
import { enumCol, instant, long, money, numericId, rangeInstant, read, text } from './kit';

export const VIRTUAL_ACCOUNT_TRANSACTION_PAGE: DataPageDescriptor = {
  path: 'virtual_account_transaction',
  titleKey: 'data.pages.virtual_account_transaction',
  // Inside the virtual-account area: a sub-user denied virtual_account loses the page too.
  access: {
    permission: read('virtual_account_transaction'),
    alsoPermissions: [AREA_PERMISSIONS.virtualAccount],
  },
  columns: [
    numericId('id'),
    text('virtual_account_no'),
    text('id_outlet', { popupOnly: true }),
    enumCol('bill_type', 'vaBillType', [
      ['o', 'info'],
      ['c', 'primary'],
    ]),
    enumCol('transaction_type', 'vaTransactionType', [
      ['0', 'warning'],
      ['1', 'success'],
      ['2', 'danger'],
    ]),
    rangeInstant('created_time'),
    instant('expired_time'),
    instant('payment_time'),
    text('customer_name'),
    money('amount'),
    money('amount_origin'),
    money('admin'),
    text('partner_reff'),
    text('biller_reff', { popupOnly: true }),
    long('url_payment'),
  ],
  rowKey: 'id',
  defaultSort: { column: 'created_time', direction: 'desc' },
  dateRange: { column: 'created_time', preset: 'today' },
  group: 'va',
  bankSelector: true,
  exportable: true,
};
