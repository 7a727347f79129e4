import { type BulkRunReport, runOnce } from '../modules/bulk-transfer/runner';
import { bulkBacklog } from './backlogs';
import type { Job } from './job';

/**
 * Bulk transfer groups (modules/bulk-transfer/runner.ts): every second it sends queued rows of
 * running groups through the payout block, refunds failed rows and ends finished groups.
 */
export const bulkTransferJob: Job<BulkRunReport> = {
  name: 'bulk transfer',
  intervalMs: 1_000,
  runOnce,
  report: (r) => (r.queued + r.advanced + r.refunded + r.finished > 0 ? r : null),
  backlog: bulkBacklog,
};
