import { randomUUID } from 'node:crypto';
import type { Environment } from '@gerbang/shared';
import {
  CALLBACK_HEADERS,
  CALLBACK_MAX_ATTEMPTS,
  CALLBACK_RESPONSE_KEEP_BYTES,
  CALLBACK_RETRY_DELAYS_MS,
  CALLBACK_STATUS,
  CALLBACK_TIMEOUT_MS,
  type CallbackErrorCode,
} from '@gerbang/shared/contract/callbacks';
import { sql } from 'kysely';
import { preparedMark } from '../../db/prepared-statements';
import type { Services } from '../../http/services';
import { type CallbackTarget, callbackTargetShared } from '../credentials/callback-target';
import { assertPublicCallbackUrl, callbackUrlPolicy } from '../credentials/url-safety';
import { finishAttempt, startAttempt } from './delivery-writes';
import { checkEndpointHealth, isEndpointDisabled } from './endpoints';
import { type CallbackFormat, callbackFormatOf } from './formats';
import { type PostResult, postCallback } from './http-post';
import { signCallback } from './sign';

/**
 * The callback sender. Every callback row (queued with status 0 New in the money
 * event's own transaction, queue.ts) is delivered at least once:
 *
 *   0 New / 3 Process, due ──claim (lease)──► POST ──2xx──► 1 Sent
 *                                               ├──else, attempts left──► 3 Process, due after
 *                                               │     1m, 5m, 15m, 1h, 3h, 6h, 12h, 24h, 24h, 24h
 *                                               └──else, last attempt (or a manual retry)──► 2 Failed
 *
 * A failed attempt (any non-2xx, timeout or connection error) also feeds its endpoint's health
 * (endpoints.ts): after a day of failures the endpoint is disabled, and a claimed row whose
 * endpoint is disabled is paused (no attempt counted) until the user re-enables it.
 *
 * A worker owns a row only while its lease runs: the claim sets `claimed_until` and a fresh
 * `lease_token` in one conditional UPDATE over a `FOR UPDATE SKIP LOCKED` pick, and the outcome is
 * written only while the token is still the row's. A worker that dies mid-delivery leaves the
 * row with an expiring lease and an unfinished attempt row; the next claim after LEASE_MS marks
 * that attempt interrupted and sends again (same event id, so the receiver can drop a duplicate).
 * A row that reached 1 Sent is never claimed again; only control/retry_callback re-queues it.
 *
 * One pass runs up to `concurrency` deliveries at once, at most `perAgent` of them for one agent,
 * so an agent whose endpoint hangs for the whole timeout holds its share of slots and the others
 * flow on. A claim takes as many due rows as there are free slots in one statement, and the
 * attempts' writes of the deliveries in flight share statements (delivery-writes.ts).
 */

/** Longer than one attempt (URL check plus the POST's timeout), so a live worker keeps its row. */
export const LEASE_MS = 60_000;
const INTERRUPTED_ERROR = 'the worker stopped before an answer was recorded';
/** Bound on the URL re-check at send (it resolves DNS). */
const URL_CHECK_TIMEOUT_MS = 5_000;

export interface DeliveryOptions {
  /** Deliveries in flight at once in this process. */
  concurrency: number;
  /** Deliveries in flight at once for one agent. */
  perAgent: number;
  /** Wait for one receiver's whole answer. */
  timeoutMs: number;
  /** Rows one pass claims at most; the next pass takes the rest. */
  maxPerPass: number;
  /** While other slots are busy, an idle slot looks for newly due rows this often. */
  idlePollMs: number;
}

/**
 * 8 in flight, 2 per agent: an agent whose endpoint hangs for the whole timeout holds two slots.
 * 32 / 8 delivers one agent's callbacks 3.5× faster (ADR 028) but on two cores takes that CPU from
 * the payouts themselves (20,000 bulk rows final in 30–33 s instead of 24–27 s): not the default.
 */
export const DEFAULT_DELIVERY: DeliveryOptions = {
  concurrency: 8,
  perAgent: 2,
  timeoutMs: CALLBACK_TIMEOUT_MS,
  maxPerPass: 500,
  idlePollMs: 500,
};

export interface DeliveryReport {
  claimed: number;
  delivered: number;
  /** Failed attempts with a retry scheduled. */
  retrying: number;
  /** Rows that became 2 Failed. */
  failed: number;
  /** Rows paused because their endpoint is disabled. */
  paused: number;
}

