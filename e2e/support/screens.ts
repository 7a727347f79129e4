export type Language = 'id' | 'en';

export interface Screen {
  readonly language: Language;
  readonly width: number;
  readonly height: number;
}

const WIDE = { width: 1366, height: 860 } as const;
const PHONE = { width: 390, height: 844 } as const;

/**
 * The screens a page is checked at (SCREENS; a test with one page per language takes the two
 * by name). Two runs cover both languages and both widths: Indonesian on
 * a laptop (1366 px) and English on a phone (390 px). A file that loops over variants uses this
 * list, so every file covers the same combinations and the suite stays within its time.
 */
export const INDONESIAN_WIDE: Screen = { language: 'id', ...WIDE };
export const ENGLISH_PHONE: Screen = { language: 'en', ...PHONE };
export const SCREENS: readonly Screen[] = [INDONESIAN_WIDE, ENGLISH_PHONE];

/**
 * All four combinations, only for checks where language and width act together (text that
 * wraps or overflows differently per language on a phone, a layout measured per language).
 */
export const ALL_SCREENS: readonly Screen[] = [
  ...SCREENS,
  { language: 'en', ...WIDE },
  { language: 'id', ...PHONE },
];

/** `id, 1366 px`: the variant's part of a test name. */
export const screenName = (screen: Screen) => `${screen.language}, ${screen.width} px`;
