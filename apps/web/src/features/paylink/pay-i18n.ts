/**
 * The payment page's own tiny translator: only the paylink catalog (both languages), so the public
 * bundle carries none of the back office's catalogs, i18next or Mantine.
 */
import { PAYLINK_CATALOG } from '@gerbang/shared/i18n/paylink-catalog';

export type PayLang = 'id' | 'en';
const CATALOGS: Record<PayLang, unknown> = PAYLINK_CATALOG;

export function translate(lang: PayLang, key: string, vars: Record<string, string | number> = {}) {
  const path = key.replace(/^paylink\./, '').split('.');
  let node: unknown = CATALOGS[lang];
  for (const part of path) node = (node as Record<string, unknown> | undefined)?.[part];
  const text = typeof node === 'string' ? node : key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

const LANG_KEY = 'gerbang.pay.lang';

/** Indonesian unless the payer switched before (spec 03 §9: default language Indonesian). */
export function initialLang(): PayLang {
  try {
    return localStorage.getItem(LANG_KEY) === 'en' ? 'en' : 'id';
  } catch {
    return 'id';
  }
}

export function rememberLang(lang: PayLang) {
  try {
    localStorage.setItem(LANG_KEY, lang);
  } catch {
    // Private mode: the switch still works for this page.
  }
}
