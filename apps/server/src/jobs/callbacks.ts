import { type DeliveryReport, runCallbacksOnce } from '../modules/callbacks/deliver';
import { callbackBacklog } from './backlogs';
import type { Job } from './job';

/**
 * The callback sender (modules/callbacks/deliver.ts): every second it delivers the callback rows
 * that are due (new ones, retries on their schedule, manual retries), with a lease per row, so
 * several processes may run it and a restart loses nothing.
 */
export const callbackSenderJob: Job<DeliveryReport> = {
  name: 'callback sender',
  intervalMs: 1_000,
  runOnce: (services) => runCallbacksOnce(services),
  report: (report) => (report.claimed > 0 ? report : null),
  backlog: callbackBacklog,
};
