/**
 * The daily return of the leftover deposit balance (spec 02 §2.5 fixed notice: "the leftover
 * deposit balance is returned automatically to the company's bank account every day at 23:30
 * WIB"; §9; spec 03 §9). docs/architecture.md "Leftover-deposit return" gives the reading:
 *
 * - The day is a cut-off day D: top-ups credited after D−1 23:30 WIB up to D 23:30 WIB.
 * - Its leftover is what remains of those top-ups after the money that left the agent's available
 *   balance in the same window (payouts consume the day's top-ups first: that is what a deposit is
 *   for), never more than the agent can spend when the return runs:
 *   `min(available now, max(0, topped up − spent))`. Settled pay-ins are the merchant's own
 *   revenue, not deposit, and are never sent back by this job.
 * - "The company's bank account" is the bank account of the agent's business data
 *   (`business_profiles`: nama_bank, no_rek_bank, nama_rek_bank). An agent without one is
 *   skipped (logged); nothing is returned for it.
 *
 * The money leaves through the payout block: one transaction per agent locks the agent, writes the
 * `deposits` row (kind 'return', status 0 New — the deposit page shows it), places the payout hold
 * (available → the bank's rail clearing), writes the PROCESS transaction and the rail submission
 * (`('deposit_return', deposits.id)`). The rail is called after the commit; during the banks'
 * nightly window (23:00–06:00 WIB) the bank queues it and the rail sweep finishes it after 06:00,
 * when `finalize` posts the hold and sets the row to 1 Success (2 Failed and the hold voided when
 * the bank refuses it).
 *
 * Once per day: the unique index on (agent, environment, return_date) makes a second return for the
 * same day impossible, however many runs race or restart; a day whose pass went through every agent
 * is recorded in `deposit_return_runs`, and later passes skip it.
 */
import { availableOf, type TransferInput } from '@gerbang/ledger';
import type { Environment } from '@gerbang/shared';
import { wibDate, wibDayStart, wibMinuteOfDay } from '@gerbang/shared';
import { BANKS, findBank } from '@gerbang/shared/domain/banks';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/services';
import { jobActor } from '../../platform/actor';
import { PAYOUT_ACCOUNT, payoutAccounts } from '../payouts/accounts';
import { openPayout } from '../payouts/open';
import { advanceSubmission } from '../payouts/rail-work';
import type { SubmissionRow } from '../payouts/submissions';
import { describedColumns } from '../transactions/descriptions';
import { DEPOSIT_RETURN_PAYOUT } from './payout-kind';

type Trx = Transaction<Database>;

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** 23:30 WIB (spec 02 §9 "Automatic return of leftover deposit: 23:30 WIB daily"). */
export const LEFTOVER_RETURN_MINUTE = 23 * 60 + 30;

/** The latest cut-off day whose 23:30 WIB has passed at `now` (YYYY-MM-DD). */
export function cutoffDay(now: Date): string {
  const today = wibDate(now);
  return wibMinuteOfDay(now) >= LEFTOVER_RETURN_MINUTE ? today : previousDate(today);
}

/** The instant of day `day`'s cut-off: 23:30 WIB. */
export function cutoffAt(day: string): Date {
  return new Date(wibDayStart(day).getTime() + LEFTOVER_RETURN_MINUTE * MINUTE_MS);
}

function previousDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}

/** The top-ups of a cut-off day: credited after the previous cut-off, up to this one. */
export function returnWindow(day: string): { from: Date; to: Date } {
  return { from: cutoffAt(previousDate(day)), to: cutoffAt(day) };
}

/** The leftover to send back (pure): the day's top-ups less its spending, capped by the balance. */
export function leftoverAmount(input: { toppedUp: number; spent: number; available: number }) {
  return Math.max(0, Math.min(input.available, input.toppedUp - input.spent));
}

/** Our reference of a return: at the rail, on the deposit page and as the transaction id. */
export function returnId(day: string, agentId: number, environment: Environment): string {
  return `RTN${day.replace(/-/g, '')}${environment === 'production' ? 'P' : 'S'}${agentId}`;
}

