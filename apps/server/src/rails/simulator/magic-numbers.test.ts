import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAGIC_SUFFIXES, scenarioFor } from './magic-numbers';

describe('magic numbers', () => {
  it.each([
    ['1234560000', 'ACCOUNT_NOT_FOUND'],
    ['1234567777', 'BANK_UNAVAILABLE'],
    ['1234568888', 'SLOW'],
    ['1234569999', 'FAILS_AFTER_ACCEPT'],
    ['1234567890', 'NORMAL'],
    ['1234590000', 'ACCOUNT_NOT_FOUND'],
    ['1234500009', 'NORMAL'],
  ])('%s → %s', (digits, scenario) => {
    expect(scenarioFor(digits)).toBe(scenario);
  });

  it('are the ones docs/rails-simulator.md documents', () => {
    const doc = readFileSync(
      new URL('../../../../../docs/rails-simulator.md', import.meta.url),
      'utf8',
    );
    const documented = [...doc.matchAll(/^\| `…(\d{4})`\s*\|/gm)].map(([, suffix]) => suffix);
    expect(documented.sort()).toEqual(Object.keys(MAGIC_SUFFIXES).sort());
  });
});
