import { CALLBACK_STATUS } from '@gerbang/shared/contract/callbacks';
import { notFound, refused } from '../../http/errors';
import type { Services } from '../../http/services';
import type { UserActor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit/audit';

/**
 * `control/retry_callback` (spec 03 §7.1): queues one immediate attempt of a row in a final state
 * (1 Sent or 2 Failed) and answers at once; the sender picks it up on its next pass (within a
 * second). The row goes to 3 Process with `manual_retry`, so a failing manual attempt ends in
 * 2 Failed again instead of restarting the 94-hour schedule. A row still waiting (0 New, 3
 * Process) is refused as busy; another agent's row (or the other environment's) is not found.
 */
export async function retryCallback(
  services: Services,
  actor: UserActor,
  idCallback: number,
): Promise<{ id_callback: number; status_sent: number }> {
  const { auth } = actor;
  const now = services.now();
  return services.db.transaction().execute(async (trx) => {
    const queued = await trx
      .updateTable('callbacks')
      .set({
        status_sent: CALLBACK_STATUS.PROCESS,
        next_attempt_at: now,
        manual_retry: true,
        claimed_until: null,
        lease_token: null,
      })
      .where('id_callback', '=', idCallback)
      .where('agent_id', '=', auth.agent.id)
      .where('environment', '=', auth.environment)
      .where('status_sent', 'in', [CALLBACK_STATUS.SENT, CALLBACK_STATUS.FAILED])
      .returning(['id_callback', 'id_transaksi', 'status_sent'])
      .executeTakeFirst();
    if (!queued) {
      const exists = await trx
        .selectFrom('callbacks')
        .select('id_callback')
        .where('id_callback', '=', idCallback)
        .where('agent_id', '=', auth.agent.id)
        .where('environment', '=', auth.environment)
        .executeTakeFirst();
      throw exists ? refused('data.errors.callbackBusy') : notFound('data.errors.callbackNotFound');
    }
    await writeAudit(trx, {
      at: now,
      agentId: auth.agent.id,
      userId: auth.user.id,
      username: auth.user.username,
      action: 'callback_retry',
      target: String(idCallback),
      detail: { id_transaksi: queued.id_transaksi },
      ip: actor.ip,
      userAgent: actor.userAgent,
      environment: auth.environment,
    });
    return { id_callback: idCallback, status_sent: CALLBACK_STATUS.PROCESS };
  });
}
