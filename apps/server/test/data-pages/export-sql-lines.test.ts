import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DATA_PAGES, type Language, wibDate } from '@gerbang/shared';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildQuery } from '../../src/modules/data-pages/engine';
import { planRequest } from '../../src/modules/data-pages/query';
import { streamRows } from '../../src/modules/data-pages/stream';
import { columnTypes, csvLinesQuery } from '../../src/modules/exports/csv-lines-sql';
import { writeExportFiles } from '../../src/modules/exports/export-files';
import { openExportWriter } from '../../src/modules/exports/writer';
import { xlsxRowsQuery } from '../../src/modules/exports/xlsx-rows-sql';
import { seedDemoHistory } from '../../src/seed/demo-history';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { agentOf } from './factories';

const DAY_MS = 86_400_000;

/** Values a CSV writer gets wrong: quoting, formula starts, line breaks, the empty string. */
const TRICKY = [
  'Budi, "Toko" Jaya',
  '=HYPERLINK("http://x")',
  '+62 812',
  '-5',
  '@sum',
  '\tTab',
  'baris\nbaru',
  'cr\r\nlf',
  '',
  '  spasi  ',
  'Ünïcödé ✓ <b>&amp;</b>',
  // Characters XML cannot hold: the workbook drops them (at the ends too, where spaces matter).
  'kontrol\u0001\u0008x',
  'akhir \u0002',
  '\u0003\u00a0awal',
];

/**
 * On PostgreSQL the export's CSV lines and XLSX sheet rows are made by the database
 * (csv-lines-sql.ts, xlsx-rows-sql.ts). The CSV must be byte for byte, the workbook cell for cell,
 * what the JavaScript writer makes of the same rows: every exportable page, two
 * agents, both languages, over the demo history with awkward names written into it.
 */
describe.skipIf(!process.env.DATABASE_URL)('CSV lines and XLSX rows made by PostgreSQL', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp('postgres', { clockAt: new Date('2026-11-25T03:00:00Z') });
    await seedDemoHistory(t.services, { days: 8 });
    await sql`update transactions set customername = (${TRICKY}::text[])[1 + (id / 2) % ${TRICKY.length}]
      where id % 2 = 0`.execute(t.services.db);
    await sql`update transactions set customername = null where id % 11 = 5`.execute(t.services.db);
    dir = mkdtempSync(path.join(tmpdir(), 'gerbang-export-lines-'));
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The JavaScript writer's files of the same export (the reference). */
  async function inJavaScript(args: Parameters<typeof writeExportFiles>[0], file: string) {
    const writer = openExportWriter({
      page: args.page,
      lang: args.scope.lang,
      csvPath: `${file}.csv`,
      xlsxPath: `${file}.xlsx`,
    });
    await streamRows(args.db, 'postgres', args.page, args.plan, args.scope, (b) => writer.write(b));
    await writer.finish();
    return { csv: readFileSync(`${file}.csv`, 'utf8'), xlsx: await cells(`${file}.xlsx`) };
  }

  /** A workbook's sheets as XML text, as Excel reads them (whitespace rules included). */
  async function sheetXml(file: string): Promise<string[]> {
    const zip = await JSZip.loadAsync(readFileSync(file));
    const names = Object.keys(zip.files)
      .filter((n) => n.startsWith('xl/worksheets/'))
      .sort();
    return Promise.all(names.map((n) => zip.file(n)?.async('string') ?? ''));
  }

  /** Every cell of a workbook as a reader sees it: value, type and number format, by sheet. */
  async function cells(file: string) {
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    return book.worksheets.map((sheet) => {
      const rows: unknown[] = [];
      sheet.eachRow({ includeEmpty: true }, (row, n) => {
        const out: unknown[] = [n];
        row.eachCell({ includeEmpty: false }, (cell, c) => {
          out.push([c, cell.type, cell.numFmt ?? null, cell.value]);
        });
        rows.push(out);
      });
      return { name: sheet.name, rows };
    });
  }

  it('writes every exportable page exactly as the JavaScript writer does (CSV and XLSX)', async () => {
    const now = t.clock.now;
    const bySql = new Set<string>();
    let compared = 0;
    for (const username of ['partner@demo.id', 'aggregator@demo.id']) {
      const agent = await agentOf(t.services, username);
      for (const page of Object.values(DATA_PAGES).filter((p) => p.exportable)) {
        for (const lang of ['id', 'en'] as Language[]) {
          const plan = planRequest(page, {}, now);
          if (plan.range)
            plan.range = { from: wibDate(new Date(now.getTime() - 10 * DAY_MS)), to: wibDate(now) };
          const scope = {
            agentId: agent.agentId,
            environment: 'production' as const,
            userId: agent.userId,
            now,
            lang,
          };
          const args = {
            db: t.services.db,
            dbKind: 'postgres' as const,
            page,
            plan,
            scope,
            csvPath: path.join(dir, `${page.path}-${agent.agentId}-${lang}.csv`),
            xlsxPath: path.join(dir, `${page.path}-${agent.agentId}-${lang}.xlsx`),
          };
          const q = buildQuery(page, plan, scope);
          const types = await columnTypes(
            t.services.db,
            q,
            page.columns.map((c) => c.name),
          );
          if (
            !q.source.render &&
            csvLinesQuery(q, page.columns, types, lang) &&
            xlsxRowsQuery(q, page.columns, types, lang)
          )
            bySql.add(page.path);
          await writeExportFiles(args);
          const expected = await inJavaScript(args, path.join(dir, `${page.path}-js-${lang}`));
          expect(readFileSync(args.csvPath, 'utf8'), `${page.path} ${lang}`).toBe(expected.csv);
          expect(await cells(args.xlsxPath), `${page.path} ${lang} xlsx`).toEqual(expected.xlsx);
          const js = path.join(dir, `${page.path}-js-${lang}.xlsx`);
          expect(await sheetXml(args.xlsxPath), `${page.path} ${lang} sheet`).toEqual(
            await sheetXml(js),
          );
          compared += expected.csv.split('\r\n').length;
        }
      }
    }
    // The pages finance staff export by the million go through the database's lines.
    expect([...bySql]).toEqual(expect.arrayContaining(['transaction', 'deposit']));
    expect(compared).toBeGreaterThan(1_000);
    const tricky = readFileSync(
      path.join(
        dir,
        `transaction-${(await agentOf(t.services, 'partner@demo.id')).agentId}-id.csv`,
      ),
      'utf8',
    );
    expect(tricky).toContain('"Budi, ""Toko"" Jaya"');
    expect(tricky).toContain(`"'=HYPERLINK(""http://x"")"`);
  }, 300_000);
});
