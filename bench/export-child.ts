/**
 * Runs waiting export jobs in a process of its own, as the export worker process does
 * (apps/server/src/jobs/export-worker-main.ts: configuration, database pool, descriptors, engine
 * and writers only, not the whole server), and prints its time and memory as JSON
 * (bench/data.bench.ts spawns it, so the figures are the worker's alone).
 *
 * EXPORT_CHILD_FORMAT=csv or xlsx: the oldest job's rows to that one file only (the job's own
 * `writeJobFiles` with the other path left out), so each format is timed alone.
 */
import path from 'node:path';
import { startExportServices } from '../apps/server/src/jobs/export-worker-services';
import { runExportJobsOnce, writeJobFiles } from '../apps/server/src/modules/exports/worker';

type Started = Awaited<ReturnType<typeof startExportServices>>;

/** One format of the oldest job, written to `<EXPORT_DIR>/bench-only.<format>`; rows written. */
async function oneFormat({ services }: Started, format: 'csv' | 'xlsx'): Promise<number> {
  const job = await services.db
    .selectFrom('export_jobs')
    .selectAll()
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const file = path.join(services.config.exportDir, `bench-only.${format}`);
  return writeJobFiles(services, job, {
    csvPath: format === 'csv' ? file : null,
    xlsxPath: format === 'xlsx' ? file : null,
  });
}

async function main() {
  const started = await startExportServices({
    ...process.env,
    GERBANG_MODE: 'test',
    NODE_ENV: 'test',
  });
  const format = process.env.EXPORT_CHILD_FORMAT;
  const before = process.memoryUsage();
  let peakHeap = before.heapUsed;
  let peakRss = before.rss;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakRss = Math.max(peakRss, m.rss);
  }, 20);
  const t0 = performance.now();
  const ran =
    format === 'csv' || format === 'xlsx'
      ? await oneFormat(started, format)
      : await runExportJobsOnce(started.services, 1);
  const ms = performance.now() - t0;
  clearInterval(sampler);
  await started.close();
  console.log(
    JSON.stringify({
      ran,
      ms,
      rssBefore: before.rss,
      rssPeakSampled: peakRss,
      // The kernel's high-water mark of the whole process (kilobytes on Linux).
      maxRss: process.resourceUsage().maxRSS * 1024,
      heapPeak: peakHeap,
      heapBefore: before.heapUsed,
      externalBefore: before.external,
    }),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
