import { describe, expect, it } from 'vitest';
import { startEventLoopGauge } from './event-loop-gauge';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Keeps this thread running JavaScript, as a saturated API does, without yielding. */
function runFor(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy
  }
}

describe('the event-loop gauge another thread reads', () => {
  it('reads busy after the thread ran without a break, idle after it waited', async () => {
    const gauge = startEventLoopGauge(25);
    const reading = new Int32Array(gauge.buffer);
    try {
      // A window is closed by the gauge's own timer, after the loop comes back.
      await pause(60);
      for (let i = 0; i < 4; i++) {
        runFor(40);
        await pause(1);
      }
      expect(Atomics.load(reading, 0)).toBeGreaterThanOrEqual(500);
      await pause(200);
      expect(Atomics.load(reading, 0)).toBeLessThan(500);
    } finally {
      gauge.stop();
    }
  });
});
