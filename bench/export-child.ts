/**
 * Runs waiting export jobs in a process of its own, as the export worker process does
 * (apps/server/src/jobs/export-worker-main.ts: configuration, database pool, descriptors, engine
 * and writers only, not the whole server), and prints its time and memory as JSON
 * (bench/data.bench.ts spawns it, so the figures are the worker's alone).
 */
import { startExportServices } from '../apps/server/src/jobs/export-worker-services';
import { runExportJobsOnce } from '../apps/server/src/modules/exports/worker';

async function main() {
  const { services, close } = await startExportServices({
    ...process.env,
    GERBANG_MODE: 'test',
    NODE_ENV: 'test',
  });
  const before = process.memoryUsage();
  let peakHeap = before.heapUsed;
  let peakRss = before.rss;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakRss = Math.max(peakRss, m.rss);
  }, 20);
  const started = performance.now();
  const ran = await runExportJobsOnce(services, 1);
  const ms = performance.now() - started;
  clearInterval(sampler);
  await close();
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
