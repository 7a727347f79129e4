/**
 * The provider's decisions on advance-funds requests: service functions with
 * plain inputs the console routes call. Each decision is one database transaction with its audit
 * row; approval pays the advance through the ledger in the same transaction (all or nothing).
 */
import { isTransferOk } from '@gerbang/ledger';
import type { Environment } from '@gerbang/shared';
import { ADVANCE_STATUS, type MissingDate } from '@gerbang/shared/contract/advance-funds';
import { sql } from 'kysely';
import { notFound, refused, validationError } from '../../http/errors';
import type { Services } from '../../http/services';
import { writeAudit } from '../../platform/audit/audit';
import { type ConsoleReviewer, reviewerAudit } from '../../platform/staff/reviewer';
import { ADVANCE_FUNDING_ACCOUNT, advancePayment } from './ledger';

type ReviewServices = Pick<Services, 'db' | 'now' | 'ledger'>;

export interface AdvanceRequestView {
  id: number;
  agentId: number;
  agentName: string;
  environment: Environment;
  username: string;
  dateFrom: string;
  dateTo: string;
  idProduk: string;
  namaProduk: string;
  nominal: number;
  recovered: number;
  /** What the merchant still owes: paid and not yet recovered (0 when not paid). */
  outstanding: number;
  status: number;
  forced: boolean;
  missingDates: MissingDate[];
  createdAt: Date;
  decidedAt: Date | null;
  decidedBy: string | null;
  rejectReason: string | null;
}

const REASON_MAX = 500;

