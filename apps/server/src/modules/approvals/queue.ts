import { APPROVE_PERMISSION, isAllowed } from '@gerbang/shared';
import type { ApprovalItem } from '@gerbang/shared/contract/approvals';
import type { Services } from '../../http/services';
import type { UserActor } from '../../platform/actor';

/** The longest queue one page shows (oldest first; older ones expire first). */
const QUEUE_MAX = 500;

/**
 * The approvals queue: waiting payouts of every kind the caller may approve, and the caller's own
 * (which they may only cancel), with who approved so far. The server still decides every approval.
 */
export async function approvalQueue(
  services: Services,
  actor: UserActor,
): Promise<{ items: ApprovalItem[]; total_amount: number; count: number }> {
  const { auth } = actor;
  const now = services.now();
  const rows = await services.db
    .selectFrom('approval_requests as r')
    .leftJoin('users as u', 'u.id', 'r.maker_user_id')
    .select([
      'r.id',
      'r.kind',
      'r.reference',
      'r.amount',
      'r.fee',
      'r.destination',
      'r.maker_user_id',
      'r.created_at',
      'r.expires_at',
      'r.layers_done',
      'r.layers_needed',
      'u.username as maker',
    ])
    .where('r.agent_id', '=', auth.agent.id)
    .where('r.environment', '=', auth.environment)
    .where('r.status', '=', 'WAITING')
    .where('r.expires_at', '>', now)
    .orderBy('r.created_at')
    .limit(QUEUE_MAX)
    .execute();
  const visible = rows.filter((r) => {
    const p = APPROVE_PERMISSION[r.kind];
    return r.maker_user_id === auth.user.id || isAllowed(auth.access, p.module, p.action);
  });
  const approvers = await approversByRequest(
    services,
    visible.map((r) => Number(r.id)),
  );
  const items = visible.map((r): ApprovalItem => {
    const names = approvers.get(Number(r.id)) ?? [];
    const mine = names.some((n) => n.userId === auth.user.id);
    return {
      id: Number(r.id),
      kind: r.kind,
      reference: r.reference,
      amount: Number(r.amount),
      fee: Number(r.fee),
      destination: r.destination,
      maker: r.maker ?? 'API',
      created_at: new Date(r.created_at).toISOString(),
      expires_at: new Date(r.expires_at).toISOString(),
      layers_done: r.layers_done,
      layers_needed: r.layers_needed,
      approvers: names.map((n) => n.username),
      blocked: r.maker_user_id === auth.user.id ? 'own' : mine ? 'decided' : null,
    };
  });
  return {
    items,
    total_amount: items.reduce((sum, item) => sum + item.amount + item.fee, 0),
    count: items.length,
  };
}

async function approversByRequest(services: Services, ids: number[]) {
  const out = new Map<number, { userId: number; username: string }[]>();
  if (ids.length === 0) return out;
  const rows = await services.db
    .selectFrom('approval_decisions as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .select(['d.request_id', 'd.user_id', 'u.username'])
    .where('d.request_id', 'in', ids)
    .where('d.decision', '=', 'approve')
    .orderBy('d.at')
    .execute();
  for (const row of rows) {
    const list = out.get(Number(row.request_id)) ?? [];
    list.push({ userId: Number(row.user_id), username: row.username });
    out.set(Number(row.request_id), list);
  }
  return out;
}
