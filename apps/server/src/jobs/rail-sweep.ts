import type { Services } from '../http/services';
import { runRailSweep } from '../modules/withdraw/rail-work';

export interface RunningJob {
  stop(): Promise<void>;
}

/**
 * The rail recovery worker: once at start, then every `intervalMs`, it finishes withdrawals whose
 * rail work is due (a slow bank answering, a queued night transfer, a process that died between
 * the ledger hold and the rail). Ticks never overlap; several processes may run it against one
 * database because rows are claimed one by one with a lease.
 */
export function startRailSweep(services: Services, intervalMs = 5_000): RunningJob {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  const tick = () => {
    running = (async () => {
      try {
        const report = await runRailSweep(services);
        if (report.claimed > 0) services.log.info(report, 'rail sweep');
      } catch (error) {
        services.log.error({ err: error }, 'rail sweep failed');
      }
    })().finally(() => {
      if (!stopped) timer = setTimeout(tick, intervalMs);
    });
  };
  tick();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
