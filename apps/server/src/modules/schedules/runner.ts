import { formatRupiah, formatWibDateTime, type Language, translate } from '@gerbang/shared';
import { type Selectable, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/services';
import type { MailMessage } from '../../mail/mailer';
import { jobActor } from '../../platform/actor';
import { wibStamp } from '../../platform/ids';
import type { PayoutAccounts } from '../payouts/accounts';
import { openPayout, openPayouts, type PayoutOpening } from '../payouts/open';
import { advanceSubmission, claimSubmission } from '../payouts/rail-work';
import type { SubmissionRow } from '../payouts/submissions';
import { currentRates } from '../remittance/rates';
import { type WithdrawalPlan, withdrawalOpenings } from '../withdraw/place';
import { priceWithdrawal } from '../withdraw/pricing';
import { runBulkOccurrence } from './bulk-run';
import { describeDestination, withdrawalOf } from './destination';
import { type NameRecheck, type NameRechecks, recheckDueNames, uncheckedIds } from './name-recheck';
import { SCHEDULED_WITHDRAW_PAYOUT } from './payout-kind';
import { occurrenceAfter } from './recurrence';
import { type Rates, runRemittanceOccurrence } from './remittance-run';
import type { PayoutSchedulesTable } from './tables';
import { runAfter } from './windows';

/**
 * The scheduled payouts job (jobs/scheduled-payouts.ts). Each pass takes the due schedules in
 * batches, each batch in ONE transaction:
 *
 *   (before)   the account inquiry asked again for the due withdrawals made for a saved
 *              beneficiary (name-recheck.ts): a rail is never called inside the transaction
 *   take       due ACTIVE schedules, FOR UPDATE SKIP LOCKED (a second process takes others)
 *   postpone   an occurrence inside the cut-off or the bank downtime waits for the window's end
 *   claim      one schedule_runs row per occurrence, UNIQUE (schedule_id, due_at): a row that
 *              exists (skipped, or run before a crash lost the rest) is not run again
 *   open       the payouts through the one pipeline (`openPayouts`) as a job for the maker, with
 *              the approval policy applied; the balance is checked by the ledger hold now; a
 *              saved beneficiary's payout carries the name found today, so the name-check gate
 *              holds it when the account was renamed
 *   record     short balance, disrupted product, an account the inquiry no longer finds: the
 *              occurrence FAILED, the maker's mail queued
 *   advance    the schedule's next occurrence (after now: missed ones are not caught up)
 *
 * The claim and the payout commit together, so an occurrence runs once whatever crashes. After
 * the commit the first payouts are sent to the rail (the rail sweep sends the rest of a burst).
 * A failed occurrence is not retried: the next one runs as planned.
 */

/** Schedules per transaction: one ledger call and a few statements per batch. */
const BATCH = 500;
/** Bulk groups per transaction: each is a group of up to 20,000 rows written and held. */
const BULK_PER_BATCH = 5;
/** Bounds one pass (the next pass carries on). */
const MAX_BATCHES = 100;
/**
 * Payouts of a batch this pass sends to the rail itself right after the commit (a few at once); a
 * burst beyond it is sent by the rail sweep, which claims unleased SEND rows, so a pass that opens
 * thousands does not hold them all.
 */
const SEND_NOW = 50;
const SEND_CONCURRENCY = 4;
export const SCHEDULES_JOB = 'scheduled payouts';

export interface SchedulesReport {
  /** Occurrences claimed (run) in this pass. */
  claimed: number;
  opened: number;
  waitingApproval: number;
  failed: number;
  /** Occurrences moved to the end of a cut-off or downtime window. */
  postponed: number;
}

type ScheduleRow = Selectable<PayoutSchedulesTable>;
type Trx = Transaction<Database>;

interface Claimed {
  schedule: ScheduleRow;
  runId: number;
  reference: string;
}

interface Outcome {
  runId: number;
  /** The bulk group a bulk occurrence made. */
  groupId?: number | null;
  status: 'OPENED' | 'WAITING_APPROVAL' | 'WAITING_NAME_CHECK' | 'FAILED';
  reason: string | null;
  /** The payout's id_transaksi when it was opened. */
  reference: string | null;
  fee: number;
  /** The rupiah a remittance occurrence charged at that day's rate (else the schedule's). */
  amount?: number;
}

export async function runOnce(services: Services): Promise<SchedulesReport> {
  const report: SchedulesReport = {
    claimed: 0,
    opened: 0,
    waitingApproval: 0,
    failed: 0,
    postponed: 0,
  };
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    // Read before the batch's transaction (a refresh may call the partner and write the sheet).
    const rates = await currentRates(services);
    const now = services.now();
    const names = await recheckDueNames(services, now, BATCH);
    const done = await services.db
      .transaction()
      .execute((trx) => runBatch(services, trx, report, { now, rates, names }));
    await sendAll(services, done.toSend);
    if (done.mailed) await services.mail.deliverQueued();
    if (done.taken < BATCH) break;
  }
  return report;
}

