/**
 * The public calls of the payment page (spec 03 §7.4), with plain fetch: no session is used; a
 * POST carries the double-submit CSRF token from `GET /auth/csrf_token`.
 */
import { authCalls } from '@gerbang/shared/contract/auth-calls';
import {
  type GeneratedPayment,
  REQUEST_PAYMENT_PATHS as PATHS,
  type PublicPayMethod,
  type PublicPaymentRequest,
  type PublicPaymentStatus,
} from '@gerbang/shared/contract/request-payment-paths';
import type { PayLang } from './pay-i18n';

export interface Answer<T> {
  rc: string;
  rd: string;
  data: T;
}

async function call<T>(lang: PayLang, url: string, init: RequestInit = {}): Promise<Answer<T>> {
  try {
    const res = await fetch(`/api${url}`, {
      ...init,
      credentials: 'same-origin',
      headers: { 'x-language': lang, ...(init.headers ?? {}) },
    });
    return (await res.json()) as Answer<T>;
  } catch {
    return { rc: 'NET', rd: '', data: null as T };
  }
}

const qs = (params: Record<string, string>) => new URLSearchParams(params).toString();

export const payApi = {
  detail: (lang: PayLang, paymentSecret: string) =>
    call<{ 'payment-request': PublicPaymentRequest; 'type-user': string }>(
      lang,
      `${PATHS.publicDetail}?${qs({ paymentSecret })}`,
    ),
  status: (lang: PayLang, paymentSecret: string, customerReff: string) =>
    call<{ customerReff: string; status: PublicPaymentStatus }>(
      lang,
      `${PATHS.publicStatus}?${qs({ paymentSecret, customerReff })}`,
    ),
  methods: (lang: PayLang) => call<PublicPayMethod[]>(lang, PATHS.publicMethods),
  async generateBisnis(
    lang: PayLang,
    body: { id_payment: string; code_bank: string; email: string; name: string; notelp: string },
  ) {
    const token = await call<{ csrf: string }>(lang, authCalls.csrfToken.path);
    return call<GeneratedPayment>(lang, PATHS.publicGenerate, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': token.data?.csrf ?? '' },
      body: JSON.stringify(body),
    });
  },
  generateOther: (
    lang: PayLang,
    q: { id_payment: string; code_bank: string; email_user: string },
  ) => call<GeneratedPayment>(lang, `${PATHS.publicGenerate}?${qs({ ...q, brand: 'paylink' })}`),
};
