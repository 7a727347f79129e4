import { wibDate } from '@gerbang/shared';
import type { Services } from '../../http/services';
import { mailMainUser } from '../../platform/alerts/raise';

const DAY_MS = 86_400_000;
/** Agents one pass mails at most; the next pass (5 s later) takes the rest. */
const PASS_MAX = 200;
/** The health check runs this often at most per process (it reads a day of attempts). */
const EVERY_MS = 10 * 60_000;

let lastRun = 0;

/**
 * The daily callback health mail: an agent whose deliveries failed in the last
 * 24 h gets one mail per WIB day with the count of failed attempts and of rows still undelivered.
 * Once per agent per day across processes: the mail is queued in the transaction that inserts
 * the (agent, day) claim, and a second insert of the same claim does nothing.
 */
export async function runCallbackHealthOnce(services: Services, force = false): Promise<number> {
  const now = services.now();
  if (!force && now.getTime() - lastRun < EVERY_MS) return 0;
  lastRun = now.getTime();
  const day = wibDate(now);
  const since = new Date(now.getTime() - DAY_MS);
  const failing = await services.db
    .selectFrom('callback_attempts as a')
    .leftJoin('callback_health_mails as m', (join) =>
      join.onRef('m.agent_id', '=', 'a.agent_id').on('m.day', '=', day),
    )
    .select((eb) => ['a.agent_id', eb.fn.countAll<number>().as('failed')])
    .where('a.started_at', '>=', since)
    .where('a.error_code', 'is not', null)
    .where('m.agent_id', 'is', null)
    .groupBy('a.agent_id')
    .orderBy('a.agent_id')
    .limit(PASS_MAX)
    .execute();
  let sent = 0;
  for (const row of failing) {
    const agentId = Number(row.agent_id);
    const mailed = await services.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .insertInto('callback_health_mails')
        .values({ agent_id: agentId, day, sent_at: now, failed: Number(row.failed) })
        .onConflict((oc) => oc.columns(['agent_id', 'day']).doNothing())
        .returning('agent_id')
        .executeTakeFirst();
      if (!claimed) return false;
      const waiting = await trx
        .selectFrom('callbacks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('agent_id', '=', agentId)
        .where('status_sent', '<>', 1)
        .executeTakeFirst();
      return mailMainUser(trx, services.mail, now, agentId, {
        kind: 'callback_health',
        subjectKey: 'alerts.mail.callbackHealthSubject',
        bodyKey: 'alerts.mail.callbackHealthBody',
        vars: { failed: Number(row.failed), undelivered: Number(waiting?.n ?? 0), day },
      });
    });
    if (mailed) sent += 1;
  }
  return sent;
}
