import { SCHEDULE_LIMITS, type ScheduleRule } from '@gerbang/shared';
import type { ScheduleItem } from '@gerbang/shared/contract/schedules';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { notFound, refused } from '../../http/errors';
import type { Services } from '../../http/services';
import type { UserActor } from '../../platform/actor';
import { userAuditEntry, writeAudit } from '../../platform/audit/audit';
import { requireTransactionPin } from '../credentials/transaction-pin';
import { findInquiry } from '../withdraw/otp';
import { type ScheduleRow, scheduleItems } from './answer';
import { occurrenceAfter } from './recurrence';
import type { ScheduledDestination } from './tables';

/**
 * Scheduled payouts: the user's side. Creating and editing a schedule is the
 * act that authorises its future payouts, so both ask the transaction PIN (as bulk transfer,
 * remittance and approvals do); each occurrence then passes the approval policy, the balance and
 * the windows at its time (runner.ts). Every change takes the schedule's row lock, which the
 * runner also takes (SKIP LOCKED), so an edit and a run never interleave.
 */

type Trx = Transaction<Database>;
const DAY_MS = 86_400_000;

/** The first occurrence at or after now, within the bound; refused when there is none. */
export function firstDue(rule: ScheduleRule, now: Date): Date {
  const due = occurrenceAfter(rule, now, true);
  if (!due || due.getTime() - now.getTime() > SCHEDULE_LIMITS.maxDaysAhead * DAY_MS) {
    throw refused('schedules.errors.noRun');
  }
  return due;
}

export async function listSchedules(
  services: Services,
  actor: UserActor,
): Promise<{ items: ScheduleItem[] }> {
  const { auth } = actor;
  const rows = await services.db
    .selectFrom('payout_schedules')
    .selectAll()
    .where('agent_id', '=', auth.agent.id)
    .where('environment', '=', auth.environment)
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
  return { items: await scheduleItems(services, services.db, auth.agent.username, rows) };
}

/**
 * A withdrawal scheduled from the inquiry the withdraw form checked (destination, account name
 * and amount as the server checked them). One inquiry makes one schedule.
 */
export async function createSchedule(
  services: Services,
  actor: UserActor,
  input: { reff_id: string; rule: ScheduleRule; pin: string },
): Promise<ScheduleItem> {
  const { auth } = actor;
  const inquiry = await findInquiry(services, actor, input.reff_id);
  if (inquiry.user_id !== auth.user.id || inquiry.kind === 'RETAIL') {
    throw notFound('schedules.errors.inquiry');
  }
  const now = services.now();
  if (new Date(inquiry.expires_at).getTime() <= now.getTime()) {
    throw refused('withdraw.inquiryExpired');
  }
  const due = firstDue(input.rule, now);
  await requireTransactionPin({ services, ...actor }, input.pin, 'schedule_create');
  const destination: ScheduledDestination = {
    rail: inquiry.kind,
    code: inquiry.code,
    rail_code: inquiry.rail_code,
    product_name: inquiry.product_name,
    account_type: inquiry.account_type,
    account_number: inquiry.account_number,
    account_name: inquiry.account_name,
  };
  const row = await services.db.transaction().execute(async (trx) => {
    await guardOpenCount(trx, actor);
    const inserted = await trx
      .insertInto('payout_schedules')
      .values({
        agent_id: auth.agent.id,
        environment: auth.environment,
        maker_user_id: auth.user.id,
        kind: 'withdraw',
        destination: JSON.stringify(destination),
        amount: inquiry.amount,
        note: inquiry.note,
        rule: JSON.stringify(input.rule),
        next_due_at: due,
        next_run_at: due,
        source_inquiry_id: inquiry.id,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('source_inquiry_id').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!inserted) throw refused('schedules.errors.inquiryUsed');
    await writeAudit(trx, scheduleAudit(actor, now, 'schedule_create', inserted));
    return inserted;
  });
  return itemOf(services, actor, row);
}

/** Open (active or paused) schedules per agent are bounded; counted under the agent's lock. */
export async function guardOpenCount(trx: Trx, actor: UserActor) {
  const { auth } = actor;
  await trx.selectFrom('agents').select('id').where('id', '=', auth.agent.id).forUpdate().execute();
  const open = await trx
    .selectFrom('payout_schedules')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('agent_id', '=', auth.agent.id)
    .where('environment', '=', auth.environment)
    .where('status', 'in', ['ACTIVE', 'PAUSED'])
    .executeTakeFirstOrThrow();
  if (Number(open.n) >= SCHEDULE_LIMITS.maxOpenPerAgent) {
    throw refused('schedules.errors.tooMany', { max: SCHEDULE_LIMITS.maxOpenPerAgent });
  }
}

export function scheduleAudit(
  actor: UserActor,
  at: Date,
  action: string,
  row: Pick<ScheduleRow, 'id' | 'amount' | 'rule' | 'status' | 'next_due_at'>,
) {
  return userAuditEntry(actor, at, {
    action,
    target: `schedule:${row.id}`,
    detail: {
      amount: row.amount,
      rule: row.rule,
      status: row.status,
      next_due_at: row.next_due_at ? new Date(row.next_due_at).toISOString() : null,
    },
  });
}

export async function itemOf(
  services: Services,
  actor: UserActor,
  row: ScheduleRow,
): Promise<ScheduleItem> {
  const [item] = await scheduleItems(services, services.db, actor.auth.agent.username, [row]);
  return item as ScheduleItem;
}
