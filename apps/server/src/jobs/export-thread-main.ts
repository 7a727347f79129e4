/**
 * The export worker as a worker thread of the API process (jobs/export-thread.ts starts it): its
 * own event loop, heap and database pool, built like the worker process's
 * (export-worker-services.ts), so an export's formatting and garbage never hold up a request of
 * the API's event loop. Each message from the API is one round: the API's clock instant (a test
 * may have moved it) and the answer is how many jobs ran.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Config } from '../config';
import { giveWayTo } from '../modules/exports/give-way';
import { runExportJobsOnce } from '../modules/exports/worker';
import { createClock } from '../platform/clock';
import { startExportServices } from './export-worker-services';

export interface ExportRound {
  /** The API's `services.now()` when it asked, in ms. */
  now: number;
}

/** What the API hands the thread at start. */
export interface ExportThreadData {
  /** The API's own configuration (it may not come from this environment). */
  config: Config;
  /** The API's event-loop gauge (event-loop-gauge.ts): the exports' pace follows it. */
  gauge: SharedArrayBuffer;
}

export type ExportRoundAnswer = { ran: number } | { error: string };

async function main() {
  const port = parentPort;
  if (!port) throw new Error('export-thread-main runs as a worker thread');
  const data = workerData as ExportThreadData;
  const started = await startExportServices(process.env, data.config);
  const services = started.services;
  // Requests first: while the API is busy, an export works a tenth of the time.
  services.pace = giveWayTo(new Int32Array(data.gauge));
  // The thread follows the API's clock: each round sets where it stands now.
  const clock = createClock();
  services.now = () => clock.now();
  port.on('message', async (round: ExportRound) => {
    clock.set(new Date(round.now));
    try {
      port.postMessage({ ran: await runExportJobsOnce(services) } satisfies ExportRoundAnswer);
    } catch (error) {
      port.postMessage({ error: String(error) } satisfies ExportRoundAnswer);
    }
  });
  port.postMessage({ ready: true });
}

void main();
