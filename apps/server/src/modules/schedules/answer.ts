import type { ScheduleItem } from '@gerbang/shared/contract/schedules';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/services';
import type { PayoutSchedulesTable } from './tables';
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
    return {
      id: row.id,
      kind: row.kind,
      bank: row.destination.product_name,
      account_number: row.destination.account_number,
      account_name: row.destination.account_name,
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
            status: last.status,
            reason: last.reason,
            reference: last.reference,
            at: new Date(last.updated_at).toISOString(),
          }
        : null,
    };
  });
}
