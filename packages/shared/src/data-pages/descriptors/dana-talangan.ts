import { rowActionCalls } from '../../contract/row-action-calls';
import type { DataPageDescriptor } from '../types';
import { day, enumCol, money, numericId, rangeInstant, read, text } from './kit';

export const DANA_TALANGAN_PAGE: DataPageDescriptor = {
  path: 'dana_talangan',
  titleKey: 'data.pages.dana_talangan',
  access: { permission: read('dana_talangan'), apiEnabled: true },
  columns: [
    numericId('id'),
    text('username'),
    day('date_from'),
    day('date_to'),
    text('id_produk'),
    text('nama_produk'),
    money('nominal'),
    // Paid and not yet recovered from the product's settlements.
    money('outstanding'),
    enumCol('status', 'talanganStatus', [
      ['0', 'warning'],
      ['1', 'success'],
      ['2', 'danger'],
      ['3', 'primary'],
    ]),
    rangeInstant('created_at'),
  ],
  rowKey: 'id',
  defaultSort: { column: 'created_at', direction: 'desc' },
  dateRange: { column: 'created_at', preset: 'today' },
  addButton: {
    labelKey: 'data.actions.add',
    to: '/add-item',
    requires: { permission: { module: 'data_dana_talangan', action: 'ADD' }, apiEnabled: true },
  },
  actions: [
    {
      kind: 'call',
      key: 'delete',
      labelKey: 'data.actions.delete',
      call: rowActionCalls.deleteTalangan,
      params: { id: '{id}' },
      requires: { permission: { module: 'data_dana_talangan', action: 'ADD' } },
      confirmKey: 'data.confirm.deleteTalangan',
      when: { column: 'status', in: ['0'] },
      tone: 'danger',
    },
  ],
  exportable: true,
};
