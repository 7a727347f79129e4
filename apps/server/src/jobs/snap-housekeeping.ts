import { runOnce, type SnapHousekeepingReport } from '../modules/snap/housekeeping';
import type { Job } from './job';

/**
 * Removes expired partner-API tokens, past days' X-EXTERNAL-ID reservations and old API log
 * lines (modules/snap/housekeeping.ts), at start and then every 10 minutes.
 */
export const snapHousekeepingJob: Job<SnapHousekeepingReport> = {
  name: 'snap housekeeping',
  intervalMs: 10 * 60_000,
  runOnce,
  report: (r) => (r.tokens + r.externalIds + r.logLines > 0 ? r : null),
};
