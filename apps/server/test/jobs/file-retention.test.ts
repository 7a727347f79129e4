import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { wibDate } from '@gerbang/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExportJobsOnce } from '../../src/jobs/export-worker';
import { runOnce } from '../../src/modules/file-retention/sweep';
import { runStatementFilesOnce } from '../../src/modules/statements/files';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';

const DAY_MS = 24 * 3_600_000;

/**
 * Export and statement files are kept FILE_RETENTION_DAYS (30 by default) after they were
 * written; then the file is deleted and its row, kept as history, offers no download.
 */
describe.each(testDatabases())('file retention (%s)', (kind) => {
  let t: TestApp;
  let partner: TestClient;
  let exportDir: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    exportDir = mkdtempSync(path.join(tmpdir(), 'gerbang-retention-'));
    t.services.config.exportDir = exportDir;
    partner = await t.loginAs('partner@demo.id', { lang: 'en' });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(exportDir, { recursive: true, force: true });
  });

  /** The export list's row of a job, on the WIB day it was asked for. */
  async function exportRow(job: { id: number; day: string }) {
    const list = await partner.get('/data/export_data', { limit: '300', date: job.day });
    return list.data.data.find((r: { id: number }) => Number(r.id) === job.id);
  }

  async function writeExport(): Promise<{ id: number; day: string }> {
    const created = await partner.get('/data/transaction', { limit: '10', exportCsv: '1' });
    expect(created.rc, created.rd).toBe('00');
    await runExportJobsOnce(t.services);
    const job = { id: created.data.id as number, day: wibDate(t.clock.now) };
    const row = await exportRow(job);
    expect(row.status).toBe(3);
    expect(row.download_csv).toEqual(expect.any(String));
    return job;
  }

  async function writeStatement(): Promise<number> {
    const day = new Date(t.clock.now.getTime() - DAY_MS).toISOString().slice(0, 10);
    const created = await partner.post('/statements', { from: day, to: day, format: 'csv' });
    expect(created.rc, created.rd).toBe('00');
    await runStatementFilesOnce(t.services);
    const row = (await partner.get('/statements')).data.find(
      (f: { id: number }) => f.id === created.data.id,
    );
    expect(row.status, row.error).toBe(3);
    expect(row.download).toEqual(expect.any(String));
    return created.data.id;
  }

  const storedExport = (job: { id: number }) =>
    t.services.db
      .selectFrom('export_jobs')
      .select(['lokasi_file', 'lokasi_file_xlsx'])
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
  const storedStatement = (id: number) =>
    t.services.db
      .selectFrom('statement_files')
      .select('file_name')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('deletes files past the retention and keeps their rows without a download', async () => {
    const start = t.clock.now;
    const oldExport = await writeExport();
    const oldStatement = await writeStatement();
    const oldFiles = [
      ...Object.values(await storedExport(oldExport)),
      (await storedStatement(oldStatement)).file_name,
    ].map((name) => path.join(exportDir, String(name)));
    expect(oldFiles.every((f) => existsSync(f))).toBe(true);

    // 29 days on: nothing is due yet.
    t.clock.set(new Date(start.getTime() + 29 * DAY_MS));
    expect(await runOnce(t.services)).toEqual({ exports: 0, statements: 0 });
    partner = await t.loginAs('partner@demo.id', { lang: 'en' });
    const freshExport = await writeExport();
    const freshStatement = await writeStatement();

    // 31 days after the first files: those go, the ones written at day 29 stay.
    t.clock.set(new Date(start.getTime() + 31 * DAY_MS));
    expect(await runOnce(t.services)).toEqual({ exports: 1, statements: 1 });
    partner = await t.loginAs('partner@demo.id', { lang: 'en' });
    expect(oldFiles.filter((f) => existsSync(f))).toEqual([]);
    expect(await storedExport(oldExport)).toEqual({ lokasi_file: null, lokasi_file_xlsx: null });
    expect((await storedStatement(oldStatement)).file_name).toBeNull();
    const listed = await exportRow(oldExport);
    expect(listed.status).toBe(3);
    expect(listed.download_csv).toBeNull();
    const statements = (await partner.get('/statements')).data;
    expect(statements.find((f: { id: number }) => f.id === oldStatement).download).toBeNull();

    expect((await exportRow(freshExport)).download_csv).toEqual(expect.any(String));
    expect(statements.find((f: { id: number }) => f.id === freshStatement).download).toEqual(
      expect.any(String),
    );
    // A second pass finds nothing more.
    expect(await runOnce(t.services)).toEqual({ exports: 0, statements: 0 });
  });
});
