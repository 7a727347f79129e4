/**
 * Importing a statement file: the file row and its lines in one transaction, the file
 * read and stored a chunk at a time (a malformed file is refused with its line and reason and the
 * transaction rolls back, so nothing is stored).
 * The same file twice (sha-256 of its bytes) stores nothing; a line already known from another
 * file (same identity: the bank's entry id, else date|amount|references|text, with its occurrence
 * number inside the file) is not stored again, so overlapping statements never double. Two equal
 * lines inside one file stay two lines (the second is a duplicate for the matcher to flag).
 */
import { createHash } from 'node:crypto';
import { RC } from '@gerbang/shared';
import type {
  ReconAccount,
  ReconCsvMapping,
  ReconFormat,
} from '@gerbang/shared/contract/reconciliation';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { camt053Chunks } from './formats/camt053';
import { csvChunks } from './formats/csv';
import { mt940Chunks } from './formats/mt940';
import { StatementFormatError, type StatementLine } from './formats/types';
import { ownedBy, type ReconScope } from './scope';

export interface ImportInput extends ReconScope {
  userId: number | null;
  account: ReconAccount;
  format: ReconFormat;
  fileName: string;
  content: Buffer;
  /** Required for CSV: the bank's saved mapping. */
  mapping: ReconCsvMapping | null;
  now: Date;
}

export interface ImportOutcome {
  statementId: number;
  duplicateFile: boolean;
  lines: number;
  knownLines: number;
  firstDay: string | null;
  lastDay: string | null;
}

/** An import's answer as both the merchant's and the console's import calls send it. */
export function importAnswer(r: ImportOutcome) {
  return {
    statement_id: r.statementId,
    duplicate_file: r.duplicateFile,
    lines: r.lines,
    known_lines: r.knownLines,
    first_day: r.firstDay,
    last_day: r.lastDay,
  };
}

/**
 * The file's lines a chunk at a time, refusals turned into the user's error. The parsers are
 * generators, so a 100,000-line file is read, stored and forgotten a chunk at a time.
 */
async function* chunksOf(input: ImportInput): AsyncGenerator<StatementLine[], string> {
  try {
    if (input.format === 'mt940') return yield* mt940Chunks(input.content.toString('utf8'));
    if (input.format === 'camt053') return yield* camt053Chunks(input.content.toString('utf8'));
    if (!input.mapping) throw new ApiError(RC.VALIDATION, 'recon.errors.noMapping');
    return yield* csvChunks(input.content, input.mapping);
  } catch (error) {
    if (!(error instanceof StatementFormatError)) throw error;
    throw new ApiError(
      RC.VALIDATION,
      'recon.errors.malformed',
      { line: error.line, reason: error.reason },
      { line: error.line, reason: error.reason },
    );
  }
}

/**
 * Each line's identity; the n-th repeat of an identity inside the file gets `#n`. `seen` carries
 * the counts from one chunk of the file to the next.
 */
export function lineIdentities(
  lines: readonly StatementLine[],
  seen: Map<string, number> = new Map(),
): string[] {
  return lines.map((l) => {
    const base = l.bankReference
      ? `b:${l.bankReference}`
      : `h:${createHash('sha1').update(`${l.bookedOn}|${l.amount}|${l.reference}|${l.description}`).digest('base64url')}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base}#${n}`;
  });
}

/**
 * Stores one chunk of lines, skipping identities already known: one `INSERT … SELECT FROM
 * unnest(arrays)` — seven array parameters instead of eleven per row, which is what makes 100,000
 * lines fit the bench's time (bench/recon.bench.ts).
 */
