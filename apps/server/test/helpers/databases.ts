import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The databases the API suite runs on: PGlite always, PostgreSQL when DATABASE_URL is set. */
export function testDatabases(): Array<'pglite' | 'postgres'> {
  // TEST_DATABASES=postgres runs only the PostgreSQL half (the PgBouncer run: PGlite has no pooler).
  if (process.env.TEST_DATABASES === 'postgres' && process.env.DATABASE_URL) return ['postgres'];
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * Creates a fresh PostgreSQL database next to DATABASE_URL's (empty, or a copy of `template`) and
 * returns its URL and a dropper.
 */
export async function createPostgresDatabase(
  prefix = 'gerbang_test',
  opts: { template?: string } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('DATABASE_URL is not set');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(
    opts.template ? `CREATE DATABASE ${name} TEMPLATE ${opts.template}` : `CREATE DATABASE ${name}`,
  );
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
