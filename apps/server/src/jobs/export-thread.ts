import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Services } from '../http/services';
import { STALE_AFTER_MS } from '../modules/exports/worker';
import { type EventLoopGauge, startEventLoopGauge } from './event-loop-gauge';
import type { ExportRoundAnswer, ExportThreadData } from './export-thread-main';

/**
 * Runs export rounds in a worker thread of this process (export-thread-main.ts) instead of on the
 * API's event loop: a million-row export formats rows and makes garbage for tens of seconds, and
 * requests must not wait behind it. One thread per services, started at the first round and kept;
 * it does not keep the process alive (unref), so shutdown stays the API's.
 */

interface ExportThread {
  worker: Worker;
  /** How busy the API's event loop is, read by the thread between batches (give-way.ts). */
  gauge: EventLoopGauge;
  ready: Promise<void>;
  pending: ((answer: ExportRoundAnswer) => void) | null;
}

const threads = new WeakMap<Services, ExportThread>();

/**
 * The thread's entry: the bundle next to the server's bundle under `npm start`
 * (scripts/start.mjs writes dist/export-thread.mjs beside dist/main.mjs), else the TypeScript
 * source, which the process's own loader (tsx) compiles as it does the server's.
 */
export function exportThreadEntry(): URL {
  const bundled = new URL('./export-thread.mjs', import.meta.url);
  if (existsSync(fileURLToPath(bundled))) return bundled;
  return new URL('./export-thread-main.ts', import.meta.url);
}

/**
 * A worker for the entry: the bundle as it is; the TypeScript source through tsx's loader, which
 * a worker thread does not inherit from the process that runs the server with `--import tsx`.
 */
function newWorker(entry: URL, workerData: ExportThreadData): Worker {
  // A small young generation, as the export process has (scripts/export-worker.mjs).
  const options = { resourceLimits: { maxYoungGenerationSizeMb: 4 }, workerData };
  if (entry.pathname.endsWith('.mjs')) return new Worker(entry, options);
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(boot, { ...options, eval: true });
}

function startThread(services: Services): ExportThread {
  const gauge = startEventLoopGauge();
  const worker = newWorker(exportThreadEntry(), { config: services.config, gauge: gauge.buffer });
  worker.unref();
  let markReady: () => void = () => {};
  let fail: (error: unknown) => void = () => {};
  const thread: ExportThread = {
    worker,
    gauge,
    ready: new Promise<void>((resolve, reject) => {
      markReady = resolve;
      fail = reject;
    }),
    pending: null,
  };
  worker.on('message', (message: ExportRoundAnswer | { ready: true }) => {
    if ('ready' in message) return markReady();
    const answer = thread.pending;
    thread.pending = null;
    answer?.(message);
  });
  const stopped = (error: unknown) => {
    gauge.stop();
    if (threads.get(services) === thread) threads.delete(services);
    fail(error);
    thread.pending?.({ error: String(error) });
    thread.pending = null;
  };
  worker.on('error', stopped);
  worker.on('exit', (code) => stopped(new Error(`export thread exited with ${code}`)));
  return thread;
}

/** Whether a job waits for a worker (what `claimExportJob` would take). */
async function jobWaiting(services: Services): Promise<boolean> {
  const stale = new Date(services.now().getTime() - STALE_AFTER_MS);
  const row = await services.db
    .selectFrom('export_jobs')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('status', 'in', [0, 1]),
        eb.and([eb('status', '=', 2), eb('claimed_at', '<', stale)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * One export round in the thread (the jobs loop never runs two at once); how many jobs ran. The
 * thread is started when a job waits and ended after a round that found none, so an idle API
 * process carries no second heap and pool.
 */
export async function runExportRoundInThread(services: Services): Promise<number> {
  let thread = threads.get(services);
  if (!thread) {
    if (!(await jobWaiting(services))) return 0;
    thread = startThread(services);
    threads.set(services, thread);
  }
  await thread.ready;
  const current = thread;
  const answer = await new Promise<ExportRoundAnswer>((resolve) => {
    current.pending = resolve;
    current.worker.postMessage({ now: services.now().getTime() });
  });
  if ('error' in answer) throw new Error(answer.error);
  if (answer.ran === 0) await stopExportThread(services);
  return answer.ran;
}

/** The thread id of these services' export thread, once started (tests: not the API's, 0). */
export function exportThreadId(services: Services): number | null {
  return threads.get(services)?.worker.threadId ?? null;
}

/** Ends the thread of these services (shutdown, tests). */
export async function stopExportThread(services: Services): Promise<void> {
  const thread = threads.get(services);
  if (!thread) return;
  threads.delete(services);
  thread.gauge.stop();
  await thread.worker.terminate();
}
