import { isTransferOk, Ledger } from '@gerbang/ledger';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { connectDatabase, type DatabaseHandle } from '../../src/db/connect';
import { migrateToLatest } from '../../src/db/migrate';
import { createPostgresDatabase } from '../helpers/databases';

/**
 * The ledger's lock and write are named prepared statements on the server's PostgreSQL pool
 * (parsed once per connection), unless DATABASE_PREPARED_STATEMENTS=off (PgBouncer in
 * transaction mode); postings give the same answers either way, replays included.
 */
const runOnPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!runOnPostgres)('prepared ledger statements on PostgreSQL', () => {
  let drop: (() => Promise<void>) | undefined;
  let url = '';

  beforeAll(async () => {
    const created = await createPostgresDatabase('gerbang_prepared');
    drop = created.drop;
    url = created.url;
    const handle = await connectDatabase({ databaseUrl: url, dataDir: 'memory://' });
    await migrateToLatest(handle.db);
    await handle.close();
  });

  afterAll(async () => {
    await drop?.();
  });

  /** Pays 1,000 from a funded merchant twice under one id, then reads the connection's statements. */
  async function postTwice(handle: DatabaseHandle, tag: string) {
    const ledger = new Ledger(handle.db, { batching: false });
    const [clearing, merchant, other] = await ledger.ensureAccounts([
      { kind: 'rail_clearing', environment: 'production', subkey: tag },
      { kind: 'merchant_available', agentId: 9_001, environment: 'production', subkey: tag },
      { kind: 'merchant_available', agentId: 9_002, environment: 'production', subkey: tag },
    ]);
    const fund = await ledger.createTransfer({
      id: `${tag}-fund`,
      debitAccountId: clearing?.id,
      creditAccountId: merchant?.id,
      amount: 5_000,
      kind: 'topup',
    });
    const pay = {
      id: `${tag}-pay`,
      debitAccountId: merchant?.id,
      creditAccountId: other?.id,
      amount: 1_000,
      kind: 'transfer',
    };
    const first = await ledger.createTransfer(pay);
    const replay = await ledger.createTransfer(pay);
    const balance = await ledger.balanceOf(merchant?.id ?? 0);
    // One connection in the pool: the statements it prepared are all there is.
    const prepared = await sql<{ name: string; statement: string }>`
      select name, statement from pg_prepared_statements`.execute(handle.db);
    return { results: [fund, first, replay], balance, prepared: prepared.rows };
  }

  /** A one-connection pool configured from this environment plus `env`, as the server is. */
  async function postTwiceWith(env: NodeJS.ProcessEnv, tag: string) {
    const config = loadConfig({ ...process.env, DATABASE_URL: url, GERBANG_MODE: 'demo', ...env });
    const handle = await connectDatabase({
      databaseUrl: url,
      dataDir: 'memory://',
      poolSize: 1,
      preparedStatements: config.databasePreparedStatements,
    });
    try {
      return { config, ...(await postTwice(handle, tag)) };
    } finally {
      await handle.close();
    }
  }

  it('names the lock and the write once per connection and answers as without', async () => {
    const { config, results, balance, prepared } = await postTwiceWith({}, 'on');
    expect(config.databasePreparedStatements).toBe(true);
    expect(results.map((r) => r.result)).toEqual(['created', 'created', 'exists']);
    expect(results.every(isTransferOk)).toBe(true);
    expect(balance.available).toBe(4_000);
    const texts = prepared.filter((p) => p.name.startsWith('gerbang_')).map((p) => p.statement);
    expect(texts.some((t) => t.includes('ledger_write_plan('))).toBe(true);
    expect(texts.some((t) => t.includes('for no key update'))).toBe(true);
    // Three postings and a replay, yet each text once: the statements were reused.
    expect(new Set(texts).size).toBe(texts.length);
    expect(texts.length).toBeLessThanOrEqual(4);
  });

  it('prepares nothing with DATABASE_PREPARED_STATEMENTS=off', async () => {
    const { config, results, balance, prepared } = await postTwiceWith(
      { DATABASE_PREPARED_STATEMENTS: 'off' },
      'off',
    );
    expect(config.databasePreparedStatements).toBe(false);
    expect(results.map((r) => r.result)).toEqual(['created', 'created', 'exists']);
    expect(balance.available).toBe(4_000);
    expect(prepared).toEqual([]);
  });
});
