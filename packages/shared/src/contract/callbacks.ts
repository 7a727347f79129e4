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

export const CALLBACK_PATHS = {
  attempts: '/data/callback_attempts',
  retry: '/control/retry_callback',
  sink: '/dev/callback_sink',
} as const;

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
] as const;
export type CallbackErrorCode = (typeof CALLBACK_ERROR_CODES)[number];

export const callbackAttemptsQuery = z.object({
  id_callback: z.string().regex(/^\d{1,18}$/, 'common.errors.invalidInput'),
});

export interface CallbackAttempt {
  id: number;
  attempt_no: number;
  manual: boolean;
  started_at: string;
  url: string;
  request_headers: Record<string, string>;
  request_body: string;
  response_status: number | null;
  response_body: string | null;
  duration_ms: number | null;
  error_code: CallbackErrorCode | null;
  error: string | null;
  /** Null while in flight. */
  finished_at: string | null;
}

export interface CallbackAttemptsAnswer {
  id_callback: number;
  event_id: string;
  status_sent: number;
  attempts: number;
  next_attempt_at: string | null;
  /** Oldest first. */
  data: CallbackAttempt[];
}

/** One entry of the demo receiver's list (`GET /dev/callback_sink`). */
export interface CallbackSinkEntry {
  id: number;
  received_at: string;
  event_id: string | null;
  headers: Record<string, string>;
  body: string;
  /** Null when the sending agent has no active signature. */
  signature_valid: boolean | null;
  answered_status: number;
}
