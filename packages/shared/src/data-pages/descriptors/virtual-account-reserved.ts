import { AREA_PERMISSIONS } from '../../contract/access-rules';
import type { DataPageDescriptor } from '../types';
import { enumCol, money, rangeInstant, read, text } from './kit';

export const VIRTUAL_ACCOUNT_RESERVED_PAGE: DataPageDescriptor = {
  path: 'virtual_account_reserved',
  titleKey: 'data.pages.virtual_account_reserved',
  // Inside the virtual-account area: a sub-user denied virtual_account loses the page too.
  access: {
    permission: read('virtual_account_reserved'),
    alsoPermissions: [AREA_PERMISSIONS.virtualAccount],
  },
  columns: [
    text('customer_id'),
    text('nama_pemilik'),
    text('va_number'),
    text('nama_pemilik_va'),
    text('partner_reff_id'),
    enumCol('bill_type', 'vaRequestBillType', [
      ['open', 'info'],
      ['close', 'primary'],
      ['close_recurring', 'secondary'],
    ]),
    money('amount'),
    enumCol('status', 'vaStatus', [
      ['0', 'secondary'],
      ['1', 'success'],
    ]),
    rangeInstant('created_at'),
  ],
  rowKey: 'va_number',
  defaultSort: { column: 'created_at', direction: 'desc' },
  dateRange: { column: 'created_at', preset: 'today' },
  group: 'va',
  bankSelector: true,
  exportable: true,
};
