import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Services } from '../../src/http/services';
import type { Job } from '../../src/jobs/job';
import { JOBS, startJobLoop } from '../../src/jobs/loop';

const services = { log: pino({ level: 'silent' }) } as unknown as Services;

describe('the worker loop', () => {
  it('schedules every area job: rail sweep, exports, settlement, top-up expiry, leftover return, callbacks, transfer orders, bulk transfer, SNAP housekeeping, approvals', () => {
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
  });
});