async function runBatch(
  services: Services,
  trx: Trx,
  report: SchedulesReport,
  at: { now: Date; rates: Rates; names: NameRechecks },
): Promise<{ taken: number; toSend: SubmissionRow[]; mailed: boolean }> {
  const { now, rates, names } = at;
  const due = await takeDue(trx, now);
  const capped = capBulk(await postponeInWindows(services, trx, due, now, report));
  const { ready, deferred } = await holdUnchecked(trx, capped, names);
  const claimed = await claim(trx, ready, now);
  const bulk = claimed.filter((c) => c.schedule.kind === 'bulk');
  const remittances = claimed.filter((c) => c.schedule.kind === 'remittance');
  const outcomes = await openClaimed(
    services,
    trx,
    claimed.filter((c) => c.schedule.kind === 'withdraw'),
    { now, names },
  );
  outcomes.results.push(...(await runBulk(services, trx, bulk, now)));
  const remitted = await runRemittances(services, trx, remittances, { now, rates });
  outcomes.results.push(...remitted.results);
  outcomes.toSend.push(...remitted.toSend);
  await recordOutcomes(trx, outcomes.results, now);
  const mailed = await queueFailureMails(services, trx, claimed, outcomes.results);
  await advance(trx, ready, new Set(claimed.map((c) => c.schedule.id)), now);
  for (const outcome of outcomes.results) {
    if (outcome.status === 'OPENED') report.opened += 1;
    // Waiting for someone's decision: an approval, or a name that differs from the saved one.
    else if (outcome.status !== 'FAILED') report.waitingApproval += 1;
    else report.failed += 1;
  }
  report.claimed += claimed.length;
  // Deferred schedules stay due: the next batch takes them.
  return { taken: deferred > 0 ? BATCH : due.length, toSend: outcomes.toSend, mailed };
}

/**
 * At most BULK_PER_BATCH bulk groups per transaction (a group may have 20,000 rows); the others
 * are neither claimed nor advanced here, so the next batch of the pass takes them.
 */
function capBulk(ready: ScheduleRow[]): { ready: ScheduleRow[]; deferred: number } {
  let bulk = 0;
  const kept = ready.filter((s) => s.kind !== 'bulk' || ++bulk <= BULK_PER_BATCH);
  return { ready: kept, deferred: ready.length - kept.length };
}

/**
 * A withdrawal for a saved beneficiary whose name the pass has not asked about for this
 * occurrence is neither claimed nor advanced: the next batch asks first, then runs it.
 */
