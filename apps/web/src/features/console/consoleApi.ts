import type { AnyCall, RequestOf, ResponseOf } from '@gerbang/shared/contract/call';
import { consoleCalls } from '@gerbang/shared/contract/console-calls';
import i18next from 'i18next';
import { ApiFailure, callKey, callUrl } from '../../lib/api';

/**
 * The console's own client: its session is the staff cookie and its CSRF token is bound to that
 * session, so it keeps its token apart from the merchant client's (lib/api.ts). Paths come from
 * the console's calls (contract/console-calls.ts).
 */
export interface Envelope<T> {
  rc: string;
  rd: string;
  data: T;
}

export interface ConsoleCallOptions {
  /** Values of the path's `:name` segments (e.g. the row's `id`). */
  params?: Record<string, string | number>;
}

/** The input is optional for a call that takes none. */
type CallArgs<C extends AnyCall> =
  undefined extends RequestOf<C>
    ? [input?: RequestOf<C>, opts?: ConsoleCallOptions]
    : [input: RequestOf<C>, opts?: ConsoleCallOptions];

type Query = Parameters<typeof callUrl>[1];

let csrf: string | null = null;

export function setConsoleCsrf(token: string | null) {
  csrf = token;
}

async function send<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<Envelope<T>> {
  const headers: Record<string, string> = { 'X-Language': i18next.language === 'en' ? 'en' : 'id' };
  if (method === 'POST') {
    if (!csrf) csrf = (await call(consoleCalls.session)).data?.csrf ?? '';
    headers['X-CSRF-Token'] = csrf;
    headers['Content-Type'] = 'application/json';
  }
  try {
    const res = await fetch(url, {
      method,
      headers,
      body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      credentials: 'same-origin',
    });
    const rotated = res.headers.get('x-csrf-token');
    if (rotated) csrf = rotated;
    return (await res.json()) as Envelope<T>;
  } catch {
    return { rc: 'GE', rd: i18next.t('common.errors.network'), data: null as T };
  }
}

/** A console call: the input is its body (POST) or query (GET); `params` fill the path. */
function call<C extends AnyCall>(
  c: C,
  ...[input, opts = {}]: CallArgs<C>
): Promise<Envelope<ResponseOf<C>>> {
  if (c.method === 'GET') {
    return send('GET', callUrl(c, input as Query, opts.params));
  }
  return send('POST', callUrl(c, undefined, opts.params), input);
}

export const consoleApi = { call };

/**
 * TanStack Query options for a console call (as `callQuery` in lib/api.ts): the key is the call,
 * its input and its path parameters; a non-00 answer becomes the query's error.
 */
export function consoleQuery<C extends AnyCall>(
  c: C,
  ...[input, opts = {}]: CallArgs<C>
): {
  queryKey: readonly unknown[];
  queryFn: () => Promise<ResponseOf<C>>;
} {
  return {
    queryKey: [...callKey(c, input), opts.params ?? null],
    queryFn: async () => {
      const res = await call(c, ...([input, opts] as CallArgs<C>));
      if (res.rc !== '00') throw new ApiFailure(res.rc, res.rd);
      return res.data;
    },
  };
}
