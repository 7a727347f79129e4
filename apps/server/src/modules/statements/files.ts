import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Environment } from '@gerbang/shared';
import type { StatementFormat, StatementRequest } from '@gerbang/shared/contract/statements';
import { type Selectable, sql } from 'kysely';
import { refused } from '../../http/errors';
import type { Services } from '../../http/services';
import { businessDay } from './business-day';
import { StatementUnbalanced, writeStatement } from './produce';
import type { StatementFilesTable } from './tables';
import { EXTENSIONS } from './writers/types';

/** Files one user may have waiting at once; more is refused until they are written. */
export const OPEN_STATEMENTS_PER_USER = 5;
/** A file left "being written" by a stopped process is taken again after this long. */
export const STALE_AFTER_MS = 10 * 60 * 1000;
export const MAX_ATTEMPTS = 3;

export type StatementFileRow = Selectable<StatementFilesTable>;
type FileServices = Pick<Services, 'db' | 'now' | 'log'> & {
  config: Pick<Services['config'], 'exportDir'>;
};

export interface StatementOwner {
  agentId: number;
  environment: Environment;
  userId: number | null;
}

/** Records a statement to write (status 0); the job loop writes it. */
export async function requestStatement(
  services: Pick<Services, 'db' | 'now'>,
  owner: StatementOwner,
  request: StatementRequest,
  lang: 'id' | 'en',
): Promise<{ id: number; status: number }> {
  // Counted under the user's row lock: parallel requests queue there, so the count each one
  // checks includes the files the ones before it stored.
  return services.db.transaction().execute(async (trx) => {
    if (owner.userId !== null) {
      await trx
        .selectFrom('users')
        .select('id')
        .where('id', '=', owner.userId)
        .forUpdate()
        .execute();
      const open = await trx
        .selectFrom('statement_files')
        .select((eb) => eb.fn.countAll<number>().as('open'))
        .where('user_id', '=', owner.userId)
        .where('status', 'in', [0, 2])
        .executeTakeFirstOrThrow();
      if (Number(open.open) >= OPEN_STATEMENTS_PER_USER) {
        throw refused('statements.errors.tooMany', { max: OPEN_STATEMENTS_PER_USER });
      }
    }
    return trx
      .insertInto('statement_files')
      .values({
        agent_id: owner.agentId,
        environment: owner.environment,
        user_id: owner.userId,
        format: request.format,
        lang,
        from_date: request.from,
        to_date: request.to,
        created_at: services.now(),
      })
      .returning(['id', 'status'])
      .executeTakeFirstOrThrow();
  });
}

/** Takes one waiting file (or one a stopped process left), so two processes never write one. */
async function claimStatementFile(services: FileServices): Promise<StatementFileRow | null> {
  const now = services.now();
  const stale = new Date(now.getTime() - STALE_AFTER_MS).toISOString();
  await services.db
    .updateTable('statement_files')
    .set({ status: 4, error: 'statements.errors.failed', finished_at: now })
    .where('status', '=', 2)
    .where('claimed_at', '<', new Date(stale))
    .where('attempts', '>=', MAX_ATTEMPTS)
    .execute();
  const result = await sql<StatementFileRow>`
    update statement_files set status = 2, claimed_at = ${now.toISOString()}::timestamptz,
      attempts = attempts + 1
    where id = (
      select id from statement_files
      where status = 0 or (status = 2 and claimed_at < ${stale}::timestamptz)
      order by id limit 1
      for update skip locked)
    returning *`.execute(services.db);
  return result.rows[0] ?? null;
}

export function fileNameOf(id: number, format: StatementFormat): string {
  return `statement-${id}-${randomBytes(6).toString('hex')}.${EXTENSIONS[format]}`;
}

/** Writes one claimed file and records the outcome; never throws for the file's own failure. */
export async function runStatementFile(
  services: FileServices,
  file: StatementFileRow,
): Promise<boolean> {
  const name = fileNameOf(file.id, file.format);
  const dir = services.config.exportDir;
  mkdirSync(dir, { recursive: true });
  try {
    const agent = await services.db
      .selectFrom('agents')
      .select('nama_agen')
      .where('id', '=', file.agent_id)
      .executeTakeFirstOrThrow();
    const written = await writeStatement(services.db, {
      scope: {
        agentId: file.agent_id,
        environment: file.environment,
        from: businessDay(file.from_date),
        to: businessDay(file.to_date),
      },
      format: file.format,
      lang: file.lang,
      path: path.join(dir, name),
      statementId: `STM${file.id}`,
      agentName: agent.nama_agen,
      now: services.now(),
    });
    await services.db
      .updateTable('statement_files')
      .set({
        status: 3,
        file_name: name,
        line_count: written.lines,
        byte_count: written.bytes,
        error: null,
        finished_at: services.now(),
      })
      .where('id', '=', file.id)
      .execute();
    return true;
  } catch (error) {
    const unbalanced = error instanceof StatementUnbalanced;
    if (!unbalanced) services.log.error({ err: error, statementFile: file.id }, 'statement failed');
    await services.db
      .updateTable('statement_files')
      .set({
        status: 4,
        // The catalog key the page shows; the detail stays in the log.
        error: unbalanced ? 'statements.errors.unbalanced' : 'statements.errors.failed',
        finished_at: services.now(),
      })
      .where('id', '=', file.id)
      .execute();
    if (unbalanced)
      services.log.warn({ statementFile: file.id, detail: error.detail }, 'statement refused');
    return false;
  }
}

/** Writes waiting files until none is left or `max` ran (the job loop's pass). */
export async function runStatementFilesOnce(services: FileServices, max = 5): Promise<number> {
  let ran = 0;
  while (ran < max) {
    const file = await claimStatementFile(services);
    if (!file) break;
    await runStatementFile(services, file);
    ran += 1;
  }
  return ran;
}
