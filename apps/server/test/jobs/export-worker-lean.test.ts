import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bundleWorker,
  WORKER_NODE_FLAGS,
  workerInputs,
} from '../../../../scripts/export-worker.mjs';
import { createPostgresDatabase } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * The export worker's own process (jobs/export-worker-main.ts, started by
 * scripts/export-worker.mjs) loads only what an export needs — configuration, database pool,
 * descriptors, engine, CSV/XLSX writers — not the HTTP server, the ledger, mail or captcha.
 */
describe('lean export worker', () => {
  it('bundles without the server, the ledger, mail, captcha or rails', async () => {
    const { files, packages } = await workerInputs('apps/server/src/jobs/export-worker-main.ts');
    expect(files).toContain('apps/server/src/modules/exports/worker.ts');
    expect(files).toContain('apps/server/src/modules/exports/writer.ts');
    for (const heavy of [
      'apps/server/src/http/app.ts',
      'apps/server/src/bootstrap.ts',
      'apps/server/src/modules/index.ts',
      'apps/server/src/db/migrate.ts',
      'apps/server/src/mail/mailer.ts',
      'apps/server/src/jobs/loop.ts',
    ]) {
      expect(files, heavy).not.toContain(heavy);
    }
    expect(files.some((f) => f.startsWith('packages/ledger/'))).toBe(false);
    expect(files.some((f) => f.startsWith('apps/server/src/rails'))).toBe(false);
    // npm packages: the database drivers (PGlite only loaded when there is no DATABASE_URL),
    // the query builder, the zip of the XLSX, the log and zod (the shared descriptors' contracts).
    const allowed = [
      'archiver',
      'kysely',
      'pg',
      'pino',
      'zod',
      '@electric-sql/pglite',
      'kysely-pglite-dialect',
    ];
    expect(packages.filter((pkg) => !pkg.startsWith('node:') && !allowed.includes(pkg))).toEqual(
      [],
    );
  });
});

/** The bundled worker process runs a real export job on PostgreSQL (where processes share a database). */
describe.runIf(process.env.DATABASE_URL)('lean export worker process (postgres)', () => {
  let t: TestApp;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let exportDir: string;

  beforeAll(async () => {
    database = await createPostgresDatabase('gerbang_lean_worker');
    t = await createTestApp('postgres', { database: { url: database.url } });
    exportDir = t.services.config.exportDir;
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it('writes the CSV and XLSX of a waiting job and marks it done', async () => {
    const partner = await t.loginAs('partner@demo.id', { lang: 'en' });
    const created = await partner.get('/data/transaction', { exportCsv: '1' });
    expect(created.rc, created.rd).toBe('00');
    const bundle = await bundleWorker('bench/export-child.ts', 'export-child-test');
    const child = spawnSync(process.execPath, [...WORKER_NODE_FLAGS, bundle], {
      env: { ...process.env, DATABASE_URL: database.url, EXPORT_DIR: exportDir },
      encoding: 'utf8',
    });
    expect(child.status, child.stderr).toBe(0);
    const report = JSON.parse(child.stdout.trim().split('\n').pop() ?? '{}');
    expect(report.ran).toBe(1);
    const job = await t.services.db
      .selectFrom('export_jobs')
      .selectAll()
      .where('id', '=', created.data.id)
      .executeTakeFirstOrThrow();
    expect(job.status).toBe(3);
    expect(existsSync(path.join(exportDir, job.lokasi_file_xlsx ?? ''))).toBe(true);
    const csv = readFileSync(path.join(exportDir, job.lokasi_file ?? ''), 'utf8');
    expect(csv.split('\r\n').length - 2).toBe(Number(job.row_count));
  });
});
