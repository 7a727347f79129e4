import { describe, expect, it } from 'vitest';
import { holderNameFor } from './holder-names';

describe('holder names', () => {
  // Pinned so that a change to the lists or the hash, which would rename every simulated account
  // in existing demo data, is a deliberate decision.
  it('are fixed for a given destination', () => {
    expect(holderNameFor('014:1234567890')).toBe('PUTRI SUSANTO');
    expect(holderNameFor('GOPAY:081234567890')).toBe('GILANG HAKIM');
  });

  it('depend on the bank as well as the number', () => {
    const names = ['002', '008', '009', '011', '014'].map((bank) =>
      holderNameFor(`${bank}:1234567890`),
    );
    expect(new Set(names).size).toBeGreaterThan(1);
  });
});
