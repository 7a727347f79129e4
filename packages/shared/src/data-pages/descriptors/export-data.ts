import type { DataPageDescriptor } from '../types';
import {
  col,
  count,
  EXPORT_STATUS,
  enumCol,
  instant,
  numericId,
  rangeInstant,
  read,
  text,
} from './kit';

export const EXPORT_DATA_PAGE: DataPageDescriptor = {
  path: 'export_data',
  titleKey: 'data.pages.export_data',
  access: { permission: read('export_data') },
  columns: [
    numericId('id'),
    rangeInstant('tanggal_waktu_dibuat'),
    col('nama_menu', 'string', 'page'),
    enumCol('status', 'exportStatus', EXPORT_STATUS, 'danger'),
    instant('tanggal_waktu_selesai'),
    count('row_count'),
    text('lokasi_file'),
  ],
  rowKey: 'id',
  defaultSort: { column: 'tanggal_waktu_dibuat', direction: 'desc' },
  dateRange: { column: 'tanggal_waktu_dibuat', preset: 'today' },
  actions: [
    {
      kind: 'download',
      key: 'download',
      labelKey: 'data.actions.download',
      when: { column: 'status', value: '3', fileColumn: 'lokasi_file' },
    },
  ],
  refreshWhile: { column: 'status', values: ['0', '1', '2'], intervalMs: 2000 },
  exportable: false,
};