interface ClaimedRow {
  id_callback: number;
  agent_id: number;
  environment: Environment;
  type_callback: string;
  request_raw: string;
  event_id: string;
  attempts: number;
  manual_retry: boolean;
  is_test: boolean;
  lease_token: string;
}

/** Takes the lease on the next due row of an agent not in `skipAgents`; undefined when none. */
export async function claimNextCallback(
  services: Services,
  skipAgents: number[] = [],
): Promise<ClaimedRow | undefined> {
  const full = new Map(skipAgents.map((id) => [id, 1]));
  const [row] = await claimDueCallbacks(services, { limit: 1, perAgent: 1, inFlight: full });
  return row;
}

/**
 * Takes the lease on up to `limit` due rows in ONE statement, in due order, at most `perAgent`
 * minus the agent's rows already in flight (`inFlight`) for each agent. The rows are picked with
 * `for update skip locked`, so two senders never take the same row.
 */
export async function claimDueCallbacks(
  services: Services,
  want: { limit: number; perAgent: number; inFlight: ReadonlyMap<number, number> },
): Promise<ClaimedRow[]> {
  const now = services.now();
  const at = now.toISOString();
  const until = new Date(now.getTime() + LEASE_MS).toISOString();
  const token = randomUUID();
  const busy = [...want.inFlight].filter(([, n]) => n > 0);
  const full = busy.filter(([, n]) => n >= want.perAgent).map(([id]) => id);
  // Candidates in due order, locked (a few per slot, so one agent's backlog cannot hide the
  // others' rows from a claim; `callbacks_due_for_claim`, migration 0278, walks the due index and
  // stops), then at most each agent's free share of them.
  // The claim also closes an attempt left unfinished: it belongs to a worker whose lease ran out
  // (it died or hung), and the row is about to be sent again.
  const result = await sql<ClaimedRow & { next_attempt_at: Date }>`${preparedMark}
    with candidates as materialized (
      select * from callbacks_due_for_claim(${at}::timestamptz, ${full}::int8[],
        ${want.limit * want.perAgent})
    ), ranked as (
      select c.id_callback, c.next_attempt_at,
        row_number() over (partition by c.agent_id order by c.next_attempt_at, c.id_callback)
          + coalesce(b.in_flight, 0) as place
      from candidates c
      left join unnest(${busy.map(([id]) => id)}::int8[], ${busy.map(([, n]) => n)}::int4[])
        as b(agent_id, in_flight) on b.agent_id = c.agent_id
    ), picked as (
      select id_callback from ranked where place <= ${want.perAgent}
      order by next_attempt_at, id_callback
      limit ${want.limit}
    ), claimed as (
      update callbacks
      set status_sent = ${CALLBACK_STATUS.PROCESS}, claimed_until = ${until}::timestamptz,
          lease_token = ${token}, attempts = attempts + 1
      where id_callback = any (array(select id_callback from picked))
      and status_sent in (0, 3)
      and (claimed_until is null or claimed_until < ${at}::timestamptz)
      returning id_callback, agent_id, environment, type_callback, request_raw, event_id, attempts,
        manual_retry, is_test, lease_token, next_attempt_at
    ), interrupted as (
      update callback_attempts
      set error_code = 'interrupted', error = ${INTERRUPTED_ERROR}, finished_at = ${at}::timestamptz
      where callback_id in (select id_callback from claimed) and finished_at is null
    )
    select * from claimed order by next_attempt_at, id_callback`.execute(services.db);
  return result.rows.map(({ next_attempt_at: _dueOrder, ...row }) => ({
    ...row,
    id_callback: Number(row.id_callback),
    agent_id: Number(row.agent_id),
  }));
}

/** The headers of one attempt; `X-Signature` only when the agent's signature is active. */
export function callbackHeaders(
  row: Pick<ClaimedRow, 'event_id' | 'type_callback' | 'attempts' | 'request_raw'> & {
    is_test?: boolean;
  },
  now: Date,
  signingKey: string | null,
  previousSigningKey: string | null = null,
): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'Gerbang-Callback/1.0',
    [CALLBACK_HEADERS.eventId]: row.event_id,
    [CALLBACK_HEADERS.timestamp]: timestamp,
    [CALLBACK_HEADERS.type]: row.type_callback,
    [CALLBACK_HEADERS.attempt]: String(row.attempts),
    ...(row.is_test ? { [CALLBACK_HEADERS.test]: 'true' } : {}),
  };
  if (signingKey) {
    headers[CALLBACK_HEADERS.signature] = signCallback(signingKey, timestamp, row.request_raw);
    // A rotation's overlap: the old key's signature too, so either key verifies (docs/api.md).
    if (previousSigningKey) {
      headers[CALLBACK_HEADERS.previousSignature] = signCallback(
        previousSigningKey,
        timestamp,
        row.request_raw,
      );
    }
  }
  return headers;
}

