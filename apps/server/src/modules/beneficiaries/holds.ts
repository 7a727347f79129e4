import { formatWibDateTime, isAllowed } from '@gerbang/shared';
import type { NameHold, NameHoldOutcome } from '@gerbang/shared/contract/beneficiaries';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/services';
import type { UserActor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit/audit';
import { requireTransactionPin } from '../credentials/transaction-pin';
import { continueAfterGate, type GateOpening } from '../payouts/gate';
import { decideHeldPayouts, type HeldDecided } from '../payouts/held-decisions';
import type { SubmissionRow } from '../payouts/submissions';
import { describedColumns } from '../transactions/descriptions';
import { endHold, type HoldRow, lockHold, markHold } from './hold-end';
import { NAME_CHECK_GATE_NAME } from './name-gate';

type Trx = Transaction<Database>;

/**
 * Deciding on payouts held for a name mismatch (ADR 016). Each decision locks the
 * hold's row (FOR UPDATE) and moves it from WAITING once, so parallel releases of one payout queue
 * and exactly one counts; the others answer `decided`. Release continues the pipeline in the same
 * transaction (the gates after the name check: an approval policy may still hold it), then the
 * rail is called after the commit. Rejection ends the payout through finalize in the same
 * transaction (the hold voided once). Past its `expires_at` a hold answers `expired`: the expiry
 * (hold-expiry.ts) takes the same row lock, so an override racing it decides once. Every decision
 * is audited.
 */

export interface HoldDecisionInput {
  ids: number[];
  pin: string;
  reason: string;
}

export interface HoldDecisionResult {
  results: { id: number; outcome: NameHoldOutcome }[];
  done: number;
}

const OVERRIDE = { module: 'name_mismatch', action: 'OVERRIDE' } as const;

/** The payouts of the caller's agent and environment waiting for a name-mismatch decision. */
export async function listHolds(
  services: Services,
  actor: UserActor,
): Promise<{ items: NameHold[]; can_override: boolean }> {
  const rows = await services.db
    .selectFrom('name_checks as n')
    .leftJoin('users as u', 'u.id', 'n.maker_user_id')
    .select([
      'n.submission_id',
      'n.reference',
      'n.amount',
      'n.destination',
      'n.saved_name',
      'n.found_name',
      'n.created_at',
      'n.expires_at',
      'u.username as maker',
    ])
    .where('n.agent_id', '=', actor.auth.agent.id)
    .where('n.environment', '=', actor.auth.environment)
    .where('n.status', '=', 'WAITING')
    .orderBy('n.created_at')
    .limit(200)
    .execute();
  return {
    items: rows.map((row) => ({
      submission_id: Number(row.submission_id),
      reference: row.reference,
      amount: Number(row.amount),
      destination: row.destination,
      saved_name: row.saved_name,
      found_name: row.found_name,
      maker: row.maker ?? null,
      created_at: formatWibDateTime(new Date(row.created_at)),
      expires_at: formatWibDateTime(new Date(row.expires_at)),
    })),
    can_override: isAllowed(actor.auth.access, OVERRIDE.module, OVERRIDE.action),
  };
}

/** Releases each chosen payout (one PIN for the batch); each in its own transaction. */
export function releaseHolds(
  services: Services,
  actor: UserActor,
  input: HoldDecisionInput,
): Promise<HoldDecisionResult> {
  return decideHeldPayouts(services, {
    ids: input.ids,
    confirm: () =>
      requireTransactionPin({ services, ...actor }, input.pin, 'name_mismatch_release'),
    decide: (trx, id, now) =>
      withHold(trx, actor, id, now, (hold) => releaseLocked(trx, actor, hold, now)),
    done: (outcome) => outcome === 'released',
  });
}

/** Rejects each chosen payout: the held money goes back to the balance. */
export function rejectHolds(
  services: Services,
  actor: UserActor,
  input: HoldDecisionInput,
): Promise<HoldDecisionResult> {
  return decideHeldPayouts(services, {
    ids: input.ids,
    confirm: () => requireTransactionPin({ services, ...actor }, input.pin, 'name_mismatch_reject'),
    decide: (trx, id, now) =>
      withHold(trx, actor, id, now, (hold) =>
        rejectLocked(services, trx, actor, hold, now, input.reason),
      ),
    done: (outcome) => outcome === 'rejected',
  });
}

type Decided = HeldDecided<NameHoldOutcome>;

/** One hold of the caller's agent under its row lock, while it still waits and has not expired. */
async function withHold(
  trx: Trx,
  actor: UserActor,
  id: number,
  now: Date,
  act: (hold: HoldRow) => Promise<Decided>,
): Promise<Decided> {
  // The route's rule already asks for OVERRIDE; checked again here, next to the money.
  if (!isAllowed(actor.auth.access, OVERRIDE.module, OVERRIDE.action)) {
    return { outcome: 'permission' };
  }
  const hold = await lockHold(trx, id, actor.auth.agent.id, actor.auth.environment);
  if (!hold) return { outcome: 'not_found' };
  if (hold.status === 'EXPIRED') return { outcome: 'expired' };
  if (hold.status !== 'WAITING') return { outcome: 'decided' };
  // Past its expiry the job's decision is the only one left, even before the job ran.
  if (new Date(hold.expires_at).getTime() <= now.getTime()) return { outcome: 'expired' };
  return act(hold);
}

async function releaseLocked(
  trx: Trx,
  actor: UserActor,
  hold: HoldRow,
  now: Date,
): Promise<Decided> {
  await markHold(trx, hold, now, {
    status: 'RELEASED',
    decidedBy: actor.auth.user.id,
    reason: null,
  });
  const submission = await trx
    .selectFrom('rail_submissions')
    .selectAll()
    .where('id', '=', hold.submission_id)
    .executeTakeFirstOrThrow();
  const opening = await gateOpeningOf(trx, submission, hold);
  const next = await continueAfterGate(trx, actor, now, NAME_CHECK_GATE_NAME, opening, submission);
  if (next === 'send') {
    await trx
      .updateTable('transactions')
      .set(describedColumns('descriptions.nameReleasedSending', { destination: hold.destination }))
      .where('id', '=', submission.transaction_id)
      .where('status_trx', '=', 'PROCESS')
      .execute();
  }
  // The permitted person confirmed the account: its name today is the one the book keeps.
  if (hold.beneficiary_id !== null) {
    await trx
      .updateTable('favourite_accounts')
      .set({ accountname: hold.found_name, checked_at: now, updated_at: now })
      .where('id', '=', hold.beneficiary_id)
      .where('agent_id', '=', hold.agent_id)
      .execute();
  }
  await auditDecision(trx, actor, hold, now, 'name_mismatch_release', { next });
  return { outcome: 'released', send: next === 'send' ? Number(hold.submission_id) : undefined };
}

async function rejectLocked(
  services: Services,
  trx: Trx,
  actor: UserActor,
  hold: HoldRow,
  now: Date,
  reason: string,
): Promise<Decided> {
  await endHold(services, trx, hold, now, {
    status: 'REJECTED',
    decidedBy: actor.auth.user.id,
    reason: reason || null,
  });
  await auditDecision(trx, actor, hold, now, 'name_mismatch_reject', { reason });
  return { outcome: 'rejected' };
}

/** The held payout as the gates read it at opening, rebuilt from its transaction row. */
async function gateOpeningOf(
  trx: Trx,
  submission: SubmissionRow,
  hold: HoldRow,
): Promise<GateOpening> {
  const row = await trx
    .selectFrom('transactions')
    .select([
      'agent_id',
      'environment',
      'user_id',
      'id_transaksi',
      'nopelanggan1',
      'nominal_origin',
      'nominal_admin',
      'nama_produk',
      'namabank',
      'customername',
    ])
    .where('id', '=', submission.transaction_id)
    .executeTakeFirstOrThrow();
  return {
    source: { kind: submission.source_kind, id: Number(submission.source_id) },
    payer: { agentId: Number(row.agent_id), environment: row.environment },
    userId: row.user_id === null ? null : Number(row.user_id),
    reference: row.id_transaksi,
    destination: { accountNumber: row.nopelanggan1 ?? submission.account_number },
    record: {
      amount: Number(row.nominal_origin),
      fee: Number(row.nominal_admin),
      productName: row.nama_produk ?? '',
      bankName: row.namabank ?? undefined,
      accountName: row.customername ?? hold.found_name,
    },
    approval: hold.approval,
    beneficiary: null,
  };
}

async function auditDecision(
  trx: Trx,
  actor: UserActor,
  hold: HoldRow,
  now: Date,
  action: string,
  detail: Record<string, unknown>,
) {
  await writeAudit(trx, {
    at: now,
    agentId: hold.agent_id,
    userId: actor.auth.user.id,
    username: actor.auth.user.username,
    action,
    target: hold.reference,
    detail: {
      amount: Number(hold.amount),
      saved_name: hold.saved_name,
      found_name: hold.found_name,
      ...detail,
    },
    ip: actor.ip,
    userAgent: actor.userAgent,
    environment: hold.environment,
  });
}
