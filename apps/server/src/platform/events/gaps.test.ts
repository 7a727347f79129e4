import { describe, expect, it } from 'vitest';
import { Gaps } from './gaps';

describe('live events: ids passed over before their commit', () => {
  it('holds the watermark below an id that commits late, and lets go when it comes', () => {
    const gaps = new Gaps(10_000);
    // The reader was at 100 and saw 101 and 103: 102 is still in flight.
    gaps.see(100, [101, 103], 0);
    expect(gaps.ids).toEqual([102]);
    expect(gaps.watermark(103)).toBe(101);
    gaps.close(102);
    expect(gaps.watermark(103)).toBe(103);
  });

  it('gives up on a rolled-back id after the wait, and stays bounded', () => {
    const gaps = new Gaps(10_000, 3);
    gaps.see(0, [10], 0);
    expect(gaps.ids).toEqual([7, 8, 9]);
    gaps.expire(5_000);
    expect(gaps.watermark(10)).toBe(6);
    gaps.expire(10_001);
    expect(gaps.watermark(10)).toBe(10);
  });
});