interface AttemptOutcome {
  url: string;
  ok: boolean;
  status: number | null;
  body: string | null;
  headers?: Record<string, string>;
  durationMs: number | null;
  errorCode: CallbackErrorCode | null;
  error: string | null;
  /** Retrying cannot help until the agent changes something (no URL set): final at once. */
  final?: boolean;
}

/** Text a PostgreSQL column takes (no NUL), bounded. */
const storable = (text: string, max: number) => text.replaceAll('\u0000', '').slice(0, max);

function outcomeOf(url: string, result: PostResult, format?: CallbackFormat): AttemptOutcome {
  if (result.kind !== 'answer') {
    return {
      url,
      ok: false,
      status: null,
      body: null,
      durationMs: result.durationMs,
      errorCode: result.kind,
      error: result.error,
    };
  }
  const body = storable(result.body, CALLBACK_RESPONSE_KEEP_BYTES);
  const success = result.status >= 200 && result.status < 300;
  // A format's receiver also says in its body whether it took the message (e.g. a SNAP code).
  const judged = success && format ? format.judge(body) : ({ ok: true } as const);
  const ok = success && judged.ok;
  return {
    url,
    ok,
    status: result.status,
    body,
    headers: result.headers,
    durationMs: result.durationMs,
    errorCode: ok ? null : success ? 'not_accepted' : 'http_status',
    error: ok ? null : judged.ok ? `HTTP ${result.status}` : judged.error,
  };
}

/**
 * The URL re-checked at every send (the name may resolve elsewhere since it was saved): in
 * production https only and every address the host resolves to public; in demo and test mode
 * never link-local or metadata addresses, loopback/private only as url-safety.ts allows. Returns the checked addresses (the POST connects to one of them, so a second DNS
 * answer cannot swap in a private one) or the refusal's catalog key.
 */
async function checkUrl(
  services: Services,
  url: string,
): Promise<{ ok: true; addresses: string[] } | { ok: false; error: string }> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const checked = await Promise.race([
      assertPublicCallbackUrl(url, callbackUrlPolicy(services.config)),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error('address check timed out')),
          URL_CHECK_TIMEOUT_MS,
        );
      }),
    ]);
    return { ok: true, addresses: checked.addresses };
  } catch (error) {
    const e = error as { messageKey?: string; message?: string };
    return { ok: false, error: String(e?.messageKey ?? e?.message ?? error).slice(0, 500) };
  } finally {
    clearTimeout(timer);
  }
}

interface PreparedAttempt {
  target: CallbackTarget | null;
  format: CallbackFormat | undefined;
  headers: Record<string, string>;
}

/** Where the row goes and the signed headers of this attempt (Gerbang's own, or its format's). */
async function prepareAttempt(
  services: Services,
  row: ClaimedRow,
  at: Date,
): Promise<PreparedAttempt> {
  const target = await callbackTargetShared(
    services.db,
    row.agent_id,
    row.environment,
    row.type_callback,
    row.request_raw,
    at,
  );
  const format = callbackFormatOf(row.type_callback);
  const headers =
    target && format
      ? {
          ...(await format.headers(services, row, target.url, at)),
          ...(row.is_test ? { [CALLBACK_HEADERS.test]: 'true' } : {}),
        }
      : callbackHeaders(row, at, target?.signingKey ?? null, target?.previousSigningKey ?? null);
  return { target, format, headers };
}

/** The POST of one attempt to the checked address of the target URL. */
async function sendAttempt(
  services: Services,
  row: ClaimedRow,
  prepared: PreparedAttempt & { target: { url: string } },
  timeoutMs: number,
): Promise<AttemptOutcome> {
  const { url } = prepared.target;
  const checked = await checkUrl(services, url);
  if (!checked.ok) {
    return {
      url,
      ok: false,
      status: null,
      body: null,
      durationMs: 0,
      errorCode: 'unsafe_url',
      error: checked.error,
    };
  }
  const result = await postCallback({
    url,
    headers: prepared.headers,
    body: row.request_raw,
    timeoutMs,
    keepBytes: CALLBACK_RESPONSE_KEEP_BYTES,
    addresses: checked.addresses,
  });
  return outcomeOf(url, result, prepared.format);
}