function baseQuery(db: ReviewServices['db']) {
  return db
    .selectFrom('dana_talangan_requests as dt')
    .innerJoin('agents as a', 'a.id', 'dt.agent_id')
    .select([
      'dt.id',
      'dt.agent_id',
      'a.nama_agen',
      'dt.environment',
      'dt.username',
      sql<string>`to_char(dt.date_from, 'YYYY-MM-DD')`.as('date_from'),
      sql<string>`to_char(dt.date_to, 'YYYY-MM-DD')`.as('date_to'),
      'dt.id_produk',
      'dt.nama_produk',
      'dt.nominal',
      'dt.recovered',
      'dt.paid_transfer_id',
      'dt.status',
      'dt.forced',
      'dt.missing_dates',
      'dt.created_at',
      'dt.decided_at',
      'dt.decided_by',
      'dt.reject_reason',
    ])
    .where('dt.deleted_at', 'is', null);
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

function view(r: Row): AdvanceRequestView {
  const paid = r.paid_transfer_id !== null;
  return {
    id: Number(r.id),
    agentId: Number(r.agent_id),
    agentName: r.nama_agen,
    environment: r.environment,
    username: r.username,
    dateFrom: r.date_from,
    dateTo: r.date_to,
    idProduk: r.id_produk,
    namaProduk: r.nama_produk,
    nominal: Number(r.nominal),
    recovered: Number(r.recovered),
    outstanding: paid ? Number(r.nominal) - Number(r.recovered) : 0,
    status: r.status,
    forced: r.forced,
    missingDates: (Array.isArray(r.missing_dates)
      ? r.missing_dates
      : []) as unknown as MissingDate[],
    createdAt: r.created_at,
    decidedAt: r.decided_at,
    decidedBy: r.decided_by,
    rejectReason: r.reject_reason,
  };
}

/** The requests of every merchant (the console's queue), newest first; at most 500. */
export async function listAdvanceRequests(
  services: Pick<Services, 'db'>,
  filter: { status?: number; agentId?: number },
): Promise<AdvanceRequestView[]> {
  let q = baseQuery(services.db as ReviewServices['db']);
  if (filter.status !== undefined) q = q.where('dt.status', '=', filter.status);
  if (filter.agentId !== undefined) q = q.where('dt.agent_id', '=', filter.agentId);
  const rows = await q.orderBy('dt.id', 'desc').limit(500).execute();
  return rows.map(view);
}

async function lockPending(trx: ReviewServices['db'], id: number) {
  const locked = await sql<{ id: number; status: number }>`
    select id, status from dana_talangan_requests
    where id = ${id} and deleted_at is null for update`.execute(trx);
  const row = locked.rows[0];
  if (!row) throw notFound('advanceFunds.review.notFound');
  if (row.status !== ADVANCE_STATUS.new) throw refused('advanceFunds.review.notPending');
  return baseQuery(trx).where('dt.id', '=', id).executeTakeFirstOrThrow();
}

/** Unsettled sales of the request's product on its accepted days (the rejected ones left out). */
async function unsettledSales(trx: ReviewServices['db'], row: Row): Promise<number> {
  const rejected = (Array.isArray(row.missing_dates) ? row.missing_dates : []).map((m) =>
    typeof m === 'string' ? m : String((m as { date?: string }).date ?? ''),
  );
  // FOR SHARE: a settlement that is sending these holds right now either finishes first (and
  // this sum no longer counts them) or waits for the approval to commit (and then recovers the
  // paid advance from them). Without the lock both could pass and nothing would be recovered.
  const res = await sql<{ total: number | null }>`
    select sum(hold_amount)::bigint as total from (
      select hold_amount from incoming_holds
       where agent_id = ${row.agent_id} and environment = ${row.environment}
         and id_produk = ${row.id_produk} and is_sent in (0, 3)
         and created_date between ${row.date_from} and ${row.date_to}
         and not (to_char(created_date, 'YYYY-MM-DD') = any(${sql.val(rejected)}::text[]))
         for share) unsettled`.execute(trx);
  return Number(res.rows[0]?.total ?? 0);
}

/**
 * Approves a New request and pays it: `advance_funding` → the merchant's available balance
 * (nothing moves for a request whose accepted days had no sales). Status becomes Disbursed.
 */
export async function approveAdvance(
  services: ReviewServices,
  reviewer: ConsoleReviewer,
  input: { id: number },
): Promise<AdvanceRequestView> {
  const now = services.now();
  return services.db.transaction().execute(async (trx) => {
    const row = await lockPending(trx, input.id);
    const nominal = Number(row.nominal);
    // The accepted days' sales may have been settled since the request: pay only while they are
    // still unsettled, so the advance is recovered from their own settlement.
    if (nominal > 0 && (await unsettledSales(trx, row)) < nominal) {
      throw refused('advanceFunds.review.salesSettled');
    }
    let transferId: string | null = null;
    if (nominal > 0) {
      const [funding, available] = await services.ledger.ensureAccounts(
        [
          { kind: ADVANCE_FUNDING_ACCOUNT, environment: row.environment },
          {
            kind: 'merchant_available',
            agentId: Number(row.agent_id),
            environment: row.environment,
          },
        ],
        { trx },
      );
      if (!funding || !available) throw new Error('advance accounts missing');
      const transfer = advancePayment(
        { id: Number(row.id), environment: row.environment, nominal, id_produk: row.id_produk },
        { funding: funding.id, available: available.id },
      );
      const result = await services.ledger.createTransfer(transfer, { trx });
      if (!isTransferOk(result)) throw new Error(`ledger refused advance: ${result.result}`);
      transferId = transfer.id;
    }
    await trx
      .updateTable('dana_talangan_requests')
      .set({
        status: ADVANCE_STATUS.disbursed,
        paid_transfer_id: transferId,
        paid_at: transferId ? now : null,
        decided_at: now,
        decided_by: reviewer.name,
      })
      .where('id', '=', input.id)
      .execute();
    await writeAudit(trx, {
      ...reviewerAudit(reviewer, row, now),
      action: 'console_advance_approve',
      detail: { staffId: reviewer.staffId, nominal, transfer: transferId },
    });
    return view(await baseQuery(trx).where('dt.id', '=', input.id).executeTakeFirstOrThrow());
  });
}

/** Rejects a New request with a reason the merchant and the audit log keep. No money moves. */
export async function rejectAdvance(
  services: ReviewServices,
  reviewer: ConsoleReviewer,
  input: { id: number; reason: string },
): Promise<AdvanceRequestView> {
  const reason = input.reason.trim();
  if (!reason || reason.length > REASON_MAX) throw validationError('advanceFunds.review.reason');
  const now = services.now();
  return services.db.transaction().execute(async (trx) => {
    const row = await lockPending(trx, input.id);
    await trx
      .updateTable('dana_talangan_requests')
      .set({
        status: ADVANCE_STATUS.rejected,
        decided_at: now,
        decided_by: reviewer.name,
        reject_reason: reason,
      })
      .where('id', '=', input.id)
      .execute();
    await writeAudit(trx, {
      ...reviewerAudit(reviewer, row, now),
      action: 'console_advance_reject',
      detail: { staffId: reviewer.staffId, reason },
    });
    return view(await baseQuery(trx).where('dt.id', '=', input.id).executeTakeFirstOrThrow());
  });
}
