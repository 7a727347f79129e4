import { isAllowed } from '@gerbang/shared';
import { CALLBACK_HEADERS, type CallbackAttempt } from '@gerbang/shared/contract/callbacks';
import { callbackCalls } from '@gerbang/shared/contract/callbacks-calls';
import { accessDenied, notFound } from '../../http/errors';
import { defineRoute, ok, type RouteDefinition } from '../../http/route';
import type { Services } from '../../http/services';
import { actorOf } from '../../platform/actor';
import { callbackTargetFor } from '../credentials/callback-target';
import { bulkResend, listUndelivered, sendTestEvent } from './console';
import { enableEndpoint, listDisabledEndpoints } from './endpoints';
import { callbackFormatOf } from './formats';
import { isValidCallbackSignature } from './sign';

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

function parseHeaders(raw: string): Record<string, string> {
  try {
    return JSON.parse(raw) as Record<string, string>;
  } catch {
    return {};
  }
}

/** A change from the console needs the monitor itself too (UPDATE without READ is no way round). */
function assertCanRead(access: Parameters<typeof isAllowed>[0]) {
  if (!isAllowed(access, 'data_callback', 'READ')) throw accessDenied();
}

/** The attempt log of one of the caller's callback rows (the popup on /data/callback), and the
 * webhook console (console.ts, endpoints.ts). */
export const callbackRoutes: RouteDefinition[] = [
  defineRoute(callbackCalls.undelivered, async ({ query, auth, services }) =>
    ok(
      await listUndelivered(
        services,
        { agentId: auth.agent.id, environment: auth.environment },
        query,
      ),
    ),
  ),
  defineRoute(callbackCalls.resend, async (ctx) => {
    assertCanRead(ctx.auth.access);
    const result = await bulkResend(ctx.services, actorOf(ctx), ctx.body);
    return ok(result, 'callbacks.console.resent', { n: result.queued });
  }),
  defineRoute(callbackCalls.sendTest, async (ctx) => {
    assertCanRead(ctx.auth.access);
    return ok(
      await sendTestEvent(ctx.services, actorOf(ctx), ctx.body.event),
      'callbacks.console.testQueued',
    );
  }),
  defineRoute(callbackCalls.endpoints, async ({ auth, services }) =>
    ok(await listDisabledEndpoints(services, auth.agent.id, auth.environment)),
  ),
  defineRoute(callbackCalls.enableEndpoint, async (ctx) => {
    assertCanRead(ctx.auth.access);
    const result = await enableEndpoint(ctx.services, actorOf(ctx), ctx.body.url);
    return ok(result, 'callbacks.console.enabled', { n: result.resumed });
  }),
  defineRoute(callbackCalls.attempts, async ({ query, auth, services }) => {
    const id = Number(query.id_callback);
    const row = await services.db
      .selectFrom('callbacks')
      .select(['id_callback', 'event_id', 'status_sent', 'attempts', 'next_attempt_at'])
      .where('id_callback', '=', id)
      .where('agent_id', '=', auth.agent.id)
      .where('environment', '=', auth.environment)
      .executeTakeFirst();
    if (!row) throw notFound('data.errors.callbackNotFound');
    const attempts = await services.db
      .selectFrom('callback_attempts')
      .selectAll()
      .where('callback_id', '=', id)
      .orderBy('id')
      .limit(200)
      .execute();
    return ok({
      id_callback: Number(row.id_callback),
      event_id: row.event_id,
      status_sent: row.status_sent,
      attempts: row.attempts,
      next_attempt_at: iso(row.next_attempt_at),
      data: attempts.map(
        (a): CallbackAttempt => ({
          id: Number(a.id),
          attempt_no: a.attempt_no,
          manual: a.manual,
          started_at: iso(a.started_at) ?? '',
          url: a.url,
          request_headers: parseHeaders(a.request_headers),
          request_body: a.request_body,
          response_status: a.response_status,
          response_body: a.response_body,
          response_headers: a.response_headers ? parseHeaders(a.response_headers) : null,
          duration_ms: a.duration_ms,
          error_code: a.error_code as CallbackAttempt['error_code'],
          error: a.error,
          finished_at: iso(a.finished_at),
        }),
      ),
    });
  }),
];

const header = (headers: Record<string, unknown>, name: string): string => {
  const value = headers[name];
  return String(Array.isArray(value) ? value[0] : (value ?? ''));
};

