import { describe, expect, it } from 'vitest';
import { formatRupiah, formatWibDateTime, isInCutOff, wibDate, wibDayStart } from '../src';

describe('money and WIB formatting', () => {
  it('formats rupiah with the Rp. prefix and dot thousands', () => {
    expect(formatRupiah(1_500_000)).toBe('Rp. 1.500.000');
    expect(formatRupiah(0)).toBe('Rp. 0');
    expect(formatRupiah(999)).toBe('Rp. 999');
    expect(formatRupiah(-2500)).toBe('Rp. -2.500');
    expect(formatRupiah(null)).toBe('Rp. 0');
  });

  it('computes WIB dates independent of the machine time zone', () => {
    expect(wibDate(new Date('2026-11-21T17:30:00Z'))).toBe('2026-11-22');
    expect(wibDate(new Date('2026-11-21T16:59:59Z'))).toBe('2026-11-21');
    expect(wibDayStart('2026-11-22').toISOString()).toBe('2026-11-21T17:00:00.000Z');
    expect(formatWibDateTime(new Date('2026-01-02T03:04:00Z'))).toBe('02-01-2026 10:04 WIB');
  });

  it('knows the cut-off window 23:45–00:15 WIB', () => {
    expect(isInCutOff(new Date('2026-11-21T16:44:00Z'))).toBe(false); // 23:44 WIB
    expect(isInCutOff(new Date('2026-11-21T16:45:00Z'))).toBe(true); // 23:45 WIB
    expect(isInCutOff(new Date('2026-11-21T17:14:00Z'))).toBe(true); // 00:14 WIB
    expect(isInCutOff(new Date('2026-11-21T17:15:00Z'))).toBe(false); // 00:15 WIB
  });
});
