import { type ApprovalsReport, runOnce } from '../modules/approvals/expiry';
import type { Job } from './job';

/**
 * Approval requests (modules/approvals/expiry.ts): expires the ones nobody approved in time (the
 * held money goes back) and mails each new one's approvers, every 30 seconds.
 */
export const approvalsJob: Job<ApprovalsReport> = {
  name: 'approvals',
  intervalMs: 30_000,
  runOnce,
  report: (report) => (report.expired > 0 || report.notified > 0 ? report : null),
};
