/**
 * The export worker as a process of its own: only what an export needs — the
 * configuration, a database pool, the clock, the page descriptors, the query engine and the
 * CSV/XLSX writers — not the HTTP server, the ledger, mail, captcha or rails. Every 2 s it runs
 * waiting export jobs (modules/exports/worker.ts); claims use `FOR UPDATE SKIP LOCKED`, so it can
 * run beside the API processes (whose job loop also runs exports) or in their place.
 *
 *   DATABASE_URL=postgres://... npx tsx apps/server/src/jobs/export-worker-main.ts
 *
 * It expects a migrated database (the API process migrates at start).
 */
import { runExportJobsOnce } from '../modules/exports/worker';
import { startExportServices } from './export-worker-services';

const EXPORT_WORKER_INTERVAL_MS = 2_000;

async function main() {
  const { services, close } = await startExportServices();
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    try {
      await runExportJobsOnce(services);
    } catch (error) {
      services.log.error({ err: error }, 'export worker round failed');
    }
    if (!stopping) timer = setTimeout(tick, EXPORT_WORKER_INTERVAL_MS);
  };
  const stop = async () => {
    stopping = true;
    clearTimeout(timer);
    await close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  await tick();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