async function insertLines(
  trx: Kysely<Database>,
  input: ImportInput,
  statementId: number,
  chunk: readonly StatementLine[],
  ids: readonly string[],
): Promise<number> {
  const result = await sql`
    INSERT INTO recon_lines (statement_id, agent_id, environment, account, identity, file_line,
      booked_on, amount, reference, bank_reference, description)
    SELECT ${statementId}, ${input.agentId}::bigint, ${input.environment}, ${input.account}, u.*
      FROM unnest(${ids}::text[], ${chunk.map((l) => l.line)}::int[],
        ${chunk.map((l) => l.bookedOn)}::date[], ${chunk.map((l) => l.amount)}::bigint[],
        ${chunk.map((l) => l.reference.slice(0, 140))}::text[],
        ${chunk.map((l) => l.bankReference.slice(0, 140))}::text[],
        ${chunk.map((l) => l.description.slice(0, 500))}::text[]) AS u
    ON CONFLICT (agent_id, environment, account, identity) DO NOTHING`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

interface Stored {
  lines: number;
  inserted: number;
  firstDay: string | null;
  lastDay: string | null;
  bankAccount: string;
}

/** Reads the file a chunk at a time and stores each chunk; a refusal rolls the whole file back. */
async function storeLines(
  trx: Kysely<Database>,
  input: ImportInput,
  statementId: number,
): Promise<Stored> {
  const seen = new Map<string, number>();
  const out: Stored = { lines: 0, inserted: 0, firstDay: null, lastDay: null, bankAccount: '' };
  const walk = chunksOf(input);
  for (;;) {
    const step = await walk.next();
    if (step.done) {
      out.bankAccount = step.value;
      return out;
    }
    const chunk = step.value;
    if (chunk.length === 0) continue;
    for (const l of chunk) {
      if (out.firstDay === null || l.bookedOn < out.firstDay) out.firstDay = l.bookedOn;
      if (out.lastDay === null || l.bookedOn > out.lastDay) out.lastDay = l.bookedOn;
    }
    out.lines += chunk.length;
    out.inserted += await insertLines(trx, input, statementId, chunk, lineIdentities(chunk, seen));
  }
}

export async function importStatement(
  db: Kysely<Database>,
  input: ImportInput,
): Promise<ImportOutcome> {
  const fileHash = createHash('sha256').update(input.content).digest('hex');
  return db.transaction().execute(async (trx) => {
    const statement = await trx
      .insertInto('recon_statements')
      .values({
        agent_id: input.agentId,
        environment: input.environment,
        account: input.account,
        format: input.format,
        file_name: input.fileName.slice(0, 255),
        file_hash: fileHash,
        bank_account: '',
        line_count: 0,
        new_lines: 0,
        first_day: null,
        last_day: null,
        user_id: input.userId,
        created_at: input.now,
      })
      .onConflict((oc) =>
        oc.columns(['agent_id', 'environment', 'account', 'file_hash']).doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    if (!statement) {
      // The same file again (or a parallel upload of it that committed first): nothing new.
      const known = await trx
        .selectFrom('recon_statements')
        .select([
          'id',
          'line_count',
          sql<string | null>`first_day::text`.as('first'),
          sql<string | null>`last_day::text`.as('last'),
        ])
        .where(ownedBy('agent_id', input.agentId))
        .where('environment', '=', input.environment)
        .where('account', '=', input.account)
        .where('file_hash', '=', fileHash)
        .executeTakeFirstOrThrow();
      return {
        statementId: known.id,
        duplicateFile: true,
        lines: known.line_count,
        knownLines: known.line_count,
        firstDay: known.first,
        lastDay: known.last,
      };
    }
    const stored = await storeLines(trx, input, statement.id);
    await trx
      .updateTable('recon_statements')
      .set({
        new_lines: stored.inserted,
        line_count: stored.lines,
        first_day: stored.firstDay,
        last_day: stored.lastDay,
        bank_account: stored.bankAccount.slice(0, 64),
      })
      .where('id', '=', statement.id)
      .execute();
    return {
      statementId: statement.id,
      duplicateFile: false,
      lines: stored.lines,
      knownLines: stored.lines - stored.inserted,
      firstDay: stored.firstDay,
      lastDay: stored.lastDay,
    };
  });
}
