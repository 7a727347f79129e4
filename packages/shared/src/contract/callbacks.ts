import { z } from 'zod';
import type { AccessRequirement } from '../domain/access-rule';

/**
 * The callback delivery engine (issue 11 §2; spec 03 §3.1 callback rows, §7.1
 * `control/retry_callback`): what a partner's receiver gets, and the attempt log the callback
 * monitor (/data/callback) shows in a row's popup. docs/api.md "Callbacks" is the partner-facing
 * description of the same constants.
 */

/** The callback monitor's own rule: the attempt log is part of the row (READ on data_callback). */
export const CALLBACK_ACCESS = {
  read: { permission: { module: 'data_callback', action: 'READ' } },
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
   * During a signing-key rotation's overlap (issue 26): the same HMAC with the previous key, so a
   * receiver that still holds the old key verifies this one, a receiver with the new key
   * `x-signature`. Absent outside an overlap.
   */
  previousSignature: 'x-signature-previous',
} as const;

/** One attempt waits at most this long for the whole answer. */
export const CALLBACK_TIMEOUT_MS = 10_000;

/**
 * Waits after a failed attempt before the next one: 1 min, 5 min, 15 min, 1 h, 2 h, 4 h, 8 h,
 * 12 h. With the first attempt that is 9 attempts over about 27 h 21 min; then the row is Failed.
 */
export const CALLBACK_RETRY_DELAYS_MS = [
  60_000,
  5 * 60_000,
  15 * 60_000,
  60 * 60_000,
  2 * 60 * 60_000,
  4 * 60 * 60_000,
  8 * 60 * 60_000,
  12 * 60 * 60_000,
] as const;
export const CALLBACK_MAX_ATTEMPTS = CALLBACK_RETRY_DELAYS_MS.length + 1;

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
