/**
 * A bulk transfer group from save to run (spec 02 §4 Bulk, §7 `transaction/cashout_save`; the
 * maker–checker and the approval policies):
 *
 *   save: ONE ledger operation holds the whole group's amount plus fees (refused as a whole when
 *         the balance is short: the save changes nothing), then
 *     ──(the agent's policy asks approval for the group's subtotal)──► WAITING_APPROVAL, rows 0
 *       New, one approval request for the group (modules/approvals)
 *     └─(no approval needed)─► RUNNING at once
 *   WAITING_APPROVAL ──last layer approved (approvals; other people with disbursement APPROVE)──►
 *                      RUNNING, rows -1 Queue; the job (runner.ts) sends them through the payout block
 *                  └─rejected or expired──► REJECTED, the held money back (approval-subject.ts)
 *
 * The save copies the rows the inquiry answered (bulk_inquiry_rows), so it cannot change an
 * amount, a fee or a destination; the Check's token saves one group only.
 */

import { INSUFFICIENT_FUNDS, isTransferOk } from '@gerbang/ledger';
import { type Environment, formatRupiah, wibDate } from '@gerbang/shared';
import type { BulkGroupSummary, BulkSavedRow } from '@gerbang/shared/contract/bulk-transfer';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { ApiError, notFound, refused, validationError } from '../../http/errors';
import type { Services } from '../../http/services';
import type { UserActor } from '../../platform/actor';
import { raiseAlert } from '../../platform/alerts/raise';
import { writeAudit } from '../../platform/audit/audit';
import { approveMany, rejectMany } from '../approvals/decide';
import { loadPolicy } from '../approvals/policy';
import { insertRequests, planApproval } from '../approvals/requests';
import { requireTransactionPin } from '../credentials/transaction-pin';
import { availableBalance, PAYOUT_ACCOUNT } from '../payouts/accounts';
import { assertBankTransferAvailable } from './inquiry';
import { BULK_FUNDS_ACCOUNT, groupHoldPosting } from './postings';
import { requireToken } from './tokens';

type Trx = Transaction<Database>;

/** True when the agent's policy asks approval for some bulk groups (the page says so). */
export async function approvalRequired(
  db: Services['db'] | Trx,
  agentId: number,
  environment: Environment,
): Promise<boolean> {
  const policy = await loadPolicy(db, agentId, environment);
  return policy.tiers.bulk.some((tier) => tier.approvers > 0);
}

/**
 * The group hold, inside the caller's transaction. Throws the refusal (rolling the caller's
 * transaction back) when the balance does not cover the whole group.
 */
export async function holdGroup(
  services: Services,
  trx: Trx,
  group: { id: number; agent_id: number; environment: Environment; total: number },
  now: Date,
): Promise<void> {
  const held = await tryHoldGroup(services, trx, group, now);
  if (!held.ok) {
    throw refused('bulk.errors.insufficientBalance', {
      balance: formatRupiah(held.balance),
      total: formatRupiah(group.total),
    });
  }
}

/**
 * The group hold as one ledger operation: the whole amount plus fees or nothing. Answers the
 * available balance when it is short (nothing written), so a caller that must not roll back
 * (a scheduled group failing as a whole) decides what to do.
 */
export async function tryHoldGroup(
  services: Services,
  trx: Trx,
  group: { id: number; agent_id: number; environment: Environment; total: number },
  now: Date,
): Promise<{ ok: true } | { ok: false; balance: number }> {
  const payer = { agentId: group.agent_id, environment: group.environment };
  const [available, funds] = await services.ledger.ensureAccounts(
    [
      { kind: PAYOUT_ACCOUNT.available, ...payer },
      { kind: BULK_FUNDS_ACCOUNT, ...payer },
    ],
    { trx },
  );
  if (!available || !funds) throw new Error('bulk accounts missing');
  const result = await services.ledger.createTransfer(
    groupHoldPosting(
      { id: group.id, total: group.total },
      { available: available.id, funds: funds.id },
    ),
    { trx },
  );
  if (result.result === INSUFFICIENT_FUNDS) {
    const balance = await availableBalance(services.ledger, group.agent_id, group.environment, trx);
    return { ok: false, balance };
  }
  if (!isTransferOk(result))
    throw new Error(`ledger refused bulk group ${group.id}: ${result.result}`);
  await trx
    .updateTable('disbursement_groups')
    .set({ held_at: now })
    .where('id', '=', group.id)
    .execute();
  return { ok: true };
}

