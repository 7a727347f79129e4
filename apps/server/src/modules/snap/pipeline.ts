import { type ApiKeyScope, findForbiddenText, RC, translate, wibDate } from '@gerbang/shared';
import type { z } from 'zod';
import { ApiError } from '../../http/errors';
import type { PartnerCall, PartnerRouteDefinition } from '../../http/partner-route';
import type { Services } from '../../http/services';
import { appendApiLog } from './api-log';
import {
  CASES,
  responseCode,
  type ServiceCode,
  type SnapCase,
  SnapError,
  snapMessage,
} from './codes';
import {
  admitCall,
  assertKeyLive,
  assertScope,
  assertTimestamp,
  assertWhitelisted,
  partnerByToken,
  type SnapPartner,
  touchKey,
  verifyWithKeySecrets,
} from './guard';
import { formatSnapTimestamp, serviceStringToSign, verifyServiceSignature } from './signature';

/**
 * One SNAP service call, in this order (each step refuses with the standard's code and changes
 * nothing): mandatory headers → bearer token (401xx01) → X-PARTNER-ID is the token's client →
 * IP whitelist through the trusted proxies (403xx01) → X-TIMESTAMP within 5 minutes (401xx00) →
 * HMAC-SHA512 signature (401xx00) → rate limit (429xx00, Retry-After) → X-EXTERNAL-ID of the day
 * (409xx00) → body schema (400xx01/02) → the service. Every call of a known partner is written to
 * the API log with its latency and masked bodies.
 */

export interface ServiceContext<B> {
  services: Services;
  partner: SnapPartner;
  body: B;
  externalId: string;
  channelId: string;
  ip: string;
  path: string;
}

export interface ServiceAnswer {
  /** success unless said otherwise (202 "in progress" for a transfer the bank queued). */
  which?: SnapCase;
  body: Record<string, unknown>;
}

export interface SnapServiceSpec<S extends z.ZodType> {
  path: string;
  service: ServiceCode;
  /** The API key scope that may call it (read: inquiries and statuses; write: the rest). */
  scope: ApiKeyScope;
  summary: string;
  body: S;
  /** The success body (responseCode, responseMessage and the call's fields), for the document. */
  answer: z.ZodType;
  run: (ctx: ServiceContext<z.infer<S>>) => Promise<ServiceAnswer>;
}

const header = (call: PartnerCall, name: string): string => {
  const value = call.req.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
};

function requireHeader(call: PartnerCall, name: string): string {
  const value = header(call, name.toLowerCase());
  if (value === '') throw new SnapError('invalidMandatoryField', name);
  return value;
}

/** The first zod issue as the standard's field error. */
export function schemaError(error: z.ZodError): SnapError {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join('.') || 'body';
  const missing = issue?.code === 'invalid_type' && issue.input === undefined;
  return new SnapError(missing ? 'invalidMandatoryField' : 'invalidFieldFormat', field);
}

export function parseBody<S extends z.ZodType>(schema: S, rawBody: string): z.infer<S> {
  let value: unknown;
  try {
    value = rawBody.trim() === '' ? {} : JSON.parse(rawBody);
  } catch {
    throw new SnapError('badRequest', '[malformed JSON]');
  }
  if (findForbiddenText(value)) throw new SnapError('invalidFieldFormat', 'body');
  const result = schema.safeParse(value);
  if (!result.success) throw schemaError(result.error);
  return result.data;
}

const SECRET_KEYS = /secret|password|pin|token|signature|privatekey|publickey|otp/i;
const LOG_MAX = 8_000;

/** A body as the API log keeps it: secrets masked, bounded. */
export function maskedBody(raw: string): string {
  if (raw.trim() === '') return '';
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    // Not JSON: its text could hold a secret no key names, so only its size is kept.
    return `[unparsed body, ${Buffer.byteLength(raw)} bytes]`;
  }
  const mask = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(mask);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>).map(([k, inner]) => [
          k,
          SECRET_KEYS.test(k) ? '***' : mask(inner),
        ]),
      );
    }
    return v;
  };
  return JSON.stringify(mask(value)).replaceAll('\u0000', '').slice(0, LOG_MAX);
}

export async function writeApiLog(
  call: PartnerCall,
  partner: SnapPartner | null,
  externalId: string | null,
  status: number,
  code: string,
  responseBody: string,
) {
  if (!partner) return;
  const { services } = call;
  const now = services.now();
  try {
    await appendApiLog(services.db, {
      agent_id: partner.agentId,
      environment: partner.environment,
      at: now,
      log_date: wibDate(now),
      method: call.req.method,
      path: call.req.url.split('?')[0] ?? '',
      http_status: status,
      response_code: code,
      latency_ms: Math.max(0, now.getTime() - call.startedAt),
      external_id: externalId ? externalId.slice(0, 64) : null,
      client_ip: call.ip,
      request_body: maskedBody(call.rawBody),
      response_body: maskedBody(responseBody),
    });
  } catch (error) {
    services.log.error({ err: error }, 'snap api log write failed');
  }
}

