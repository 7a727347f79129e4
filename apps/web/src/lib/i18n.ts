import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
  languageFromCode,
} from '@gerbang/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enCore from './catalogs/en';
import idCore from './catalogs/id';
import { type CatalogPart, loadPart } from './catalogs/parts';

const STORAGE_KEY = 'gerbang.language';

type CatalogModule = Promise<{ default: Record<string, unknown> }>;

/**
 * Catalogs per language and in two parts (lib/catalogs): the core the login
 * page needs (both languages, in the entry chunk), and the rest, loaded by `loadFullCatalog` before
 * any other page renders: the reader's language only, the other when the reader switches.
 */
const CORE: Record<Language, () => CatalogModule> = {
  // Both languages' cores (~2 KiB each) are part of the entry chunk: the login renders without a
  // second round of requests, and the top-level await below waits for no chunk — a chunk it
  // waited for could import the entry chunk back, which has not finished evaluating.
  id: () => Promise.resolve({ default: idCore }),
  en: () => Promise.resolve({ default: enCore }),
};
const REST: Record<Language, () => CatalogModule> = {
  id: () => import('./catalogs/id-rest'),
  en: () => import('./catalogs/en-rest'),
};
const WHOLE: Record<string, Record<Language, () => CatalogModule>> = { core: CORE, rest: REST };
const loaded = new Set<string>();
/** The parts this tab has needed so far; a language switch loads them all in the new language. */
const wanted = new Set<string>(['core']);

/** The chosen language, remembered in the browser (survives logout, which clears everything else). */
export function storedLanguage(): Language {
  const value = localStorage.getItem(STORAGE_KEY);
  return languageFromCode(value) ?? DEFAULT_LANGUAGE;
}

/**
 * A reader of another language than the default also gets a cookie (a preference, nothing
 * secret): the server's document for a page behind the login then preloads that language's
 * catalog (http/page-documents.ts). The default language needs none.
 */
export function rememberLanguage(lang: Language) {
  localStorage.setItem(STORAGE_KEY, lang);
  syncLanguageCookie(lang);
}

function syncLanguageCookie(lang: Language) {
  const current = document.cookie.split('; ').find((c) => c.startsWith(`${LANGUAGE_COOKIE}=`));
  const wanted = lang === DEFAULT_LANGUAGE ? undefined : `${LANGUAGE_COOKIE}=${lang}`;
  if (current === wanted) return;
  // biome-ignore lint/suspicious/noDocumentCookie: one preference value, no cookie store needed.
  document.cookie = `${LANGUAGE_COOKIE}=${lang}; path=/; samesite=lax; max-age=${wanted ? 31_536_000 : 0}`;
}

async function ensureCatalog(lang: Language) {
  await Promise.all(
    [...wanted].map(async (name) => {
      const key = `${lang}:${name}`;
      if (loaded.has(key)) return;
      const whole = WHOLE[name];
      const catalog = whole
        ? (await whole[lang]()).default
        : await loadPart(name as CatalogPart, lang);
      i18next.addResourceBundle(lang, 'translation', catalog, true, false);
      loaded.add(key);
    }),
  );
}

/**
 * Every Mantine stylesheet: the login renders with the first-paint part only (main.tsx), every
 * other page waits for the whole before it renders (withFullCatalog, withCatalogParts).
 */
export const loadFullStyles = () => import('./styles-full');

/** Every namespace of the current language: awaited by each lazy page other than the login. */
export async function loadFullCatalog(): Promise<void> {
  wanted.add('rest');
  await ensureCatalog(currentLanguage());
}

/** The full catalog and parts only a few pages need (catalogs/parts.ts): the step-up dialog. */
export async function loadCatalogParts(...parts: CatalogPart[]): Promise<void> {
  wanted.add('rest');
  for (const part of parts) wanted.add(part);
  await ensureCatalog(currentLanguage());
}

/** `lazy(() => withCatalogParts(['security'], import('./Page')))`: with the full catalog and the parts. */
export async function withCatalogParts<T>(parts: CatalogPart[], page: Promise<T>): Promise<T> {
  const [module] = await Promise.all([page, loadCatalogParts(...parts), loadFullStyles()]);
  return module;
}

/** `lazy(() => withFullCatalog(import('./Page')))`: the page renders once its words are loaded. */
export async function withFullCatalog<T>(page: Promise<T>): Promise<T> {
  const [module] = await Promise.all([page, loadFullCatalog(), loadFullStyles()]);
  return module;
}

const initial = storedLanguage();
syncLanguageCookie(initial);
const { default: initialCatalog } = await CORE[initial]();
loaded.add(`${initial}:core`);
// Top-level await: every module importing this one (main.tsx first) waits for the catalog, so
// the first render already speaks the reader's language.
await i18next.use(initReactI18next).init({
  resources: { [initial]: { translation: initialCatalog } },
  lng: initial,
  fallbackLng: 'id',
  partialBundledLanguages: true,
  interpolation: { escapeValue: false },
  returnNull: false,
});
document.documentElement.lang = initial;

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}

export async function changeLanguage(lang: Language) {
  rememberLanguage(lang);
  await ensureCatalog(lang);
  document.documentElement.lang = lang;
  await i18next.changeLanguage(lang);
}

export { i18next };
