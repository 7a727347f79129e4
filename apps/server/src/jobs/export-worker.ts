import type { Services } from '../http/services';
import { runExportJobsOnce } from '../modules/exports/worker';
import { exportBacklog } from './backlogs';
import { runExportRoundInThread } from './export-thread';
import type { Job } from './job';

export { runExportJobsOnce } from '../modules/exports/worker';

/**
 * Where an export round runs. On PostgreSQL in a worker thread (jobs/export-thread.ts), never on
 * the API's event loop. On PGlite in this process: the embedded database belongs to the one
 * process (and thread) that opened it, and PGlite is the single-user, small-data setup.
 */
export function runExportRound(services: Services): Promise<number> {
  return services.dbKind === 'postgres'
    ? runExportRoundInThread(services)
    : runExportJobsOnce(services);
}

/**
 * The export worker (modules/exports/worker.ts): every 2 s it writes the files of waiting export
 * jobs (the data pages' download button); jobs live in their table, so they survive restarts.
 */
export const exportWorkerJob: Job<number> = {
  name: 'export worker',
  intervalMs: 2_000,
  runOnce: runExportRound,
  report: () => null,
  backlog: exportBacklog,
};