export async function sendSnap(
  call: PartnerCall,
  service: ServiceCode,
  which: SnapCase,
  body: Record<string, unknown>,
  opts: {
    detail?: string;
    headers?: Record<string, string>;
    partner: SnapPartner | null;
    externalId: string | null;
  },
) {
  const code = responseCode(service, which);
  const answer = { responseCode: code, responseMessage: snapMessage(which, opts.detail), ...body };
  const text = JSON.stringify(answer);
  await writeApiLog(call, opts.partner, opts.externalId, CASES[which].http, code, text);
  if (opts.headers) call.reply.headers(opts.headers);
  // The standard's answers carry X-TIMESTAMP, refusals included.
  call.reply.header('x-timestamp', formatSnapTimestamp(call.services.now()));
  return call.reply.status(CASES[which].http).type('application/json; charset=utf-8').send(text);
}

export async function sendFailure(
  call: PartnerCall,
  service: ServiceCode,
  error: unknown,
  partner: SnapPartner | null,
  externalId: string | null,
) {
  if (error instanceof SnapError) {
    return sendSnap(
      call,
      service,
      error.which,
      {},
      {
        detail: error.detail,
        headers: error.headers,
        partner,
        externalId,
      },
    );
  }
  if (error instanceof ApiError && error.rc === RC.VALIDATION) {
    // The block below (pay-ins) refused the partner's input, e.g. a bank that issues no VA or
    // an expiry in the past: the partner's field error with the portal's English reason.
    const detail = `[${translate('en', error.messageKey, error.vars)}]`;
    return sendSnap(call, service, 'invalidFieldFormat', {}, { detail, partner, externalId });
  }
  const status = (error as { statusCode?: number })?.statusCode;
  if (status === 413 || status === 415 || status === 400) {
    return sendSnap(call, service, 'badRequest', {}, { partner, externalId });
  }
  call.services.log.error({ err: error }, 'snap call failed');
  return sendSnap(call, service, 'generalError', {}, { partner, externalId });
}

/** A signed service call as a partner route. */
export function serviceRoute<S extends z.ZodType>(
  spec: SnapServiceSpec<S>,
): PartnerRouteDefinition {
  return {
    method: 'POST',
    url: spec.path,
    access: {
      partnerApi: 'signed',
      reason: 'SNAP service call: bearer token from the access-token call and an HMAC signature',
    },
    onError: (call, error) => sendFailure(call, spec.service, error, null, null),
    handler: async (call) => {
      let partner: SnapPartner | null = null;
      let externalId: string | null = null;
      try {
        const authorization = requireHeader(call, 'Authorization');
        const timestamp = requireHeader(call, 'X-TIMESTAMP');
        const partnerId = requireHeader(call, 'X-PARTNER-ID');
        externalId = requireHeader(call, 'X-EXTERNAL-ID');
        const channelId = requireHeader(call, 'CHANNEL-ID');
        const signature = requireHeader(call, 'X-SIGNATURE');
        if (!/^[\w-]{1,36}$/.test(externalId)) {
          throw new SnapError('invalidFieldFormat', 'X-EXTERNAL-ID');
        }
        const match = /^Bearer\s+(\S+)$/i.exec(authorization);
        const accessToken = match?.[1] ?? '';
        partner = await partnerByToken(call.services, accessToken);
        if (!partner) throw new SnapError('invalidToken');
        if (partnerId !== partner.clientId) {
          throw new SnapError('unauthorized', 'Unknown client');
        }
        assertKeyLive(call.services, partner);
        assertWhitelisted(partner, call.ip);
        assertTimestamp(call.services, timestamp);
        const stringToSign = serviceStringToSign({
          method: 'POST',
          path: spec.path,
          accessToken,
          rawBody: call.rawBody,
          timestamp,
        });
        verifyWithKeySecrets(call.services, partner, (secret) =>
          verifyServiceSignature(secret, stringToSign, signature),
        );
        // Authorised after the caller is authenticated: a scope refusal tells only a real key.
        assertScope(partner, spec.scope);
        await admitCall(call.services, partner, externalId, spec.path);
        await touchKey(call.services, partner);
        const body = parseBody(spec.body, call.rawBody);
        const answer = await spec.run({
          services: call.services,
          partner,
          body,
          externalId,
          channelId,
          ip: call.ip,
          path: spec.path,
        });
        return sendSnap(call, spec.service, answer.which ?? 'success', answer.body, {
          partner,
          externalId,
        });
      } catch (error) {
        return sendFailure(call, spec.service, error, partner, externalId);
      }
    },
  };
}
