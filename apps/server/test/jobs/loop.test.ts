import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Services } from '../../src/http/services';
import type { Job } from '../../src/jobs/job';
import { JOBS, startJobLoop } from '../../src/jobs/loop';
import { createMetrics } from '../../src/platform/metrics/metrics';

// Only the in-process counters are read here: the scrape-time gauges would need a database.
const metrics = createMetrics({
  db: null as unknown as Services['db'],
  dbKind: 'pglite',
  now: () => new Date(),
});
const services = { log: pino({ level: 'silent' }), metrics } as unknown as Services;

async function passesCounted(job: string, outcome: string): Promise<number> {
  const metric = await metrics.registry.getSingleMetric('gerbang_job_passes_total')!.get();
  return (
    metric.values.find((v) => v.labels.job === job && v.labels.outcome === outcome)?.value ?? 0
  );
}

describe('the worker loop', () => {
  it('schedules every area job: rail sweep, exports, settlement, top-up expiry, leftover return, callbacks, transfer orders, bulk transfer, SNAP housekeeping, approvals, name holds, scheduled payouts, event pruning, alerts, statements, file retention', () => {
    expect(JOBS.map((job) => job.name)).toEqual([
      'rail sweep',
      'export worker',
      'settlement',
      'top-up expiry',
      'leftover deposit return',
      'callback sender',
      'transfer orders',
      'bulk transfer',
      'snap housekeeping',
      'approvals',
      'name holds',
      'scheduled payouts',
      'events prune',
      'alerts',
      'statements',
      'file retention',
    ]);
    for (const job of JOBS) expect(job.intervalMs).toBeGreaterThan(0);
  });

  it('runs each job at start and again after its interval, survives a throwing pass, never overlaps, stops', async () => {
    let running = 0;
    let overlapped = false;
    const passes = { ok: 0, failing: 0 };
    const ok: Job<number> = {
      name: 'ok',
      intervalMs: 5,
      async runOnce() {
        running += 1;
        if (running > 1) overlapped = true;
        await new Promise((resolve) => setTimeout(resolve, 10));
        running -= 1;
        passes.ok += 1;
        return passes.ok;
      },
    };
    const failing: Job = {
      name: 'failing',
      intervalMs: 5,
      async runOnce() {
        passes.failing += 1;
        throw new Error('boom');
      },
    };
    const loop = startJobLoop(services, [ok, failing]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await loop.stop();
    const after = { ...passes };
    expect(after.ok).toBeGreaterThanOrEqual(2);
    expect(after.failing).toBeGreaterThanOrEqual(2);
    expect(overlapped).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(passes).toEqual(after);
    // Every pass is counted in the metrics with how it ended.
    expect(await passesCounted('ok', 'ok')).toBe(after.ok);
    expect(await passesCounted('failing', 'failed')).toBe(after.failing);
    expect(await passesCounted('failing', 'ok')).toBe(0);
  });

  it('can hold the first passes after start (the first request is not queued behind them); a stop meanwhile runs none', async () => {
    let passes = 0;
    const counting: Job<number> = {
      name: 'held',
      intervalMs: 5,
      async runOnce() {
        passes += 1;
        return passes;
      },
    };
    const held = startJobLoop(services, [counting], 60_000);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(passes).toBe(0);
    await held.stop();
    const soon = startJobLoop(services, [counting], 10);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await soon.stop();
    expect(passes).toBeGreaterThanOrEqual(1);
  });
});
