import { type Envelope, RC, REQUEST_TIMEOUT_MS } from '@gerbang/shared';
import { authCalls } from '@gerbang/shared/contract/auth-calls';
import type { AnyCall, QueryOf, RequestOf, ResponseOf } from '@gerbang/shared/contract/call';
import { currentLanguage, i18next } from './i18n';
import { noteServerTime } from './server-clock';

/**
 * The one API client (spec 01 §7): 60 s timeout, every HTTP status accepted, transport failure
 * becomes GE, 401 logs out, any other non-00 code shows `rd` in a dialog unless the caller
 * handles it (`silent`).
 */
type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** Do not show the error dialog; the caller shows the message in place. */
  silent?: boolean;
  /** A 401 is an answer, not a reason to log out (the session check itself). */
  anonymousOk?: boolean;
  signal?: AbortSignal;
}

interface ClientHooks {
  onUnauthorized: () => void;
  /**
   * The server asked for step-up (rc SU, ADR 010): the step-up dialog proves the second factor
   * and resolves true, and the call is sent once more; false (cancelled) answers the refusal.
   */
  onStepUp: (() => Promise<boolean>) | null;
  onError: (rd: string, rc: string) => void;
  environment: () => string;
}

let hooks: ClientHooks = {
  onUnauthorized: () => {},
  onStepUp: null,
  onError: () => {},
  environment: () => 'production',
};
let csrfToken: string | null = null;

export function configureApiClient(next: Partial<ClientHooks>) {
  hooks = { ...hooks, ...next };
}

export function forgetCsrfToken() {
  csrfToken = null;
}

/** A call's path with its `:name` segments filled in (each value URL-encoded). */
function fillPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

