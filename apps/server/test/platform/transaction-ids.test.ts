import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../src/db/connect';
import { migrateToLatest } from '../../src/db/migrate';
import { newPayinTransactionId } from '../../src/modules/payins/ids';
import { newTransactionId } from '../../src/platform/ids';
import { createPostgresDatabase, testDatabases } from '../helpers/databases';

/**
 * Transaction ids are a prefix, the WIB second and a 6-digit serial, unique per table: a repeated
 * id fails the payment or payout that drew it. Two processes (API nodes, the worker) issue ids
 * into one database; here each is its own owner of serial blocks and, on PostgreSQL, its own
 * connection pool.
 */
describe.each(testDatabases())('transaction ids on %s', (kind) => {
  const handles: DatabaseHandle[] = [];
  let drop: (() => Promise<void>) | undefined;
  const now = new Date('2026-11-28T05:00:00Z'); // 12:00:00 WIB

  beforeAll(async () => {
    const pg = kind === 'postgres' ? await createPostgresDatabase('gerbang_ids') : null;
    drop = pg?.drop;
    const first = await connectDatabase({ databaseUrl: pg?.url ?? null, dataDir: 'memory://' });
    await migrateToLatest(first.db);
    handles.push(first);
    // PGlite lives in one process: its second "process" shares the handle, not the blocks.
    handles.push(pg ? await connectDatabase({ databaseUrl: pg.url, dataDir: 'memory://' }) : first);
  });

  afterAll(async () => {
    for (const handle of new Set(handles)) await handle.close();
    await drop?.();
  });

  const claims = async () => {
    const { rows } = await sql<{ last_value: string; is_called: boolean }>`
      SELECT last_value, is_called FROM transaction_id_blocks`.execute(handles[0].db);
    const row = rows[0];
    return row?.is_called ? Number(row.last_value) + 1 : 0;
  };

  it('two processes issuing ids in the same second, all at once, never repeat one', async () => {
    const processA = { name: 'api' };
    const processB = { name: 'worker' };
    const issue = (owner: object, handle: DatabaseHandle, count: number) =>
      Array.from({ length: count }, (_, i) =>
        i % 2
          ? newTransactionId(owner, handle.db, 'WD', now)
          : newPayinTransactionId(owner, handle.db, now),
      );
    const ids = await Promise.all([
      ...issue(processA, handles[0], 2_500),
      ...issue(processB, handles[1], 2_500),
    ]);
    const serials = ids.map((id) => id.slice(-6));
    expect(new Set(serials).size).toBe(ids.length);
    expect(ids.filter((id) => id.startsWith('WD'))[0]).toMatch(/^WD261128120000\d{6}$/);
    expect(ids.filter((id) => id.startsWith('PI'))[0]).toMatch(/^PI261128120000\d{6}$/);
  });

  it('a process claims a block once per second and once per 1,000 ids of it', async () => {
    const owner = {};
    const before = await claims();
    for (let i = 0; i < 2_500; i++) await newTransactionId(owner, handles[0].db, 'WD', now);
    expect((await claims()) - before).toBe(3);
    await newTransactionId(owner, handles[0].db, 'WD', new Date(now.getTime() + 1_000));
    expect((await claims()) - before).toBe(4);
  });

  it('a block claimed inside a transaction that rolls back is not handed out again', async () => {
    const owner = {};
    const later = new Date(now.getTime() + 60_000);
    const inRolledBack = await handles[0].db
      .transaction()
      .execute(async (trx) => {
        const id = await newTransactionId(owner, trx, 'IR', later);
        throw Object.assign(new Error('rolled back'), { id });
      })
      .catch((error: { id: string }) => error.id);
    const next = await newTransactionId({}, handles[0].db, 'IR', later);
    expect(next.slice(0, -6)).toBe(inRolledBack.slice(0, -6));
    expect(next.slice(-6, -3)).not.toBe(inRolledBack.slice(-6, -3));
  });
});