/** The group runs: RUNNING, its rows -1 Queue for the runner. */
export async function startGroup(trx: Trx, groupId: number): Promise<void> {
  await trx
    .updateTable('disbursement_groups')
    .set({ status: 'RUNNING' })
    .where('id', '=', groupId)
    .execute();
  await trx
    .updateTable('disbursement_details')
    .set({ status: -1 })
    .where('group_id', '=', groupId)
    .where('status', '=', 0)
    .execute();
}

export interface SaveInput {
  token: string;
  uuid_user: string;
  pin: string;
  group_name: string;
  group_desc: string;
  saved_data: BulkSavedRow[];
}

export interface SaveResult {
  group_id: number;
  status: 'WAITING_APPROVAL' | 'RUNNING';
  detail_count: number;
  subtotal: number;
  admin_fee: number;
  total_amount: number;
}

/**
 * transaction/cashout_save: the guards (token, PIN, bank available), then the group, its rows and
 * (without a checker) its hold in one transaction.
 */
export async function saveGroup(
  services: Services,
  actor: UserActor,
  input: SaveInput,
): Promise<SaveResult> {
  const ids = await guardSave(services, actor, input);
  try {
    return await services.db
      .transaction()
      .execute((trx) => recordGroup(services, trx, actor, input, ids));
  } catch (error) {
    if (error instanceof ApiError && error.messageKey === 'bulk.errors.insufficientBalance') {
      await alertShortGroup(services, actor, error.vars ?? {});
    }
    throw error;
  }
}

/**
 * The bulk payout that would fail for balance: the save was refused as a whole
 * (nothing changed); the alert and its mail are written in their own transaction.
 */
async function alertShortGroup(
  services: Services,
  actor: UserActor,
  vars: Record<string, string | number>,
): Promise<void> {
  await services.db.transaction().execute((trx) =>
    raiseAlert(trx, services.mail, services.now(), {
      agentId: actor.auth.agent.id,
      environment: actor.auth.environment,
      kind: 'bulk_short',
      detail: { balance: vars.balance ?? '', total: vars.total ?? '' },
    }),
  );
}

/** The Check's token, no row twice, the PIN, bank transfers available: the rows' ids. */
export async function guardSave(
  services: Services,
  actor: UserActor,
  input: Omit<SaveInput, 'group_name' | 'group_desc'>,
  purpose = 'bulk_transfer',
) {
  await requireToken(services, actor, input);
  const ids = input.saved_data.map((row) => row.idtransaksi);
  const seen = new Set<string>();
  ids.forEach((id, index) => {
    if (seen.has(id)) throw validationError('bulk.errors.rowChanged', { row: index + 1 });
    seen.add(id);
  });
  await requireTransactionPin({ services, ...actor }, input.pin, purpose);
  await assertBankTransferAvailable(services, actor.auth.agent.id);
  return ids;
}

/**
 * The group in one transaction: the token used once, the group and its rows, its totals, the
 * group's hold when no checker must approve it first, and the audit row.
 */
