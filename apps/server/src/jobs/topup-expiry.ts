import { runOnce } from '../modules/topup/deposits';
import type { Job } from './job';

/**
 * Closes manual top-ups whose transfer did not arrive in time (status 3, Expired), at start and
 * then every minute (modules/topup/deposits.ts). A transfer after the expiry never matches
 * (payins/bank-transfer.ts compares with the expiry) and goes to suspense.
 */
export const topupExpiryJob: Job<{ expired: number }> = {
  name: 'top-up expiry',
  intervalMs: 60_000,
  runOnce,
  report: (report) => (report.expired > 0 ? report : null),
};
