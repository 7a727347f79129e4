import { describe, expect, it } from 'vitest';
import { formatIdNumber } from './number';

describe('formatIdNumber', () => {
  it('writes numbers as toLocaleString("id-ID") does: dots for thousands, comma for decimals', () => {
    for (const value of [0, 7, 1_234, -1_500_000, 987_654_321_012, 0.5, 15_750.125, 1_234.5678]) {
      expect(formatIdNumber(value)).toBe(value.toLocaleString('id-ID'));
      expect(formatIdNumber(-value)).toBe((-value).toLocaleString('id-ID'));
    }
    expect(formatIdNumber(1_234_567)).toBe('1.234.567');
    expect(formatIdNumber(1_234.5)).toBe('1.234,5');
  });
});
