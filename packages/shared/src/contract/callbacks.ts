import { z } from 'zod';
import type { AccessRequirement } from '../domain/access-rule';

/**
 * The callback delivery engine (spec 03 §3.1 callback rows, §7.1
 * `control/retry_callback`): what a partner's receiver gets, and the attempt log the callback
 * monitor (/data/callback) shows in a row's popup. docs/api.md "Callbacks" is the partner-facing
 * description of the same constants.
 */

/** The callback monitor's own rule: the attempt log is part of the row (READ on data_callback). */
export const CALLBACK_ACCESS = {
  read: { permission: { module: 'data_callback', action: 'READ' } },
  /** The webhook console's changes (resend, test event, re-enable): UPDATE, READ checked too. */
  change: { permission: { module: 'data_callback', action: 'UPDATE' } },
} as const satisfies Record<string, AccessRequirement>;

/** `status_sent` of a callback row (spec 03 §3.1). */
export const CALLBACK_STATUS = { NEW: 0, SENT: 1, FAILED: 2, PROCESS: 3 } as const;

/** Headers of every callback request (lower case as Node reads them). */
export const CALLBACK_HEADERS = {
  /** The receiver's idempotency key: the same on every attempt of one callback. */
  eventId: 'x-callback-event-id',
  /** Unix time in seconds when this attempt was signed. */
  timestamp: 'x-callback-timestamp',
  /** The row's `type_callback` (payment, settlement, topup, disbursement, ...). */
  type: 'x-callback-type',
  /** 1 for the first attempt. */
  attempt: 'x-callback-attempt',
  /** Hex HMAC-SHA512 of `timestamp + "." + raw body` with the signature key; only when active. */
  signature: 'x-signature',
  /**
   * During a signing-key rotation's overlap: the same HMAC with the previous key, so a
   * receiver that still holds the old key verifies this one, a receiver with the new key
   * `x-signature`. Absent outside an overlap.
   */
  previousSignature: 'x-signature-previous',
  /** `true` on a test event sent from the webhook console (its body has `"test": true` too). */
  test: 'x-callback-test',
} as const;

/** One attempt waits at most this long for the whole answer. */
export const CALLBACK_TIMEOUT_MS = 10_000;

/**
 * Waits after a failed attempt (an answer other than 2xx, a timeout, a refused connection) before
 * the next one: 1 min, 5 min, 15 min, 1 h, 3 h, 6 h, 12 h, 24 h, 24 h, 24 h. With the first
 * attempt that is 11 attempts over about 94 h 21 min (at least the 72 h a receiver may be down);
 * then the row is Failed. docs/api.md "Retries" says the same.
 */
export const CALLBACK_RETRY_DELAYS_MS = [
  60_000,
  5 * 60_000,
  15 * 60_000,
  60 * 60_000,
  3 * 60 * 60_000,
  6 * 60 * 60_000,
  12 * 60 * 60_000,
  24 * 60 * 60_000,
  24 * 60 * 60_000,
  24 * 60 * 60_000,
] as const;
export const CALLBACK_MAX_ATTEMPTS = CALLBACK_RETRY_DELAYS_MS.length + 1;

/**
 * An endpoint (agent, environment, URL) is disabled — its deliveries paused, not lost — when no
 * attempt to it delivered since its failure streak began and the streak either lasted 24 hours
 * or covered `CALLBACK_DISABLE_EVENTS` (configurable, default 50) events within 24 hours.
 */
export const CALLBACK_DISABLE_STREAK_MS = 24 * 60 * 60_000;
export const CALLBACK_DISABLE_EVENTS_DEFAULT = 50;

/** Rows one bulk resend queues at most (narrow the window for more). */
export const CALLBACK_RESEND_MAX = 1_000;
/** Rows one page of the undelivered list answers at most. */
export const CALLBACK_UNDELIVERED_PAGE_MAX = 200;
/** How far back the undelivered list and the bulk resend reach. */
export const CALLBACK_UNDELIVERED_DAYS = 30;

/** How much of a receiver's answer body is kept. */
export const CALLBACK_RESPONSE_KEEP_BYTES = 4096;

/** Why an attempt did not deliver (catalog `callbacks.errors.<code>`). */
export const CALLBACK_ERROR_CODES = [
  'no_url',
  'unsafe_url',
  'timeout',
  'network',
  'http_status',
  'interrupted',
  'internal',
  /** A 2xx whose body did not say the message was taken (a SNAP notification's responseCode). */
  'not_accepted',
] as const;
export type CallbackErrorCode = (typeof CALLBACK_ERROR_CODES)[number];

export const callbackAttemptsQuery = z.object({
  id_callback: z.string().regex(/^\d{1,18}$/, 'common.errors.invalidInput'),
});

