import { describe, expect, it } from 'vitest';
import { BUSY_PERMILLE, giveWayTo } from './give-way';

/** A pace over a gauge the test sets, recording the rests it asks for instead of sleeping. */
function paceAt(permille: number) {
  const gauge = new Int32Array(new SharedArrayBuffer(4));
  Atomics.store(gauge, 0, permille);
  const rests: number[] = [];
  const pace = giveWayTo(gauge, async (ms) => {
    rests.push(ms);
  });
  return { gauge, rests, pace };
}

describe('an export giving way to requests', () => {
  it('asks for the next batch at once while the API is not busy', async () => {
    const { rests, pace } = paceAt(BUSY_PERMILLE - 1);
    await pace(40);
    expect(rests).toEqual([]);
  });

  it('rests nine times the batch while the API is busy, so it works a tenth of the time', async () => {
    const { rests, pace } = paceAt(BUSY_PERMILLE);
    await pace(20);
    await pace(3);
    expect(rests).toEqual([180, 27]);
  });

  it('never rests more than a second at once after a slow batch', async () => {
    const { rests, pace } = paceAt(1000);
    await pace(5_000);
    expect(rests).toEqual([1_000]);
  });

  it('follows the gauge as the API changes (it is read at every batch)', async () => {
    const { gauge, rests, pace } = paceAt(900);
    await pace(10);
    Atomics.store(gauge, 0, 100);
    await pace(10);
    Atomics.store(gauge, 0, 700);
    await pace(10);
    expect(rests).toEqual([90, 90]);
  });
});
