import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { XLSX_FORMATS } from '../../platform/spreadsheet-cells';
import { openXlsxStream } from './xlsx-stream';

const dir = mkdtempSync(path.join(tmpdir(), 'gerbang-xlsx-stream-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('streaming XLSX writer', () => {
  it('writes bold rows that keep their number formats, on a named sheet', async () => {
    const file = path.join(dir, 'bold.xlsx');
    const writer = openXlsxStream({
      file,
      header: ['Nominal', 'Keterangan'],
      columns: [
        { numFmt: XLSX_FORMATS.rupiah, width: 16 },
        { numFmt: undefined, width: 18 },
      ],
      rowsPerSheet: 10,
      sheetName: 'STM-1',
    });
    await writer.addRows([[1_000, 'Saldo awal']], { bold: true });
    await writer.addRows([[2_000, 'Mutasi']]);
    await writer.finish();
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.worksheets[0];
    expect(sheet?.name).toBe('STM-1');
    expect(sheet?.getCell('A2').font?.bold).toBe(true);
    expect(sheet?.getCell('B2').font?.bold).toBe(true);
    expect(sheet?.getCell('A2').numFmt).toBe(XLSX_FORMATS.rupiah);
    expect(sheet?.getCell('A3').font?.bold ?? false).toBe(false);
    expect(sheet?.getCell('A3').numFmt).toBe(XLSX_FORMATS.rupiah);
  });

  it('continues on the next sheet past the row limit, each sheet with its header', async () => {
    const file = path.join(dir, 'sheets.xlsx');
    const writer = openXlsxStream({
      file,
      header: ['Nama', 'Nominal'],
      columns: [
        { numFmt: undefined, width: 18 },
        { numFmt: XLSX_FORMATS.rupiah, width: 16 },
      ],
      rowsPerSheet: 2,
    });
    await writer.addRows([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    await writer.addRows([
      ['d', 4],
      ['e', 5],
    ]);
    await writer.finish();
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Data', 'Data 2', 'Data 3']);
    const values = book.worksheets.map((s) =>
      s.getSheetValues().flatMap((row) => (Array.isArray(row) ? [row.slice(1)] : [])),
    );
    expect(values).toEqual([
      [
        ['Nama', 'Nominal'],
        ['a', 1],
        ['b', 2],
      ],
      [
        ['Nama', 'Nominal'],
        ['c', 3],
        ['d', 4],
      ],
      [
        ['Nama', 'Nominal'],
        ['e', 5],
      ],
    ]);
    expect(book.worksheets[0]?.getCell('B2').numFmt).toBe(XLSX_FORMATS.rupiah);
    expect(book.worksheets[0]?.getCell('A1').font?.bold).toBe(true);
  });

  it('keeps markup, spaces and formulas as plain text, drops characters XML cannot hold', async () => {
    const file = path.join(dir, 'text.xlsx');
    const writer = openXlsxStream({
      file,
      header: ['Catatan'],
      columns: [{ numFmt: undefined, width: 40 }],
      rowsPerSheet: 10,
    });
    await writer.addRows([
      ['<b>Tom & "Jerry"</b>'],
      ['  padded  '],
      ['=SUM(A1:A2)'],
      ['bell\u0007 here'],
      [null],
    ]);
    await writer.finish();
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.getCell('A2').value).toBe('<b>Tom & "Jerry"</b>');
    expect(sheet.getCell('A3').value).toBe('  padded  ');
    expect(sheet.getCell('A4').value).toBe('=SUM(A1:A2)');
    expect(sheet.getCell('A5').value).toBe('bell here');
    expect(sheet.getCell('A6').value).toBeNull();
  });
});
