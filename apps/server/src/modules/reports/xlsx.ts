import type { ReportDefinition, ReportRow } from '@gerbang/shared';
import { loadExcelJS } from '../../platform/lazy-libs';
import { calendarDate, wibWallClock, XLSX_FORMATS } from '../../platform/spreadsheet-cells';

/** The workbook's default font, named on bold rows too (LibreOffice draws an unnamed one in serif). */
const FONT = 'Calibri';

export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The Excel export of a monthly report: a title, the period, then one line per row of the
 * report with a total line. Numbers stay numbers (rupiah with thousands separators) and dates are
 * Excel dates (the period a month, the time of writing the WIB wall clock), so the file can be
 * sorted, summed and charted in a spreadsheet.
 */
export async function reportWorkbook(opts: {
  report: ReportDefinition;
  period: string;
  rows: readonly ReportRow[];
  t: (key: string, vars?: Record<string, string | number>) => string;
  generatedAt: Date;
}): Promise<Buffer> {
  const { report, period, rows, t } = opts;
  const book = new (await loadExcelJS()).Workbook();
  book.creator = 'Gerbang';
  const sheet = book.addWorksheet(period);
  const rupiah = XLSX_FORMATS.rupiah;
  const amountFormat = report.unit === 'rupiah' ? rupiah : XLSX_FORMATS.count;
  // Known groups (transaction types, callback statuses) have labels; agent and product names do not.
  const groupLabel = (group: string) => {
    const key = `reports.groups.${group}`;
    const label = t(key);
    return label === key ? group : label;
  };

  sheet.addRow([t(`reports.titles.${report.key}`)]).font = { name: FONT, bold: true, size: 14 };
  const month = `${period.slice(0, 4)}-${period.slice(4, 6)}`;
  sheet.addRow([t('reports.periodLabel'), calendarDate(month) ?? month]).getCell(2).numFmt =
    XLSX_FORMATS.month;
  sheet.addRow([t('reports.generatedAt'), wibWallClock(opts.generatedAt)]).getCell(2).numFmt =
    XLSX_FORMATS.datetime;
  sheet.addRow([]);

  const header = [
    t('reports.columns.date'),
    t('reports.columns.group'),
    t(report.unit === 'rupiah' ? 'reports.columns.omzet' : 'reports.columns.count'),
    ...(report.hasFullAmount ? [t('reports.columns.fullamount')] : []),
  ];
  const headerRow = sheet.addRow(header);
  headerRow.font = { name: FONT, bold: true, color: { argb: 'FFFFFFFF' } };
  headerRow.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1C7ED6' } };
  });

  for (const row of rows) {
    const line = sheet.addRow([
      calendarDate(row.date) ?? row.date,
      groupLabel(row.group),
      row.amount,
      ...(report.hasFullAmount ? [row.fullamount ?? 0] : []),
    ]);
    line.getCell(1).numFmt = XLSX_FORMATS.date;
    line.getCell(3).numFmt = amountFormat;
    if (report.hasFullAmount) line.getCell(4).numFmt = rupiah;
  }
  const total = sheet.addRow([
    t('reports.total'),
    '',
    rows.reduce((sum, r) => sum + r.amount, 0),
    ...(report.hasFullAmount ? [rows.reduce((sum, r) => sum + (r.fullamount ?? 0), 0)] : []),
  ]);
  total.font = { name: FONT, bold: true };
  total.getCell(3).numFmt = amountFormat;
  if (report.hasFullAmount) total.getCell(4).numFmt = rupiah;

  sheet.columns.forEach((column, index) => {
    column.width = index === 1 ? 36 : 20;
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}