function buildUrl(path: string, query?: Query): string {
  const url = new URL(`/api${path.startsWith('/') ? path : `/${path}`}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '')
      url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
}

async function send<T>(
  method: 'GET' | 'POST',
  path: string,
  opts: RequestOptions,
): Promise<Envelope<T>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  opts.signal?.addEventListener('abort', () => controller.abort());
  const headers: Record<string, string> = {
    'X-Requested-With': 'XMLHttpRequest',
    'X-Language': currentLanguage(),
    'X-Environment': hooks.environment(),
  };
  let body: BodyInit | undefined;
  if (method === 'POST') {
    if (!csrfToken) {
      const token = await send<{ csrf: string }>('GET', authCalls.csrfToken.path, {
        silent: true,
      });
      if (token.rc !== RC.OK) return token as unknown as Envelope<T>;
      csrfToken = token.data.csrf;
    }
    headers['X-CSRF-Token'] = csrfToken;
    if (opts.body instanceof FormData) body = opts.body;
    else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.body ?? {});
    }
  }
  try {
    const sentAt = Date.now();
    const res = await fetch(buildUrl(path, opts.query), {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: controller.signal,
    });
    noteServerTime(res.headers.get('x-server-time'), sentAt, Date.now());
    // A login rotates the CSRF token to the new session's; its answer carries the new one.
    const rotatedCsrf = res.headers.get('x-csrf-token');
    if (rotatedCsrf) csrfToken = rotatedCsrf;
    const json = (await res.json().catch(() => null)) as Envelope<T> | null;
    if (!json || typeof json.rc !== 'string') {
      return { rc: RC.GENERIC, rd: i18next.t('common.errors.generic'), data: null as T };
    }
    return json;
  } catch {
    return { rc: RC.GENERIC, rd: i18next.t('common.errors.network'), data: null as T };
  } finally {
    clearTimeout(timer);
  }
}

async function request<T>(
  method: 'GET' | 'POST',
  path: string,
  opts: RequestOptions = {},
): Promise<Envelope<T>> {
  let result = await send<T>(method, path, opts);
  // Nothing was read or changed by the refused call (the guard runs first): sending it again
  // after the step-up is safe.
  if (result.rc === RC.STEP_UP && hooks.onStepUp && (await hooks.onStepUp())) {
    result = await send<T>(method, path, opts);
  }
  if (result.rc === RC.SESSION) {
    if (!opts.anonymousOk) hooks.onUnauthorized();
    return result;
  }
  if (result.rc !== RC.OK && !opts.silent) hooks.onError(result.rd, result.rc);
  return result;
}

export const api = {
  get: <T = unknown>(path: string, query?: Query, opts: Omit<RequestOptions, 'query'> = {}) =>
    request<T>('GET', path, { ...opts, query }),
  post: <T = unknown>(path: string, body?: unknown, opts: Omit<RequestOptions, 'body'> = {}) =>
    request<T>('POST', path, { ...opts, body }),
};

/** Throws on a non-00 answer; for react-query, whose error state drives loading/failure views. */
export class ApiFailure extends Error {
  constructor(
    readonly rc: string,
    readonly rd: string,
  ) {
    super(rd);
  }
}

export async function unwrap<T>(promise: Promise<Envelope<T>>): Promise<T> {
  const result = await promise;
  if (result.rc !== RC.OK) throw new ApiFailure(result.rc, result.rd);
  return result.data;
}

/** What `client.call` takes besides the input: the options of `api.get/post`. */
export interface CallOptions<C extends AnyCall = AnyCall>
  extends Omit<RequestOptions, 'query' | 'body'> {
  /** Values of the path's `:name` segments. */
  params?: Record<string, string | number>;
  /** The query a POST call also reads (a GET's query is its input). */
  query?: QueryOf<C>;
}

/** The input is optional for a call that takes none. */
type CallArgs<C extends AnyCall> =
  undefined extends RequestOf<C>
    ? [input?: RequestOf<C>, opts?: CallOptions<C>]
    : [input: RequestOf<C>, opts?: CallOptions<C>];

/**
 * A call of the shared contract (`packages/shared/src/contract/<area>.ts`): the method and path
 * come from the call, the input is its body (POST) or query (GET), and the answer is typed by the
 * call's `response`. Same behaviour as `api.get/post` (CSRF, 401, the error dialog unless
 * `silent`). The answer is not validated here: the server's tests hold it to the contract, and
 * the web bundle carries no zod.
 */
function callApi<C extends AnyCall>(
  call: C,
  ...[input, opts = {}]: CallArgs<C>
): Promise<Envelope<ResponseOf<C>>> {
  const { params, query, ...rest } = opts;
  const path = fillPath(call.path, params);
  if (call.method === 'GET') {
    return request<ResponseOf<C>>('GET', path, { ...rest, query: input as Query | undefined });
  }
  return request<ResponseOf<C>>('POST', path, { ...rest, query: query as Query, body: input });
}

export const client = { call: callApi };

/**
 * The URL of a call the browser opens itself (a file download, an image, a PDF): `/api` + the
 * call's path with its parameters and query.
 */
export function callUrl<C extends AnyCall>(
  call: C,
  query?: RequestOf<C> & Query,
  params?: Record<string, string | number>,
): string {
  return buildUrl(fillPath(call.path, params), query);
}

/**
 * TanStack Query options for a call: a key made of the call and its input (plus `key`, e.g. the
 * environment when the answer depends on it) and a query function that unwraps the answer (a
 * non-00 code becomes the query's error). Spread into `useQuery({...callQuery(call, input), …})`.
 */
export function callQuery<C extends AnyCall>(
  call: C,
  ...[input, opts = {}]: CallArgs<C>
): {
  queryKey: readonly unknown[];
  queryFn: (ctx: { signal: AbortSignal }) => Promise<ResponseOf<C>>;
} {
  return {
    queryKey: callKey(call, input),
    queryFn: ({ signal }) =>
      unwrap(callApi(call, ...([input, { ...opts, signal }] as CallArgs<C>))),
  };
}

/** The query key of a call (and its input): for `invalidateQueries` after a change. */
export const callKey = (call: AnyCall, input?: unknown): readonly unknown[] =>
  input === undefined ? [call.method, call.path] : [call.method, call.path, input];
