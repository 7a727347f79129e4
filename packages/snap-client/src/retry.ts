import { randomInt } from 'node:crypto';

/**
 * When a call is sent again, and after how long. Every attempt of one call carries the SAME
 * X-EXTERNAL-ID and the same body bytes (only X-TIMESTAMP and the signature are renewed), so
 * Gerbang can tell a repeat from a new request: a repeat of a request it already received is
 * answered 409xx00 and does nothing.
 *
 * Sent again: no answer (connection refused or dropped, timeout: the outcome is unknown), HTTP 5xx
 * (500xx00 General Error and a proxy's 502/503/504 — unknown too), and 429 Too Many Requests
 * after its Retry-After. Never sent again: any other answer, which is definitive.
 */
export interface RetryOptions {
  /** Attempts after the first one (0: never retry). Default 3. */
  retries: number;
  /** The first back-off; doubled each time, with jitter. Default 500 ms. */
  baseDelayMs: number;
  /** The longest back-off. Default 8 s. */
  maxDelayMs: number;
  /** A 429 asking to wait longer than this is not waited for (the error is thrown). Default 60 s. */
  maxRetryAfterMs: number;
  /** How long one attempt may take before it counts as unanswered. Default 60 s. */
  timeoutMs: number;
}

export const DEFAULT_RETRY: RetryOptions = {
  retries: 3,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
  timeoutMs: 60_000,
};

export function retryPolicy(given: number | Partial<RetryOptions> | undefined): RetryOptions {
  const policy =
    typeof given === 'number'
      ? { ...DEFAULT_RETRY, retries: given }
      : { ...DEFAULT_RETRY, ...given };
  if (!Number.isInteger(policy.retries) || policy.retries < 0 || policy.retries > 10) {
    throw new RangeError('retries must be an integer from 0 to 10');
  }
  return policy;
}

/** Exponential back-off with "equal jitter": between half and all of base·2^(n−1), capped. */
export function backoffMs(policy: RetryOptions, retry: number): number {
  const full = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  const half = Math.floor(full / 2);
  return half + (full - half > 0 ? randomInt(full - half + 1) : 0);
}

/** Retry-After as seconds or an HTTP date, in milliseconds from `now`; null when absent or bad. */
export function retryAfterMs(header: string | null, now: Date): number | null {
  if (header === null || header.trim() === '') return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', abort);
      resolve();
    }
    function abort() {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener('abort', abort, { once: true });
  });
