import { SnapNetworkError } from './errors.js';
import { backoffMs, type RetryOptions, retryAfterMs, sleep } from './retry.js';

/**
 * One call's attempts (retry.ts says which and when). Each attempt is prepared afresh — a new
 * X-TIMESTAMP and signature over the same body, under the same X-EXTERNAL-ID — and the first
 * definitive answer is returned to the client, which turns it into a result or an error.
 */

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** What the SDK tells `onRetry` before it sends a call again. */
export interface RetryEvent {
  call: string;
  /** The attempt about to be made (2 for the first retry). */
  attempt: number;
  externalId: string | null;
  reason: 'network' | 'server-error' | 'rate-limited' | 'token-refresh';
  delayMs: number;
  /** The answer's HTTP status, or the error, that caused the retry. */
  status?: number;
  error?: unknown;
}

export interface Exchange {
  call: string;
  service: string;
  externalId: string | null;
  /** Headers and body of one attempt; `fresh` asks for a new access token first. */
  prepare: (
    fresh: boolean,
  ) => Promise<{ url: string; headers: Record<string, string>; body: string }>;
  /** Whether a 401 answer means the bearer token was refused (then refetched once). */
  tokenRefused?: (status: number, body: Record<string, unknown>) => boolean;
  signal?: AbortSignal;
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
  /** An attempt before this answer got none, or a 5xx: it may have been carried out. */
  unknownBefore: boolean;
  attempts: number;
}

export interface TransportDeps {
  fetch: FetchLike;
  now: () => Date;
  policy: RetryOptions;
  onRetry?: (event: RetryEvent) => void;
}

async function attempt(
  deps: TransportDeps,
  ex: Exchange,
  prepared: Awaited<ReturnType<Exchange['prepare']>>,
) {
  const timeout = AbortSignal.timeout(deps.policy.timeoutMs);
  const signal = ex.signal ? AbortSignal.any([ex.signal, timeout]) : timeout;
  const res = await deps.fetch(prepared.url, {
    method: 'POST',
    headers: prepared.headers,
    body: prepared.body,
    signal,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: parseAnswer(text) };
}

function parseAnswer(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** Sends until a definitive answer, or throws SnapNetworkError when the last attempt got none. */
export async function exchange(deps: TransportDeps, ex: Exchange): Promise<Answer> {
  let unknownBefore = false;
  let retries = 0;
  let attempts = 0;
  let fresh = false;
  let tokenRefetched = false;
  for (;;) {
    attempts += 1;
    const wait = (reason: RetryEvent['reason'], delayMs: number, extra: Partial<RetryEvent>) => {
      deps.onRetry?.({
        call: ex.call,
        attempt: attempts + 1,
        externalId: ex.externalId,
        reason,
        delayMs,
        ...extra,
      });
      return sleep(delayMs, ex.signal);
    };
    // Preparing (the access token has its own retries) throws as it is: it sent nothing here.
    const prepared = await ex.prepare(fresh);
    let answer: Awaited<ReturnType<typeof attempt>>;
    try {
      answer = await attempt(deps, ex, prepared);
    } catch (error) {
      if (ex.signal?.aborted) throw ex.signal.reason;
      // No answer: the request may or may not have reached Gerbang.
      unknownBefore = true;
      if (retries >= deps.policy.retries) {
        throw new SnapNetworkError({
          call: ex.call,
          service: ex.service,
          externalId: ex.externalId,
          attempts,
          outcomeUnknown: true,
          cause: error,
        });
      }
      retries += 1;
      await wait('network', backoffMs(deps.policy, retries), { error });
      continue;
    }
    fresh = false;
    if (answer.status === 401 && !tokenRefetched && ex.tokenRefused?.(answer.status, answer.body)) {
      // The token was refused before anything was done: refetch it and repeat, once.
      tokenRefetched = true;
      fresh = true;
      await wait('token-refresh', 0, { status: answer.status });
      continue;
    }
    const delay = retryDelay(deps, answer, retries + 1);
    if (delay === null || retries >= deps.policy.retries) {
      return { ...answer, unknownBefore, attempts };
    }
    if (answer.status >= 500) unknownBefore = true;
    retries += 1;
    const reason = answer.status === 429 ? 'rate-limited' : 'server-error';
    await wait(reason, delay, { status: answer.status });
  }
}

/** How long to wait before sending again, or null when the answer is definitive. */
function retryDelay(
  deps: TransportDeps,
  answer: { status: number; headers: Headers },
  retry: number,
): number | null {
  if (answer.status >= 500) return backoffMs(deps.policy, retry);
  if (answer.status !== 429) return null;
  const asked = retryAfterMs(answer.headers.get('retry-after'), deps.now());
  if (asked === null) return backoffMs(deps.policy, retry);
  return asked <= deps.policy.maxRetryAfterMs ? asked : null;
}
