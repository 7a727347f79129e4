/**
 * The public calls of the payment page (spec 03 §7.4), with plain fetch: no session is used; a
 * POST carries the double-submit CSRF token from `GET /auth/csrf_token`. The paths and answers
 * are the shared contract's (request-payment-calls.ts); the page's own entry keeps this client
 * apart from the back office's (lib/api.ts loads the catalogs and the session hooks).
 */
import { authCalls } from '@gerbang/shared/contract/auth-calls';
import type { AnyCall, RequestOf, ResponseOf } from '@gerbang/shared/contract/call';
import { requestPaymentCalls as calls } from '@gerbang/shared/contract/request-payment-calls';
import type { PayLang } from './pay-i18n';

export interface Answer<T> {
  rc: string;
  rd: string;
  data: T;
}

/** A call of the contract: a GET's input is its query, a POST's its JSON body. */
async function send<C extends AnyCall>(
  lang: PayLang,
  call: C,
  input: RequestOf<C>,
  headers: Record<string, string> = {},
): Promise<Answer<ResponseOf<C>>> {
  const query = call.method === 'GET' && input ? `?${new URLSearchParams(input)}` : '';
  const url = `/api${call.path}${query}`;
  try {
    const res = await fetch(url, {
      method: call.method,
      credentials: 'same-origin',
      headers: { 'x-language': lang, ...headers },
      body: call.method === 'POST' ? JSON.stringify(input) : undefined,
    });
    return (await res.json()) as Answer<ResponseOf<C>>;
  } catch {
    return { rc: 'NET', rd: '', data: null as ResponseOf<C> };
  }
}

export const payApi = {
  detail: (lang: PayLang, paymentSecret: string) =>
    send(lang, calls.publicDetail, { paymentSecret }),
  status: (lang: PayLang, paymentSecret: string, customerReff: string) =>
    send(lang, calls.publicStatus, { paymentSecret, customerReff }),
  methods: (lang: PayLang) => send(lang, calls.publicMethods, undefined),
  /** The instrument's live stream (`pay` when paid); null where the browser has no EventSource. */
  events(paymentSecret: string, customerReff: string): EventSource | null {
    if (typeof EventSource === 'undefined') return null;
    const query = new URLSearchParams({ paymentSecret, customerReff });
    return new EventSource(`/api${calls.publicEvents.path}?${query}`);
  },
  async generateBisnis(lang: PayLang, body: RequestOf<typeof calls.publicGenerate>) {
    const token = await send(lang, authCalls.csrfToken, undefined);
    return send(lang, calls.publicGenerate, body, {
      'content-type': 'application/json',
      'x-csrf-token': token.data?.csrf ?? '',
    });
  },
  generateOther: (
    lang: PayLang,
    q: { id_payment: string; code_bank: string; email_user: string },
  ) => send(lang, calls.publicGenerateByEmail, { ...q, brand: 'paylink' }),
};
