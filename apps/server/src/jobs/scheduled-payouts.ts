import { runOnce, type SchedulesReport } from '../modules/schedules/runner';
import type { Job } from './job';

/**
 * Scheduled and recurring payouts (modules/schedules/runner.ts): every 15 s it runs the due
 * occurrences through the payout pipeline, each once (claimed with its payout in one transaction).
 */
export const scheduledPayoutsJob: Job<SchedulesReport> = {
  name: 'scheduled payouts',
  intervalMs: 15_000,
  runOnce,
  report: (report) => (report.claimed + report.postponed > 0 ? report : null),
};