export interface CompanyAccount {
  kodebank: string;
  namabank: string;
  norekening: string;
  atasnama: string;
}

const normaliseName = (name: string) =>
  name
    .toLowerCase()
    .replace(/^bank\s+/, '')
    .replace(/[^a-z0-9]/g, '');

/** The bank code of a bank named as people write it ("BCA", "Bank Mandiri", "BSI", "014"). */
export function bankCodeByName(name: string): string | undefined {
  const trimmed = name.trim();
  if (findBank(trimmed)) return trimmed;
  const wanted = normaliseName(trimmed);
  if (!wanted) return undefined;
  for (const bank of BANKS) {
    const short = bank.namabank.match(/\(([^)]+)\)/)?.[1];
    const names = [bank.namabank.replace(/\s*\([^)]*\)/, ''), ...(short ? [short] : [])];
    if (names.some((n) => normaliseName(n) === wanted)) return bank.kodebank;
  }
  return undefined;
}

/** The agent's company bank account from its business data; null when it has none usable. */
export async function companyAccount(
  db: Kysely<Database>,
  agentId: number,
): Promise<CompanyAccount | null> {
  const profile = await db
    .selectFrom('business_profiles')
    .select(['nama_bank', 'no_rek_bank', 'nama_rek_bank', 'nama_perusahaan'])
    .where('agent_id', '=', agentId)
    .executeTakeFirst();
  if (!profile?.nama_bank || !profile.no_rek_bank) return null;
  const kodebank = bankCodeByName(profile.nama_bank);
  const norekening = profile.no_rek_bank.replace(/\D/g, '');
  if (!kodebank || !norekening) return null;
  return {
    kodebank,
    namabank: findBank(kodebank)?.namabank ?? profile.nama_bank,
    norekening,
    atasnama: profile.nama_rek_bank || profile.nama_perusahaan,
  };
}

interface Candidate {
  agent_id: number;
  environment: Environment;
  topped_up: number;
}

/** Agents with top-ups credited in the day's window, and how much. */
async function candidates(db: Kysely<Database>, day: string): Promise<Candidate[]> {
  const { from, to } = returnWindow(day);
  const result = await sql<Candidate>`
    select agent_id, environment, sum(nominal_unik) as topped_up
    from deposits
    where kind = 'topup' and status = 1 and tanggal_transfer > ${from} and tanggal_transfer <= ${to}
    group by agent_id, environment
    order by agent_id, environment`.execute(db);
  return result.rows.map((r) => ({ ...r, topped_up: Number(r.topped_up) }));
}

/**
 * What left the agent's available balance in the window: every transfer debiting it that is not
 * a void or post of a hold (those repeat a pending transfer), not voided, and not a return — less
 * what came back of it in the same window: a bulk group's hold leaves in one transfer and its
 * failed rows return one by one (`bulk_transfer_refund`), so the refunds of a group held in the
 * window did not leave. (A refund of a group held before the window is not this day's spending.)
 */
async function spentInWindow(
  trx: Kysely<Database>,
  accountId: number,
  window: { from: Date; to: Date },
): Promise<number> {
  const result = await sql<{ spent: number | string | null; refunded: number | string | null }>`
    select
      (select coalesce(sum(amount), 0)
         from ledger_transfers
        where debit_account_id = ${accountId}
          and created_at > ${window.from} and created_at <= ${window.to}
          and pending_id is null
          and (status is null or status in ('pending', 'posted'))
          and kind <> 'deposit_return') as spent,
      (select coalesce(sum(r.amount), 0)
         from ledger_transfers r
         join ledger_transfers h
           on h.id = 'bulk_group:' || split_part(r.id, ':', 2) || ':hold'
        where r.credit_account_id = ${accountId}
          and r.kind = 'bulk_transfer_refund'
          and r.created_at > ${window.from} and r.created_at <= ${window.to}
          and h.debit_account_id = ${accountId}
          and h.created_at > ${window.from} and h.created_at <= ${window.to}) as refunded`.execute(
    trx,
  );
  const row = result.rows[0];
  return Number(row?.spent ?? 0) - Number(row?.refunded ?? 0);
}

