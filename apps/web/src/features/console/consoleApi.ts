import type { AnyCall, RequestOf, ResponseOf } from '@gerbang/shared/contract/call';
import { consoleCalls } from '@gerbang/shared/contract/console-calls';
import { consoleFactorCalls } from '@gerbang/shared/contract/factor-calls';
import { consoleSessionCalls } from '@gerbang/shared/contract/security-calls';
import i18next from 'i18next';
import type { Caller } from '../../components/factors/caller';
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
  /** A POST's query (an upload's account and format); a GET's query is its input. */
  query?: Record<string, string>;
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
    // An upload (FormData) carries its own multipart content type and boundary.
    if (!(body instanceof FormData)) headers['Content-Type'] = 'application/json';
  }
  try {
    const res = await fetch(url, {
      method,
      headers,
      body:
        method === 'POST'
          ? body instanceof FormData
            ? body
            : JSON.stringify(body ?? {})
          : undefined,
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
async function call<C extends AnyCall>(
  c: C,
  ...[input, opts = {}]: CallArgs<C>
): Promise<Envelope<ResponseOf<C>>> {
  const once = () =>
    c.method === 'GET'
      ? send<ResponseOf<C>>('GET', callUrl(c, input as Query, opts.params))
      : send<ResponseOf<C>>('POST', callUrl(c, opts.query as never, opts.params), input);
  const res = await once();
  // Step-up (ADR 010): the staff member proves the second factor, then the call goes again
  // (the refused call read and changed nothing).
  if (res.rc === 'SU' && (await stepUp())) return reauthIfAsked(await once(), once);
  return reauthIfAsked(res, once);
}

/**
 * Re-authentication (rc 428, ADR 011): the staff member types the password again
 * (`/console/auth/reauth`), then the call goes again.
 */
async function reauthIfAsked<T>(
  res: Envelope<T>,
  again: () => Promise<Envelope<T>>,
): Promise<Envelope<T>> {
  if (res.rc !== '428') return res;
  const [{ askReauth }, { loadModals }] = await Promise.all([
    import('../../components/reauth'),
    import('../../lib/lazy-modals'),
  ]);
  await loadModals();
  const send = (password: string) => call(consoleSessionCalls.reauth, { password });
  return (await askReauth(i18next.t('sessions.reauth.title'), send)) ? again() : res;
}

async function stepUp(): Promise<boolean> {
  const { askStepUp } = await import('../../components/factors/step-up');
  return askStepUp(consoleFactorCalls, consoleCaller);
}

/** The console client as the factor components take it. */
export const consoleCaller: Caller = (c, input) => call(c as never, input as never);

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
