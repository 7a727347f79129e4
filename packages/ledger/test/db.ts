/**
 * Fresh databases for the ledger tests: in-memory PGlite, or a new PostgreSQL database that is
 * dropped on close. int8 is parsed to a JS number and checked to be exact.
 */
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { ledgerMigration } from '../src/index';

export type Driver = 'pglite' | 'postgres';

export interface TestDb {
  driver: Driver;
  db: Kysely<any>;
  /** Empties the ledger tables, so one database can serve several tests. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export const ADMIN_URL =
  process.env.LEDGER_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`int8 ${text} is not a safe integer`);
  return value;
}

const INT8_OID = 20;

export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function createPostgresDb(
  options: { poolSize?: number; prefix?: string } = {},
): Promise<TestDb> {
  const name = `${options.prefix ?? 'ledger_test'}_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({
    connectionString: url.toString(),
    max: options.poolSize ?? 8,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID
          ? parseInt8
          : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // Idle connections receive a FATAL when the database is dropped; that is expected here, and
  // without a listener the pool would rethrow it as an unhandled error.
  pool.on('error', () => undefined);
  const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
  await ledgerMigration.up(db);
  return {
    driver: 'postgres',
    db,
    reset: () => truncateLedger(db),
    async close() {
      await db.destroy();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

export async function createPgliteDb(): Promise<TestDb> {
  const client = new PGlite({ parsers: { [INT8_OID]: parseInt8 } });
  await client.waitReady;
  const db = new Kysely<any>({ dialect: new PGliteDialect(client) });
  await ledgerMigration.up(db);
  return {
    driver: 'pglite',
    db,
    reset: () => truncateLedger(db),
    close: () => db.destroy(),
  };
}

export function createTestDb(driver: Driver, options: { poolSize?: number } = {}): Promise<TestDb> {
  return driver === 'pglite' ? createPgliteDb() : createPostgresDb(options);
}

async function truncateLedger(db: Kysely<any>): Promise<void> {
  await sql`truncate ledger_entries, ledger_transfers, ledger_accounts restart identity`.execute(
    db,
  );
}

/** The drivers to test: PostgreSQL is skipped only when it cannot be reached. */
export async function availableDrivers(): Promise<Driver[]> {
  const reachable = await postgresReachable();
  if (!reachable)
    console.warn(`PostgreSQL at ${ADMIN_URL} unreachable: ledger tests use PGlite only`);
  return reachable ? ['pglite', 'postgres'] : ['pglite'];
}
