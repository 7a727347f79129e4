import { rmSync, statSync } from 'node:fs';
import type { Language } from '@gerbang/shared';
import type { StatementFormat } from '@gerbang/shared/contract/statements';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { statementDescription } from '../data-pages/statement-text';
import {
  type StatementLine,
  type StatementScope,
  type StatementTotals,
  statementTotals,
  streamStatementLines,
} from './source';
import { openCamt053, openMt940 } from './writers/bank-formats';
import { openCsv } from './writers/csv';
import { openPdf } from './writers/pdf';
import type { OpenWriter, StatementHeader, StatementWriter } from './writers/types';
import { openXlsx } from './writers/xlsx';

const WRITERS: Record<StatementFormat, OpenWriter> = {
  pdf: openPdf,
  csv: openCsv,
  xlsx: openXlsx,
  mt940: openMt940,
  camt053: openCamt053,
};

/**
 * The period does not add up: opening + lines ≠ closing, or a line's balance before is not the
 * previous line's balance after. The message is a catalog key; no file is kept.
 */
export class StatementUnbalanced extends Error {
  constructor(readonly detail: string) {
    super('statements.errors.unbalanced');
  }
}

/** The check made before any file is opened: the totals must chain opening to closing. */
export function checkTotals(t: StatementTotals): void {
  const computed = t.opening + t.credits.sum - t.debits.sum;
  if (computed !== t.closing) {
    throw new StatementUnbalanced(`opening ${t.opening} + lines ≠ closing ${t.closing}`);
  }
}

export interface WriteStatementInput {
  scope: StatementScope;
  format: StatementFormat;
  lang: Language;
  path: string;
  statementId: string;
  agentName: string;
  now: Date;
}

/** Each line must start where the previous one ended; the running balance is the ledger's. */
function chainChecker(opening: number) {
  let running = opening;
  let count = 0;
  return {
    check(line: StatementLine) {
      if (line.balanceBefore !== running) {
        throw new StatementUnbalanced(
          `entry ${line.id} starts at ${line.balanceBefore}, not ${running}`,
        );
      }
      running = line.balanceAfter;
      count += 1;
    },
    get count() {
      return count;
    },
    get running() {
      return running;
    },
  };
}

async function writeLines(
  db: Kysely<Database>,
  input: WriteStatementInput,
  totals: StatementTotals,
  writer: StatementWriter,
): Promise<number> {
  const chain = chainChecker(totals.opening);
  if (totals.accountId !== null) {
    await streamStatementLines(db, totals.accountId, input.scope, async (lines) => {
      for (const line of lines) chain.check(line);
      await writer.write(
        lines.map((line) => ({
          ...line,
          description: statementDescription(input.lang, line.params) ?? line.reference,
        })),
      );
    });
  }
  const expected = totals.credits.count + totals.debits.count;
  if (chain.running !== totals.closing || chain.count !== expected) {
    throw new StatementUnbalanced(`lines end at ${chain.running}, closing ${totals.closing}`);
  }
  return chain.count;
}

/**
 * Writes one statement file: totals first and checked (refused before any file exists when they
 * do not add up), then the lines streamed in ledger order, each checked against the running
 * balance. On any failure the partial file is deleted, so a wrong statement is never handed out.
 */
export async function writeStatement(
  db: Kysely<Database>,
  input: WriteStatementInput,
): Promise<{ lines: number; bytes: number; totals: StatementTotals }> {
  const totals = await statementTotals(db, input.scope);
  checkTotals(totals);
  const header: StatementHeader = {
    statementId: input.statementId,
    account: `GERBANG-${input.scope.agentId}-${input.scope.environment === 'production' ? 'PRD' : 'SBX'}-IDR`,
    agentName: input.agentName,
    environment: input.scope.environment,
    from: input.scope.from,
    to: input.scope.to,
    lang: input.lang,
    totals,
    createdAt: input.now,
  };
  const writer = await WRITERS[input.format](input.path, header);
  try {
    const lines = await writeLines(db, input, totals, writer);
    await writer.finish();
    return { lines, bytes: statSync(input.path).size, totals };
  } catch (error) {
    await writer.abort();
    rmSync(input.path, { force: true });
    throw error;
  }
}
