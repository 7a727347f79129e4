import { performance } from 'node:perf_hooks';

/**
 * How busy this thread's event loop is: the share of each window it spent running callbacks
 * rather than waiting for I/O, in ‰, kept in a shared buffer another thread reads without a
 * message (the export thread's pace, modules/exports/give-way.ts). A thread that is blocked
 * updates it late, with the whole blocked time counted as busy.
 */
export interface EventLoopGauge {
  /** Element 0 of an Int32Array over it: the last window's use, 0–1000. */
  buffer: SharedArrayBuffer;
  stop(): void;
}

export function startEventLoopGauge(windowMs = 100): EventLoopGauge {
  const buffer = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  const gauge = new Int32Array(buffer);
  let last = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const use = performance.eventLoopUtilization(now, last).utilization;
    Atomics.store(gauge, 0, Math.round(use * 1000));
    last = now;
  }, windowMs);
  // The gauge never keeps the process alive.
  timer.unref();
  return { buffer, stop: () => clearInterval(timer) };
}