/**
 * The signature check of a received callback: its format's (formats.ts) for a row of another
 * protocol, else the agent's HMAC; null when the agent signs nothing.
 */
async function checkSignature(
  services: Services,
  rawBody: string,
  headers: Record<string, unknown>,
  path: string,
): Promise<boolean | null> {
  const eventId = header(headers, CALLBACK_HEADERS.eventId);
  const row = eventId
    ? await services.db
        .selectFrom('callbacks')
        .select(['agent_id', 'environment', 'type_callback', 'request_raw'])
        .where('event_id', '=', eventId)
        .executeTakeFirst()
    : undefined;
  if (!row) return null;
  const format = callbackFormatOf(row.type_callback);
  if (format) return format.verify(services, { path, rawBody, headers });
  const target = await callbackTargetFor(
    services.db,
    row.agent_id,
    row.environment,
    row.type_callback,
    row.request_raw,
  );
  if (!target?.signingKey) return null;
  return isValidCallbackSignature(
    target.signingKey,
    header(headers, CALLBACK_HEADERS.timestamp),
    rawBody,
    header(headers, CALLBACK_HEADERS.signature),
  );
}

/** How many received callbacks the demo receiver keeps (up to SINK_PRUNE_EVERY more) and lists. */
const SINK_KEEP = 100;
const SINK_PRUNE_EVERY = 25;

/**
 * The demo receiver (demo and test mode only; never registered in production): point a callback
 * URL at `/api/dev/callback_sink` and watch what arrives (the list: logged in, own agent only). It verifies the signature when the
 * sending agent has an active one. `?status=500` answers with that status and `?delay_ms=12000`
 * answers late, so a person can watch retries and timeouts.
 */
export const callbackSinkRoutes: RouteDefinition[] = [
  defineRoute(
    callbackCalls.sink,
    async ({ req, reply, query, services }) => {
      const rawBody = req.rawBody ?? '';
      const headers = req.headers as Record<string, unknown>;
      const status = query.status ?? 200;
      const kept: Record<string, string> = {};
      for (const [name, value] of Object.entries(headers)) {
        if (name === 'content-type' || name === 'user-agent' || name.startsWith('x-')) {
          kept[name] = String(value).slice(0, 1000);
        }
      }
      const received = await services.db
        .insertInto('dev_callback_sink')
        .values({
          received_at: services.now(),
          event_id: header(headers, CALLBACK_HEADERS.eventId).slice(0, 200) || null,
          headers: JSON.stringify(kept),
          body: rawBody.replaceAll('\u0000', ''),
          signature_valid: await checkSignature(services, rawBody, headers, req.url),
          answered_status: status,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Older entries go every SINK_PRUNE_EVERY receipts, not at each (ids are a sequence).
      const id = Number(received.id);
      if (id % SINK_PRUNE_EVERY === 0) {
        await services.db
          .deleteFrom('dev_callback_sink')
          .where('id', '<=', id - SINK_KEEP)
          .execute();
      }
      if (query.delay_ms) await new Promise((r) => setTimeout(r, query.delay_ms));
      const ok = status < 300;
      await reply
        .status(status)
        .send({ rc: ok ? '00' : '99', rd: ok ? 'OK' : `demo receiver answers ${status}` });
      return undefined;
    },
    { raw: true, serverToServer: true },
  ),
  // The log needs a session and lists only what was sent for the caller's agent in the session's
  // environment (matched by the event id the sender put on the request); the POST stays public.
  defineRoute(callbackCalls.sinkLog, async ({ services, auth }) => {
    const rows = await services.db
      .selectFrom('dev_callback_sink as s')
      .innerJoin('callbacks as c', 'c.event_id', 's.event_id')
      .selectAll('s')
      .where('c.agent_id', '=', auth.agent.id)
      .where('c.environment', '=', auth.environment)
      .orderBy('s.id', 'desc')
      .limit(SINK_KEEP)
      .execute();
    return ok(
      rows.map((r) => ({
        id: Number(r.id),
        received_at: iso(r.received_at) ?? '',
        event_id: r.event_id,
        headers: parseHeaders(r.headers),
        body: r.body,
        signature_valid: r.signature_valid,
        answered_status: r.answered_status,
      })),
    );
  }),
];