export interface LeftoverReturnReport {
  /** The cut-off day this pass worked on. */
  day: string;
  /** 'done' when an earlier pass already went through every agent of that day. */
  skipped: 'done' | null;
  /** Returns this pass started (each is a deposits row and a payout). */
  returned: number;
  total: number;
  /** Agents with a leftover but no usable company bank account. */
  noAccount: number;
  /** Agents whose return failed this pass (retried by the next). */
  failed: number;
}

type AgentOutcome =
  | { kind: 'returned'; amount: number; submission: SubmissionRow }
  | { kind: 'none' }
  | { kind: 'no_account' };

class ShortBalanceError extends Error {}

/**
 * One agent's return, in the caller's transaction: everything or nothing. Guard (the agent locked,
 * no return yet today) → the amount (pure) → the `deposits` row → the payout.
 */
async function returnForAgent(
  services: Services,
  trx: Trx,
  candidate: Candidate,
  day: string,
  now: Date,
): Promise<AgentOutcome> {
  const { agent_id: agentId, environment } = candidate;
  const agent = await lockAgentForDay(trx, candidate, day);
  if (!agent) return { kind: 'none' };
  const available = await services.ledger.findAccount(
    { kind: PAYOUT_ACCOUNT.available, agentId, environment },
    { trx },
  );
  if (!available) return { kind: 'none' };
  const spent = await spentInWindow(trx, available.id, returnWindow(day));
  const amount = leftoverAmount({
    toppedUp: candidate.topped_up,
    spent,
    available: availableOf(available),
  });
  if (amount <= 0) return { kind: 'none' };
  const account = await companyAccount(trx, agentId);
  if (!account) return { kind: 'no_account' };
  const idDeposit = returnId(day, agentId, environment);
  const pendingId = `deposit_return:${idDeposit}`;
  const deposit = await insertReturnRow(trx, now, {
    idDeposit,
    pendingId,
    agentId,
    environment,
    username: agent.username,
    account,
    amount,
    day,
  });
  if (!deposit) return { kind: 'none' };
  const submission = await openReturn(services, trx, now, {
    depositId: deposit.id,
    idDeposit,
    pendingId,
    payer: { agentId, environment },
    amount,
    day,
    account,
  });
  return { kind: 'returned', amount, submission };
}