async function holdUnchecked(
  trx: Trx,
  capped: { ready: ScheduleRow[]; deferred: number },
  names: NameRechecks,
): Promise<{ ready: ScheduleRow[]; deferred: number }> {
  const withdrawals = capped.ready.filter((s) => s.kind === 'withdraw').map((s) => s.id);
  const unchecked = await uncheckedIds(trx, withdrawals, names);
  if (unchecked.size === 0) return capped;
  const ready = capped.ready.filter((s) => !unchecked.has(s.id));
  return { ready, deferred: capped.deferred + unchecked.size };
}

async function takeDue(trx: Trx, now: Date): Promise<ScheduleRow[]> {
  return trx
    .selectFrom('payout_schedules')
    .selectAll()
    .where('status', '=', 'ACTIVE')
    .where('next_run_at', '<=', now)
    .orderBy('next_run_at')
    .limit(BATCH)
    .forUpdate()
    .skipLocked()
    .execute();
}

/** Occurrences inside a window move to its end (not claimed); the rest are ready now. */
async function postponeInWindows(
  services: Services,
  trx: Trx,
  due: ScheduleRow[],
  now: Date,
  report: SchedulesReport,
): Promise<ScheduleRow[]> {
  if (due.length === 0) return [];
  const agents = await trx
    .selectFrom('agents')
    .select(['id', 'username'])
    .where('id', 'in', [...new Set(due.map((s) => s.agent_id))])
    .execute();
  const usernameOf = new Map(agents.map((a) => [Number(a.id), a.username]));
  const ready: ScheduleRow[] = [];
  for (const schedule of due) {
    const at = runAfter(services, usernameOf.get(schedule.agent_id) ?? '', now);
    if (at.getTime() <= now.getTime()) {
      ready.push(schedule);
      continue;
    }
    await trx
      .updateTable('payout_schedules')
      .set({ next_run_at: at, updated_at: now })
      .where('id', '=', schedule.id)
      .execute();
    report.postponed += 1;
  }
  return ready;
}

/**
 * One claim row per occurrence; an existing row (a skip, or a run another process committed)
 * makes the insert do nothing and the occurrence is not run.
 */
