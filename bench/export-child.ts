/**
 * Runs waiting export jobs in a process of its own, as a worker process would, and prints its
 * time and memory as JSON (bench/data.bench.ts spawns it, so the figures are the worker's alone).
 */
import { bootstrap } from '../apps/server/src/bootstrap';
import { loadConfig } from '../apps/server/src/config';
import { runExportJobsOnce } from '../apps/server/src/jobs/export-worker';

async function main() {
  const running = await bootstrap(
    loadConfig({ ...process.env, GERBANG_MODE: 'test', NODE_ENV: 'test' }),
  );
  const before = process.memoryUsage();
  let peakHeap = before.heapUsed;
  let peakRss = before.rss;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakRss = Math.max(peakRss, m.rss);
  }, 20);
  const started = performance.now();
  const ran = await runExportJobsOnce(running.services, 1);
  const ms = performance.now() - started;
  clearInterval(sampler);
  await running.close();
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
