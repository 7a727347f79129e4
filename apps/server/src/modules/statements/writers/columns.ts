import { type Language, translate } from '@gerbang/shared';
import type { StatementHeader, WrittenLine } from './types';

/** The columns of the tabular formats (CSV, XLSX, PDF), in the reader's language. */
export const COLUMNS = [
  'date',
  'type',
  'reference',
  'description',
  'debit',
  'credit',
  'balance',
] as const;

export const columnLabels = (lang: Language) =>
  COLUMNS.map((c) => translate(lang, `statements.columns.${c}`));

export const typeLabel = (lang: Language, type: string) =>
  translate(lang, `statements.types.${type}`);

/**
 * The cells of a line: its instant, type, reference, words, debit or credit, balance after. The
 * type is its code (PAYMENT, FEE…) in the data formats, so a sheet's formulas and pivots work in
 * either language; the PDF, read by people, prints its name.
 */
export function lineCells(line: WrittenLine) {
  return {
    at: line.at,
    type: line.type,
    reference: line.reference,
    description: line.description,
    debit: line.amount < 0 ? -line.amount : null,
    credit: line.amount > 0 ? line.amount : null,
    balance: line.balanceAfter,
  };
}

/** The opening and closing rows that frame the lines in the tabular formats. */
export function frameRows(h: StatementHeader) {
  return {
    opening: { label: translate(h.lang, 'statements.opening'), balance: h.totals.opening },
    closing: { label: translate(h.lang, 'statements.closing'), balance: h.totals.closing },
  };
}
