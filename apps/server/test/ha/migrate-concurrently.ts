/**
 * Through PgBouncer in transaction mode (scripts/test-pgbouncer.sh runs it): three processes'
 * worth of `migrateToLatest` start at once on a fresh database. One migrates, the others wait on
 * the transaction-level lock and find nothing to do; afterwards no advisory lock is left on any
 * server connection and every migration is recorded once (ADR 013). Exits 1 otherwise.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connectDatabase } from '../../src/db/connect';
import { migrateToLatest } from '../../src/db/migrate';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL (PgBouncer) is not set');
const name = `gerbang_migrate_${randomBytes(4).toString('hex')}`;
const admin = async (text: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
};
await admin(`CREATE DATABASE ${name}`);
const target = new URL(url);
target.pathname = `/${name}`;
const handles = await Promise.all(
  [0, 1, 2].map(() => connectDatabase({ databaseUrl: target.toString(), dataDir: '' })),
);
let failed = false;
try {
  const started = performance.now();
  await Promise.all(handles.map((h) => migrateToLatest(h.db)));
  const ms = Math.round(performance.now() - started);
  const check = new pg.Client({ connectionString: target.toString() });
  await check.connect();
  const locks = (
    await check.query("select count(*)::int as n from pg_locks where locktype = 'advisory'")
  ).rows[0].n;
  const twice = (
    await check.query(
      'select count(*)::int as n from (select name from kysely_migration group by name having count(*) > 1) d',
    )
  ).rows[0].n;
  const done = (await check.query('select count(*)::int as n from kysely_migration')).rows[0].n;
  await check.end();
  console.log(
    `3 concurrent migrations through PgBouncer: ${done} migrations recorded in ${ms} ms, recorded twice ${twice}, advisory locks left ${locks}`,
  );
  failed = locks !== 0 || twice !== 0 || done === 0;
} finally {
  await Promise.all(handles.map((h) => h.close()));
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
if (failed) {
  console.error('concurrent migrations through PgBouncer: FAILED');
  process.exitCode = 1;
}
