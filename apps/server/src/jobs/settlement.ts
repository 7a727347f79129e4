import { runOnce } from '../modules/payins/settlement';
import { settlementBacklog } from './backlogs';
import type { Job } from './job';

/**
 * The pay-in settlement (modules/payins/settlement.ts): every minute it moves held pay-ins whose
 * settlement date has come to the merchants' available balance. Several processes may run it
 * against one database (rows are locked); it does nothing during the banks' nightly window
 * (23:00–06:00 WIB).
 */
export const settlementJob: Job<Awaited<ReturnType<typeof runOnce>>> = {
  name: 'settlement',
  intervalMs: 60_000,
  runOnce,
  report: (report) => (report.settlements > 0 || report.failed > 0 ? report : null),
  backlog: settlementBacklog,
};
