import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DATA_PAGES, type DataColumn, wibDate } from '@gerbang/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planRequest } from '../../src/modules/data-pages/query';
import { streamRows } from '../../src/modules/data-pages/stream';
import { openExportWriter } from '../../src/modules/exports/writer';
import { seedDemoHistory } from '../../src/seed/demo-history';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { agentOf } from './factories';

const WIB_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;

/** What a reader of the XLSX must find in a cell of each kind of column. */
const EXPECTED: Partial<
  Record<DataColumn['display'], { type: ExcelJS.ValueType; numFmt: string }>
> = {
  datetime: { type: ExcelJS.ValueType.Date, numFmt: 'dd/mm/yyyy hh:mm:ss' },
  date: { type: ExcelJS.ValueType.Date, numFmt: 'dd/mm/yyyy' },
  month: { type: ExcelJS.ValueType.Date, numFmt: 'mm/yyyy' },
  money: { type: ExcelJS.ValueType.Number, numFmt: '"Rp. "#,##0' },
  number: { type: ExcelJS.ValueType.Number, numFmt: '#,##0' },
};

/** The Excel date a source value must become: the WIB wall clock of an instant, a WIB date as is. */
function expectedDate(column: DataColumn, value: unknown): Date {
  if (value instanceof Date) return new Date(value.getTime() + WIB_MS);
  const text = String(value);
  if (/^\d{4}-\d{2}$/.test(text)) return new Date(`${text}-01T00:00:00Z`);
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return new Date(`${text}T00:00:00Z`);
  throw new Error(`${column.name}: not a date value ${text}`);
}

/**
 * Every exportable data page, exported from the demo history the way the export worker writes it
 * and read back with exceljs: each time, date and month is an Excel date cell (the WIB wall clock,
 * since Excel has no zones) and each amount and count a number, with its display format.
 */
describe.each(testDatabases())('XLSX cells of every exportable page (%s)', (kind) => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    // A Wednesday morning: settlements are due on business days, so on a weekend or before the
    // first batch of the day the "in process" page would have no rows to check.
    t = await createTestApp(kind, { clockAt: new Date('2026-11-25T03:00:00Z') });
    await seedDemoHistory(t.services, { days: 8 });
    dir = mkdtempSync(path.join(tmpdir(), 'gerbang-export-cells-'));
    // Seeding the demo history takes a while on a busy machine.
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes dates as Excel dates in WIB and amounts as formatted numbers', async () => {
    const now = t.clock.now;
    const checked = new Set<string>();
    for (const username of ['partner@demo.id', 'aggregator@demo.id']) {
      const agent = await agentOf(t.services, username);
      for (const page of Object.values(DATA_PAGES).filter((p) => p.exportable)) {
        const plan = planRequest(page, {}, now);
        if (plan.range)
          plan.range = { from: wibDate(new Date(now.getTime() - 10 * DAY_MS)), to: wibDate(now) };
        const file = path.join(dir, `${page.path}-${agent.agentId}.xlsx`);
        const writer = openExportWriter({
          page,
          lang: 'id',
          csvPath: `${file}.csv`,
          xlsxPath: file,
        });
        const rows: Array<Record<string, unknown>> = [];
        await streamRows(
          t.services.db,
          t.services.dbKind,
          page,
          plan,
          {
            agentId: agent.agentId,
            environment: 'production',
            userId: agent.userId,
            now,
            lang: 'id',
          },
          async (batch) => {
            rows.push(...batch.map((row) => ({ ...row })));
            await writer.write(batch);
          },
        );
        await writer.finish();
        const book = new ExcelJS.Workbook();
        await book.xlsx.readFile(file);
        const sheet = book.worksheets[0];
        if (!sheet) throw new Error(`${page.path}: no sheet`);
        expect(sheet.rowCount, page.path).toBe(rows.length + 1);
        page.columns.forEach((column, index) => {
          const expected = EXPECTED[column.display];
          if (!expected) return;
          rows.forEach((row, r) => {
            const value = row[column.name];
            if (value === null || value === undefined) return;
            const cell = sheet.getRow(r + 2).getCell(index + 1);
            const where = `${page.path}.${column.name} row ${r + 1}`;
            expect(cell.type, where).toBe(expected.type);
            expect(cell.numFmt, where).toBe(expected.numFmt);
            expect(cell.value, where).toEqual(
              expected.type === ExcelJS.ValueType.Date
                ? expectedDate(column, value)
                : Number(value),
            );
            checked.add(`${page.path}.${column.name}`);
          });
        });
      }
    }
    // The demo history gives every typed column rows to check, except the activity log (the
    // seed writes none): a page or column added without demo rows shows up here.
    const typed = Object.values(DATA_PAGES)
      .filter((p) => p.exportable)
      .flatMap((p) =>
        p.columns.filter((c) => EXPECTED[c.display]).map((c) => `${p.path}.${c.name}`),
      );
    expect(typed.filter((c) => !checked.has(c))).toEqual(['activity_log.created_at']);
  });
});
