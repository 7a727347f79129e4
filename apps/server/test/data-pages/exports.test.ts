import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findDataPage } from '@gerbang/shared';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExportJobsOnce } from '../../src/jobs/export-worker';
import { runPage } from '../../src/modules/data-pages/engine';
import { planRequest } from '../../src/modules/data-pages/query';
import { cursorBatches, inSnapshot, streamRows } from '../../src/modules/data-pages/stream';
import { OPEN_EXPORTS_PER_USER } from '../../src/modules/exports/jobs';
import { claimExportJob } from '../../src/modules/exports/worker';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';
import { agentOf, insertCallbacks, insertTransactions } from './factories';

const WIB_MS = 7 * 3_600_000;

/**
 * Export jobs end to end: the download button's call stores the page's query, the worker writes
 * every matching row (several batches) to CSV and XLSX, and the file is served only through its
 * token-protected link.
 */
describe.each(testDatabases())('export jobs (%s)', (kind) => {
  let t: TestApp;
  let partner: TestClient;
  let exportDir: string;
  const ROWS = 4_500;

  const download = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    return res;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    exportDir = mkdtempSync(path.join(tmpdir(), 'gerbang-export-test-'));
    t.services.config.exportDir = exportDir;
    partner = await t.loginAs('partner@demo.id', { lang: 'en' });
    const p = await agentOf(t.services, 'partner@demo.id');
    const now = t.clock.now.getTime();
    await insertTransactions(
      t.services,
      p.agentId,
      Array.from({ length: ROWS }, (_, i) => ({
        nominal_origin: 1_000 + i,
        customername: i % 7 === 0 ? 'Toko "Maju", Jaya' : `=HYPERLINK("x") ${i}`,
        status_trx: i % 2 === 0 ? 'SUCCESS' : 'FAILED',
        time_request: new Date(now - i * 10),
      })),
    );
  });
  afterAll(async () => {
    await t?.close();
    rmSync(exportDir, { recursive: true, force: true });
  });

  it('exports every row matching the page filters, to CSV and XLSX', async () => {
    const filters = [
      { column: 'nominal_origin', operator: 'greater', value: '2000' },
      { column: 'status_trx', operator: 'equal', value: 'SUCCESS' },
    ];
    const page = await partner.get('/data/transaction', {
      filters: JSON.stringify(filters),
      limit: '10',
    });
    expect(page.rc).toBe('00');
    const expected = page.data.total as number;
    // 1000 + i > 2000 and i even: i in 1002..4498 step 2.
    expect(expected).toBe(1_749);

    const created = await partner.get('/data/transaction', {
      filters: JSON.stringify(filters),
      limit: '10',
      exportCsv: '1',
    });
    expect(created.rc, created.rd).toBe('00');
    expect(created.rd).toBe('Export requested. See its status on the Export Data page.');
    expect(created.data.status).toBe(0);

    const listed = await partner.get('/data/export_data');
    const queued = listed.data.data.find((r: any) => r.id === created.data.id);
    expect(queued.status).toBe(0);
    expect(queued.download_csv).toBeNull();

    expect(await runExportJobsOnce(t.services)).toBe(1);

    const done = (await partner.get('/data/export_data')).data.data.find(
      (r: any) => r.id === created.data.id,
    );
    expect(done.status).toBe(3);
    expect(done.row_count).toBe(expected);
    expect(done.download_csv).toMatch(/^\/api\/export\/download\?id=\d+&format=csv&token=/);

    const csv = await download(done.download_csv);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const records = parse(csv.body.replace(/^\uFEFF/, ''), { columns: true }) as Array<
      Record<string, string>
    >;
    expect(records).toHaveLength(expected);
    expect(Object.keys(records[0] ?? {})).toContain('Amount');
    const amounts = records.map((r) => Number(r.Amount));
    expect(amounts.every((a) => a > 2000)).toBe(true);
    expect(new Set(records.map((r) => r['Transaction ID'])).size).toBe(expected);
    expect(records.every((r) => r.Status === 'SUCCESS')).toBe(true);
    // Quotes and commas survive; formula-looking text is defused.
    expect(records.some((r) => r['Customer Name'] === 'Toko "Maju", Jaya')).toBe(true);
    expect(records.some((r) => r['Customer Name']?.startsWith('=') === true)).toBe(false);
    // Same order as the page (newest first).
    const first = page.data.data[0];
    expect(records[0]?.['Transaction ID']).toBe(first.id_transaksi);

    const xlsx = await download(done.download_xlsx);
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.rowCount).toBe(expected + 1);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const amountColumn = header.indexOf('Amount') + 1;
    expect(amountColumn).toBeGreaterThan(0);
    // Amounts are numbers shown as rupiah; times are Excel dates showing the WIB wall clock.
    const amount = sheet.getRow(2).getCell(amountColumn);
    expect(amount.type).toBe(ExcelJS.ValueType.Number);
    expect(amount.value).toBe(first.nominal_origin);
    expect(amount.numFmt).toBe('"Rp. "#,##0');
    const time = sheet.getRow(2).getCell(header.indexOf('Request Time') + 1);
    expect(time.type).toBe(ExcelJS.ValueType.Date);
    expect(time.numFmt).toBe('dd/mm/yyyy hh:mm:ss');
    expect(time.value).toEqual(new Date(Date.parse(first.time_request) + WIB_MS));
  });

  it('the download link is the credential: tampered, moved or expired links are refused', async () => {
    const created = await partner.get('/data/transaction', { exportCsv: '1' });
    await runExportJobsOnce(t.services);
    const row = (await partner.get('/data/export_data')).data.data.find(
      (r: any) => r.id === created.data.id,
    );
    expect(row.status).toBe(3);
    const url = new URL(row.download_csv, 'http://x');
    const token = url.searchParams.get('token') ?? '';

    const otherJob = (await partner.get('/data/export_data')).data.data.find(
      (r: any) => r.id !== created.data.id,
    );
    const moved = await download(
      `/api/export/download?id=${otherJob.id}&format=csv&token=${encodeURIComponent(token)}`,
    );
    expect(moved.statusCode).toBe(403);
    const tampered = await download(
      `/api/export/download?id=${row.id}&format=csv&token=${encodeURIComponent(`${token.slice(0, -2)}AA`)}`,
    );
    expect(tampered.statusCode).toBe(403);
    expect((await download(`/api/export/download?id=${row.id}&format=csv&token=`)).statusCode).toBe(
      403,
    );
    expect(
      (await download(`/api/export/download?id=${row.id}&format=../../etc/passwd&token=${token}`))
        .statusCode,
    ).toBe(400);

    t.clock.advance(2 * 60 * 60 * 1000);
    const expired = await download(row.download_csv);
    expect(expired.statusCode).toBe(403);
    t.clock.advance(-2 * 60 * 60 * 1000);
    expect((await download(row.download_csv)).statusCode).toBe(200);
  });

  it('each user sees only their own exports; the export list cannot be exported', async () => {
    const staff = await t.loginAs('staff@demo.id');
    const list = await staff.get('/data/export_data');
    expect(list.rc).toBe('00');
    expect(list.data.total).toBe(0);
    const refused = await partner.get('/data/export_data', { exportCsv: '1' });
    expect(refused.rc).toBe('01');
  });

  it('holds the open-jobs limit when download clicks arrive at once', async () => {
    const p = await agentOf(t.services, 'partner@demo.id');
    const openOf = async () =>
      Number(
        (
          await t.services.db
            .selectFrom('export_jobs')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', p.userId)
            .where('status', 'in', [0, 1, 2])
            .executeTakeFirstOrThrow()
        ).n,
      );
    const room = OPEN_EXPORTS_PER_USER - (await openOf());
    const answers = await Promise.all(
      Array.from({ length: room + 4 }, () =>
        partner.get('/data/transaction', { limit: '10', exportCsv: '1' }),
      ),
    );
    expect(answers.filter((a) => a.rc === '00')).toHaveLength(room);
    const refusedOnes = answers.filter((a) => a.rc !== '00');
    expect(refusedOnes).toHaveLength(4);
    expect(refusedOnes[0]!.rd).toContain(String(OPEN_EXPORTS_PER_USER));
    expect(await openOf()).toBe(OPEN_EXPORTS_PER_USER);
    while ((await runExportJobsOnce(t.services)) > 0) {}
    expect(await openOf()).toBe(0);
  });

  it('a job whose page query fails is marked failed and offers no download', async () => {
    const job = await t.services.db
      .insertInto('export_jobs')
      .values({
        agent_id: (await agentOf(t.services, 'partner@demo.id')).agentId,
        environment: 'production',
        user_id: (await agentOf(t.services, 'partner@demo.id')).userId,
        nama_menu: 'no_such_page',
        params: JSON.stringify({ version: 1, plan: {}, lang: 'id' }),
        tanggal_waktu_dibuat: t.clock.now,
        created_date: '2026-01-01',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await runExportJobsOnce(t.services);
    const row = await t.services.db
      .selectFrom('export_jobs')
      .select(['status', 'lokasi_file'])
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(4);
    expect(row.lokasi_file).toBeNull();
  });

  it('a long export renews its claim, so another worker never starts it again', async () => {
    const created = await partner.get('/data/transaction', { exportCsv: '1' });
    expect(created.rc, created.rd).toBe('00');
    const claimedAt = async () =>
      (
        await t.services.db
          .selectFrom('export_jobs')
          .select('claimed_at')
          .where('id', '=', created.data.id)
          .executeTakeFirstOrThrow()
      ).claimed_at;
    // Six minutes pass between batches (a slow export giving way to a busy API): after two the
    // claim would be stale (STALE_AFTER_MS) without its renewal; another worker looks each time.
    const othersTook: unknown[] = [];
    const slow = {
      ...t.services,
      pace: async () => {
        t.clock.advance(6 * 60_000);
        othersTook.push(await claimExportJob(t.services));
      },
    };
    expect(await runExportJobsOnce(slow)).toBe(1);
    expect(othersTook.length).toBeGreaterThanOrEqual(2);
    expect(othersTook.every((job) => job === null)).toBe(true);
    const job = await t.services.db
      .selectFrom('export_jobs')
      .select(['status', 'attempts', 'row_count'])
      .where('id', '=', created.data.id)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 3, attempts: 1 });
    expect(Number(job.row_count)).toBeGreaterThanOrEqual(ROWS);
    // Renewed while it ran: the claim is younger than the export.
    expect(new Date(String(await claimedAt())).getTime()).toBeGreaterThan(
      t.clock.now.getTime() - 7 * 60_000,
    );
  });
});