/** Concurrent runs for one agent queue on its row; undefined when today's return exists. */
async function lockAgentForDay(trx: Trx, candidate: Candidate, day: string) {
  const agent = await trx
    .selectFrom('agents')
    .select(['id', 'username'])
    .where('id', '=', candidate.agent_id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const existing = await trx
    .selectFrom('deposits')
    .select('id')
    .where('agent_id', '=', candidate.agent_id)
    .where('environment', '=', candidate.environment)
    .where('kind', '=', 'return')
    .where('return_date', '=', day)
    .executeTakeFirst();
  return existing ? undefined : agent;
}

/** The `deposits` row the deposit page shows (kind 'return', status 0 New). */
async function insertReturnRow(
  trx: Trx,
  now: Date,
  r: {
    idDeposit: string;
    pendingId: string;
    agentId: number;
    environment: Environment;
    username: string;
    account: CompanyAccount;
    amount: number;
    day: string;
  },
) {
  const { account, amount } = r;
  return trx
    .insertInto('deposits')
    .values({
      id_deposit: r.idDeposit,
      agent_id: r.agentId,
      environment: r.environment,
      user_id: null,
      username: r.username,
      tanggal_transaksi: now,
      transaction_date: wibDate(now),
      atasnama: account.atasnama,
      norekening: account.norekening,
      kodebank: account.kodebank,
      namabank: account.namabank,
      nominal: amount,
      kode_unik: 0,
      nominal_unik: amount,
      status: 0,
      expired_at: now,
      ledger_transfer_id: r.pendingId,
      created_at: now,
      kind: 'return',
      return_date: r.day,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
}

interface ReturnPayout {
  depositId: number;
  idDeposit: string;
  pendingId: string;
  payer: { agentId: number; environment: Environment };
  amount: number;
  day: string;
  account: CompanyAccount;
}

/** The return's payout: available → the bank's rail clearing, opened by the job. */
async function openReturn(
  services: Services,
  trx: Trx,
  now: Date,
  r: ReturnPayout,
): Promise<SubmissionRow> {
  const { account } = r;
  const accounts = await payoutAccounts(services.ledger, r.payer, account.kodebank, trx);
  const params = { date: r.day, bank: account.namabank, account: account.norekening };
  const transfers: TransferInput[] = [
    {
      id: r.pendingId,
      debitAccountId: accounts.merchant,
      creditAccountId: accounts.clearing,
      amount: r.amount,
      flags: { pending: true },
      kind: 'deposit_return',
      reference: r.idDeposit,
      description: describedColumns('depositReturn.description', params).keterangan,
    },
  ];
  const opened = await openPayout(services, trx, jobActor('deposit_return'), now, {
    source: { kind: DEPOSIT_RETURN_PAYOUT.kind, id: r.depositId },
    payer: r.payer,
    userId: null,
    reference: r.idDeposit,
    destination: {
      rail: 'BANK',
      railCode: account.kodebank,
      accountType: 'NORMAL',
      accountNumber: account.norekening,
      amount: r.amount,
    },
    transfers,
    record: {
      kind: 'DEPOSIT_RETURN',
      productGroup: 'TRANSFER',
      productCode: 'DEPOSIT_RETURN',
      productName: account.namabank,
      bankCode: account.kodebank,
      accountDetail: null,
      accountName: account.atasnama,
      amount: r.amount,
      fee: 0,
      note: null,
      description: { key: 'depositReturn.description', params },
    },
    audit: { action: 'deposit_return', detail: { day: r.day, amount: r.amount } },
    leased: true,
  });
  // A payout placed between the balance read and the hold: roll back, the next pass retries.
  if (!opened.ok) throw new ShortBalanceError(`leftover return ${r.idDeposit}: balance moved`);
  return opened.submission;
}

/**
 * One pass (the jobs loop runs it every minute; jobs/deposit-return.ts): from 23:30 WIB on, the
 * day's leftover of every agent goes back to its company's bank account, once. Safe to run from
 * several processes at once and to repeat after a restart.
 */
export async function runOnce(services: Services): Promise<LeftoverReturnReport> {
  const now = services.now();
  const day = cutoffDay(now);
  const report: LeftoverReturnReport = {
    day,
    skipped: null,
    returned: 0,
    total: 0,
    noAccount: 0,
    failed: 0,
  };
  const done = await services.db
    .selectFrom('deposit_return_runs')
    .select('return_date')
    .where('return_date', '=', day)
    .executeTakeFirst();
  if (done) return { ...report, skipped: 'done' };

  const started: SubmissionRow[] = [];
  for (const candidate of await candidates(services.db, day)) {
    try {
      const outcome = await services.db
        .transaction()
        .execute((trx) => returnForAgent(services, trx, candidate, day, now));
      if (outcome.kind === 'returned') {
        report.returned += 1;
        report.total += outcome.amount;
        started.push(outcome.submission);
      } else if (outcome.kind === 'no_account') {
        report.noAccount += 1;
        services.log.warn(
          { agentId: candidate.agent_id, day },
          'leftover deposit not returned: the agent has no usable company bank account',
        );
      }
    } catch (error) {
      report.failed += 1;
      services.log.error(
        { err: error, agentId: candidate.agent_id, day },
        'leftover return failed',
      );
    }
  }
  if (report.failed === 0) {
    await services.db
      .insertInto('deposit_return_runs')
      .values({ return_date: day, finished_at: now, returns: report.returned, total: report.total })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  // The rail, after the commits; during the nightly window the bank queues the transfer and the
  // rail sweep finishes it after 06:00 WIB. A failure here is the sweep's to retry.
  for (const submission of started) await advanceSubmission(services, submission);
  return report;
}
