import { describe, expect, it } from 'vitest';
import { parseAmount } from '../src/contract/withdraw';

describe('withdraw amount parsing', () => {
  it('accepts plain digits and the dotted-thousands display form', () => {
    expect(parseAmount('1500000')).toBe(1_500_000);
    expect(parseAmount('1.500.000')).toBe(1_500_000);
    expect(parseAmount('999')).toBe(999);
    expect(parseAmount('50.000.000')).toBe(50_000_000);
    expect(parseAmount(' 10.000 ')).toBe(10_000);
    expect(parseAmount(5000)).toBe(5000);
    expect(parseAmount('999999999999999')).toBe(999_999_999_999_999);
  });

  it('refuses decimals, signs, other separators and text instead of stripping them', () => {
    for (const input of [
      '10.000,50',
      '10,000',
      '10.5',
      '1.0000',
      '.500',
      '500.',
      '10..000',
      '-5000',
      '+5000',
      'Rp 5000',
      'Rp. 5.000',
      '5 000',
      '5e3',
      '0x10',
      '',
      '0',
      '000',
      '1234567890123456',
      '1.234.567.890.123.456',
      null,
      undefined,
      true,
      {},
    ]) {
      expect(parseAmount(input), String(input)).toBeNaN();
    }
  });

  it('refuses numbers that are not safe positive integers', () => {
    for (const input of [-5000, 0, 10.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(parseAmount(input), String(input)).toBeNaN();
    }
  });
});
