import { type LeftoverReturnReport, runOnce } from '../modules/topup/leftover-return';
import type { Job } from './job';

/**
 * The leftover-deposit return (modules/topup/leftover-return.ts): every minute it checks whether
 * the latest 23:30 WIB cut-off has been worked through; the first pass after it sends each
 * agent's leftover of the day back to its company's bank account through the payout block, once
 * (a unique key per agent and day), and records the day so later passes do nothing.
 */
export const depositReturnJob: Job<LeftoverReturnReport> = {
  name: 'leftover deposit return',
  intervalMs: 60_000,
  runOnce,
  report: (report) => (report.returned > 0 || report.failed > 0 ? report : null),
};