async function claim(trx: Trx, ready: ScheduleRow[], now: Date): Promise<Claimed[]> {
  if (ready.length === 0) return [];
  const rows = await trx
    .insertInto('schedule_runs')
    .values(
      ready.map((s) => ({
        schedule_id: s.id,
        due_at: s.next_due_at as Date,
        status: 'OPENED' as const,
        amount: s.amount,
        created_at: now,
        updated_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['schedule_id', 'due_at']).doNothing())
    .returning(['id', 'schedule_id'])
    .execute();
  const byId = new Map(ready.map((s) => [s.id, s]));
  const stamp = wibStamp(now);
  return rows.map((row) => {
    const schedule = byId.get(Number(row.schedule_id)) as ScheduleRow;
    const prefix = referencePrefix(schedule);
    // Unique by the run's id (a random suffix could collide among thousands in one second).
    return { schedule, runId: Number(row.id), reference: `${prefix}${stamp}S${row.id}` };
  });
}

function referencePrefix(schedule: ScheduleRow): string {
  if (schedule.kind === 'remittance') return 'IR';
  return withdrawalOf(schedule).rail === 'EWALLET' ? 'EW' : 'WD';
}

/** Scheduled remittances, each quoted and opened as a remittance paid now (remittance-run.ts). */
async function runRemittances(
  services: Services,
  trx: Trx,
  claimed: Claimed[],
  at: { now: Date; rates: Rates },
): Promise<{ results: Outcome[]; toSend: SubmissionRow[] }> {
  const results: Outcome[] = [];
  const toSend: SubmissionRow[] = [];
  const actor = jobActor(SCHEDULES_JOB);
  for (const entry of claimed) {
    const run = await runRemittanceOccurrence(services, trx, actor, entry, at);
    if (!run.ok) {
      results.push(failed(entry, run.reason, run.fee));
      continue;
    }
    const waiting = run.submission.state === 'APPROVAL';
    if (run.submission.state === 'SEND') toSend.push(run.submission);
    results.push({
      runId: entry.runId,
      status: waiting ? 'WAITING_APPROVAL' : 'OPENED',
      reason: null,
      reference: entry.reference,
      fee: run.fee,
      amount: run.amount,
    });
  }
  return { results, toSend };
}

interface Planned {
  claimed: Claimed;
  opening: PayoutOpening;
  fee: number;
}

/** Prices and opens the claimed occurrences; a refused batch is opened one by one. */
async function openClaimed(
  services: Services,
  trx: Trx,
  claimed: Claimed[],
  at: { now: Date; names: NameRechecks },
): Promise<{ results: Outcome[]; toSend: SubmissionRow[] }> {
  const { now } = at;
  const results: Outcome[] = [];
  const plans: { claimed: Claimed; plan: WithdrawalPlan }[] = [];
  for (const entry of claimed) {
    const planned = await planOf(trx, entry, at.names.get(entry.schedule.id));
    if ('plan' in planned) plans.push({ claimed: entry, plan: planned.plan });
    else results.push(failed(entry, planned.reason, 0));
  }
  const planned = await openingsOf(services, trx, plans);
  // The maker's payout, made by the job: the approval policy applies as to a payout made now.
  const actor = jobActor(SCHEDULES_JOB);
  const batch = await openPayouts(
    services,
    trx,
    actor,
    now,
    planned.map((p) => p.opening),
  );
  if (batch.ok) {
    const held = await heldForName(trx, batch.submissions);
    for (const [i, p] of planned.entries()) {
      results.push(outcomeOf(p, batch.submissions[i] as SubmissionRow, held));
    }
    return { results, toSend: batch.submissions.filter((s) => s.state === 'SEND') };
  }
  // Nothing of the batch was written: some payer is short. Each alone, so only theirs fail.
  const toSend: SubmissionRow[] = [];
  for (const p of planned) {
    const one = await openPayout(services, trx, actor, now, p.opening);
    if (!one.ok) {
      results.push(failed(p.claimed, 'BALANCE_SHORT', p.fee));
      continue;
    }
    results.push(outcomeOf(p, one.submission, await heldForName(trx, [one.submission])));
    if (one.submission.state === 'SEND') toSend.push(one.submission);
  }
  return { results, toSend };
}

/** The submissions among these that the name check holds (its gate), not an approval policy. */
async function heldForName(trx: Trx, submissions: SubmissionRow[]): Promise<Set<number>> {
  const waiting = submissions.filter((s) => s.state === 'APPROVAL').map((s) => s.id);
  if (waiting.length === 0) return new Set();
  const rows = await trx
    .selectFrom('name_checks')
    .select('submission_id')
    .where('submission_id', 'in', waiting)
    .where('status', '=', 'WAITING')
    .execute();
  return new Set(rows.map((r) => Number(r.submission_id)));
}

function outcomeOf(p: Planned, submission: SubmissionRow, heldNames: Set<number>): Outcome {
  const waiting = submission.state === 'APPROVAL';
  const status = heldNames.has(submission.id) ? 'WAITING_NAME_CHECK' : 'WAITING_APPROVAL';
  return {
    runId: p.claimed.runId,
    status: waiting ? status : 'OPENED',
    reason: null,
    reference: p.claimed.reference,
    fee: p.fee,
  };
}

function failed(entry: Claimed, reason: string, fee: number): Outcome {
  return { runId: entry.runId, status: 'FAILED', reason, reference: null, fee };
}

/**
 * Scheduled bulk groups, each through the bulk pipeline as if saved now (bulk-run.ts): its own
 * savepoint, so a group short of balance fails whole without touching the batch's other payouts.
 */
async function runBulk(
  services: Services,
  trx: Trx,
  claimed: Claimed[],
  now: Date,
): Promise<Outcome[]> {
  const results: Outcome[] = [];
  for (const entry of claimed) {
    const run = await runBulkOccurrence(services, trx, entry.schedule, entry.runId, now);
    if (!run.ok) {
      results.push(failed(entry, run.reason, run.fee));
      continue;
    }
    results.push({
      runId: entry.runId,
      status: run.waiting ? 'WAITING_APPROVAL' : 'OPENED',
      reason: null,
      reference: `BULK${run.groupId}`,
      fee: run.fee,
      groupId: run.groupId,
    });
  }
  return results;
}

/**
 * The withdrawal an occurrence makes, priced now; for a saved beneficiary, with the name the
 * inquiry found today and the saved one (the name-check gate compares them). The reason it fails
 * when the product is disrupted or the inquiry no longer finds the account.
 */
async function planOf(
  trx: Trx,
  entry: Claimed,
  recheck: NameRecheck | undefined,
): Promise<{ plan: WithdrawalPlan } | { reason: string }> {
  const { schedule: s, runId, reference } = entry;
  const d = withdrawalOf(s);
  if (recheck && !recheck.answer.ok) return { reason: recheck.answer.reason };
  const pricing = await priceWithdrawal(trx, s.agent_id, d.rail, s.amount);
  if (pricing.disrupted) return { reason: 'PRODUCT_DISRUPTED' };
  const accountName = recheck?.answer.ok ? recheck.answer.accountName : d.account_name;
  const plan: WithdrawalPlan = {
    source: { kind: SCHEDULED_WITHDRAW_PAYOUT.kind, id: runId },
    payer: { agentId: s.agent_id, environment: s.environment },
    userId: s.maker_user_id,
    idTransaksi: reference,
    kind: d.rail,
    code: d.code,
    railCode: d.rail_code,
    productCode: pricing.kodeProduk,
    productName: d.product_name,
    accountNumber: d.account_number,
    accountType: d.account_type,
    accountName,
    beneficiary: recheck?.beneficiary ?? null,
    amount: s.amount,
    fee: pricing.adminFee,
    note: s.note,
    audit: {
      action: 'scheduled_payout_run',
      detail: {
        schedule: s.id,
        due_at: new Date(s.next_due_at as Date).toISOString(),
        amount: s.amount,
        fee: pricing.adminFee,
        destination: d.rail_code,
      },
    },
  };
  return { plan };
}

/** The payout openings, the payer's accounts read once per payer and rail. */
async function openingsOf(
  services: Services,
  trx: Trx,
  plans: { claimed: Claimed; plan: WithdrawalPlan }[],
): Promise<Planned[]> {
  const byPayer = new Map<string, Map<string, PayoutAccounts>>();
  const out: Planned[] = [];
  for (const { claimed, plan } of plans) {
    const key = `${plan.payer.agentId}:${plan.payer.environment}`;
    const accounts = byPayer.get(key) ?? new Map<string, PayoutAccounts>();
    byPayer.set(key, accounts);
    const [opening] = await withdrawalOpenings(services, trx, [plan], accounts);
    out.push({
      claimed,
      // Not leased: the pass claims the first few after the commit, the rail sweep the rest.
      opening: { ...(opening as PayoutOpening), approval: 'policy', leased: false },
      fee: plan.fee,
    });
  }
  return out;
}

/** The occurrences' results, one statement for the batch. */
async function recordOutcomes(trx: Trx, outcomes: Outcome[], now: Date): Promise<void> {
  if (outcomes.length === 0) return;
  const values = sql.join(
    outcomes.map(
      (o) =>
        sql`(${o.runId}::bigint, ${o.status}::text, ${o.reason}::text, ${o.reference}::text, ${o.fee}::bigint, ${o.groupId ?? null}::bigint, ${o.amount ?? null}::bigint)`,
    ),
  );
  await sql`
    UPDATE schedule_runs r
       SET status = v.status, reason = v.reason, reference = v.reference, fee = v.fee,
           group_id = v.group_id, amount = COALESCE(v.amount, r.amount), updated_at = ${now}
      FROM (VALUES ${values}) AS v(id, status, reason, reference, fee, group_id, amount)
     WHERE r.id = v.id`.execute(trx);
}

/** The maker's mail for each failed occurrence, in the batch's transaction (sent after commit). */
async function queueFailureMails(
  services: Services,
  trx: Trx,
  claimed: Claimed[],
  outcomes: Outcome[],
): Promise<boolean> {
  const failedRuns = outcomes.filter((o) => o.status === 'FAILED');
  if (failedRuns.length === 0) return false;
  const byRun = new Map(claimed.map((c) => [c.runId, c]));
  const makers = await trx
    .selectFrom('users')
    .select(['id', 'username', 'nama', 'language'])
    .where('id', 'in', [...new Set(claimed.map((c) => c.schedule.maker_user_id))])
    .execute();
  const makerOf = new Map(makers.map((m) => [Number(m.id), m]));
  const mails: MailMessage[] = [];
  for (const outcome of failedRuns) {
    const entry = byRun.get(outcome.runId) as Claimed;
    const maker = makerOf.get(entry.schedule.maker_user_id);
    if (!maker) continue;
    mails.push(failureMail(entry, outcome, maker));
  }
  await services.mail.queue(trx, mails);
  return mails.length > 0;
}

function failureMail(
  entry: Claimed,
  outcome: Outcome,
  maker: { username: string; nama: string; language: string },
): MailMessage {
  const lang: Language = maker.language === 'en' ? 'en' : 'id';
  const { schedule } = entry;
  return {
    to: maker.username,
    kind: 'scheduled_payout_failed',
    subject: translate(lang, 'schedules.mail.failedSubject', { reference: entry.reference }),
    text: translate(lang, 'schedules.mail.failedBody', {
      name: maker.nama,
      amount: formatRupiah(schedule.amount + outcome.fee),
      destination: describeDestination(schedule),
      due: formatWibDateTime(new Date(schedule.next_due_at as Date)),
      reason: translate(lang, `schedules.reasons.${outcome.reason}`),
    }),
  };
}

/**
 * Moves each taken schedule to its next occurrence after now (an occurrence missed while no
 * process ran is not caught up: one late payout, not a burst). None left: ENDED.
 */
async function advance(trx: Trx, ready: ScheduleRow[], ran: Set<number>, now: Date) {
  if (ready.length === 0) return;
  const values = sql.join(
    ready.map((s) => {
      const due = new Date(s.next_due_at as Date);
      const next = occurrenceAfter(s.rule, due.getTime() > now.getTime() ? due : now);
      return sql`(${s.id}::bigint, ${next}::timestamptz, ${ran.has(s.id) ? 1 : 0}::int)`;
    }),
  );
  await sql`
    UPDATE payout_schedules s
       SET next_due_at = v.next, next_run_at = v.next, runs_done = s.runs_done + v.ran,
           status = CASE WHEN v.next IS NULL THEN 'ENDED' ELSE s.status END,
           updated_at = ${now}
      FROM (VALUES ${values}) AS v(id, next, ran)
     WHERE s.id = v.id`.execute(trx);
}

/** Calls the rail for the first payouts opened, as a payout made now would; the sweep the rest. */
async function sendAll(services: Services, opened: SubmissionRow[]): Promise<void> {
  const now = opened.slice(0, SEND_NOW);
  let next = 0;
  const worker = async () => {
    while (next < now.length) {
      const submission = now[next++] as SubmissionRow;
      try {
        const claimed = await claimSubmission(services, submission.id);
        if (claimed) await advanceSubmission(services, claimed);
      } catch (error) {
        // The lease runs out and the rail sweep carries on; the payout is held, not lost.
        services.log.warn({ err: error, reference: submission.reference }, 'scheduled payout send');
      }
    }
  };
  await Promise.all(Array.from({ length: SEND_CONCURRENCY }, worker));
}
