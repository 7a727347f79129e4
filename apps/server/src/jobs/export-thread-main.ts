/**
 * The export worker as a worker thread of the API process (jobs/export-thread.ts starts it): its
 * own event loop, heap and database pool, built like the worker process's
 * (export-worker-services.ts), so an export's formatting and garbage never hold up a request of
 * the API's event loop. Each message from the API is one round: the API's clock instant (a test
 * may have moved it) and the answer is how many jobs ran.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Config } from '../config';
import { runExportJobsOnce } from '../modules/exports/worker';
import { createClock } from '../platform/clock';
import { startExportServices } from './export-worker-services';

export interface ExportRound {
  /** The API's `services.now()` when it asked, in ms. */
  now: number;
}

export type ExportRoundAnswer = { ran: number } | { error: string };

async function main() {
  const port = parentPort;
  if (!port) throw new Error('export-thread-main runs as a worker thread');
  // The API's own configuration (it may not come from this environment).
  const started = await startExportServices(process.env, workerData as Config);
  const services = started.services;
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
