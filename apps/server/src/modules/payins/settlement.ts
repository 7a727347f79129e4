/**
 * The settlement job: held money becomes available on the channel's settlement date.
 *
 * 1. claim: holds due by today (WIB) are locked `FOR UPDATE SKIP LOCKED`, grouped per agent,
 *    payment date and product, and each group becomes one settlements row in status `process`
 *    (the holds `is_sent` 3 and linked to it) — one database transaction.
 * 2. complete: each `process` settlement, locked the same way, posts held → available under the
 *    ledger id `settlement:<reference>`, becomes `completed` (the "sent" page), its holds `is_sent`
 *    1, and queues its callback — one database transaction per settlement.
 * A hold is claimed by exactly one run and a settlement completed by exactly one run, however many
 * workers run at once; a crash between the steps leaves `process` rows the next run completes.
 * Nothing runs during the banks' nightly window (23:00–06:00 WIB).
 */
import { isTransferOk, type TransferInput } from '@gerbang/ledger';
import { type Environment, wibDate } from '@gerbang/shared';
import { type Insertable, type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/services';
import type { SettlementsTable } from '../settlement/tables';
import { type CallbackInput, queueCallback } from './callbacks';
import { ACCOUNT } from './ledger';
import { inBankDowntime } from './schedule';
import { runSettledHooks, type SettledSettlement } from './settled-hooks';

type SettleServices = Pick<Services, 'db' | 'now' | 'ledger'>;
type Trx = Kysely<Database>;

export const SETTLEMENT_LIMITS = {
  /** Holds claimed per transaction; a run loops until none is left. */
  claimBatch: 500,
  /** Settlements completed per run call of `completeBatch`. */
  completeBatch: 200,
  /** Batches per run, so one call is bounded even on a huge backlog. */
  batchesPerRun: 100,
} as const;

export interface SettlementOptions {
  /** Settle every waiting hold whatever its date (the simulator's "settle all"). */
  all?: boolean;
}

export interface SettlementReport {
  /** Set when the run did nothing because of the banks' nightly window. */
  skipped: 'bank_downtime' | null;
  /** Holds moved to available by this run. */
  settledHolds: number;
  /** Settlement rows completed by this run. */
  settlements: number;
  /** Settlements the ledger refused (marked failed). */
  failed: number;
}

export interface ClaimedHold {
  id_hold: number;
  agent_id: number;
  environment: Environment;
  created_date: string;
  date_settlement: string;
  id_produk: string;
  nama_produk: string;
  hold_amount: number;
}

async function lockDueHolds(trx: Trx, today: string, all: boolean): Promise<ClaimedHold[]> {
  const due = all ? sql`` : sql`and date_settlement <= ${today}::date`;
  const result = await sql<ClaimedHold>`
    select id_hold, agent_id, environment, to_char(created_date, 'YYYY-MM-DD') as created_date,
      to_char(date_settlement, 'YYYY-MM-DD') as date_settlement, id_produk, nama_produk, hold_amount
    from incoming_holds
    where is_sent = 0 ${due}
    order by id_hold
    limit ${SETTLEMENT_LIMITS.claimBatch}
    for update skip locked`.execute(trx);
  return result.rows;
}

/** Claimed holds per agent, environment, payment date and product, in claim (id) order. */
export function groupHolds<T extends ClaimedHold>(holds: T[]): T[][] {
  const groups = new Map<string, T[]>();
  for (const hold of holds) {
    const key = `${hold.agent_id}|${hold.environment}|${hold.created_date}|${hold.id_produk}`;
    groups.set(key, [...(groups.get(key) ?? []), hold]);
  }
  return [...groups.values()];
}

/** The `process` settlement of one group of holds claimed at `now` (pure; the seed uses it). */
export function settlementRow(group: ClaimedHold[], now: Date): Insertable<SettlementsTable> {
  const first = group[0] as ClaimedHold;
  return {
    agent_id: first.agent_id,
    environment: first.environment,
    tgltrx: first.created_date,
    tglsettle: wibDate(now),
    id_produk: first.id_produk,
    nama_produk: first.nama_produk,
    rekonnum: group.length,
    nominal: group.reduce((sum, hold) => sum + hold.hold_amount, 0),
    status: 'process',
    created_at: now,
    // The first hold's id makes the run's reference unique: a hold is claimed once.
    reference: `STL-${first.created_date.replace(/-/g, '')}-${first.id_produk}-${first.id_hold}`,
  };
}

/** What a claimed hold becomes. */
export function claimedHold(settlementId: number, now: Date) {
  return { is_sent: 3, settlement_id: settlementId, date_flag: now };
}

/** Step 1: one batch of due holds becomes `process` settlements. Answers the holds claimed. */
async function claimBatch(services: SettleServices, all: boolean): Promise<number> {
  const now = services.now();
  const today = wibDate(now);
  return services.db.transaction().execute(async (trx) => {
    const holds = await lockDueHolds(trx, today, all);
    for (const group of groupHolds(holds)) {
      const settlement = await trx
        .insertInto('settlements')
        .values(settlementRow(group, now))
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('incoming_holds')
        .set(claimedHold(settlement.id, now))
        .where(
          'id_hold',
          'in',
          group.map((hold) => hold.id_hold),
        )
        .execute();
    }
    return holds.length;
  });
}

export type ProcessRow = SettledSettlement;

/**
 * Completing a `process` settlement at `now` (pure; the seed completes its history with it): the
 * held → available transfer (none for a zero settlement), the rows as they become when the ledger
 * takes it (`completed`) or refuses it (`failed`), and the callback of a completed one.
 */
export function settlementCompletion(
  row: ProcessRow,
  accounts: { held: number; available: number },
  now: Date,
) {
  const reference = row.reference ?? `STL-${row.id}`;
  const transferId = `settlement:${reference}`;
  const transfer: TransferInput | null =
    row.nominal > 0
      ? {
          id: transferId,
          debitAccountId: accounts.held,
          creditAccountId: accounts.available,
          amount: row.nominal,
          kind: 'settlement',
          reference,
          description: `Settlement ${row.nama_produk} ${row.tgltrx}`,
        }
      : null;
  const callback: CallbackInput = {
    agentId: row.agent_id,
    environment: row.environment,
    idTransaksi: reference,
    type: 'settlement',
    timeRequest: now,
    body: {
      reference,
      status: 'COMPLETED',
      product: row.nama_produk,
      tgltrx: row.tgltrx,
      amount: row.nominal,
    },
  };
  return {
    transfer,
    completed: {
      settlement: {
        status: 'completed' as const,
        completed_at: now,
        ledger_transfer_id: transfer ? transferId : null,
      },
      holds: { is_sent: 1, date_flag: now },
    },
    failed: {
      settlement: { status: 'failed' as const, completed_at: null, ledger_transfer_id: null },
      holds: { is_sent: 2, date_flag: now },
    },
    callback,
  };
}

/** Step 2 for one settlement (already locked): post, complete, update holds, queue callback. */
async function completeOne(services: SettleServices, trx: Trx, row: ProcessRow) {
  const now = services.now();
  const { ledger } = services;
  const [held, available] = await ledger.ensureAccounts(
    [
      { kind: ACCOUNT.held, agentId: row.agent_id, environment: row.environment },
      { kind: ACCOUNT.available, agentId: row.agent_id, environment: row.environment },
    ],
    { trx },
  );
  if (!held || !available) throw new Error('settlement accounts missing');
  const done = settlementCompletion(row, { held: held.id, available: available.id }, now);
  // The holds before the ledger accounts: an advance approval (advance-funds/review.ts) locks
  // the same holds (FOR SHARE) and then the merchant's account, so both take them in one order.
  await sql`select 1 from incoming_holds where settlement_id = ${row.id} for update`.execute(trx);
  const result = done.transfer ? await ledger.createTransfer(done.transfer, { trx }) : null;
  const ok = result === null || isTransferOk(result);
  const outcome = ok ? done.completed : done.failed;
  await trx.updateTable('settlements').set(outcome.settlement).where('id', '=', row.id).execute();
  await trx
    .updateTable('incoming_holds')
    .set(outcome.holds)
    .where('settlement_id', '=', row.id)
    .execute();
  if (!ok) return { ok, holds: 0 };
  await queueCallback(trx, now, done.callback);
  // Features' bookings on a settled amount (aggregator shares, advance recovery), in this
  // transaction; they register at the composition root (modules/settled-hooks.ts).
  await runSettledHooks(services, trx, row, now);
  const holds = await trx
    .selectFrom('incoming_holds')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('settlement_id', '=', row.id)
    .executeTakeFirstOrThrow();
  return { ok, holds: Number(holds.count) };
}

/**
 * Settles one just-booked hold at once, inside the receiving transaction: a top-up to the agent's
 * own deposit VA is credited to the available balance at payment (spec 02 §9), through the same
 * settlement row, ledger transfer, callback and hooks as the daily run, so every report and the
 * ledger invariants read it like any settled payment.
 */
export async function settleHoldNow(
  services: SettleServices,
  trx: Trx,
  idTransaksi: string,
): Promise<void> {
  const now = services.now();
  const locked = await sql<ClaimedHold>`
    select id_hold, agent_id, environment, to_char(created_date, 'YYYY-MM-DD') as created_date,
      to_char(date_settlement, 'YYYY-MM-DD') as date_settlement, id_produk, nama_produk, hold_amount
    from incoming_holds
    where id_transaksi = ${idTransaksi} and is_sent = 0
    for update`.execute(trx);
  const hold = locked.rows[0];
  if (!hold) return;
  const row = settlementRow([hold], now);
  const settlement = await trx
    .insertInto('settlements')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('incoming_holds')
    .set(claimedHold(settlement.id, now))
    .where('id_hold', '=', hold.id_hold)
    .execute();
  const outcome = await completeOne(services, trx, {
    id: settlement.id,
    agent_id: hold.agent_id,
    environment: hold.environment,
    nominal: Number(row.nominal),
    reference: row.reference ?? null,
    nama_produk: hold.nama_produk,
    tgltrx: hold.created_date,
  });
  if (!outcome.ok) throw new Error(`ledger refused the instant settlement of ${idTransaksi}`);
}

/** Step 2: completes a batch of `process` settlements, one transaction each. */
async function completeBatch(services: SettleServices, report: SettlementReport): Promise<number> {
  const ids = await services.db
    .selectFrom('settlements')
    .select('id')
    .where('status', '=', 'process')
    .orderBy('id')
    .limit(SETTLEMENT_LIMITS.completeBatch)
    .execute();
  let done = 0;
  for (const { id } of ids) {
    await services.db.transaction().execute(async (trx) => {
      const locked = await sql<ProcessRow>`
        select id, agent_id, environment, nominal, reference, nama_produk,
          to_char(tgltrx, 'YYYY-MM-DD') as tgltrx
        from settlements where id = ${id} and status = 'process'
        for update skip locked`.execute(trx);
      const row = locked.rows[0];
      if (!row) return;
      const outcome = await completeOne(services, trx, row);
      done += 1;
      if (outcome.ok) {
        report.settlements += 1;
        report.settledHolds += outcome.holds;
      } else {
        report.failed += 1;
      }
    });
  }
  return done;
}

/**
 * One settlement run: claim due holds, then complete every `process` settlement. Safe to call
 * from several workers at once. Answers what this call did.
 */
export async function runOnce(
  services: SettleServices,
  options: SettlementOptions = {},
): Promise<SettlementReport> {
  const report: SettlementReport = { skipped: null, settledHolds: 0, settlements: 0, failed: 0 };
  if (inBankDowntime(services.now())) return { ...report, skipped: 'bank_downtime' };
  for (let batch = 0; batch < SETTLEMENT_LIMITS.batchesPerRun; batch++) {
    if ((await claimBatch(services, options.all === true)) < SETTLEMENT_LIMITS.claimBatch) break;
  }
  for (let batch = 0; batch < SETTLEMENT_LIMITS.batchesPerRun; batch++) {
    if ((await completeBatch(services, report)) === 0) break;
  }
  return report;
}
