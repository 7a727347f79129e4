import { catalogs } from '@gerbang/shared';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

/** The web reads the catalogs' plural forms (`key_one` / `key_other`) through i18next's `count`. */
describe('plural forms in the web app', () => {
  it('English picks _one for 1 and _other otherwise; Indonesian has one form', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      resources: { id: { translation: catalogs.id }, en: { translation: catalogs.en } },
      lng: 'en',
      fallbackLng: 'id',
      interpolation: { escapeValue: false },
    });
    const rows = (count: number) => i18n.t('bulk.rowsRead', { count, file: 'a.csv' });
    expect(rows(1)).toBe('1 row read from a.csv');
    expect(rows(3)).toBe('3 rows read from a.csv');
    expect(i18n.t('team.pendingChanges', { count: 1 })).toBe('1 unsaved change');
    await i18n.changeLanguage('id');
    expect(rows(1)).toBe('1 baris dibaca dari a.csv');
  });
});
