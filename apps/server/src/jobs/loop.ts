import type { Services } from '../http/services';
import { alertsJob } from './alerts';
import { approvalsJob } from './approvals';
import { bulkTransferJob } from './bulk-transfer';
import { callbackSenderJob } from './callbacks';
import { depositReturnJob } from './deposit-return';
import { eventsPruneJob } from './events-prune';
import { exportWorkerJob } from './export-worker';
import { fileRetentionJob } from './file-retention';
import type { Job } from './job';
import { nameHoldsJob } from './name-holds';
import { railSweepJob } from './rail-sweep';
import { scheduledPayoutsJob } from './scheduled-payouts';
import { settlementJob } from './settlement';
import { snapHousekeepingJob } from './snap-housekeeping';
import { statementsJob } from './statements';
import { topupExpiryJob } from './topup-expiry';
import { transferOrdersJob } from './transfer-orders';

export interface RunningJob {
  stop(): Promise<void>;
}

/** Every job the server runs, in start order. */
export const JOBS: Job<any>[] = [
  railSweepJob,
  exportWorkerJob,
  settlementJob,
  topupExpiryJob,
  depositReturnJob,
  callbackSenderJob,
  transferOrdersJob,
  bulkTransferJob,
  snapHousekeepingJob,
  approvalsJob,
  nameHoldsJob,
  scheduledPayoutsJob,
  eventsPruneJob,
  alertsJob,
  statementsJob,
  fileRetentionJob,
];

/**
 * Runs one job: a pass `firstPassAfterMs` after start, then one `intervalMs` after each pass ends,
 * so passes of one job never overlap in a process. A pass that throws is logged and the next one
 * runs as planned.
 */
export function startJob<R>(services: Services, job: Job<R>, firstPassAfterMs = 0): RunningJob {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  const tick = () => {
    running = (async () => {
      const started = performance.now();
      try {
        const result = await job.runOnce(services);
        services.metrics.observeJobPass(job.name, 'ok', (performance.now() - started) / 1000);
        const line = job.report?.(result) ?? null;
        if (line) services.log.info(line, job.name);
      } catch (error) {
        services.metrics.observeJobPass(job.name, 'failed', (performance.now() - started) / 1000);
        services.log.error({ err: error, job: job.name }, `${job.name} failed`);
      }
    })().finally(() => {
      if (!stopped) {
        timer = setTimeout(tick, job.intervalMs);
        timer.unref();
      }
    });
  };
  if (firstPassAfterMs > 0) {
    timer = setTimeout(tick, firstPassAfterMs);
    timer.unref();
  } else {
    tick();
  }
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

/** Tells the metrics how to read each job's backlog when /metrics is scraped. */
export function trackBacklogs(services: Services, jobs: Job<any>[] = JOBS): void {
  for (const job of jobs) {
    const read = job.backlog;
    if (read) services.metrics.trackBacklog(job.name, () => read(services));
  }
}

/** The worker loop main.ts starts: every job in `jobs`, stopped together on shutdown. */
export function startJobLoop(
  services: Services,
  jobs: Job<any>[] = JOBS,
  firstPassAfterMs = 0,
): RunningJob {
  trackBacklogs(services, jobs);
  const running = jobs.map((job) => startJob(services, job, firstPassAfterMs));
  return {
    async stop() {
      await Promise.all(running.map((job) => job.stop()));
    },
  };
}
