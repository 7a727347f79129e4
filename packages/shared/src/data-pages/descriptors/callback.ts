import { rowActionCalls } from '../../contract/row-action-calls';
import type { DataPageDescriptor } from '../types';
import {
  CALLBACK_STATUS,
  enumCol,
  instant,
  long,
  numericId,
  rangeInstant,
  read,
  text,
} from './kit';

export const CALLBACK_PAGE: DataPageDescriptor = {
  path: 'callback',
  titleKey: 'data.pages.callback',
  access: { permission: read('callback') },
  columns: [
    numericId('id_callback'),
    text('id_transaksi'),
    instant('time_request'),
    rangeInstant('date_created'),
    instant('date_sent'),
    enumCol('status_sent', 'callbackStatus', CALLBACK_STATUS, 'danger'),
    text('type_callback'),
    text('url_callback'),
    long('request_raw'),
    long('response_raw'),
  ],
  rowKey: 'id_callback',
  defaultSort: { column: 'date_created', direction: 'desc' },
  dateRange: { column: 'date_created', preset: 'today' },
  group: 'monitor',
  preFilterKeys: ['id_callback', 'id_transaksi'],
  actions: [
    {
      kind: 'call',
      key: 'retry',
      labelKey: 'data.actions.retryCallback',
      call: rowActionCalls.retryCallback,
      params: { id_callback: '{id_callback}' },
      requires: { permission: { module: 'data_callback', action: 'UPDATE' } },
      confirmKey: 'data.confirm.retryCallback',
      when: { column: 'status_sent', in: ['1', '2'] },
      tone: 'warning',
    },
  ],
  exportable: true,
};
