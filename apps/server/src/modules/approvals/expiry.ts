import {
  APPROVE_PERMISSION,
  formatRupiah,
  isAllowed,
  type Language,
  translate,
} from '@gerbang/shared';
import type { Services } from '../../http/services';
import { loadAccessList } from '../../platform/access/access-list';
import { writeAudit } from '../../platform/audit/audit';
import { endRequest } from './decide';

/** Requests one pass expires or announces; the next pass takes the rest. */
const BATCH = 100;

export interface ApprovalsReport {
  expired: number;
  notified: number;
}

/**
 * The approvals job (jobs/approvals.ts): ends the requests nobody approved in time (the hold goes
 * back, once) and mails each new request's approvers. Safe from several processes: a request is
 * locked with SKIP LOCKED and moves from WAITING once; an approval racing the expiry takes the
 * same lock and sees the expiry (or the expiry sees it approved).
 */
export async function runOnce(services: Services): Promise<ApprovalsReport> {
  return { expired: await expireDue(services), notified: await notifyNew(services) };
}

export async function expireDue(services: Services): Promise<number> {
  const now = services.now();
  const due = await services.db
    .selectFrom('approval_requests')
    .select('id')
    .where('status', '=', 'WAITING')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(BATCH)
    .execute();
  let expired = 0;
  for (const { id } of due) {
    const done = await services.db.transaction().execute(async (trx) => {
      const request = await trx
        .selectFrom('approval_requests')
        .selectAll()
        .where('id', '=', id)
        .where('status', '=', 'WAITING')
        .where('expires_at', '<=', now)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!request) return false;
      const row = { ...request, id: Number(request.id), subject_id: Number(request.subject_id) };
      await endRequest(services, trx, row, now, 'EXPIRED', null);
      await writeAudit(trx, {
        at: now,
        agentId: row.agent_id,
        userId: null,
        username: null,
        action: 'approval_expire',
        target: row.reference,
        detail: { request_id: row.id, kind: row.kind, amount: row.amount, job: 'approvals' },
        environment: row.environment,
      });
      return true;
    });
    if (done) expired += 1;
  }
  return expired;
}

/** Mails the people who may approve each new request (never its maker); marks it notified. */
async function notifyNew(services: Services): Promise<number> {
  const fresh = await services.db
    .updateTable('approval_requests')
    .set({ notified_at: services.now() })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('approval_requests')
        .select('id')
        .where('notified_at', 'is', null)
        .orderBy('created_at')
        .limit(BATCH),
    )
    .where('notified_at', 'is', null)
    .returning(['id', 'agent_id', 'kind', 'reference', 'amount', 'maker_user_id', 'status'])
    .execute();
  for (const request of fresh) {
    if (request.status !== 'WAITING') continue;
    for (const approver of await approversOf(services, request)) {
      await services.mail.send({
        to: approver.to,
        kind: 'approval_request',
        subject: translate(approver.lang, 'approvals.mail.subject', {
          reference: request.reference,
        }),
        text: translate(approver.lang, 'approvals.mail.body', {
          name: approver.name,
          reference: request.reference,
          kind: translate(approver.lang, `approvals.kinds.${request.kind}`),
          amount: formatRupiah(Number(request.amount)),
        }),
      });
    }
  }
  return fresh.length;
}

async function approversOf(
  services: Services,
  request: {
    agent_id: number;
    kind: keyof typeof APPROVE_PERMISSION;
    maker_user_id: number | null;
  },
): Promise<{ to: string; name: string; lang: Language }[]> {
  const agent = await services.db
    .selectFrom('agents')
    .select(['email', 'id_grup'])
    .where('id', '=', request.agent_id)
    .executeTakeFirstOrThrow();
  const users = await services.db
    .selectFrom('users')
    .select(['id', 'username', 'nama', 'parent_user_id', 'language'])
    .where('agent_id', '=', request.agent_id)
    .where('deleted_at', 'is', null)
    .execute();
  const permission = APPROVE_PERMISSION[request.kind];
  const out: { to: string; name: string; lang: Language }[] = [];
  for (const user of users) {
    if (user.id === request.maker_user_id) continue;
    const access = await loadAccessList(services.db, user.id, agent.id_grup);
    if (!isAllowed(access, permission.module, permission.action)) continue;
    const to = user.username.includes('@') ? user.username : agent.email;
    out.push({ to, name: user.nama, lang: user.language === 'en' ? 'en' : 'id' });
  }
  return out;
}
