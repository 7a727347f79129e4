import { runOnce, type TransferOrdersReport } from '../modules/transfer/disburse';
import type { Job } from './job';

/**
 * Domestic transfer orders (modules/transfer/disburse.ts): every 3 s it sends paid orders that no
 * request sent yet and ends orders whose lines the rail sweep finished (refunding failed lines).
 */
export const transferOrdersJob: Job<TransferOrdersReport> = {
  name: 'transfer orders',
  intervalMs: 3_000,
  runOnce,
  report: (report) => (report.disbursed + report.settled + report.failed > 0 ? report : null),
};
