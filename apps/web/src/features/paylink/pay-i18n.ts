/**
 * The payment page's translator: the shared message formatter (message.ts, the one the server's
 * `translate` uses) over the paylink catalog alone, so the public bundle carries none of the back
 * office's catalogs, i18next or Mantine.
 */
import { findMessage, interpolate, type MessageVars } from '@gerbang/shared/i18n/message';
import { PAYLINK_CATALOG } from '@gerbang/shared/i18n/paylink-catalog';

export type PayLang = 'id' | 'en';

export function translate(lang: PayLang, key: string, vars: MessageVars = {}) {
  const text = findMessage(PAYLINK_CATALOG[lang], lang, key.replace(/^paylink\./, ''), vars.count);
  return interpolate(text ?? key, vars);
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
