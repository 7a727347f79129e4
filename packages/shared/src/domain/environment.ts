/** The two environments of spec 01 §4. Money moves only in production. */
export const ENVIRONMENTS = ['production', 'sandbox'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];
export const DEFAULT_ENVIRONMENT: Environment = 'production';

export const LANGUAGES = ['id', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'id';

export function isLanguage(value: unknown): value is Language {
  return value === 'id' || value === 'en';
}
