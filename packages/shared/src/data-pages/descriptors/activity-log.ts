import type { DataPageDescriptor } from '../types';
import { long, numericId, rangeInstant, text } from './kit';

export const ACTIVITY_LOG_PAGE: DataPageDescriptor = {
  path: 'activity_log',
  titleKey: 'data.pages.activity_log',
  access: { permission: { module: 'data_activity_log', action: 'READ' }, mainUserOnly: true },
  columns: [
    numericId('id'),
    rangeInstant('created_at'),
    text('username'),
    text('action'),
    text('target'),
    text('ip'),
    long('user_agent'),
    long('detail'),
  ],
  rowKey: 'id',
  defaultSort: { column: 'created_at', direction: 'desc' },
  dateRange: { column: 'created_at', preset: 'today' },
  exportable: true,
};