async function recordGroup(
  services: Services,
  trx: Trx,
  actor: UserActor,
  input: SaveInput,
  ids: string[],
): Promise<SaveResult> {
  const { auth } = actor;
  const now = services.now();
  const used = await trx
    .updateTable('bulk_checksums')
    .set({ used_at: now })
    .where('uuid_user', '=', input.uuid_user)
    .where('used_at', 'is', null)
    .returning('uuid_user')
    .executeTakeFirst();
  if (!used) throw validationError('bulk.errors.tokenUsed');
  const group = await trx
    .insertInto('disbursement_groups')
    .values({
      agent_id: auth.agent.id,
      environment: auth.environment,
      user_id: auth.user.id,
      group_name: input.group_name,
      group_desc: input.group_desc,
      created_date: now,
      created_day: wibDate(now),
      detail_count: ids.length,
      checksum: input.token,
      uuid: input.uuid_user,
      status: 'WAITING_APPROVAL',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { subtotal, fees } = await insertRows(trx, actor, group.id, input.uuid_user, ids, now);
  const total = subtotal + fees;
  await trx
    .updateTable('disbursement_groups')
    .set({ total_amount: subtotal, total_fee: fees })
    .where('id', '=', group.id)
    .execute();
  const policy = await loadPolicy(trx, auth.agent.id, auth.environment);
  const plan = planApproval(policy, 'bulk', subtotal, now);
  const waiting = plan !== null;
  const run = { id: group.id, agent_id: auth.agent.id, environment: auth.environment, total };
  await holdGroup(services, trx, run, now);
  if (plan) {
    await insertRequests(trx, now, [
      {
        agentId: auth.agent.id,
        environment: auth.environment,
        subject: 'bulk_group',
        subjectId: group.id,
        reference: `BULK${group.id}`,
        amount: subtotal,
        fee: fees,
        destination: `${input.group_name} (${ids.length})`,
        makerUserId: auth.user.id,
        plan,
      },
    ]);
  } else {
    await startGroup(trx, group.id);
  }
  await writeAudit(trx, {
    at: now,
    agentId: auth.agent.id,
    userId: auth.user.id,
    username: auth.user.username,
    action: 'bulk_transfer_save',
    target: String(group.id),
    detail: { rows: ids.length, subtotal, fees, waiting },
    ip: actor.ip,
    userAgent: actor.userAgent,
    environment: auth.environment,
  });
  return {
    group_id: group.id,
    status: waiting ? 'WAITING_APPROVAL' : 'RUNNING',
    detail_count: ids.length,
    subtotal,
    admin_fee: fees,
    total_amount: total,
  };
}

/**
 * The chosen rows of this Check (by transaction id) become the group's rows with ONE INSERT …
 * SELECT from what the inquiry answered: 20,000 rows cost one statement. A row the Check did not
 * answer refuses the save, naming the first one.
 */
async function insertRows(
  trx: Trx,
  actor: UserActor,
  groupId: number,
  uuidUser: string,
  ids: string[],
  now: Date,
): Promise<{ subtotal: number; fees: number }> {
  const { auth } = actor;
  const inserted = await sql<{
    rows: number;
    subtotal: number | string | null;
    fees: number | string | null;
  }>`
    with chosen as (
      insert into disbursement_details (group_id, agent_id, environment, row_no, customername,
        phone, email, kodebank, namabank, norekeningtujuan, nominal, admin_fee, note,
        id_transaksi, status, created_date, created_day)
      select ${groupId}, ${auth.agent.id}, ${auth.environment}, s.ord, r.customername,
             nullif(r.phone, ''), nullif(r.email, ''), r.kodebank, r.namabank,
             r.norekeningtujuan, r.nominal, r.admin_fee, r.note, r.idtransaksi, 0, ${now},
             ${wibDate(now)}::date
        from unnest(${ids}::text[]) with ordinality as s(id, ord)
        join bulk_inquiry_rows r on r.idtransaksi = s.id and r.uuid_user = ${uuidUser}
      returning nominal, admin_fee
    )
    select count(*)::int as rows, sum(nominal) as subtotal, sum(admin_fee) as fees from chosen`.execute(
    trx,
  );
  const totals = inserted.rows[0];
  if (!totals || Number(totals.rows) !== ids.length) {
    const known = await trx
      .selectFrom('bulk_inquiry_rows')
      .select('idtransaksi')
      .where('uuid_user', '=', uuidUser)
      .execute();
    const answered = new Set(known.map((k) => k.idtransaksi));
    const missing = ids.findIndex((id) => !answered.has(id));
    throw validationError('bulk.errors.rowChanged', { row: Math.max(missing, 0) + 1 });
  }
  return { subtotal: Number(totals.subtotal ?? 0), fees: Number(totals.fees ?? 0) };
}

/** Checks that do not need the PIN: the group is this agent's and waiting. */
async function waitingRequest(services: Services, actor: UserActor, groupId: number) {
  const group = await services.db
    .selectFrom('disbursement_groups as g')
    .leftJoin('approval_requests as r', (join) =>
      join.onRef('r.subject_id', '=', 'g.id').on('r.subject', '=', 'bulk_group'),
    )
    .select(['g.id', 'g.group_name', 'g.status', 'g.user_id', 'r.id as request_id'])
    .where('g.id', '=', groupId)
    .where('g.agent_id', '=', actor.auth.agent.id)
    .where('g.environment', '=', actor.auth.environment)
    .executeTakeFirst();
  if (!group) throw notFound('bulk.errors.groupNotFound');
  if (group.status !== 'WAITING_APPROVAL' || group.request_id === null) {
    throw refused('bulk.errors.notWaiting');
  }
  return { ...group, request_id: Number(group.request_id) };
}

/**
 * The bulk page's approve / reject of one group: the approvals queue's decision on the group's
 * request (one PIN; never the maker's approval; distinct people per layer), in the page's words.
 */
export async function decideGroup(
  services: Services,
  actor: UserActor,
  input: { group_id: number; pin: string },
  decision: 'approve' | 'reject',
): Promise<{ group_id: number; group_name: string; status: string }> {
  const group = await waitingRequest(services, actor, input.group_id);
  if (decision === 'approve' && group.user_id === actor.auth.user.id) {
    throw refused('bulk.errors.ownGroup');
  }
  const ids = [group.request_id];
  const decided =
    decision === 'approve'
      ? await approveMany(services, actor, { ids, pin: input.pin })
      : await rejectMany(services, actor, { ids, pin: input.pin, reason: 'bulk page' });
  const outcome = decided.results[0]?.outcome;
  if (outcome === 'own') throw refused('bulk.errors.ownGroup');
  if (outcome === 'already') throw refused('approvals.errors.already');
  if (outcome === 'short') throw refused('bulk.errors.approvalShort');
  if (outcome === 'permission') throw refused('approvals.errors.permission');
  if (outcome !== 'approved' && outcome !== 'released' && outcome !== 'rejected') {
    throw refused('bulk.errors.notWaiting');
  }
  const status =
    outcome === 'released' ? 'RUNNING' : outcome === 'rejected' ? 'REJECTED' : 'WAITING_APPROVAL';
  return { group_id: group.id, group_name: group.group_name, status };
}

async function summaries(
  services: Services,
  actor: UserActor,
  where: { status?: 'WAITING_APPROVAL'; id?: number },
): Promise<BulkGroupSummary[]> {
  let query = services.db
    .selectFrom('disbursement_groups as g')
    .leftJoin('users as u', 'u.id', 'g.user_id')
    .select([
      'g.id',
      'g.group_name',
      'g.group_desc',
      'g.status',
      'g.detail_count',
      'g.total_amount',
      'g.total_fee',
      'g.created_date',
      'g.user_id',
      'u.username as maker',
    ])
    .select(
      sql<
        Record<string, number> | string
      >`(select coalesce(json_object_agg(s.status, s.n), '{}') from (select d.status, count(*)::int as n from disbursement_details d where d.group_id = g.id group by d.status) s)`.as(
        'counts',
      ),
    )
    .where('g.agent_id', '=', actor.auth.agent.id)
    .where('g.environment', '=', actor.auth.environment);
  if (where.status) query = query.where('g.status', '=', where.status);
  if (where.id) query = query.where('g.id', '=', where.id);
  const rows = await query.orderBy('g.id', 'desc').limit(100).execute();
  return rows.map((r) => ({
    id: Number(r.id),
    group_name: r.group_name,
    group_desc: r.group_desc,
    status: r.status,
    detail_count: r.detail_count,
    total_amount: Number(r.total_amount),
    total_fee: Number(r.total_fee),
    maker: r.maker ?? '',
    created_date: new Date(r.created_date).toISOString(),
    counts: typeof r.counts === 'string' ? JSON.parse(r.counts) : (r.counts ?? {}),
    own: r.user_id === actor.auth.user.id,
  }));
}

export function waitingGroups(services: Services, actor: UserActor) {
  return summaries(services, actor, { status: 'WAITING_APPROVAL' });
}

export async function groupSummary(services: Services, actor: UserActor, groupId: number) {
  const [group] = await summaries(services, actor, { id: groupId });
  if (!group) throw notFound('bulk.errors.groupNotFound');
  return group;
}
