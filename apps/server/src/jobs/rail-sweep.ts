import { runOnce, type SweepReport } from '../modules/payouts/rail-work';
import { railSweepBacklog } from './backlogs';
import type { Job } from './job';

/**
 * The payout rail sweep (modules/payouts/rail-work.ts): at start and every 5 s it finishes payouts
 * whose rail work is due (a slow bank answering, a queued night transfer, a process that died
 * between the ledger hold and the rail). Several processes may run it against one database:
 * rows are claimed one by one with a lease.
 */
export const railSweepJob: Job<SweepReport> = {
  name: 'rail sweep',
  intervalMs: 5_000,
  runOnce,
  report: (report) => (report.claimed > 0 ? report : null),
  backlog: railSweepBacklog,
};
