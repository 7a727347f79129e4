import type { ScheduleRule } from '@gerbang/shared';
import type { ScheduleItem } from '@gerbang/shared/contract/schedules';
import type { Transaction, Updateable } from 'kysely';
import type { Database } from '../../db/schema';
import { notFound, refused } from '../../http/errors';
import type { Services } from '../../http/services';
import type { UserActor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit/audit';
import { requireTransactionPin } from '../credentials/transaction-pin';
import type { ScheduleRow } from './answer';
import { occurrenceAfter } from './recurrence';
import { itemOf, scheduleAudit } from './service';
import type { PayoutSchedulesTable } from './tables';

/**
 * Pause, resume, skip the next run, cancel and edit: each a state change under the schedule's
 * row lock (the runner takes due rows with SKIP LOCKED, so it never runs a row being changed).
 */

type Trx = Transaction<Database>;
type Change = Updateable<PayoutSchedulesTable>;

/** Locks the actor's agent's schedule, applies `change` (which may refuse), audits, answers. */
async function changeSchedule(
  services: Services,
  actor: UserActor,
  id: number,
  action: string,
  change: (trx: Trx, row: ScheduleRow, now: Date) => Promise<Change>,
): Promise<ScheduleItem> {
  const { auth } = actor;
  const row = await services.db.transaction().execute(async (trx) => {
    const locked = await trx
      .selectFrom('payout_schedules')
      .selectAll()
      .where('id', '=', id)
      .where('agent_id', '=', auth.agent.id)
      .where('environment', '=', auth.environment)
      .forUpdate()
      .executeTakeFirst();
    if (!locked) throw notFound('schedules.errors.notFound');
    const now = services.now();
    const set = await change(trx, locked, now);
    const updated = await trx
      .updateTable('payout_schedules')
      .set({ ...set, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeAudit(trx, scheduleAudit(actor, now, action, updated));
    return updated;
  });
  return itemOf(services, actor, row);
}

function nextOrEnded(rule: ScheduleRule, after: Date, inclusive: boolean): Change {
  const next = occurrenceAfter(rule, after, inclusive);
  return next
    ? { next_due_at: next, next_run_at: next }
    : { status: 'ENDED', next_due_at: null, next_run_at: null };
}

export function pauseSchedule(services: Services, actor: UserActor, id: number) {
  return changeSchedule(services, actor, id, 'schedule_pause', async (_trx, row) => {
    if (row.status !== 'ACTIVE') throw refused('schedules.errors.notActive');
    return { status: 'PAUSED' };
  });
}

/** Resuming runs the next occurrence from now on; the ones missed while paused are not made. */
export function resumeSchedule(services: Services, actor: UserActor, id: number) {
  return changeSchedule(services, actor, id, 'schedule_resume', async (_trx, row, now) => {
    if (row.status !== 'PAUSED') throw refused('schedules.errors.notPaused');
    return { status: 'ACTIVE', ...nextOrEnded(row.rule, now, true) };
  });
}

/** The next occurrence is recorded SKIPPED: its claim row exists, so no runner can make it. */
export function skipNext(services: Services, actor: UserActor, id: number) {
  return changeSchedule(services, actor, id, 'schedule_skip', async (trx, row, now) => {
    if (row.status !== 'ACTIVE' || !row.next_due_at) throw refused('schedules.errors.notActive');
    const due = new Date(row.next_due_at);
    await trx
      .insertInto('schedule_runs')
      .values({
        schedule_id: row.id,
        due_at: due,
        status: 'SKIPPED',
        amount: row.amount,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['schedule_id', 'due_at']).doNothing())
      .execute();
    return nextOrEnded(row.rule, due.getTime() > now.getTime() ? due : now, false);
  });
}

export function cancelSchedule(services: Services, actor: UserActor, id: number) {
  return changeSchedule(services, actor, id, 'schedule_cancel', async (_trx, row) => {
    if (row.status !== 'ACTIVE' && row.status !== 'PAUSED') {
      throw refused('schedules.errors.ended');
    }
    return { status: 'CANCELLED', next_due_at: null, next_run_at: null };
  });
}

/**
 * A new amount, note or recurrence (the PIN again: it changes what the schedule authorises). The
 * next occurrence is computed from now; one already claimed keeps its claim row.
 */
export async function updateSchedule(
  services: Services,
  actor: UserActor,
  input: { id: number; amount: number; note: string; rule: ScheduleRule; pin: string },
): Promise<ScheduleItem> {
  const ctx = { services, auth: actor.auth, ip: actor.ip, userAgent: actor.userAgent };
  await requireTransactionPin(ctx, input.pin, 'schedule_update');
  return changeSchedule(services, actor, input.id, 'schedule_update', async (_trx, row, now) => {
    if (row.status !== 'ACTIVE' && row.status !== 'PAUSED') {
      throw refused('schedules.errors.ended');
    }
    const next = occurrenceAfter(input.rule, now, true);
    if (!next) throw refused('schedules.errors.noRun');
    // A bulk group's amount is its rows' subtotal (rows not edited here); a remittance's is
    // fixed in the foreign currency by its inquiry, the rupiah quoted at each run.
    return {
      amount: row.kind === 'withdraw' ? input.amount : row.amount,
      note: input.note,
      rule: JSON.stringify(input.rule),
      next_due_at: next,
      next_run_at: next,
    };
  });
}
