import type { Language } from '@gerbang/shared';
import type { StatementFormat } from '@gerbang/shared/contract/statements';
import type { StatementLine, StatementTotals } from '../source';

/** What every format states about the statement besides its lines. */
export interface StatementHeader {
  statementId: string;
  /** The account as the bank formats name it: the agent, the environment, the currency. */
  account: string;
  agentName: string;
  environment: string;
  from: string;
  to: string;
  lang: Language;
  totals: StatementTotals;
  createdAt: Date;
}

/** A line as written: the ledger line with its description in the reader's language. */
export interface WrittenLine extends StatementLine {
  description: string;
}

/** Writes one statement file as its lines arrive, in ledger order. */
export interface StatementWriter {
  write(lines: readonly WrittenLine[]): Promise<void>;
  finish(): Promise<void>;
  /** Stops and leaves the file for the caller to delete. */
  abort(): Promise<void>;
}

export type OpenWriter = (
  path: string,
  header: StatementHeader,
) => StatementWriter | Promise<StatementWriter>;

export const EXTENSIONS: Record<StatementFormat, string> = {
  pdf: 'pdf',
  csv: 'csv',
  xlsx: 'xlsx',
  mt940: 'sta',
  camt053: 'xml',
};
