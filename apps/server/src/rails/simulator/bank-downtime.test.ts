import { describe, expect, it } from 'vitest';
import { fromWib } from '../wib-clock';
import { dailyWindow, isInsideWindow, startOfWorkAfter } from './bank-downtime';

const night = dailyWindow('23:00', '06:00');

describe('bank downtime window 23:00–06:00 WIB', () => {
  it.each([
    ['22:59', fromWib(2025, 5, 1, 22, 59), false],
    ['23:00', fromWib(2025, 5, 1, 23, 0), true],
    ['00:00', fromWib(2025, 5, 2, 0, 0), true],
    ['05:59', fromWib(2025, 5, 2, 5, 59), true],
    ['06:00', fromWib(2025, 5, 2, 6, 0), false],
  ])('%s is inside: %s', (_label, instant, inside) => {
    expect(isInsideWindow(night, instant)).toBe(inside);
  });

  it('treats the last millisecond before 06:00 as inside and 23:00 minus 1 ms as outside', () => {
    expect(isInsideWindow(night, new Date(fromWib(2025, 5, 2, 6, 0).getTime() - 1))).toBe(true);
    expect(isInsideWindow(night, new Date(fromWib(2025, 5, 1, 23, 0).getTime() - 1))).toBe(false);
  });

  it('starts work at once outside the window', () => {
    const instant = fromWib(2025, 5, 1, 22, 59);
    expect(startOfWorkAfter(night, instant)).toEqual(instant);
    expect(startOfWorkAfter(night, fromWib(2025, 5, 2, 6, 0))).toEqual(fromWib(2025, 5, 2, 6, 0));
  });

  it('starts work at 06:00 the next morning when sent before midnight', () => {
    expect(startOfWorkAfter(night, fromWib(2025, 5, 1, 23, 0))).toEqual(fromWib(2025, 5, 2, 6, 0));
  });

  it('starts work at 06:00 the same morning when sent after midnight', () => {
    expect(startOfWorkAfter(night, fromWib(2025, 5, 2, 5, 59))).toEqual(fromWib(2025, 5, 2, 6, 0));
  });

  it('crosses month and year ends', () => {
    expect(startOfWorkAfter(night, fromWib(2025, 12, 31, 23, 30))).toEqual(
      fromWib(2026, 1, 1, 6, 0),
    );
  });

  it('supports windows within one day, empty windows and no window', () => {
    const lunch = dailyWindow('12:00', '13:00');
    expect(isInsideWindow(lunch, fromWib(2025, 5, 1, 12, 30))).toBe(true);
    expect(isInsideWindow(lunch, fromWib(2025, 5, 1, 13, 0))).toBe(false);
    expect(startOfWorkAfter(lunch, fromWib(2025, 5, 1, 12, 30))).toEqual(
      fromWib(2025, 5, 1, 13, 0),
    );
    expect(isInsideWindow(dailyWindow('06:00', '06:00'), fromWib(2025, 5, 1, 6, 0))).toBe(false);
    const instant = fromWib(2025, 5, 1, 23, 30);
    expect(startOfWorkAfter(null, instant)).toEqual(instant);
  });
});
