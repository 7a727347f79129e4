import {
  INSUFFICIENT_FUNDS,
  isTransferOk,
  type TransferInput,
  type TransferResult,
} from '@gerbang/ledger';
import { type Environment, wibDate } from '@gerbang/shared';
import { type Insertable, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/services';
import { type Actor, actorKey, auditOrigin } from '../../platform/actor';
import { writeAudits } from '../../platform/audit/audit';
import { type DescriptionParams, describedColumns } from '../transactions/descriptions';
import type { TransactionsTable } from '../transactions/tables';
import { availableBalance } from './accounts';
import { type GatePlan, planGate, recordGate } from './gate';
import { type PayoutSource, payoutKind } from './kinds';
import { LEASE_MS, newLeaseToken, type PayoutDestination, type SubmissionRow } from './submissions';

/**
 * Opening payouts: the one way money starts to leave a merchant's balance. Inside the caller's
 * database transaction (with the feature's own writes: an inquiry marked paid, an order moved):
 *
 *   hold       the feature's pending chain (its pure `postings()`), all or nothing
 *   record     the PROCESS `transactions` row, from a typed record
 *   submit     the rail submission keyed by `(source_kind, source_id)`
 *   audit      the audit row of the opening, with the actor's who-and-where
 *
 * After the commit the caller (or the rail sweep, for rows not leased) calls the rail
 * (`advanceSubmission`); `finalize` ends each payout. A batch is one ledger call and one insert
 * per table, so a 1,000-row bulk step costs the same round trips as one withdrawal.
 */

/** What a payout writes as its `transactions` row: the part that differs between kinds. */
export interface PayoutRecord {
  kind: TransactionsTable['kind'];
  productGroup: TransactionsTable['jenis_produk'];
  /** id_produk: the product code the price came from. */
  productCode: string;
  /** nama_produk; also the channel and bank name unless given. */
  productName: string;
  channelName?: string;
  bankName?: string;
  /** kodebank: the bank, e-wallet or retailer code the merchant chose. */
  bankCode: string;
  /** nopelanggan2: the account type, or a remittance's SWIFT code. */
  accountDetail: string | null;
  accountName: string;
  /** nominal_origin (rupiah). */
  amount: number;
  /** nominal_admin (rupiah). */
  fee: number;
  /** addinfo21: the merchant's note. */
  note: string | null;
  /** KETERANGAN: a catalog key and its parameters (transactions/descriptions.ts). */
  description: { key: string; params?: DescriptionParams };
  /** invoicenumberext: the order or group the payout belongs to, or the partner's reference. */
  orderReference?: string | null;
  /** partner_reff_va: the partner API's X-EXTERNAL-ID. */
  partnerReference?: string | null;
}

export interface PayoutOpening {
  source: PayoutSource;
  payer: { agentId: number; environment: Environment };
  /** The user the payout is booked for (the group's or order's maker for a job), if any. */
  userId: number | null;
  /** Our reference everywhere: the transaction's id_transaksi, the rail's idempotency key. */
  reference: string;
  destination: PayoutDestination;
  /** The hold: the feature's pending chain, amount first (its ids are the idempotency keys). */
  transfers: TransferInput[];
  record: PayoutRecord;
  /** The audit action and detail of the opening (never secrets). */
  audit: { action: string; detail: Record<string, unknown> };
  /**
   * Leased to the caller, which calls the rail right after the commit (a request that waits for
   * the answer); otherwise the sweep or a send step claims it.
   */
  leased: boolean;
  /**
   * Whether the approval gate (payouts/gate.ts) looks at this payout: `policy` (default for a user
   * or a partner) or `none` (default for a job: a bulk group's rows were approved as a group, an
   * order line was paid from outside). A scheduled payout would open as a job with `policy`.
   */
  approval?: 'policy' | 'none';
  /**
   * The saved beneficiary the payout is for, with the name saved in the book: the name-check gate
   * (ADR 016) holds the payout when the inquiry's `record.accountName` differs.
   */
  beneficiary?: { id: number; savedName: string } | null;
}

export type OpenedPayouts =
  | { ok: true; submissions: SubmissionRow[] }
  /** The ledger refused the hold (nothing of the batch was written); `short` when for balance. */
  | { ok: false; short: boolean; refused: TransferResult[] };

/** Opens a batch of payouts, all or nothing. */
export async function openPayouts(
  services: Pick<Services, 'ledger'>,
  trx: Transaction<Database>,
  actor: Actor,
  now: Date,
  openings: PayoutOpening[],
): Promise<OpenedPayouts> {
  if (openings.length === 0) return { ok: true, submissions: [] };
  for (const opening of openings) guardOpening(opening);
  const held = await hold(services, trx, openings);
  if (!held.ok) return held;
  const transactionIds = await recordTransactions(trx, now, openings);
  const gates = await planGate(trx, actor, now, openings);
  const submissions = await submit(trx, now, openings, transactionIds, gates);
  await recordGate(trx, now, gates, openings, submissions);
  await auditOpenings(trx, actor, now, openings);
  return { ok: true, submissions };
}

export type OpenedPayout =
  | { ok: true; submission: SubmissionRow }
  /** The merchant's spendable balance is short; nothing was written. */
  | { ok: false; available: number };

/**
 * Opens one payout. A short balance answers `available` (the caller words the refusal); any other
 * refusal of the hold is a bug or corrupt data and throws, rolling the caller's transaction back.
 */
export async function openPayout(
  services: Pick<Services, 'ledger'>,
  trx: Transaction<Database>,
  actor: Actor,
  now: Date,
  opening: PayoutOpening,
): Promise<OpenedPayout> {
  const opened = isOneChain(opening.transfers)
    ? await openHoldingLast(services, trx, actor, now, opening)
    : await openPayouts(services, trx, actor, now, [opening]);
  if (opened.ok) return { ok: true, submission: opened.submissions[0] as SubmissionRow };
  if (!opened.short) {
    throw new Error(
      `ledger refused the payout hold of ${opening.reference}: ${opened.refused.map((r) => r.result).join(', ')}`,
    );
  }
  const { agentId, environment } = opening.payer;
  return {
    ok: false,
    available: await availableBalance(services.ledger, agentId, environment, trx),
  };
}

/** True when the transfers are one linked chain: the ledger writes all of them or none. */
function isOneChain(transfers: readonly TransferInput[]): boolean {
  return transfers.every((t, index) => (t.flags?.linked === true) === index < transfers.length - 1);
}

/**
 * One payout with the hold as the LAST step before the caller commits: the rows first (no shared
 * row is locked yet), then the ledger locks the merchant's account, writes the hold and the
 * caller commits — the lock is held for the lock, the write and the commit only, not across the
 * inserts. The ledger runs without its own savepoint (`savepoint: false`); this function's
 * savepoint, taken before the rows, takes them back when the hold is refused, so a refusal still
 * writes nothing. On success the savepoint is left for the commit to release (releasing it would
 * be one more round trip under the lock).
 */
async function openHoldingLast(
  services: Pick<Services, 'ledger'>,
  trx: Transaction<Database>,
  actor: Actor,
  now: Date,
  opening: PayoutOpening,
): Promise<OpenedPayouts> {
  guardOpening(opening);
  await sql`savepoint payout_open`.execute(trx);
  const [transactionId] = await recordTransactions(trx, now, [opening]);
  const gates = await planGate(trx, actor, now, [opening]);
  const submissions = await submit(trx, now, [opening], [transactionId as number], gates);
  await recordGate(trx, now, gates, [opening], submissions);
  await auditOpenings(trx, actor, now, [opening]);
  const results = await services.ledger.createTransfers(opening.transfers, {
    trx,
    savepoint: false,
  });
  if (results.every(isTransferOk)) return { ok: true, submissions };
  await sql`rollback to savepoint payout_open`.execute(trx);
  const refused = results.filter((result) => !isTransferOk(result));
  return { ok: false, short: refused.some((r) => r.result === INSUFFICIENT_FUNDS), refused };
}

/** One payout of a group and who opened it (each partner call is its own actor). */
export interface ActorOpening {
  actor: Actor;
  opening: PayoutOpening;
}

export type GroupOpened =
  | { ok: true; submissions: SubmissionRow[] }
  /** Nothing was written: these openings' holds were refused (`short`: for balance). */
  | { ok: false; refused: { index: number; short: boolean }[] };

/**
 * Several one-chain payouts of ONE payer (a group commit, ADR 009), hold last, in the caller's
 * transaction: one insert per table for all of them, then ONE ledger call for every chain —
 * the payer's account is locked once for the whole group, for the lock, the write and the commit.
 * Each chain is linked on its own, so the ledger answers each payout apart. When any is refused,
 * the other chains may already be written (no ledger savepoint), so this answers which were
 * refused and the caller MUST roll its transaction back and open the rest again without them.
 */
export async function openPayoutGroupHoldingLast(
  services: Pick<Services, 'ledger'>,
  trx: Transaction<Database>,
  now: Date,
  entries: ActorOpening[],
): Promise<GroupOpened> {
  for (const { opening } of entries) {
    guardOpening(opening);
    if (!isOneChain(opening.transfers)) {
      throw new Error(`payout ${opening.reference} is not one linked chain`);
    }
  }
  const openings = entries.map((entry) => entry.opening);
  const transactionIds = await recordTransactions(trx, now, openings);
  // The approval gate holds a group's payouts like any others (one policy read per actor).
  const gates = await planGroupGate(trx, now, entries);
  const submissions = await submit(trx, now, openings, transactionIds, gates);
  await recordGate(trx, now, gates, openings, submissions);
  await auditEach(trx, now, entries);
  const results = await services.ledger.createTransfers(
    openings.flatMap((opening) => opening.transfers),
    { trx, savepoint: false },
  );
  const refused: { index: number; short: boolean }[] = [];
  let at = 0;
  openings.forEach((opening, index) => {
    const mine = results.slice(at, at + opening.transfers.length);
    at += opening.transfers.length;
    if (mine.every(isTransferOk)) return;
    refused.push({ index, short: mine.some((r) => r.result === INSUFFICIENT_FUNDS) });
  });
  return refused.length === 0 ? { ok: true, submissions } : { ok: false, refused };
}

/** The gate's plan of each entry of a group, asked once per actor, in the entries' order. */
async function planGroupGate(
  trx: Transaction<Database>,
  now: Date,
  entries: ActorOpening[],
): Promise<(GatePlan | null)[]> {
  // Keyed by who the actor is, not by object: each call of a group brings its own actor object,
  // and one plan per maker lets the gate read the agent's policy once for the whole group.
  const byActor = new Map<string, { actor: Actor; indexes: number[] }>();
  entries.forEach(({ actor }, index) => {
    const key = actorKey(actor);
    const group = byActor.get(key) ?? { actor, indexes: [] };
    group.indexes.push(index);
    byActor.set(key, group);
  });
  const plans: (GatePlan | null)[] = entries.map(() => null);
  for (const { actor, indexes } of byActor.values()) {
    const planned = await planGate(
      trx,
      actor,
      now,
      indexes.map((i) => entries[i]!.opening),
    );
    indexes.forEach((entryIndex, k) => {
      plans[entryIndex] = planned[k] ?? null;
    });
  }
  return plans;
}

/** Bugs caught before anything is written: an unregistered kind, a hold that is not pending. */
function guardOpening(opening: PayoutOpening) {
  payoutKind(opening.source.kind);
  if (opening.transfers.length === 0) throw new Error(`payout ${opening.reference} holds nothing`);
  for (const transfer of opening.transfers) {
    if (!transfer.flags?.pending) throw new Error(`payout transfer ${transfer.id} is not pending`);
  }
  if (!Number.isSafeInteger(opening.record.amount) || opening.record.amount <= 0) {
    throw new Error(`payout ${opening.reference} amount ${opening.record.amount} is not positive`);
  }
}

async function hold(
  services: Pick<Services, 'ledger'>,
  trx: Transaction<Database>,
  openings: PayoutOpening[],
): Promise<{ ok: true } | { ok: false; short: boolean; refused: TransferResult[] }> {
  const transfers = openings.flatMap((opening) => opening.transfers);
  const results = await services.ledger.createTransfers(transfers, { trx });
  if (results.every(isTransferOk)) return { ok: true };
  const refused = results.filter((result) => !isTransferOk(result));
  return { ok: false, short: refused.some((r) => r.result === INSUFFICIENT_FUNDS), refused };
}

/** The PROCESS row of one opening (also what a refused bulk row writes as FAILED). */
export function transactionRowOf(
  opening: Pick<PayoutOpening, 'reference' | 'payer' | 'userId' | 'destination' | 'record'>,
  now: Date,
  ledgerTransferId: string | null,
): Insertable<TransactionsTable> {
  const { record } = opening;
  return {
    id_transaksi: opening.reference,
    agent_id: opening.payer.agentId,
    environment: opening.payer.environment,
    user_id: opening.userId,
    kind: record.kind,
    jenis_produk: record.productGroup,
    jenis_trx: 'CASH OUT',
    jenis_transaksi: 1,
    status_trx: 'PROCESS',
    time_request: now,
    transaction_date: wibDate(now),
    invoicenumberext: record.orderReference ?? null,
    partner_reff_va: record.partnerReference ?? null,
    nopelanggan1: opening.destination.accountNumber,
    nopelanggan2: record.accountDetail,
    id_produk: record.productCode,
    nama_produk: record.productName,
    nama_channel: record.channelName ?? record.productName,
    kodebank: record.bankCode,
    namabank: record.bankName ?? record.productName,
    customername: record.accountName,
    nominal_origin: record.amount,
    nominal_admin: record.fee,
    addinfo21: record.note || null,
    ...describedColumns(record.description.key, record.description.params),
    ledger_transfer_id: ledgerTransferId,
    updated_at: now,
  };
}

async function recordTransactions(
  trx: Transaction<Database>,
  now: Date,
  openings: PayoutOpening[],
): Promise<number[]> {
  const inserted = await trx
    .insertInto('transactions')
    .values(openings.map((o) => transactionRowOf(o, now, o.transfers[0]?.id ?? null)))
    .returning(['id', 'id_transaksi'])
    .execute();
  const idOf = new Map(inserted.map((row) => [row.id_transaksi, Number(row.id)]));
  return openings.map((opening) => {
    const id = idOf.get(opening.reference);
    if (id === undefined) throw new Error(`transaction row of ${opening.reference} missing`);
    return id;
  });
}

async function submit(
  trx: Transaction<Database>,
  now: Date,
  openings: PayoutOpening[],
  transactionIds: number[],
  gates: readonly (GatePlan | null)[],
): Promise<SubmissionRow[]> {
  return trx
    .insertInto('rail_submissions')
    .values(
      openings.map((opening, index) => ({
        ...submissionState(opening, gates[index] != null, now),
        transaction_id: transactionIds[index] as number,
        source_kind: opening.source.kind,
        source_id: opening.source.id,
        rail: opening.destination.rail,
        reference: opening.reference,
        rail_code: opening.destination.railCode,
        account_type: opening.destination.accountType,
        account_number: opening.destination.accountNumber,
        amount: opening.destination.amount,
        pending_transfer_ids: opening.transfers.map((t) => t.id).join(','),
        next_check_at: now,
        created_at: now,
        updated_at: now,
      })),
    )
    .returningAll()
    .execute();
}

/**
 * A payout that waits for approval is APPROVAL and never leased (no worker claims it; the gate
 * moves it to SEND); otherwise SEND, leased to the caller when it calls the rail itself.
 */
function submissionState(opening: PayoutOpening, waits: boolean, now: Date) {
  const leased = opening.leased && !waits;
  return {
    state: waits ? ('APPROVAL' as const) : ('SEND' as const),
    claimed_until: leased ? new Date(now.getTime() + LEASE_MS) : null,
    lease_token: leased ? newLeaseToken() : null,
    attempts: leased ? 1 : 0,
  };
}

async function auditOpenings(
  trx: Transaction<Database>,
  actor: Actor,
  now: Date,
  openings: PayoutOpening[],
) {
  await auditEach(
    trx,
    now,
    openings.map((opening) => ({ actor, opening })),
  );
}

/** The audit rows of openings, each with its own actor (a group of partner calls). */
async function auditEach(trx: Transaction<Database>, now: Date, entries: ActorOpening[]) {
  await writeAudits(
    trx,
    entries.map(({ actor, opening }) => {
      const origin = auditOrigin(actor);
      return {
        ...origin,
        userId: origin.userId ?? opening.userId,
        agentId: opening.payer.agentId,
        action: opening.audit.action,
        target: opening.reference,
        detail: {
          ...opening.audit.detail,
          ...(actor.kind === 'partner' ? { client_id: actor.clientId } : {}),
          ...(actor.kind === 'job' ? { job: actor.job } : {}),
        },
        environment: opening.payer.environment,
        at: now,
      };
    }),
  );
}