describe.each(testDatabases())('export streaming order (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('streams every row once, in the page order, also when the sort column has nulls', async () => {
    const p = await agentOf(t.services, 'partner@demo.id');
    const now = t.clock.now.getTime();
    // date_sent: null for some rows and equal for others, so ties and nulls cross batch edges.
    await insertCallbacks(
      t.services,
      p.agentId,
      Array.from({ length: 23 }, (_, i) => ({
        date_sent: i % 4 === 0 ? null : new Date(now - (i % 3) * 60_000),
        date_created: new Date(now - i * 1000),
      })),
    );
    const page = findDataPage('callback');
    if (!page) throw new Error('no callback page');
    const scope = {
      agentId: p.agentId,
      environment: 'production' as const,
      userId: p.userId,
      now: t.clock.now,
    };
    for (const direction of ['asc', 'desc'] as const) {
      const plan = planRequest(
        page,
        { sort: `date_sent:${direction}`, limit: '5000' },
        t.clock.now,
      );
      const expected = (await runPage(t.services.db, page, plan, scope)).data.map(
        (r) => r.id_callback,
      );
      expect(expected).toHaveLength(23);
      const streamed: unknown[] = [];
      const total = await streamRows(
        t.services.db,
        t.services.dbKind,
        page,
        plan,
        scope,
        async (rows) => {
          streamed.push(...rows.map((r) => r.id_callback));
        },
        4,
      );
      expect(total).toBe(23);
      expect(streamed).toEqual(expected);
    }
  });
});

