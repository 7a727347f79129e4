import { type Environment, formatRupiah, formatWibDateTime } from '@gerbang/shared';
import { SCHEDULE_ALERT_HOURS } from '@gerbang/shared/contract/alerts';
import { sql } from 'kysely';
import type { Services } from '../../http/services';
import { raiseAlert } from '../../platform/alerts/raise';

/**
 * The scheduled-payout balance alert: an active schedule whose next occurrence
 * is due within SCHEDULE_ALERT_HOURS and whose amount exceeds the agent's available balance now
 * raises `schedule_short` (console row + mail to the main user), once per occurrence. "Once" is a
 * claim: the (schedule, occurrence) row is inserted in the alert's own transaction, so parallel
 * passes and several server processes raise one alert. The schedules' tables are only read (their
 * runner decides what happens at the due time; a top-up meanwhile makes the alert moot, not
 * wrong). A later occurrence of the same schedule is a new claim and may alert again.
 */

/** Occurrences one pass looks at most (ordered by due time: the nearest first). */
const PASS_MAX = 2_000;
/** Claims older than this are pruned (their occurrence is long past). */
const KEEP_DAYS = 7;

interface Due {
  id: number;
  agent_id: number;
  environment: Environment;
  amount: number;
  note: string;
  next_due_at: Date;
}

async function dueSoon(services: Services, now: Date): Promise<Due[]> {
  const until = new Date(now.getTime() + SCHEDULE_ALERT_HOURS * 3_600_000);
  const rows = await services.db
    .selectFrom('payout_schedules as s')
    .leftJoin('schedule_balance_alerts as c', (join) =>
      join.onRef('c.schedule_id', '=', 's.id').onRef('c.due_at', '=', 's.next_due_at'),
    )
    .select(['s.id', 's.agent_id', 's.environment', 's.amount', 's.note', 's.next_due_at'])
    .where('s.status', '=', 'ACTIVE')
    .where('s.next_due_at', '>=', now)
    .where('s.next_due_at', '<=', until)
    .where('c.schedule_id', 'is', null)
    .orderBy('s.next_due_at')
    .limit(PASS_MAX)
    .execute();
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    agent_id: Number(r.agent_id),
    amount: Number(r.amount),
    next_due_at: new Date(r.next_due_at as unknown as string),
  })) as Due[];
}

async function fire(services: Services, due: Due, balance: number, now: Date): Promise<boolean> {
  return services.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('schedule_balance_alerts')
      .values({ schedule_id: due.id, due_at: due.next_due_at, created_at: now })
      .onConflict((oc) => oc.doNothing())
      .returning('schedule_id')
      .executeTakeFirst();
    if (!claimed) return false;
    await raiseAlert(trx, services.mail, now, {
      agentId: due.agent_id,
      environment: due.environment,
      kind: 'schedule_short',
      detail: {
        schedule: due.note || `#${due.id}`,
        amount: formatRupiah(due.amount),
        balance: formatRupiah(balance),
        due: formatWibDateTime(due.next_due_at),
      },
    });
    return true;
  });
}

/** One pass: each occurrence due soon and not yet alerted, against the available balance. */
export async function runScheduleShortOnce(services: Services): Promise<number> {
  const now = services.now();
  const due = await dueSoon(services, now);
  const balances = new Map<string, number>();
  let fired = 0;
  for (const d of due) {
    const key = `${d.agent_id}:${d.environment}`;
    let balance = balances.get(key);
    if (balance === undefined) {
      balance = (await services.balances.read(d.agent_id, d.environment)).balance;
      balances.set(key, balance);
    }
    if (d.amount > balance && (await fire(services, d, balance, now))) fired += 1;
  }
  await sql`delete from schedule_balance_alerts
    where due_at < ${new Date(now.getTime() - KEEP_DAYS * 86_400_000)}`.execute(services.db);
  return fired;
}
