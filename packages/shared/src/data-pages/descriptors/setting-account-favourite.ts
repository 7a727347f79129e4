import { rowActionCalls } from '../../contract/row-action-calls';
import type { DataPageDescriptor } from '../types';
import { enumCol, numericId, read, text } from './kit';

export const SETTING_ACCOUNT_FAVOURITE_PAGE: DataPageDescriptor = {
  path: 'setting_account_favourite',
  titleKey: 'data.pages.setting_account_favourite',
  access: { permission: read('setting_account_favourite'), apiEnabled: true },
  columns: [
    numericId('id_accounts'),
    text('accountname'),
    text('accountnumber'),
    text('namabank'),
    enumCol('type', 'favouriteType', [
      ['BANK', 'primary'],
      ['EWALLET', 'info'],
    ]),
    enumCol('is_active', 'active', [
      ['true', 'success'],
      ['false', 'secondary'],
    ]),
  ],
  rowKey: 'id_accounts',
  defaultSort: { column: 'id_accounts', direction: 'desc' },
  actions: [
    {
      kind: 'call',
      key: 'toggle',
      labelKey: 'data.actions.toggleFavourite',
      call: rowActionCalls.toggleFavourite,
      params: { id: '{id_accounts}' },
      requires: { permission: { module: 'data_setting_account_favourite', action: 'UPDATE' } },
      tone: 'primary',
    },
  ],
  exportable: true,
};
