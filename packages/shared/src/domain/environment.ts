/** The two environments of spec 01 §4. Money moves only in production. */
export const ENVIRONMENTS = ['production', 'sandbox'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];
export const DEFAULT_ENVIRONMENT: Environment = 'production';

export const LANGUAGES = ['id', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'id';
/** The reader's language as a cookie, set by the web app beside its stored choice. */
export const LANGUAGE_COOKIE = 'gerbang_language';

export function isLanguage(value: unknown): value is Language {
  return value === 'id' || value === 'en';
}

/**
 * The language a code names, or null: `id` and `en`, and `in`, the form spec 01 stores
 * Indonesian in (the old ISO 639 code), which reads as `id` everywhere. Case does not matter.
 */
export function languageFromCode(value: unknown): Language | null {
  if (typeof value !== 'string') return null;
  const code = value.trim().toLowerCase();
  if (code === 'in') return 'id';
  return isLanguage(code) ? code : null;
}