/** Sends one claimed row once and records the attempt and the row's next state. */
export async function deliverCallback(
  services: Services,
  row: ClaimedRow,
  opts: Pick<DeliveryOptions, 'timeoutMs'> = DEFAULT_DELIVERY,
): Promise<DeliveryResult> {
  const startedAt = services.now();
  let prepared: PreparedAttempt;
  try {
    prepared = await prepareAttempt(services, row, startedAt);
  } catch (error) {
    // The agent's settings could not be read (a key that no longer decrypts) or the format could
    // not sign: an attempt that failed, on the schedule like any other, not a row retried forever.
    services.log.error({ err: error, idCallback: row.id_callback }, 'callback target unreadable');
    return recordFailedSetup(services, row, startedAt, String((error as Error)?.message ?? error));
  }
  const { target } = prepared;
  const disabled =
    target &&
    (target.endpointDisabled ?? (await isEndpointDisabled(services, endpointOf(row, target.url))));
  if (disabled) {
    return pauseRow(services, row);
  }
  const attemptId = await startAttempt(
    services,
    attemptRow(row, startedAt, prepared.target?.url ?? '', prepared.headers),
  );

  const outcome: AttemptOutcome = target
    ? await sendAttempt(services, row, { ...prepared, target }, opts.timeoutMs)
    : {
        url: '',
        ok: false,
        status: null,
        body: null,
        durationMs: 0,
        errorCode: 'no_url',
        error: `no callback URL is set for ${row.type_callback}`,
        final: true,
      };
  const result = await recordOutcome(services, row, attemptId, startedAt, outcome);
  if (!outcome.ok && target) await checkEndpointHealth(services, endpointOf(row, target.url));
  return result;
}

type DeliveryResult = 'delivered' | 'retrying' | 'failed' | 'paused' | 'lost';

/** The attempt's row as it starts: what is sent, where, and as which attempt of the row. */
const attemptRow = (
  row: ClaimedRow,
  startedAt: Date,
  url: string,
  headers: Record<string, string>,
) => ({
  callback_id: row.id_callback,
  agent_id: row.agent_id,
  environment: row.environment,
  attempt_no: row.attempts,
  manual: row.manual_retry,
  started_at: startedAt,
  url,
  request_headers: JSON.stringify(headers),
  request_body: row.request_raw,
});

const endpointOf = (row: ClaimedRow, url: string) => ({
  agentId: row.agent_id,
  environment: row.environment,
  url,
});

/** Gives the row back unattempted: it waits, paused, until its endpoint is re-enabled. */
async function pauseRow(services: Services, row: ClaimedRow): Promise<DeliveryResult> {
  const paused = await services.db
    .updateTable('callbacks')
    .set((eb) => ({
      paused: true,
      attempts: eb('attempts', '-', 1),
      claimed_until: null,
      lease_token: null,
    }))
    .where('id_callback', '=', row.id_callback)
    .where('lease_token', '=', row.lease_token)
    .executeTakeFirst();
  return Number(paused.numUpdatedRows) > 0 ? 'paused' : 'lost';
}

async function recordFailedSetup(
  services: Services,
  row: ClaimedRow,
  startedAt: Date,
  error: string,
): Promise<DeliveryResult> {
  const attemptId = await startAttempt(services, attemptRow(row, startedAt, '', {}));
  return recordOutcome(services, row, attemptId, startedAt, {
    url: '',
    ok: false,
    status: null,
    body: null,
    durationMs: 0,
    errorCode: 'internal',
    error,
  });
}

