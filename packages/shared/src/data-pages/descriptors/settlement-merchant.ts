import { SETTLEMENT_BREAKDOWN_ACCESS } from '../../contract/access-rules';
import type { DataPageDescriptor } from '../types';
import { count, day, enumCol, money, rangeDay, read, SETTLEMENT_STATUS, text } from './kit';

export const SETTLEMENT_MERCHANT_PAGES: DataPageDescriptor[] = (
  ['settlement_merchant_sent', 'settlement_merchant_process'] as const
).map(
  (path): DataPageDescriptor => ({
    path,
    titleKey: `data.pages.${path}`,
    access: { permission: read(path), apiEnabled: true, notEndUser: true },
    columns: [
      day('tgltrx'),
      rangeDay('tglsettle'),
      text('username'),
      text('nama_pemilik'),
      text('nama_produk'),
      count('rekonnum'),
      money('nominal'),
      enumCol(
        'status',
        'settlementStatus',
        path === 'settlement_merchant_sent'
          ? [['completed', 'success']]
          : SETTLEMENT_STATUS.slice(0, 3),
      ),
    ],
    rowKey: 'id',
    // A settlement opens its breakdown: the payments inside it, fees, recoveries, gross → net.
    actions: [
      {
        kind: 'link',
        key: 'breakdown',
        labelKey: 'data.actions.breakdown',
        href: '/settlement-breakdown/{id}',
        requires: SETTLEMENT_BREAKDOWN_ACCESS,
      },
    ],
    defaultSort: { column: 'tglsettle', direction: 'desc' },
    dateRange: { column: 'tglsettle', preset: 'today' },
    group: 'settlement',
    exportable: true,
  }),
);
