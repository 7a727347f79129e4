import { runExportJobsOnce } from '../modules/exports/worker';
import { exportBacklog } from './backlogs';
import type { Job } from './job';

export { runExportJobsOnce } from '../modules/exports/worker';

/**
 * The export worker (modules/exports/worker.ts): every 2 s it writes the files of waiting export
 * jobs (the data pages' download button); jobs live in their table, so they survive restarts.
 */
export const exportWorkerJob: Job<number> = {
  name: 'export worker',
  intervalMs: 2_000,
  runOnce: (services) => runExportJobsOnce(services),
  report: () => null,
  backlog: exportBacklog,
};
