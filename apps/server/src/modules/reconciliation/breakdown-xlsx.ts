import type { SettlementBreakdown } from '@gerbang/shared/contract/reconciliation';
import type ExcelJS from 'exceljs';
import { loadExcelJS } from '../../platform/lazy-libs';
import { calendarDate, XLSX_FORMATS } from '../../platform/spreadsheet-cells';

// Named, or LibreOffice draws a font without a name in its serif default.
const FONT = 'Calibri';

const TOTALS = ['gross', 'fees', 'settled', 'advance_recoveries', 'net', 'refunds'] as const;

/**
 * A settlement's breakdown as XLSX, in the reader's language: the settlement (its days as real
 * dates), one row per payment (gross, fee, net, refunded as rupiah numbers), then gross → net.
 * The totals are the server's figures, already checked against the settlement's nominal, written
 * as numbers rather than formulas so a reader without recalculation sees them too.
 */
export async function breakdownXlsx(
  b: SettlementBreakdown,
  t: (key: string, vars?: Record<string, string | number>) => string,
): Promise<Buffer> {
  const book = new (await loadExcelJS()).Workbook();
  book.creator = 'Gerbang';
  const sheet = book.addWorksheet(b.settlement.reference.slice(0, 31));
  sheet.columns = [{ width: 30 }, { width: 18 }, { width: 18 }, { width: 18 }, { width: 18 }];
  const bold = (row: ExcelJS.Row) => {
    row.font = { name: FONT, bold: true };
  };
  bold(sheet.addRow([t('recon.breakdown.title')]));
  sheet.addRow([t('recon.breakdown.reference'), b.settlement.reference]);
  sheet.addRow([t('recon.breakdown.product'), b.settlement.product]);
  for (const [key, day] of [
    ['paymentDay', b.settlement.payment_day],
    ['settleDay', b.settlement.settle_day],
  ] as const) {
    const row = sheet.addRow([t(`recon.breakdown.${key}`), calendarDate(day) ?? day]);
    row.getCell(2).numFmt = XLSX_FORMATS.date;
  }
  sheet.addRow([]);
  const cols = ['payment', 'gross', 'fee', 'net', 'refunded'] as const;
  bold(sheet.addRow(cols.map((c) => t(`recon.breakdown.cols.${c}`))));
  for (const p of b.transactions) {
    const row = sheet.addRow([p.id_transaksi, p.gross, p.fee, p.net, p.refunded]);
    for (const n of [2, 3, 4, 5]) row.getCell(n).numFmt = XLSX_FORMATS.rupiah;
  }
  sheet.addRow([]);
  for (const key of TOTALS) {
    const row = sheet.addRow([t(`recon.breakdown.totals.${key}`), b.totals[key]]);
    row.getCell(2).numFmt = XLSX_FORMATS.rupiah;
    if (key === 'net') bold(row);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
