import { catalogs, DEFAULT_LANGUAGE, isLanguage, type Language } from '@gerbang/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

const STORAGE_KEY = 'gerbang.language';

/** The chosen language, remembered in the browser (survives logout, which clears everything else). */
export function storedLanguage(): Language {
  const value = localStorage.getItem(STORAGE_KEY);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

export function rememberLanguage(lang: Language) {
  localStorage.setItem(STORAGE_KEY, lang);
}

void i18next.use(initReactI18next).init({
  resources: {
    id: { translation: catalogs.id },
    en: { translation: catalogs.en },
  },
  lng: storedLanguage(),
  fallbackLng: 'id',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}

export async function changeLanguage(lang: Language) {
  rememberLanguage(lang);
  document.documentElement.lang = lang;
  await i18next.changeLanguage(lang);
}

export { i18next };
