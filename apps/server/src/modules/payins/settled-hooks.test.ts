import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema';
import { onSettled, runSettledHooks, type SettledSettlement } from './settled-hooks';

const services = {} as Parameters<typeof runSettledHooks>[0];
const trx = {} as Kysely<Database>;
const settlement: SettledSettlement = {
  id: 1,
  agent_id: 2,
  environment: 'production',
  nominal: 10_000,
  reference: 'STL-20261127-VA-1',
  nama_produk: 'VA BCA',
  tgltrx: '2026-11-27',
};

describe('settled hooks', () => {
  it('refuses to settle when no feature registered its hook', async () => {
    await expect(runSettledHooks(services, trx, settlement, new Date())).rejects.toThrow(
      'no settlement hooks registered',
    );
  });

  it('runs hooks in first-registration order; registering a name again keeps its place', async () => {
    const calls: string[] = [];
    onSettled('shares', async () => void calls.push('shares v1'));
    onSettled('recovery', async () => void calls.push('recovery'));
    onSettled('shares', async (_s, _t, row) => void calls.push(`shares v2 ${row.id}`));
    await runSettledHooks(services, trx, settlement, new Date());
    expect(calls).toEqual(['shares v2 1', 'recovery']);
  });
});
