import { type Insertable, sql } from 'kysely';
import { preparedMark } from '../../db/prepared-statements';
import type { Services } from '../../http/services';
import { GroupCommit, type Settled } from '../../platform/group-commit';
import { perOwner } from '../../platform/per-owner';
import type { CallbackAttemptsTable } from './tables';

/**
 * The sender's two writes per attempt — the attempt's row before the POST, its answer and the
 * callback row's next state after it — shared by the deliveries in flight at the same moment
 * (ADR 009's group commit, one key for the whole process): ONE insert for the attempts that start
 * together and ONE statement for the outcomes that arrive together. Each is a single autocommitted
 * statement written before the delivery goes on, so a crash leaves exactly what the one-row
 * writes would: an unfinished attempt (closed as interrupted at the next claim) or the row's next
 * state. A failed statement runs each delivery's write alone, as every group does.
 */

export interface AttemptOutcomeWrite {
  attemptId: number;
  callbackId: number;
  /** The callback row changes only while this lease is still its own. */
  leaseToken: string;
  responseStatus: number | null;
  responseBody: string | null;
  responseHeaders: string | null;
  durationMs: number | null;
  errorCode: string | null;
  error: string | null;
  finishedAt: Date;
  /** The row's next state: status, when its attempt started, where it went, what came back. */
  statusSent: number;
  dateSent: Date;
  urlCallback: string;
  responseRaw: string | null;
  nextAttemptAt: Date | null;
}

interface DeliveryWrites {
  attempts: GroupCommit<Insertable<CallbackAttemptsTable>, number>;
  outcomes: GroupCommit<AttemptOutcomeWrite, boolean>;
}

const ONE_KEY = 'callbacks';

async function insertAttempts(
  services: Services,
  items: readonly Insertable<CallbackAttemptsTable>[],
): Promise<Settled<number>[]> {
  const rows = await services.db
    .insertInto('callback_attempts')
    .values([...items])
    .returning(['id', 'callback_id', 'attempt_no'])
    .execute();
  // A row is claimed by one worker at a time, so (callback, attempt number) names one item.
  const ids = new Map(rows.map((r) => [`${r.callback_id}:${r.attempt_no}`, Number(r.id)]));
  return items.map((item): Settled<number> => {
    const id = ids.get(`${item.callback_id}:${item.attempt_no}`);
    return id === undefined
      ? { ok: false, error: new Error('attempt row not returned') }
      : { ok: true, value: id };
  });
}

/**
 * One statement, so atomic per item: each attempt's answer is kept even when the lease is gone
 * (the attempt did happen); each callback row's next state only while its worker holds the lease.
 */
async function recordOutcomes(
  services: Services,
  items: readonly AttemptOutcomeWrite[],
): Promise<Settled<boolean>[]> {
  const col = <K extends keyof AttemptOutcomeWrite>(key: K) => items.map((item) => item[key]);
  const { rows } = await sql<{ id_callback: number }>`${preparedMark}
    with input as (
      select * from unnest(
        ${col('attemptId')}::int8[], ${col('callbackId')}::int8[], ${col('leaseToken')}::text[],
        ${col('responseStatus')}::int4[], ${col('responseBody')}::text[],
        ${col('responseHeaders')}::text[], ${col('durationMs')}::int4[],
        ${col('errorCode')}::text[], ${col('error')}::text[], ${col('finishedAt')}::timestamptz[],
        ${col('statusSent')}::int4[], ${col('dateSent')}::timestamptz[],
        ${col('urlCallback')}::text[], ${col('responseRaw')}::text[],
        ${col('nextAttemptAt')}::timestamptz[])
        as i(attempt_id, callback_id, lease_token, response_status, response_body,
          response_headers, duration_ms, error_code, error, finished_at, status_sent, date_sent,
          url_callback, response_raw, next_attempt_at)
    ), attempt as (
      update callback_attempts a
      set response_status = i.response_status, response_body = i.response_body,
        response_headers = i.response_headers, duration_ms = i.duration_ms,
        error_code = i.error_code, error = i.error, finished_at = i.finished_at
      from input i where a.id = i.attempt_id
    ), updated as (
      update callbacks c
      set status_sent = i.status_sent, date_sent = i.date_sent, url_callback = i.url_callback,
        http_status = i.response_status, response_raw = i.response_raw,
        next_attempt_at = i.next_attempt_at, claimed_until = null, lease_token = null,
        manual_retry = false
      from input i where c.id_callback = i.callback_id and c.lease_token = i.lease_token
      returning c.id_callback
    )
    select id_callback from updated`.execute(services.db);
  const updated = new Set(rows.map((r) => Number(r.id_callback)));
  return items.map((item) => ({ ok: true, value: updated.has(item.callbackId) }));
}

const writesOf = perOwner(
  (services: Services): DeliveryWrites => ({
    attempts: new GroupCommit((_key, items) => insertAttempts(services, items)),
    outcomes: new GroupCommit((_key, items) => recordOutcomes(services, items)),
  }),
);

/** Writes an attempt's row (before its POST), sharing the insert with the attempts of the moment. */
export function startAttempt(
  services: Services,
  attempt: Insertable<CallbackAttemptsTable>,
): Promise<number> {
  return writesOf(services).attempts.submit(ONE_KEY, attempt);
}

/** Writes an attempt's outcome; true when the row's next state was written (the lease held). */
export function finishAttempt(services: Services, outcome: AttemptOutcomeWrite): Promise<boolean> {
  return writesOf(services).outcomes.submit(ONE_KEY, outcome);
}
