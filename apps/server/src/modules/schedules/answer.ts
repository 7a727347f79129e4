import type { ScheduleRunStatus } from '@gerbang/shared';
import type { ScheduleItem } from '@gerbang/shared/contract/schedules';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/services';
import { bulkGroupOf, withdrawalOf } from './destination';
import type { PayoutSchedulesTable, ScheduleRunsTable } from './tables';
import { runAfter } from './windows';

export type ScheduleRow = Selectable<PayoutSchedulesTable>;

/** The page's view of schedules: next run (after any window), last result, maker. */
export async function scheduleItems(
  services: Pick<Services, 'config' | 'rails'>,
  db: Kysely<Database>,
  agentUsername: string,
  rows: ScheduleRow[],
): Promise<ScheduleItem[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const lastRuns = await db
    .selectFrom('schedule_runs')
    .selectAll()
    .distinctOn('schedule_id')
    .where('schedule_id', 'in', ids)
    .orderBy('schedule_id')
    .orderBy('id', 'desc')
    .execute();
  const lastOf = new Map(lastRuns.map((run) => [Number(run.schedule_id), run]));
  const groupStatus = await groupStatuses(db, lastRuns);
  const makers = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', 'in', [...new Set(rows.map((row) => row.maker_user_id))])
    .execute();
  const makerOf = new Map(makers.map((m) => [Number(m.id), m.username]));
  return rows.map((row) => {
    const last = lastOf.get(row.id);
    const runAt = row.next_run_at
      ? runAfter(services, agentUsername, new Date(row.next_run_at))
      : null;
    const bulk = row.kind === 'bulk' ? bulkGroupOf(row) : null;
    const d = withdrawalOf(row);
    return {
      id: row.id,
      kind: row.kind,
      bank: bulk ? '' : d.product_name,
      account_number: bulk ? '' : d.account_number,
      account_name: bulk ? bulk.group_name : d.account_name,
      rows: bulk ? bulk.rows : null,
      amount: row.amount,
      note: row.note,
      rule: row.rule,
      status: row.status,
      next_due_at: row.next_due_at ? new Date(row.next_due_at).toISOString() : null,
      next_run_at: runAt ? runAt.toISOString() : null,
      runs_done: row.runs_done,
      maker: makerOf.get(row.maker_user_id) ?? '',
      last_run: last
        ? {
            due_at: new Date(last.due_at).toISOString(),
            ...runResult(last, groupStatus),
            reference: last.reference,
            group_id: last.group_id === null ? null : Number(last.group_id),
            at: new Date(last.updated_at).toISOString(),
          }
        : null,
    };
  });
}

type RunRow = Selectable<ScheduleRunsTable>;

/** The status of the bulk groups that occurrences made (EXPIRED: its approval ran out). */
async function groupStatuses(db: Kysely<Database>, runs: RunRow[]): Promise<Map<number, string>> {
  const ids = runs.flatMap((run) => (run.group_id === null ? [] : [Number(run.group_id)]));
  if (ids.length === 0) return new Map();
  const groups = await db
    .selectFrom('disbursement_groups as g')
    .leftJoin('approval_requests as r', (join) =>
      join.onRef('r.subject_id', '=', 'g.id').on('r.subject', '=', 'bulk_group'),
    )
    .select(['g.id', 'g.status', 'r.status as request'])
    .where('g.id', 'in', ids)
    .execute();
  return new Map(
    groups.map((g) => [
      Number(g.id),
      g.status === 'REJECTED' && g.request === 'EXPIRED' ? 'EXPIRED' : g.status,
    ]),
  );
}

/**
 * A bulk occurrence's result is its group's: sent (RUNNING), done (DONE; each row's own result is
 * on the bulk page), or rejected or expired at approval (REJECTED, the held money back).
 */
function runResult(
  run: RunRow,
  groups: Map<number, string>,
): { status: ScheduleRunStatus; reason: string | null } {
  const group = run.group_id === null ? undefined : groups.get(Number(run.group_id));
  if (group === 'DONE') return { status: 'SUCCESS', reason: null };
  if (group === 'REJECTED') return { status: 'FAILED', reason: 'APPROVAL_REJECTED' };
  if (group === 'EXPIRED') return { status: 'FAILED', reason: 'APPROVAL_EXPIRED' };
  if (group === 'RUNNING') return { status: 'OPENED', reason: null };
  return { status: run.status, reason: run.reason };
}
