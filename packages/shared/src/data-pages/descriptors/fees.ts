import type { DataPageDescriptor } from '../types';
import { col, count, money, read, text } from './kit';

export const FEE_PAGES: DataPageDescriptor[] = (
  [
    ['aggregator_fee_daily', 'tanggal'],
    ['aggregator_fee_monthly', 'bulan'],
    ['resume_share_profit_by_mitra_daily', 'tanggal'],
    ['resume_share_profit_by_mitra_monthly', 'bulan'],
  ] as const
).map(
  ([path, period]): DataPageDescriptor => ({
    path,
    titleKey: `data.pages.${path}`,
    access: { permission: read(path), groups: [11] },
    columns: [
      col(period, 'daterange', period === 'bulan' ? 'month' : 'date'),
      text('nama_pemilik'),
      count('trxva'),
      money('feeva'),
      count('trxtrf'),
      money('feetrf'),
      count('totaltrx'),
      money('totalfee'),
    ],
    rowKey: 'row_id',
    defaultSort: { column: period, direction: 'desc' },
    dateRange: { column: period, preset: period === 'bulan' ? 'thisMonth' : 'today' },
    group: 'fees',
    exportable: true,
  }),
);
