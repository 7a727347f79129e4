import {
  type BULK_TRANSFER_COLUMNS,
  type BulkRawRow,
  type BulkRowProblem,
  type BulkTransferRow,
  bulkRowProblems,
  checkBulkRow,
} from '@gerbang/shared/contract/bulk-transfer';

/** A good row of the file with its line (header = 1), which the inquiry names in its problems. */
export type LinedRow = BulkTransferRow & { line: number };

/** A row that breaks a rule: its cells as the user is editing them, and the last check's problems. */
export interface BrokenRow {
  raw: BulkRawRow;
  problems: BulkRowProblem[];
}

/**
 * Splits rows as read (or as fixed) with the shared §5 rules, the ones the server's upload and
 * inquiry use: good rows shaped for the table, broken ones with every broken cell.
 */
export function splitRows(raw: BulkRawRow[]): { good: LinedRow[]; broken: BrokenRow[] } {
  const good: LinedRow[] = [];
  const broken: BrokenRow[] = [];
  for (const row of raw) {
    const problems = bulkRowProblems(row, row.line);
    const checked = problems.length === 0 ? checkBulkRow(row, row.line) : null;
    if (checked?.ok) good.push({ ...checked.row, line: row.line });
    else broken.push({ raw: row, problems });
  }
  return { good, broken };
}

/** Good rows in the file's order, so fixed rows take their place back. */
export function mergeByLine(rows: LinedRow[], fixed: LinedRow[]): LinedRow[] {
  return [...rows, ...fixed].sort((a, b) => a.line - b.line);
}

const csvCell = (text: string) =>
  /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;

/**
 * The error list as CSV (a header row, then one line per broken cell: row, column, value and the
 * reason in the user's language). Starts with a BOM so spreadsheet programs read it as UTF-8.
 */
export function errorListCsv(
  broken: BrokenRow[],
  header: string,
  reason: (problem: BulkRowProblem) => string,
): string {
  const lines = [header];
  for (const { raw, problems } of broken) {
    for (const problem of problems) {
      const column = problem.column as (typeof BULK_TRANSFER_COLUMNS)[number];
      lines.push(
        [String(problem.row), problem.column, raw[column] ?? '', reason(problem)]
          .map(csvCell)
          .join(','),
      );
    }
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
