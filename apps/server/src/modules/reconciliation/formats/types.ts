/**
 * What every statement format reads into (MT940, CAMT.053, CSV): one line per booked entry, in
 * whole rupiah with its sign (credit +, debit −), and the file line it came from, so a refusal and
 * the exceptions queue can both point at the line in the bank's file.
 */

/** Bounds of one uploaded statement. */
export const STATEMENT_LIMITS = {
  maxBytes: 20 * 1024 * 1024,
  maxLines: 100_000,
} as const;

export type StatementFormat = 'mt940' | 'camt053' | 'csv';

export interface StatementLine {
  /** The line in the file where the entry starts (1-based). */
  line: number;
  /** WIB booking date `YYYY-MM-DD`. */
  bookedOn: string;
  /** Whole rupiah, credit positive, debit negative, never 0. */
  amount: number;
  /** The customer's reference (MT940 :61: subfield 7, CAMT EndToEndId, CSV mapped column). */
  reference: string;
  /** The bank's own id of the entry (MT940 after `//`, CAMT AcctSvcrRef); '' when absent. */
  bankReference: string;
  description: string;
}

export interface ParsedStatement {
  /** The statement's own account id as the file names it ('' for CSV). */
  bankAccount: string;
  lines: StatementLine[];
}

/** A refusal of the whole file: the line it stopped at and why (a catalog key's variable). */
export class StatementFormatError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`line ${line}: ${reason}`);
  }
}

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` when it is a real calendar day, else null. */
export function checkedDay(y: number, m: number, d: number): string | null {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export function isDay(text: string): boolean {
  const m = YMD.exec(text);
  return m !== null && checkedDay(Number(m[1]), Number(m[2]), Number(m[3])) !== null;
}

/**
 * Whole rupiah from a bank's amount text: `1.500.000`, `1,500,000.00`, `150000,00`, `-25000`.
 * The last `.` or `,` followed by one or two digits is the decimal mark; other separators group
 * thousands. Rupiah has no minor unit in use, so a non-zero fraction is refused (null).
 */
export function wholeRupiah(text: string): number | null {
  let t = text
    .trim()
    .replace(/^rp\.?\s*/i, '')
    .replace(/\s/g, '');
  let sign = 1;
  if (t.startsWith('-')) {
    sign = -1;
    t = t.slice(1);
  } else if (t.startsWith('(') && t.endsWith(')')) {
    sign = -1;
    t = t.slice(1, -1);
  }
  t = t.replace(/[.,]$/, '');
  if (!/^[\d.,]+$/.test(t)) return null;
  const decimal = /[.,](\d{1,2})$/.exec(t);
  let whole = t;
  if (decimal) {
    if (Number(decimal[1]) !== 0) return null;
    whole = t.slice(0, decimal.index);
  }
  if (!/^\d{1,3}([.,]\d{3})*$|^\d+$/.test(whole)) return null;
  const value = Number(whole.replace(/[.,]/g, ''));
  return Number.isSafeInteger(value) ? sign * value : null;
}
