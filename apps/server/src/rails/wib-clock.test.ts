import { wibParts } from '@gerbang/shared';
import { describe, expect, it } from 'vitest';
import { fromWib, parseWibTimeOfDay, wibMsOfDay, wibStartOfDay } from './wib-clock';

describe('wib clock', () => {
  it('turns a WIB wall-clock reading into the instant, seven hours behind in UTC', () => {
    // 00:30 on 1 February in Jakarta is still 31 January in UTC.
    const instant = fromWib(2025, 2, 1, 0, 30);
    expect(instant.toISOString()).toBe('2025-01-31T17:30:00.000Z');
    expect(wibParts(instant)).toMatchObject({ year: 2025, month: 2, day: 1, hour: 0, minute: 30 });
  });

  it('finds the start of the WIB day and the time since it', () => {
    const instant = fromWib(2025, 3, 5, 14, 7);
    expect(wibStartOfDay(instant)).toEqual(fromWib(2025, 3, 5));
    expect(wibMsOfDay(instant)).toBe((14 * 60 + 7) * 60_000);
    expect(wibMsOfDay(new Date(-1))).toBe(7 * 3_600_000 - 1);
  });

  it('parses HH:mm and refuses anything else', () => {
    expect(parseWibTimeOfDay('23:00')).toBe(1380);
    expect(parseWibTimeOfDay('06:00')).toBe(360);
    for (const bad of ['6:00', '24:00', '23:60', '2300', '']) {
      expect(() => parseWibTimeOfDay(bad)).toThrow(/HH:mm/);
    }
  });
});
