import { type NameHoldsReport, runOnce } from '../modules/beneficiaries/hold-expiry';
import type { Job } from './job';

/**
 * Name-mismatch holds (modules/beneficiaries/hold-expiry.ts): ends the ones nobody decided in
 * time (the held money goes back, the maker is mailed), every 30 seconds like approvals.
 */
export const nameHoldsJob: Job<NameHoldsReport> = {
  name: 'name holds',
  intervalMs: 30_000,
  runOnce,
  report: (report) => (report.expired > 0 ? report : null),
};
