import { type Environment, formatRupiah } from '@gerbang/shared';
import type { LowBalanceSetting } from '@gerbang/shared/contract/alerts';
import type { Services } from '../../http/services';
import type { UserActor } from '../../platform/actor';
import { raiseAlert } from '../../platform/alerts/raise';
import { userAuditEntry, writeAudit } from '../../platform/audit/audit';
import { queueCallback } from '../callbacks/queue';

/**
 * The low-balance alert. Per agent and environment a threshold; the alert job
 * reads each watched balance and fires once per crossing below it: the fire is a claim (`armed`
 * true → false in one conditional UPDATE), so parallel postings and several server processes
 * raise one alert, one mail and (when asked) one `low_balance` callback. Back at or above the
 * threshold the setting re-arms. A dip shorter than one pass of the job (5 s) may go unseen.
 */

/** Settings one pass reads at most (ordered, so a later pass is the same walk). */
const PASS_MAX = 2_000;

export async function readLowBalance(
  services: Services,
  agentId: number,
  environment: Environment,
): Promise<LowBalanceSetting> {
  const row = await services.db
    .selectFrom('balance_alert_settings')
    .select(['threshold', 'send_callback', 'armed'])
    .where('agent_id', '=', agentId)
    .where('environment', '=', environment)
    .executeTakeFirst();
  return row
    ? { threshold: Number(row.threshold), send_callback: row.send_callback, armed: row.armed }
    : { threshold: null, send_callback: false, armed: true };
}

/** Sets (or, with null, removes) the threshold of the session's environment; re-arms it. */
export async function saveLowBalance(
  services: Services,
  actor: UserActor,
  input: { threshold: number | null; send_callback: boolean },
): Promise<LowBalanceSetting> {
  const { auth } = actor;
  const now = services.now();
  await services.db.transaction().execute(async (trx) => {
    if (input.threshold === null) {
      await trx
        .deleteFrom('balance_alert_settings')
        .where('agent_id', '=', auth.agent.id)
        .where('environment', '=', auth.environment)
        .execute();
    } else {
      await trx
        .insertInto('balance_alert_settings')
        .values({
          agent_id: auth.agent.id,
          environment: auth.environment,
          threshold: input.threshold,
          send_callback: input.send_callback,
          armed: true,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc.columns(['agent_id', 'environment']).doUpdateSet({
            threshold: input.threshold as number,
            send_callback: input.send_callback,
            armed: true,
            updated_at: now,
          }),
        )
        .execute();
    }
    await writeAudit(
      trx,
      userAuditEntry(actor, now, {
        action: 'low_balance_setting',
        target: auth.environment,
        detail: { threshold: input.threshold, send_callback: input.send_callback },
      }),
    );
  });
  return readLowBalance(services, auth.agent.id, auth.environment);
}

interface Watched {
  agent_id: number;
  environment: Environment;
  threshold: number;
  send_callback: boolean;
  armed: boolean;
}

/** Fires the alert of one setting whose balance is below its threshold, once (the claim). */
async function fire(services: Services, s: Watched, balance: number): Promise<boolean> {
  const now = services.now();
  return services.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('balance_alert_settings')
      .set({ armed: false })
      .where('agent_id', '=', s.agent_id)
      .where('environment', '=', s.environment)
      .where('armed', '=', true)
      .returning('threshold')
      .executeTakeFirst();
    if (!claimed) return false;
    const detail = { balance: formatRupiah(balance), threshold: formatRupiah(s.threshold) };
    await raiseAlert(trx, services.mail, now, {
      agentId: s.agent_id,
      environment: s.environment,
      kind: 'low_balance',
      detail,
    });
    if (s.send_callback) {
      await queueCallback(trx, now, {
        agentId: s.agent_id,
        environment: s.environment,
        idTransaksi: `LOWBAL-${s.agent_id}-${now.getTime()}`,
        type: 'low_balance',
        timeRequest: now,
        body: { balance, threshold: s.threshold },
      });
    }
    return true;
  });
}

/** One pass of the alert job: every watched balance compared with its threshold. */
export async function runLowBalanceOnce(
  services: Services,
): Promise<{ fired: number; rearmed: number }> {
  const watched = (await services.db
    .selectFrom('balance_alert_settings')
    .select(['agent_id', 'environment', 'threshold', 'send_callback', 'armed'])
    .orderBy('agent_id')
    .orderBy('environment')
    .limit(PASS_MAX)
    .execute()) as Watched[];
  let fired = 0;
  let rearmed = 0;
  for (const s of watched) {
    const { balance } = await services.balances.read(Number(s.agent_id), s.environment);
    const below = balance < Number(s.threshold);
    if (below && s.armed && (await fire(services, s, balance))) fired += 1;
    if (!below && !s.armed) {
      const back = await services.db
        .updateTable('balance_alert_settings')
        .set({ armed: true })
        .where('agent_id', '=', s.agent_id)
        .where('environment', '=', s.environment)
        .where('armed', '=', false)
        .executeTakeFirst();
      rearmed += Number(back.numUpdatedRows);
    }
  }
  return { fired, rearmed };
}
