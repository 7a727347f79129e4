import { AREA_PERMISSIONS } from '../../contract/access-rules';
import type { DataPageDescriptor } from '../types';
import {
  enumCol,
  instant,
  money,
  numericId,
  rangeInstant,
  read,
  text,
  VA_REQUEST_STATUS,
} from './kit';

export const BULK_VIRTUAL_ACCOUNT_PAGE: DataPageDescriptor = {
  path: 'bulk_virtual_account',
  titleKey: 'data.pages.bulk_virtual_account',
  // Inside the virtual-account area: a sub-user denied virtual_account loses the page too.
  access: {
    permission: read('bulk_virtual_account'),
    alsoPermissions: [AREA_PERMISSIONS.virtualAccount],
    apiEnabled: true,
    notEndUser: true,
  },
  columns: [
    numericId('id'),
    rangeInstant('date_created'),
    instant('date_complete'),
    text('group_name', { popupOnly: true }),
    money('amount'),
    text('partner_reff'),
    text('customer_id'),
    text('customer_name'),
    text('customer_phone'),
    text('customer_email'),
    text('nova'),
    text('kodebank'),
    instant('expired'),
    text('username'),
    enumCol('status', 'vaRequestStatus', VA_REQUEST_STATUS, 'warning'),
    enumCol('bill_type', 'vaRequestBillType', [
      ['open', 'info'],
      ['close', 'primary'],
      ['close_recurring', 'secondary'],
    ]),
  ],
  rowKey: 'id',
  defaultSort: { column: 'date_created', direction: 'desc' },
  dateRange: { column: 'date_created', preset: 'today' },
  group: 'transactions',
  exportable: true,
};
