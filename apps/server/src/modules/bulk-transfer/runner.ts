/**
 * Sending a running bulk group's rows (the job `jobs/bulk-transfer.ts`), in bounded passes that
 * are safe from several processes at once and across crashes:
 *
 *   queue   -1 Queue rows, claimed with FOR UPDATE SKIP LOCKED, QUEUE_BATCH at a time, in ONE
 *           transaction per batch: each row's payout hold (amount + fee, pending, ids derived from
 *           the row), its PROCESS `transactions` row, its rail submission
 *           ('bulk_transfer_row', row id) and the row to -2 On Process. A crash before the commit
 *           leaves the rows in the queue; after it, they are the payout block's: no row is lost
 *           or sent twice. Each group of the batch has its own savepoint: a group whose holds
 *           the ledger refuses has its queued rows failed (and refunded below) without holding
 *           up the other groups.
 *   send    the rows' rail submissions, claimed and advanced through the payout block (its lease
 *           guards against a second worker); finalize moves each row to 1 Success / 2 Failed.
 *   refund  failed rows, once each (refunded_at, and an id derived from the row); a group
 *           savepoint again, so one refused refund never holds up another group's.
 *   finish  a RUNNING group whose rows are all final and refunded becomes DONE.
 *   cleanup Checks whose token expired are deleted with the rows they answered.
 */