/**
 * How an export gives way to requests (modules/exports/give-way.ts): its pace is awaited between
 * two batches, with how long the batch took, and the next batch is made by the database only once
 * the pace has let it go, so a resting export costs the database nothing meanwhile.
 */
describe.runIf(process.env.DATABASE_URL)('export pace between batches (postgres)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('asks for the next batch only after the pace lets it, and never after the last', async () => {
    const handed: number[] = [];
    const made: Date[] = [];
    const paced: Array<{ handedBefore: number; batchMs: number; releasedAt: number }> = [];
    const total = await inSnapshot(t.services.db, (conn) =>
      cursorBatches<{ i: number; made: Date }>(
        conn,
        sql`select i, clock_timestamp() as made from generate_series(1, 10) as i`,
        async (rows) => {
          handed.push(rows.length);
          made.push(rows[0]?.made ?? new Date(0));
        },
        4,
        async (batchMs) => {
          await new Promise((r) => setTimeout(r, 20));
          paced.push({ handedBefore: handed.length, batchMs, releasedAt: Date.now() });
        },
      ),
    );
    expect(total).toBe(10);
    expect(handed).toEqual([4, 4, 2]);
    // After the first and the second full batch; the short third one is the last.
    expect(paced.map((p) => p.handedBefore)).toEqual([0, 1]);
    for (const p of paced) expect(p.batchMs).toBeGreaterThanOrEqual(0);
    // Each later batch's rows were made by the database after the pace before it let go.
    expect(made[1]?.getTime()).toBeGreaterThanOrEqual(paced[0]?.releasedAt ?? Infinity);
    expect(made[2]?.getTime()).toBeGreaterThanOrEqual(paced[1]?.releasedAt ?? Infinity);
  });
});
