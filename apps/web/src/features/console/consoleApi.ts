import i18next from 'i18next';

/**
 * The console's own client: its session is the staff cookie and its CSRF token is bound to that
 * session, so it keeps its token apart from the merchant client's (lib/api.ts).
 */
export interface Envelope<T> {
  rc: string;
  rd: string;
  data: T;
}

let csrf: string | null = null;

export function setConsoleCsrf(token: string | null) {
  csrf = token;
}

async function send<T>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  query?: Record<string, string>,
) {
  const url = new URL(`/api/console${path}`, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== '') url.searchParams.set(k, v);
  const headers: Record<string, string> = { 'X-Language': i18next.language === 'en' ? 'en' : 'id' };
  if (method === 'POST') {
    if (!csrf) csrf = (await send<{ csrf: string }>('GET', '/auth/session')).data?.csrf ?? '';
    headers['X-CSRF-Token'] = csrf;
    headers['Content-Type'] = 'application/json';
  }
  try {
    const res = await fetch(url.pathname + url.search, {
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

export const consoleApi = {
  get: <T>(path: string, query?: Record<string, string>) => send<T>('GET', path, undefined, query),
  post: <T>(path: string, body?: unknown) => send<T>('POST', path, body),
};