async function recordOutcome(
  services: Services,
  row: ClaimedRow,
  attemptId: number,
  startedAt: Date,
  outcome: AttemptOutcome,
): Promise<DeliveryResult> {
  const now = services.now();
  const final =
    outcome.ok || outcome.final || row.manual_retry || row.attempts >= CALLBACK_MAX_ATTEMPTS;
  const delay =
    CALLBACK_RETRY_DELAYS_MS[Math.min(row.attempts, CALLBACK_RETRY_DELAYS_MS.length) - 1];
  const next = final ? null : new Date(now.getTime() + delay);
  const status = outcome.ok
    ? CALLBACK_STATUS.SENT
    : final
      ? CALLBACK_STATUS.FAILED
      : CALLBACK_STATUS.PROCESS;
  const updated = await finishAttempt(services, {
    attemptId,
    callbackId: row.id_callback,
    leaseToken: row.lease_token,
    responseStatus: outcome.status,
    responseBody: outcome.body,
    responseHeaders: outcome.headers ? JSON.stringify(outcome.headers) : null,
    durationMs: outcome.durationMs,
    errorCode: outcome.errorCode,
    error: outcome.error ? storable(outcome.error, 500) : null,
    finishedAt: now,
    statusSent: status,
    dateSent: startedAt,
    urlCallback: outcome.url,
    responseRaw:
      outcome.body || outcome.error || (outcome.status ? `HTTP ${outcome.status}` : null),
    nextAttemptAt: next,
  });
  if (!updated) return 'lost';
  return outcome.ok ? 'delivered' : final ? 'failed' : 'retrying';
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/**
 * Deliveries ended so far, and the claim loop's wake-up when it waits for one: an end that came
 * while the loop was claiming is not missed, and ends of the same turn share one claim.
 */
function deliveryEnds() {
  let count = 0;
  let wake: (() => void) | null = null;
  return {
    get count() {
      return count;
    },
    ended() {
      count += 1;
      wake?.();
    },
    /** Resolves when an end came after `seen`, or after `atMostMs` (null: only on an end). */
    after(seen: number, atMostMs: number | null): Promise<void> {
      if (count !== seen) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const go = () => {
          // A late idle-poll timer must not take a later wait's wake-up away.
          if (wake === go) wake = null;
          setImmediate(resolve);
        };
        wake = go;
        if (atMostMs !== null) void sleep(atMostMs).then(go);
      });
    },
  };
}

/**
 * One pass of the sender (the `callbacks` job): deliver every due row, `concurrency` at a time and
 * at most `perAgent` per agent, until none is due and nothing is in flight. Safe from several
 * processes at once (each row is claimed with a lease).
 */
export async function runCallbacksOnce(
  services: Services,
  options: Partial<DeliveryOptions> = {},
): Promise<DeliveryReport> {
  const opts = { ...DEFAULT_DELIVERY, ...options };
  const report: DeliveryReport = {
    claimed: 0,
    delivered: 0,
    retrying: 0,
    failed: 0,
    paused: 0,
  };
  const perAgent = new Map<number, number>();
  let inFlight = 0;
  const ends = deliveryEnds();

  const deliver = async (row: ClaimedRow) => {
    try {
      const result = await deliverCallback(services, row, opts);
      if (result !== 'lost') report[result] += 1;
    } catch (error) {
      // A database error: the lease runs out and a later pass takes the row again.
      services.log.error({ err: error, idCallback: row.id_callback }, 'callback delivery failed');
    } finally {
      inFlight -= 1;
      perAgent.set(row.agent_id, (perAgent.get(row.agent_id) ?? 1) - 1);
      ends.ended();
    }
  };

  // When a claim last found nothing due (past the agents whose slots are full). Looking again
  // for other agents' rows waits for the idle poll: while one agent's backlog queues, each such
  // look reads that whole backlog only to skip it, and it would run after every delivery.
  let foundNothingAt = Number.NEGATIVE_INFINITY;

  // Claims are taken one statement at a time in this process, so the per-agent counts they read
  // are exact; one claim fills every free slot it can.
  for (;;) {
    const seen = ends.count;
    const free = Math.min(opts.concurrency - inFlight, opts.maxPerPass - report.claimed);
    const rows =
      free > 0
        ? await claimDueCallbacks(services, {
            limit: free,
            perAgent: opts.perAgent,
            inFlight: perAgent,
          })
        : [];
    if (free > 0 && rows.length === 0) foundNothingAt = performance.now();
    for (const row of rows) {
      report.claimed += 1;
      inFlight += 1;
      perAgent.set(row.agent_id, (perAgent.get(row.agent_id) ?? 0) + 1);
      void deliver(row);
    }
    // Some slots stayed free while rows were found: other agents' rows may still be due. Look
    // now, or when the idle poll comes round if the last look found nothing.
    if (rows.length > 0 && rows.length < free) {
      const sinceNothing = performance.now() - foundNothingAt;
      if (sinceNothing >= opts.idlePollMs) continue;
      await ends.after(seen, opts.idlePollMs - sinceNothing);
      continue;
    }
    if (inFlight === 0) {
      // Done when nothing was due — unless deliveries ended while the claim ran: it saw their
      // agents' slots as still taken, so their next rows may be due and unclaimed.
      if (rows.length === 0 && ends.count === seen) return report;
      continue;
    }
    // Every slot busy (or the pass's share taken): the next claim waits for a slot. Otherwise
    // nothing was due: look again when a delivery ends or after the idle poll, for rows that
    // become due meanwhile (another agent's, a retry).
    await ends.after(seen, rows.length > 0 || free <= 0 ? null : opts.idlePollMs);
  }
}
