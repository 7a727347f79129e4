import { APPROVE_PERMISSION, isAllowed } from '@gerbang/shared';
import type { DecisionOutcome } from '@gerbang/shared/contract/approvals';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/services';
import type { UserActor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit/audit';
import { requireTransactionPin } from '../credentials/transaction-pin';
import { finalizeIn } from '../payouts/finalize';
import { decideHeldPayouts, type HeldDecided } from '../payouts/held-decisions';
import type { ApprovalEndCode } from '../payouts/kinds';
import { LEASE_MS, newLeaseToken } from '../payouts/submissions';
import { describedColumns } from '../transactions/descriptions';
import { approvalSubject, type RequestRow } from './requests';

type Trx = Transaction<Database>;

/**
 * Deciding on waiting payouts. Every decision locks the request's row (FOR UPDATE) and
 * re-reads it, so parallel approvals of one payout queue and each sees the previous one's result:
 * a payout is approved at most `layers_needed` times, by different people (the primary key
 * (request, user) of approval_decisions holds it too), never by its maker, never after it was
 * rejected or expired. The last layer releases the money in the same transaction: a payout's
 * submission goes APPROVAL → SEND (the rail is called after the commit), a group runs. A
 * rejection or the expiry ends it through finalize in the same transaction (the hold voided once).
 */

export interface DecisionInput {
  ids: number[];
  pin: string;
  reason?: string;
}

export interface DecisionResult {
  results: { id: number; outcome: DecisionOutcome }[];
  done: number;
}

/** Approves each chosen payout (one PIN for the batch); each in its own transaction. */
export function approveMany(
  services: Services,
  actor: UserActor,
  input: DecisionInput,
): Promise<DecisionResult> {
  return decideHeldPayouts(services, {
    ids: input.ids,
    confirm: () => requireTransactionPin({ services, ...actor }, input.pin, 'approval_approve'),
    decide: (trx, id, now) =>
      withRequest(trx, actor, id, (request) => approveLocked(services, trx, actor, request, now)),
    done: isDone,
    // A refusal a person can act on (the balance short at release) is an outcome.
    refused: 'short',
  });
}

/** Rejects each chosen payout with the reason; the maker may reject (cancel) their own. */
export function rejectMany(
  services: Services,
  actor: UserActor,
  input: DecisionInput & { reason: string },
): Promise<DecisionResult> {
  return decideHeldPayouts(services, {
    ids: input.ids,
    confirm: () => requireTransactionPin({ services, ...actor }, input.pin, 'approval_reject'),
    decide: (trx, id, now) =>
      withRequest(trx, actor, id, (request) =>
        rejectLocked(services, trx, actor, request, now, input.reason),
      ),
    done: isDone,
    refused: 'short',
  });
}

function isDone(outcome: DecisionOutcome): boolean {
  return outcome === 'approved' || outcome === 'released' || outcome === 'rejected';
}

type Locked = RequestRow & {
  destination: string;
  status: string;
  layers_done: number;
  layers_needed: number;
  expires_at: Date | string;
};

type Decided = HeldDecided<DecisionOutcome>;

/** One request under its row lock. */
async function withRequest(
  trx: Trx,
  actor: UserActor,
  id: number,
  act: (request: Locked) => Promise<Decided>,
): Promise<Decided> {
  const request = await lockRequest(trx, actor, id);
  if (!request) return { outcome: 'not_found' };
  return act(request);
}

async function lockRequest(trx: Trx, actor: UserActor, id: number): Promise<Locked | undefined> {
  const row = await trx
    .selectFrom('approval_requests')
    .select([
      'id',
      'agent_id',
      'environment',
      'kind',
      'subject',
      'subject_id',
      'reference',
      'amount',
      'maker_user_id',
      'destination',
      'status',
      'layers_done',
      'layers_needed',
      'expires_at',
    ])
    .where('id', '=', id)
    .where('agent_id', '=', actor.auth.agent.id)
    .where('environment', '=', actor.auth.environment)
    .forUpdate()
    .executeTakeFirst();
  return row ? { ...row, id: Number(row.id), subject_id: Number(row.subject_id) } : undefined;
}

/** The reason an approval is refused, checked in this order under the lock; null: may approve. */
function approvalRefusal(actor: UserActor, request: Locked, now: Date): DecisionOutcome | null {
  const permission = APPROVE_PERMISSION[request.kind];
  if (!isAllowed(actor.auth.access, permission.module, permission.action)) return 'permission';
  // Four-eyes first: the maker hears why, whatever the payout's state.
  if (request.maker_user_id === actor.auth.user.id) return 'own';
  if (request.status === 'EXPIRED') return 'expired';
  if (request.status !== 'WAITING') return 'decided';
  if (new Date(request.expires_at).getTime() <= now.getTime()) return 'expired';
  return null;
}

async function approveLocked(
  services: Services,
  trx: Trx,
  actor: UserActor,
  request: Locked,
  now: Date,
): Promise<Decided> {
  const refusal = approvalRefusal(actor, request, now);
  if (refusal) return { outcome: refusal };
  const inserted = await trx
    .insertInto('approval_decisions')
    .values({ request_id: request.id, user_id: actor.auth.user.id, decision: 'approve', at: now })
    .onConflict((oc) => oc.columns(['request_id', 'user_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  // Six-eyes: the same person never counts twice.
  if (!inserted) return { outcome: 'already' };
  const layers = request.layers_done + 1;
  const last = layers >= request.layers_needed;
  await trx
    .updateTable('approval_requests')
    .set({
      layers_done: sql`layers_done + 1`,
      ...(last ? { status: 'APPROVED' as const, decided_at: now } : {}),
    })
    .where('id', '=', request.id)
    .where('status', '=', 'WAITING')
    .where('layers_done', '=', request.layers_done)
    .execute();
  const submissionId = last ? await releaseSubject(services, trx, request, now) : undefined;
  await auditDecision(trx, actor, request, now, last ? 'approval_release' : 'approval_approve', {
    layer: layers,
    layers_needed: request.layers_needed,
  });
  return { outcome: last ? 'released' : 'approved', send: submissionId };
}

/** The money goes: a payout's submission to SEND (its id returned), a group runs. */
async function releaseSubject(
  services: Services,
  trx: Trx,
  request: Locked,
  now: Date,
): Promise<number | undefined> {
  if (request.subject !== 'payout') {
    await approvalSubject(request.subject).approved(services, trx, request, now);
    return undefined;
  }
  const moved = await trx
    .updateTable('rail_submissions')
    .set({ state: 'SEND', next_check_at: now, updated_at: now })
    .where('id', '=', request.subject_id)
    .where('state', '=', 'APPROVAL')
    .returning(['id', 'transaction_id'])
    .executeTakeFirst();
  if (!moved) throw new Error(`payout ${request.reference} was not waiting for approval`);
  await trx
    .updateTable('transactions')
    .set(describedColumns('descriptions.approvedSending', { destination: request.destination }))
    .where('id', '=', moved.transaction_id)
    .where('status_trx', '=', 'PROCESS')
    .execute();
  return Number(moved.id);
}

async function rejectLocked(
  services: Services,
  trx: Trx,
  actor: UserActor,
  request: Locked,
  now: Date,
  reason: string,
): Promise<Decided> {
  const own = request.maker_user_id === actor.auth.user.id;
  const permission = APPROVE_PERMISSION[request.kind];
  if (!own && !isAllowed(actor.auth.access, permission.module, permission.action)) {
    return { outcome: 'permission' };
  }
  if (request.status === 'EXPIRED') return { outcome: 'expired' };
  if (request.status !== 'WAITING') return { outcome: 'decided' };
  if (new Date(request.expires_at).getTime() <= now.getTime()) return { outcome: 'expired' };
  await trx
    .insertInto('approval_decisions')
    .values({
      request_id: request.id,
      user_id: actor.auth.user.id,
      decision: 'reject',
      reason,
      at: now,
    })
    .onConflict((oc) =>
      oc.columns(['request_id', 'user_id']).doUpdateSet({ decision: 'reject', reason, at: now }),
    )
    .execute();
  await endRequest(services, trx, request, now, 'REJECTED', reason);
  await auditDecision(trx, actor, request, now, own ? 'approval_cancel' : 'approval_reject', {
    reason,
  });
  return { outcome: 'rejected' };
}

const END_REASON: Record<'REJECTED' | 'EXPIRED', ApprovalEndCode> = {
  REJECTED: 'APPROVAL_REJECTED',
  EXPIRED: 'APPROVAL_EXPIRED',
};

/**
 * Ends a waiting request (rejected or expired) and gives the held money back, in the caller's
 * transaction and under its row lock: the status moves from WAITING once, so the release runs once.
 */
export async function endRequest(
  services: Services,
  trx: Trx,
  request: RequestRow,
  now: Date,
  how: 'REJECTED' | 'EXPIRED',
  reason: string | null,
): Promise<void> {
  const moved = await trx
    .updateTable('approval_requests')
    .set({ status: how, decided_at: now, reason })
    .where('id', '=', request.id)
    .where('status', '=', 'WAITING')
    .returning('id')
    .executeTakeFirst();
  if (!moved) throw new Error(`approval request ${request.id} is not waiting`);
  if (request.subject !== 'payout') {
    await approvalSubject(request.subject).ended(services, trx, request, now, how);
    return;
  }
  // Leased to this transaction only, so finalize's own checks hold; never visible as SEND.
  const row = await trx
    .updateTable('rail_submissions')
    .set({
      state: 'SEND',
      lease_token: newLeaseToken(),
      claimed_until: new Date(now.getTime() + LEASE_MS),
      updated_at: now,
    })
    .where('id', '=', request.subject_id)
    .where('state', '=', 'APPROVAL')
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new Error(`payout ${request.reference} was not waiting for approval`);
  await finalizeIn(services, trx, now, row, { ok: false, reason: END_REASON[how] });
}

async function auditDecision(
  trx: Trx,
  actor: UserActor,
  request: Locked,
  now: Date,
  action: string,
  detail: Record<string, unknown>,
) {
  await writeAudit(trx, {
    at: now,
    agentId: request.agent_id,
    userId: actor.auth.user.id,
    username: actor.auth.user.username,
    action,
    target: request.reference,
    detail: { request_id: request.id, kind: request.kind, amount: request.amount, ...detail },
    ip: actor.ip,
    userAgent: actor.userAgent,
    environment: request.environment,
  });
}
