import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportThreadId, stopExportThread } from '../../src/jobs/export-thread';
import { runExportRound } from '../../src/jobs/export-worker';
import { createPostgresDatabase } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * On PostgreSQL the API process never formats an export on its own event loop: the jobs loop's
 * export round runs in a worker thread (jobs/export-thread.ts) with its own database pool, and
 * the job is written there.
 */
describe.runIf(process.env.DATABASE_URL)('export rounds in a worker thread (postgres)', () => {
  let t: TestApp;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;

  beforeAll(async () => {
    database = await createPostgresDatabase('gerbang_export_thread');
    t = await createTestApp('postgres', { database: { url: database.url } });
  });
  afterAll(async () => {
    if (t) await stopExportThread(t.services);
    await t?.close();
    await database?.drop();
  });

  it('writes a waiting job in a thread of its own, not on the API thread', async () => {
    const partner = await t.loginAs('partner@demo.id', { lang: 'en' });
    const created = await partner.get('/data/transaction', { exportCsv: '1' });
    expect(created.rc, created.rd).toBe('00');
    expect(exportThreadId(t.services)).toBeNull();
    expect(await runExportRound(t.services)).toBe(1);
    // Started for the waiting job; a second waiting job would reuse it.
    const worker = exportThreadId(t.services);
    expect(worker).not.toBeNull();
    expect(worker).not.toBe(threadId);
    const job = await t.services.db
      .selectFrom('export_jobs')
      .selectAll()
      .where('id', '=', created.data.id)
      .executeTakeFirstOrThrow();
    expect(job.status).toBe(3);
    const dir = t.services.config.exportDir;
    expect(existsSync(path.join(dir, job.lokasi_file_xlsx ?? ''))).toBe(true);
    const csv = readFileSync(path.join(dir, job.lokasi_file ?? ''), 'utf8');
    expect(csv.split('\r\n').length - 2).toBe(Number(job.row_count));
    // A round that finds nothing ends the thread; an idle round starts none.
    expect(await runExportRound(t.services)).toBe(0);
    expect(exportThreadId(t.services)).toBeNull();
    expect(await runExportRound(t.services)).toBe(0);
    expect(exportThreadId(t.services)).toBeNull();
  });
});
