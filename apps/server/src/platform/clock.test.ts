import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createClock, parseClockStart } from './clock';

describe('the one clock', () => {
  it('starts at the configured instant and runs on from there', async () => {
    const at = new Date('2026-11-23T16:50:00.000Z');
    const clock = createClock(at);
    const first = clock.now().getTime();
    expect(Math.abs(first - at.getTime())).toBeLessThan(1_000);
    await new Promise((r) => setTimeout(r, 20));
    expect(clock.now().getTime()).toBeGreaterThan(first);
  });

  it('can be set and advanced', () => {
    const clock = createClock();
    clock.set(new Date('2030-01-01T00:00:00Z'));
    expect(clock.now().toISOString().slice(0, 16)).toBe('2030-01-01T00:00');
    clock.advance(60 * 60_000);
    expect(clock.now().toISOString().slice(0, 16)).toBe('2030-01-01T01:00');
  });

  it('reads CLOCK_AT as an ISO instant or as a WIB time of today', () => {
    expect(parseClockStart('2026-11-23T23:50:00+07:00').toISOString()).toBe(
      '2026-11-23T16:50:00.000Z',
    );
    // 03:00 UTC is 10:00 WIB on the 23rd: "23:50" means 23:50 WIB that same WIB day.
    expect(parseClockStart('23:50', new Date('2026-11-23T03:00:00Z')).toISOString()).toBe(
      '2026-11-23T16:50:00.000Z',
    );
    // 20:00 UTC on the 22nd is already 03:00 WIB on the 23rd.
    expect(parseClockStart('00:05', new Date('2026-11-22T20:00:00Z')).toISOString()).toBe(
      '2026-11-22T17:05:00.000Z',
    );
    expect(() => parseClockStart('tomorrow')).toThrow(/CLOCK_AT/);
  });
});

/**
 * Every time rule reads `services.now()`. A stray `new Date()` or `Date.now()` would follow the
 * machine's time instead, and its rule could not be tested at 23:50 WIB. The allow-list is short
 * and says why.
 */
describe('no system time outside the clock', () => {
  const root = path.resolve(import.meta.dirname, '../../../..');
  const ALLOWED: Record<string, string> = {
    'apps/server/src/platform/clock.ts': 'the clock itself',
    'packages/ledger/src/ledger.ts':
      'the ledger package default when no clock is given; the server always passes services.now',
  };
  const scanned = ['apps/server/src', 'packages/ledger/src', 'packages/shared/src'];

  function* sources(dir: string): Generator<string> {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) yield* sources(full);
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) yield full;
    }
  }

  it('finds `new Date()` and `Date.now()` only in the allow-list', () => {
    const offenders: string[] = [];
    for (const dir of scanned) {
      for (const file of sources(path.join(root, dir))) {
        const rel = path.relative(root, file);
        if (ALLOWED[rel]) continue;
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            const code = line.replace(/\/\/.*$/, '').replace(/^\s*\*.*$/, '');
            if (/new Date\(\s*\)|Date\.now\(\s*\)/.test(code)) offenders.push(`${rel}:${i + 1}`);
          });
      }
    }
    expect(offenders).toEqual([]);
  });
});
