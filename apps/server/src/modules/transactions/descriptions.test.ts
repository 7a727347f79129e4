import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { registerDescriptionKeys } from '../description-keys';
import { registerPayoutKinds } from '../payout-kinds';
import { registeredPayoutKinds } from '../payouts/kinds';
import { describedColumns, describedSql, isDeclaredDescriptionKey } from './descriptions';

/** Every file of the server's source, tests left out. */
function* serverSources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* serverSources(full);
    else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) yield full;
  }
}

describe('transaction description keys', () => {
  it('refuse to render before the areas registered their keys', () => {
    expect(() => describedSql('en', 't')).toThrow(/not registered/);
  });

  it('accept declared keys and fail loudly in test mode on an undeclared one', () => {
    registerDescriptionKeys();
    expect(describedColumns('withdraw.paymentSuccess').keterangan_key).toBe(
      'withdraw.paymentSuccess',
    );
    expect(describedColumns('descriptions.withdraw').keterangan_key).toBe('descriptions.withdraw');
    // A declared subtree without the leaf (a rail reason the catalogs lack) keeps its text.
    expect(describedColumns('withdraw.rail.SOMETHING_NEW').keterangan_key).toBeNull();
    expect(() => describedColumns('nmid.approved')).toThrow(/Undeclared/);
  });

  it('cover every key the server writes by name, and every payout source', () => {
    registerDescriptionKeys();
    const root = path.resolve(__dirname, '../..');
    const written = new Set<string>();
    for (const file of serverSources(root)) {
      const text = readFileSync(file, 'utf8');
      for (const call of text.matchAll(/describedColumns\(([^;]*?)[,)]/gs)) {
        for (const key of (call[1] as string).matchAll(/'([a-zA-Z]+\.[\w.]+)'/g))
          written.add(key[1] as string);
      }
      // A payout's record names its description as `description: { key: '…' }` (payouts/open.ts).
      for (const key of text.matchAll(/description:\s*\{\s*key:\s*'([a-zA-Z]+\.[\w.]+)'/g))
        written.add(key[1] as string);
    }
    registerPayoutKinds();
    for (const source of registeredPayoutKinds()) {
      written.add(source.successKey);
      written.add(`${source.failureKeyPrefix}ANY_REASON`);
    }
    expect(written.size).toBeGreaterThan(10);
    expect([...written].filter((key) => !isDeclaredDescriptionKey(key))).toEqual([]);
  });
});
