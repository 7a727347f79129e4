import type { SettlementBreakdown } from '@gerbang/shared/contract/reconciliation';
import type ExcelJS from 'exceljs';
import { loadExcelJS } from '../../platform/lazy-libs';
import { calendarDate, instantCell, XLSX_FORMATS } from '../../platform/spreadsheet-cells';

// Named, or LibreOffice draws a font without a name in its serif default.
const FONT = 'Calibri';

const TOTALS = ['gross', 'fees', 'settled', 'advance_recoveries', 'net', 'refunds'] as const;

type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** A fact above the table: text, a WIB business date (`YYYY-MM-DD`) or an instant (ISO). */
export type SheetFact = [label: string, value: string, kind?: 'date' | 'instant'];

/** One breakdown as a sheet: its facts, a table, then gross → net. */
export interface BreakdownSheet {
  name: string;
  title: string;
  facts: SheetFact[];
  header: string[];
  rows: (string | number | Date | null)[][];
  /** 1-based columns of the table holding rupiah amounts. */
  moneyColumns: number[];
  /** 1-based columns holding instants (ISO text), written as WIB wall-clock dates. */
  instantColumns?: number[];
  totals: { label: string; value: number; bold?: boolean }[];
}

function factCell(value: string, kind: SheetFact[2]) {
  if (kind === 'date') return { value: calendarDate(value) ?? value, numFmt: XLSX_FORMATS.date };
  if (kind === 'instant')
    return { value: instantCell(value) ?? value, numFmt: XLSX_FORMATS.datetime };
  return { value, numFmt: undefined };
}

/**
 * A breakdown as XLSX: facts (days and instants as real dates), the table (amounts as rupiah
 * numbers), then the totals — the server's figures, already checked, written as numbers rather
 * than formulas so a reader without recalculation sees them too.
 */
export async function breakdownSheetXlsx(s: BreakdownSheet): Promise<Buffer> {
  const book = new (await loadExcelJS()).Workbook();
  book.creator = 'Gerbang';
  const sheet = book.addWorksheet(s.name.replace(/[*?:\\/[\]]/g, '-').slice(0, 31));
  sheet.columns = s.header.map((_, i) => ({ width: i === 0 ? 30 : 18 }));
  const bold = (row: ExcelJS.Row) => {
    row.font = { name: FONT, bold: true };
  };
  bold(sheet.addRow([s.title]));
  for (const [label, value, kind] of s.facts) {
    const cell = factCell(value, kind);
    const row = sheet.addRow([label, cell.value]);
    if (cell.numFmt) row.getCell(2).numFmt = cell.numFmt;
  }
  sheet.addRow([]);
  bold(sheet.addRow(s.header));
  for (const values of s.rows) {
    const row = sheet.addRow(values);
    for (const n of s.moneyColumns) row.getCell(n).numFmt = XLSX_FORMATS.rupiah;
    for (const n of s.instantColumns ?? []) {
      const cell = row.getCell(n);
      cell.value = instantCell(cell.value) ?? cell.value;
      cell.numFmt = XLSX_FORMATS.datetime;
    }
  }
  sheet.addRow([]);
  for (const total of s.totals) {
    const row = sheet.addRow([total.label, total.value]);
    row.getCell(2).numFmt = XLSX_FORMATS.rupiah;
    if (total.bold) bold(row);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * A settlement's breakdown as XLSX, in the reader's language: the settlement (its days as real
 * dates), one row per payment (gross, fee, net, refunded as rupiah numbers), then gross → net.
 */
export function breakdownXlsx(b: SettlementBreakdown, t: Translate): Promise<Buffer> {
  const cols = ['payment', 'gross', 'fee', 'net', 'refunded'] as const;
  return breakdownSheetXlsx({
    name: b.settlement.reference,
    title: t('recon.breakdown.title'),
    facts: [
      [t('recon.breakdown.reference'), b.settlement.reference],
      [t('recon.breakdown.product'), b.settlement.product],
      [t('recon.breakdown.paymentDay'), b.settlement.payment_day, 'date'],
      [t('recon.breakdown.settleDay'), b.settlement.settle_day, 'date'],
    ],
    header: cols.map((c) => t(`recon.breakdown.cols.${c}`)),
    rows: b.transactions.map((p) => [p.id_transaksi, p.gross, p.fee, p.net, p.refunded]),
    moneyColumns: [2, 3, 4, 5],
    totals: TOTALS.map((key) => ({
      label: t(`recon.breakdown.totals.${key}`),
      value: b.totals[key],
      bold: key === 'net',
    })),
  });
}
