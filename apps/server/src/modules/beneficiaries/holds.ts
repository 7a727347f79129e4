import { formatWibDateTime, isAllowed } from '@gerbang/shared';
import type { NameHold, NameHoldOutcome } from '@gerbang/shared/contract/beneficiaries';
import type { Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/services';
import type { UserActor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit/audit';
import { requireTransactionPin } from '../credentials/transaction-pin';
import { finalizeIn } from '../payouts/finalize';
import { continueAfterGate, type GateOpening } from '../payouts/gate';
import { sendReleased } from '../payouts/rail-work';
import { LEASE_MS, newLeaseToken, type SubmissionRow } from '../payouts/submissions';
import { describedColumns } from '../transactions/descriptions';
import { NAME_CHECK_GATE_NAME } from './name-gate';
import type { NameChecksTable } from './tables';

type Trx = Transaction<Database>;
type HoldRow = Selectable<NameChecksTable>;

/**
 * Deciding on payouts held for a name mismatch (issue 24, ADR 016). Each decision locks the
 * hold's row (FOR UPDATE) and moves it from WAITING once, so parallel releases of one payout queue
 * and exactly one counts; the others answer `decided`. Release continues the pipeline in the same
 * transaction (the gates after the name check: an approval policy may still hold it), then the
 * rail is called after the commit. Rejection ends the payout through finalize in the same
 * transaction (the hold voided once). Every decision is audited.
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
    })),
    can_override: isAllowed(actor.auth.access, OVERRIDE.module, OVERRIDE.action),
  };
}

/** Releases each chosen payout (one PIN for the batch); each in its own transaction. */
export async function releaseHolds(
  services: Services,
  actor: UserActor,
  input: HoldDecisionInput,
): Promise<HoldDecisionResult> {
  await requireTransactionPin({ services, ...actor }, input.pin, 'name_mismatch_release');
  const results: HoldDecisionResult['results'] = [];
  const toSend: number[] = [];
  for (const id of new Set(input.ids)) {
    const decided = await decideOne(services, actor, id, (trx, hold, now) =>
      releaseLocked(trx, actor, hold, now),
    );
    if (decided.send) toSend.push(id);
    results.push({ id, outcome: decided.outcome });
  }
  await sendReleased(services, toSend);
  return { results, done: results.filter((r) => r.outcome === 'released').length };
}

/** Rejects each chosen payout: the held money goes back to the balance. */
export async function rejectHolds(
  services: Services,
  actor: UserActor,
  input: HoldDecisionInput,
): Promise<HoldDecisionResult> {
  await requireTransactionPin({ services, ...actor }, input.pin, 'name_mismatch_reject');
  const results: HoldDecisionResult['results'] = [];
  for (const id of new Set(input.ids)) {
    const decided = await decideOne(services, actor, id, (trx, hold, now) =>
      rejectLocked(services, trx, actor, hold, now, input.reason),
    );
    results.push({ id, outcome: decided.outcome });
  }
  return { results, done: results.filter((r) => r.outcome === 'rejected').length };
}

interface Decided {
  outcome: NameHoldOutcome;
  send?: boolean;
}

async function decideOne(
  services: Services,
  actor: UserActor,
  id: number,
  act: (trx: Trx, hold: HoldRow, now: Date) => Promise<Decided>,
): Promise<Decided> {
  // The route's rule already asks for OVERRIDE; checked again here, next to the money.
  if (!isAllowed(actor.auth.access, OVERRIDE.module, OVERRIDE.action)) {
    return { outcome: 'permission' };
  }
  return services.db.transaction().execute(async (trx) => {
    const now = services.now();
    const hold = await trx
      .selectFrom('name_checks')
      .selectAll()
      .where('submission_id', '=', id)
      .where('agent_id', '=', actor.auth.agent.id)
      .where('environment', '=', actor.auth.environment)
      .forUpdate()
      .executeTakeFirst();
    if (!hold) return { outcome: 'not_found' as const };
    if (hold.status !== 'WAITING') return { outcome: 'decided' as const };
    return act(trx, hold, now);
  });
}

async function markDecided(
  trx: Trx,
  actor: UserActor,
  hold: HoldRow,
  now: Date,
  status: 'RELEASED' | 'REJECTED',
  reason: string | null,
) {
  const moved = await trx
    .updateTable('name_checks')
    .set({ status, decided_by: actor.auth.user.id, decided_at: now, reason })
    .where('submission_id', '=', hold.submission_id)
    .where('status', '=', 'WAITING')
    .returning('submission_id')
    .executeTakeFirst();
  if (!moved) throw new Error(`name check of ${hold.reference} is not waiting`);
}

async function releaseLocked(
  trx: Trx,
  actor: UserActor,
  hold: HoldRow,
  now: Date,
): Promise<Decided> {
  await markDecided(trx, actor, hold, now, 'RELEASED', null);
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
  return { outcome: 'released', send: next === 'send' };
}

async function rejectLocked(
  services: Services,
  trx: Trx,
  actor: UserActor,
  hold: HoldRow,
  now: Date,
  reason: string,
): Promise<Decided> {
  await markDecided(trx, actor, hold, now, 'REJECTED', reason || null);
  // Leased to this transaction only, so finalize's own checks hold; never visible as SEND.
  const row = await trx
    .updateTable('rail_submissions')
    .set({
      state: 'SEND',
      lease_token: newLeaseToken(),
      claimed_until: new Date(now.getTime() + LEASE_MS),
      updated_at: now,
    })
    .where('id', '=', hold.submission_id)
    .where('state', '=', 'APPROVAL')
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new Error(`payout ${hold.reference} was not held`);
  await finalizeIn(services, trx, now, row, { ok: false, reason: 'NAME_MISMATCH_REJECTED' });
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