import { isTransferOk } from '@gerbang/ledger';
import type { Environment } from '@gerbang/shared';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/services';
import { jobActor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit/audit';
import { savedBankBeneficiaries } from '../beneficiaries/book-match';
import { queueCallback } from '../callbacks/queue';
import { PAYOUT_ACCOUNT } from '../payouts/accounts';
import { openPayouts, type PayoutOpening, transactionRowOf } from '../payouts/open';
import { advanceSubmission, claimSubmission } from '../payouts/rail-work';
import { FINAL_STATES } from '../payouts/submissions';
import { BULK_ROW_PAYOUT } from './payout-kind';
import { BULK_FUNDS_ACCOUNT, rowPostings, rowRefundPosting } from './postings';

/** Rows one queue step moves (one transaction). */
const QUEUE_BATCH = 1_000;
/** Queue steps per pass: a pass queues at most 20,000 rows, the largest group. */
const QUEUE_STEPS = 20;
/** Rail submissions one pass advances, and how many at once. */
const SEND_BATCH = 2_000;
const SEND_CONCURRENCY = 8;
const REFUND_BATCH = 1_000;

export interface BulkRunReport {
  queued: number;
  advanced: number;
  refunded: number;
  finished: number;
}

interface QueuedRow {
  id: number;
  group_id: number;
  agent_id: number;
  environment: Environment;
  user_id: number | null;
  group_name: string;
  row_no: number;
  kodebank: string;
  namabank: string;
  norekeningtujuan: string;
  customername: string;
  nominal: number;
  admin_fee: number;
  note: string;
  id_transaksi: string;
}

/** One batch of queued rows to the payout block; answers how many moved. */
export async function queueStep(services: Services): Promise<number> {
  const now = services.now();
  return services.db.transaction().execute(async (trx) => {
    const picked = await sql<QueuedRow>`
      select d.id, d.group_id, d.agent_id, d.environment, g.user_id, g.group_name, d.row_no,
             d.kodebank, d.namabank, d.norekeningtujuan, d.customername, d.nominal, d.admin_fee,
             d.note, d.id_transaksi
        from disbursement_details d
        join disbursement_groups g on g.id = d.group_id
       where d.status = -1 and g.status = 'RUNNING' and d.row_no is not null
       order by d.group_id, d.id
       limit ${QUEUE_BATCH}
         for update of d skip locked`.execute(trx);
    const rows = picked.rows.map((r) => ({
      ...r,
      id: Number(r.id),
      group_id: Number(r.group_id),
      agent_id: Number(r.agent_id),
      nominal: Number(r.nominal),
      admin_fee: Number(r.admin_fee),
    }));
    if (rows.length === 0) return 0;
    // One savepoint per group: a group the ledger refuses fails alone (its rows to 2 Failed, so
    // the refund step returns their share of the group hold) and every other group goes on.
    // A thrown error is not a refusal: it rolls back the whole batch, which the next pass retries.
    for (const groupRows of byGroup(rows)) {
      await sql`savepoint bulk_queue_group`.execute(trx);
      const refused = await queueGroupRows(services, trx, now, groupRows);
      if (refused.length === 0) {
        await sql`release savepoint bulk_queue_group`.execute(trx);
        continue;
      }
      await sql`rollback to savepoint bulk_queue_group`.execute(trx);
      await failRefusedRows(trx, now, groupRows, refused);
      services.log.error(
        { groupId: groupRows[0]?.group_id, refused },
        'ledger refused a bulk group: its queued rows failed and go back to the balance',
      );
    }
    return rows.length;
  });
}

/** Rows split by their group, in the order the groups first appear. */
function byGroup<T extends { group_id: number | string }>(rows: T[]): T[][] {
  const groups = new Map<number, T[]>();
  for (const r of rows) {
    const list = groups.get(Number(r.group_id));
    if (list) list.push(r);
    else groups.set(Number(r.group_id), [r]);
  }
  return [...groups.values()];
}

/**
 * One group's queued rows to the payout block, inside the caller's savepoint; answers the ledger's
 * refusals (nothing else is written when there are any).
 */
async function queueGroupRows(
  services: Services,
  trx: Transaction<Database>,
  now: Date,
  rows: QueuedRow[],
): Promise<string[]> {
  // Accounts: each agent's bulk funds, each bank's clearing, each environment's fee revenue.
  const specs = new Map<string, Parameters<Services['ledger']['ensureAccounts']>[0][number]>();
  for (const r of rows) {
    specs.set(`f:${r.agent_id}:${r.environment}`, {
      kind: BULK_FUNDS_ACCOUNT,
      agentId: r.agent_id,
      environment: r.environment,
    });
    specs.set(`c:${r.kodebank}:${r.environment}`, {
      kind: PAYOUT_ACCOUNT.railClearing,
      subkey: r.kodebank,
      environment: r.environment,
    });
    specs.set(`r:${r.environment}`, { kind: PAYOUT_ACCOUNT.fees, environment: r.environment });
  }
  const keys = [...specs.keys()];
  const accounts = await services.ledger.ensureAccounts([...specs.values()], { trx });
  const accountId = new Map(keys.map((k, i) => [k, accounts[i]?.id]));
  const need = (key: string) => {
    const id = accountId.get(key);
    if (!id) throw new Error(`bulk account ${key} missing`);
    return id;
  };
  // Each row meets the name check like a single payout: its Check's inquiry name against the
  // name the payer's book keeps for that account; a mismatched row is held alone.
  const saved = await savedBankBeneficiaries(
    trx,
    rows.map((r) => ({
      agentId: r.agent_id,
      environment: r.environment,
      bankCode: r.kodebank,
      accountNumber: r.norekeningtujuan,
    })),
  );
  const openings = rows.map((r, i) => ({
    ...rowOpening(r, {
      funds: need(`f:${r.agent_id}:${r.environment}`),
      clearing: need(`c:${r.kodebank}:${r.environment}`),
      fees: need(`r:${r.environment}`),
    }),
    beneficiary: saved[i] ?? null,
  }));
  const opened = await openPayouts(services, trx, jobActor('bulk_transfer'), now, openings);
  if (!opened.ok) return opened.refused.map((r) => String(r.result));
  await sql`
    update disbursement_details d
       set status = -2, transaction_id = t.id
      from transactions t
     where t.id_transaksi = d.id_transaksi
       and d.id in (${sql.join(rows.map((r) => r.id))})`.execute(trx);
  return [];
}

/**
 * A queued row's payout: its share of the group's funds to the bank's clearing, not leased (the
 * send step or the rail sweep claims it like any payout).
 */
function rowOpening(
  r: QueuedRow,
  accounts: { funds: number; clearing: number; fees: number },
): PayoutOpening {
  const transfers = rowPostings(
    {
      groupId: r.group_id,
      rowNo: r.row_no,
      idTransaksi: r.id_transaksi,
      amount: r.nominal,
      fee: r.admin_fee,
      bankName: r.namabank,
      accountNumber: r.norekeningtujuan,
      accountName: r.customername,
    },
    accounts,
  );
  return {
    ...rowPayout(r),
    transfers,
    audit: { action: 'bulk_transfer_row_sent', detail: { group_id: r.group_id, row_no: r.row_no } },
    leased: false,
  };
}

/** What a queued row sends and records, whether the ledger takes its hold or not. */
function rowPayout(r: QueuedRow): Omit<PayoutOpening, 'transfers' | 'audit' | 'leased'> {
  return {
    source: { kind: BULK_ROW_PAYOUT.kind, id: r.id },
    payer: { agentId: r.agent_id, environment: r.environment },
    userId: r.user_id,
    reference: r.id_transaksi,
    destination: {
      rail: 'BANK',
      railCode: r.kodebank,
      accountType: 'NORMAL',
      accountNumber: r.norekeningtujuan,
      amount: r.nominal,
    },
    record: {
      kind: 'TRANSFER',
      productGroup: 'TRANSFER',
      productCode: 'TRANSFERBANK',
      productName: r.namabank,
      bankCode: r.kodebank,
      accountDetail: 'NORMAL',
      accountName: r.customername,
      amount: r.nominal,
      fee: r.admin_fee,
      note: r.note,
      description: {
        key: 'bulk.rowLine',
        params: { group: r.group_name, bank: r.namabank, account: r.norekeningtujuan },
      },
      orderReference: `BULK${r.group_id}`,
    },
  };
}

/** Why a row refused by the ledger failed, in its transaction, audit row and callback. */
const LEDGER_REFUSED = 'LEDGER_REFUSED';

/**
 * Rows of a group the ledger refused (after the savepoint rolled their work back): each becomes
 * 2 Failed with a FAILED transaction, its audit row and its FAILED callback, as a row the bank
 * failed would; the refund step then returns its share of the group hold.
 */
async function failRefusedRows(
  trx: Transaction<Database>,
  now: Date,
  rows: QueuedRow[],
  refused: string[],
) {
  const inserted = await trx
    .insertInto('transactions')
    .values(
      rows.map((r) => ({
        ...transactionRowOf(rowPayout(r), now, null),
        status_trx: 'FAILED' as const,
        response_code: LEDGER_REFUSED,
      })),
    )
    .returning(['id', 'id_transaksi'])
    .execute();
  const trxId = new Map(inserted.map((t) => [t.id_transaksi, Number(t.id)]));
  for (const r of rows) {
    await trx
      .updateTable('disbursement_details')
      .set({ status: 2, processed_time: now, transaction_id: trxId.get(r.id_transaksi) ?? null })
      .where('id', '=', r.id)
      .execute();
  }
  const source = BULK_ROW_PAYOUT;
  for (const r of rows) {
    await writeAudit(trx, {
      agentId: r.agent_id,
      userId: r.user_id,
      username: null,
      action: source.auditAction,
      target: r.id_transaksi,
      detail: {
        source_kind: 'bulk_transfer_row',
        source_id: r.id,
        status: 'FAILED',
        reason: LEDGER_REFUSED,
        ledger: refused,
        amount: r.nominal,
        fee: r.admin_fee,
      },
      environment: r.environment,
      at: now,
    });
    await queueCallback(trx, now, {
      agentId: r.agent_id,
      environment: r.environment,
      idTransaksi: r.id_transaksi,
      type: source.callbackType,
      timeRequest: now,
      body: {
        id_transaksi: r.id_transaksi,
        status_trx: 'FAILED',
        response_code: LEDGER_REFUSED,
        nominal: r.nominal,
        nominal_admin: r.admin_fee,
        rail_reference: null,
        time_completed: now.toISOString(),
      },
    });
  }
}

/** Claims and advances due bulk rows at the rail, a few at a time; answers how many it claimed. */
export async function sendStep(services: Services): Promise<number> {
  const now = services.now();
  const due = await services.db
    .selectFrom('rail_submissions')
    .select('id')
    .where('source_kind', '=', BULK_ROW_PAYOUT.kind)
    .where('state', 'not in', FINAL_STATES)
    .where('next_check_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .orderBy('next_check_at')
    .orderBy('id')
    .limit(SEND_BATCH)
    .execute();
  let next = 0;
  let claimed = 0;
  const worker = async () => {
    while (next < due.length) {
      const item = due[next++];
      if (!item) break;
      const row = await claimSubmission(services, item.id);
      if (!row) continue;
      claimed += 1;
      await advanceSubmission(services, row);
    }
  };
  await Promise.all(Array.from({ length: SEND_CONCURRENCY }, worker));
  return claimed;
}

type RefundRow = {
  id: number;
  group_id: number;
  agent_id: number;
  environment: Environment;
  row_no: number;
  id_transaksi: string;
  nominal: number;
  admin_fee: number;
};
type RefundAccounts = Map<string, { funds: number; available: number }>;

/** Failed rows' amount and fee back to the balance, once each. */
export async function refundStep(services: Services): Promise<number> {
  const now = services.now();
  return services.db.transaction().execute(async (trx) => {
    const picked = await sql<RefundRow>`
      select d.id, d.group_id, d.agent_id, d.environment, d.row_no, d.id_transaksi, d.nominal,
             d.admin_fee
        from disbursement_details d
       where d.status = 2 and d.refunded_at is null and d.row_no is not null
       order by d.id
       limit ${REFUND_BATCH}
         for update skip locked`.execute(trx);
    if (picked.rows.length === 0) return 0;
    const accounts = await refundAccounts(services, trx, picked.rows);
    // One savepoint per group, as in the queue step: a refused group waits (and is logged), the
    // other groups' refunds go through.
    let refunded = 0;
    for (const group of byGroup(picked.rows)) {
      refunded += await refundGroup(services, trx, now, group, accounts);
    }
    return refunded;
  });
}

/** Each payer's bulk funds and available accounts, by `agent:environment`. */
async function refundAccounts(
  services: Services,
  trx: Transaction<Database>,
  rows: RefundRow[],
): Promise<RefundAccounts> {
  const payers = new Map<string, { agentId: number; environment: Environment }>();
  for (const r of rows) {
    payers.set(`${r.agent_id}:${r.environment}`, {
      agentId: Number(r.agent_id),
      environment: r.environment,
    });
  }
  const ids: RefundAccounts = new Map();
  for (const [key, payer] of payers) {
    const [funds, available] = await services.ledger.ensureAccounts(
      [
        { kind: BULK_FUNDS_ACCOUNT, ...payer },
        { kind: PAYOUT_ACCOUNT.available, ...payer },
      ],
      { trx },
    );
    if (!funds || !available) throw new Error('bulk refund accounts missing');
    ids.set(key, { funds: funds.id, available: available.id });
  }
  return ids;
}

/** One group's failed rows refunded under a savepoint; answers how many (0 when refused). */
async function refundGroup(
  services: Services,
  trx: Transaction<Database>,
  now: Date,
  group: RefundRow[],
  accounts: RefundAccounts,
): Promise<number> {
  const refunds = group.map((r) =>
    rowRefundPosting(
      {
        groupId: Number(r.group_id),
        rowNo: r.row_no,
        idTransaksi: r.id_transaksi,
        amount: Number(r.nominal),
        fee: Number(r.admin_fee),
      },
      accounts.get(`${r.agent_id}:${r.environment}`) as { funds: number; available: number },
    ),
  );
  await sql`savepoint bulk_refund_group`.execute(trx);
  const results = await services.ledger.createTransfers(refunds, { trx });
  const refused = results.filter((r) => !isTransferOk(r));
  if (refused.length > 0) {
    await sql`rollback to savepoint bulk_refund_group`.execute(trx);
    services.log.error(
      { groupId: group[0]?.group_id, refused: refused.map((r) => r.result) },
      'ledger refused a bulk group refund: its failed rows wait',
    );
    return 0;
  }
  await sql`release savepoint bulk_refund_group`.execute(trx);
  await trx
    .updateTable('disbursement_details')
    .set({ refunded_at: now })
    .where(
      'id',
      'in',
      group.map((r) => Number(r.id)),
    )
    .execute();
  return group.length;
}

/** RUNNING groups whose rows are all final and refunded become DONE. */
export async function finishStep(services: Services): Promise<number> {
  const now = services.now();
  const done = await services.db
    .updateTable('disbursement_groups as g')
    .set({ status: 'DONE', completed_at: now })
    .where('g.status', '=', 'RUNNING')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('disbursement_details as d')
            .select('d.id')
            .whereRef('d.group_id', '=', 'g.id')
            .where((w) =>
              w.or([
                w('d.status', 'in', [-2, -1, 0]),
                w.and([w('d.status', '=', 2), w('d.refunded_at', 'is', null)]),
              ]),
            ),
        ),
      ),
    )
    .returning('g.id')
    .execute();
  return done.length;
}

/** Checks whose token has expired: the token and its answered rows go (a few per pass). */
export async function cleanupStep(services: Services): Promise<number> {
  const now = services.now();
  const expired = await services.db
    .selectFrom('bulk_checksums')
    .select('uuid_user')
    .where('expires_at', '<', now)
    .limit(20)
    .execute();
  if (expired.length === 0) return 0;
  await services.db
    .deleteFrom('bulk_checksums')
    .where(
      'uuid_user',
      'in',
      expired.map((e) => e.uuid_user),
    )
    .execute();
  return expired.length;
}

/** One bounded pass of every step (the jobs loop's entry). */
export async function runOnce(services: Services): Promise<BulkRunReport> {
  const report: BulkRunReport = { queued: 0, advanced: 0, refunded: 0, finished: 0 };
  for (let step = 0; step < QUEUE_STEPS; step++) {
    const moved = await queueStep(services);
    report.queued += moved;
    if (moved < QUEUE_BATCH) break;
  }
  report.advanced = await sendStep(services);
  report.refunded = await refundStep(services);
  report.finished = await finishStep(services);
  await cleanupStep(services);
  return report;
}