export const callbackAttempt = z.object({
  id: z.number(),
  attempt_no: z.number(),
  manual: z.boolean(),
  started_at: z.string(),
  url: z.string(),
  request_headers: z.record(z.string(), z.string()),
  request_body: z.string(),
  response_status: z.number().nullable(),
  response_body: z.string().nullable(),
  response_headers: z.record(z.string(), z.string()).nullable(),
  duration_ms: z.number().nullable(),
  error_code: z.enum(CALLBACK_ERROR_CODES).nullable(),
  error: z.string().nullable(),
  /** Null while in flight. */
  finished_at: z.string().nullable(),
});
export type CallbackAttempt = z.infer<typeof callbackAttempt>;

export const callbackAttemptsAnswer = z.object({
  id_callback: z.number(),
  event_id: z.string(),
  status_sent: z.number(),
  attempts: z.number(),
  next_attempt_at: z.string().nullable(),
  /** Oldest first. */
  data: z.array(callbackAttempt),
});
export type CallbackAttemptsAnswer = z.infer<typeof callbackAttemptsAnswer>;

/** One entry of the demo receiver's list (`GET /dev/callback_sink`). */
export const callbackSinkEntry = z.object({
  id: z.number(),
  received_at: z.string(),
  event_id: z.string().nullable(),
  headers: z.record(z.string(), z.string()),
  body: z.string(),
  /** Null when the sending agent has no active signature. */
  signature_valid: z.boolean().nullable(),
  answered_status: z.number(),
});
export type CallbackSinkEntry = z.infer<typeof callbackSinkEntry>;

/** The undelivered list's filters: `waiting` (0 New, 3 Process), `failed` (2), `paused`. */
export const UNDELIVERED_STATUSES = ['waiting', 'failed', 'paused'] as const;
export type UndeliveredStatus = (typeof UNDELIVERED_STATUSES)[number];

// Instants are ISO 8601 with their offset (the web sends the WIB time it shows). Each schema is
// one `z.object(...)` call with nothing outside it, so the web build drops it (a page loads no zod).
export const undeliveredQuery = z.object({
  from: z.string().datetime({ offset: true, error: 'callbacks.console.errors.time' }).optional(),
  to: z.string().datetime({ offset: true, error: 'callbacks.console.errors.time' }).optional(),
  status: z
    .enum(['waiting', 'failed', 'paused'], { error: 'callbacks.console.errors.status' })
    .optional(),
  type: z.string().max(40).optional(),
  /** The `next_cursor` of the previous page. */
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, 'callbacks.console.errors.cursor')
    .optional(),
  limit: z.coerce.number().int().min(1).max(CALLBACK_UNDELIVERED_PAGE_MAX).optional(),
});
export type UndeliveredQuery = z.infer<typeof undeliveredQuery>;

export const undeliveredRow = z.object({
  id_callback: z.number(),
  event_id: z.string(),
  id_transaksi: z.string(),
  type_callback: z.string(),
  /** 0 New, 2 Failed, 3 Process. */
  status_sent: z.number(),
  paused: z.boolean(),
  is_test: z.boolean(),
  attempts: z.number(),
  date_created: z.string(),
  next_attempt_at: z.string().nullable(),
  http_status: z.number().nullable(),
  url_callback: z.string(),
  request_raw: z.string(),
});
export type UndeliveredRow = z.infer<typeof undeliveredRow>;

export const undeliveredPage = z.object({
  /** Oldest first. */
  data: z.array(undeliveredRow),
  /** Pass as `cursor` for the next page; null on the last one. */
  next_cursor: z.string().nullable(),
});
export type UndeliveredPage = z.infer<typeof undeliveredPage>;

/**
 * A bulk resend: every Failed (and, when asked, Sent) row of the window queued once. The server
 * also refuses a window whose end is not after its start (callbacks.console.errors.window).
 */
export const RESEND_STATUSES = ['failed', 'sent'] as const;
export const callbackResendRequest = z.object({
  from: z.string().datetime({ offset: true, error: 'callbacks.console.errors.time' }),
  to: z.string().datetime({ offset: true, error: 'callbacks.console.errors.time' }),
  status: z
    .array(z.enum(['failed', 'sent'], { error: 'callbacks.console.errors.status' }))
    .min(1, 'callbacks.console.errors.status')
    .max(2),
  type: z.string().max(40).optional(),
});
export const callbackResendAnswer = z.object({
  /** Rows queued for one attempt now. */
  queued: z.number(),
  /** More rows matched than one resend queues (CALLBACK_RESEND_MAX): narrow the window. */
  truncated: z.boolean(),
});

export const callbackTestRequest = z.object({
  event: z.string({ error: 'callbacks.console.errors.event' }).max(40),
});
export const callbackTestAnswer = z.object({
  id_callback: z.number(),
  event_id: z.string(),
  id_transaksi: z.string(),
});

export const callbackEndpoint = z.object({
  url: z.string(),
  disabled_at: z.string().nullable(),
  disabled_reason: z.string().nullable(),
  /** Rows waiting for it to be re-enabled. */
  paused: z.number(),
});
export type CallbackEndpoint = z.infer<typeof callbackEndpoint>;

export const callbackEndpointEnableRequest = z.object({
  url: z.string().min(1, 'callbacks.console.errors.endpoint').max(2000),
});
export const callbackEndpointEnableAnswer = z.object({ resumed: z.number() });
