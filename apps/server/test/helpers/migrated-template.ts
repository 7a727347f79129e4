import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { connectDatabase } from '../../src/db/connect';
import { migrateToLatest } from '../../src/db/migrate';
import type { Database } from '../../src/db/schema';

/**
 * Migrated copies of an empty database, made once per migration set and reused by every test app:
 * a PostgreSQL template database (`CREATE DATABASE … TEMPLATE`) and a dumped PGlite data
 * directory. Running the ~50 migrations for each of the suite's hundreds of apps was a large share
 * of its time. The name carries a hash of the migration sources, so a changed migration gets a
 * new copy and a stale one is never used. Only the schema and the migrations' own rows are in a
 * copy; everything else (demo seed, instance secrets, the clock) happens per app, as before.
 */

const REPO = path.resolve(import.meta.dirname, '../../../..');
const SERVER_SRC = path.join(REPO, 'apps/server/src/db');
const CACHE_DIR = path.join(REPO, '.tmp');
const require = createRequire(import.meta.url);

/** A dependency's package.json (not in its exports map): walk up from its entry file. */
function packageJsonOf(name: string): string {
  let dir = path.dirname(require.resolve(name));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return path.join(dir, 'package.json');
}

let fingerprint: string | null = null;
function migrationsFingerprint(): string {
  if (fingerprint) return fingerprint;
  const hash = createHash('sha256');
  const dir = path.join(SERVER_SRC, 'migrations');
  for (const file of readdirSync(dir).sort()) {
    hash.update(file);
    hash.update(readFileSync(path.join(dir, file)));
  }
  // What the migrations run besides their own files: the script runner, the ledger's schema
  // (0010_ledger runs it), and the PGlite build a dumped data directory belongs to.
  hash.update(readFileSync(path.join(SERVER_SRC, 'migrate.ts')));
  hash.update(readFileSync(path.join(SERVER_SRC, 'exec-script.ts')));
  hash.update(readFileSync(path.join(REPO, 'packages/ledger/src/migration.ts')));
  hash.update(readFileSync(packageJsonOf('@electric-sql/pglite')));
  fingerprint = hash.digest('hex').slice(0, 12);
  return fingerprint;
}

/** The name of a migrated PostgreSQL template database next to DATABASE_URL's (made if missing). */
export async function migratedPostgresTemplate(): Promise<string> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('DATABASE_URL is not set');
  const name = `gerbang_tmpl_${migrationsFingerprint()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return name;
    // Built under a private name and renamed at the end: a parallel worker either sees the whole
    // template or none, and the loser of a race drops its own copy.
    const building = `${name}_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${building}`);
    const url = new URL(base);
    url.pathname = `/${building}`;
    const handle = await connectDatabase({ databaseUrl: url.toString(), dataDir: '' });
    await migrateToLatest(handle.db);
    await handle.close();
    try {
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } catch {
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    }
    return name;
  } finally {
    await admin.end();
  }
}

let pgliteDump: Promise<Blob> | null = null;
/** A dumped, migrated PGlite data directory (kept in .tmp between runs). */
export function migratedPgliteDataDir(): Promise<Blob> {
  pgliteDump ??= (async () => {
    const file = path.join(CACHE_DIR, `pglite-template-${migrationsFingerprint()}.tar`);
    if (!existsSync(file)) {
      const pglite = new PGlite();
      const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
      await migrateToLatest(db);
      const dump = Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer());
      await db.destroy();
      if (!pglite.closed) await pglite.close();
      mkdirSync(CACHE_DIR, { recursive: true });
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, dump);
      renameSync(partial, file);
    }
    return new Blob([readFileSync(file)]);
  })();
  return pgliteDump;
}
