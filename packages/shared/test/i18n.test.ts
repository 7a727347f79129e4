import { describe, expect, it } from 'vitest';
import { catalogs, leafKeys, translate } from '../src/i18n';

describe('catalogs', () => {
  it('have the same keys in Indonesian and English', () => {
    const idKeys = leafKeys(catalogs.id).sort();
    const enKeys = leafKeys(catalogs.en).sort();
    expect(
      idKeys.filter((k) => !enKeys.includes(k)),
      'missing in en',
    ).toEqual([]);
    expect(
      enKeys.filter((k) => !idKeys.includes(k)),
      'missing in id',
    ).toEqual([]);
  });

  it('have no empty strings', () => {
    for (const lang of ['id', 'en'] as const) {
      for (const key of leafKeys(catalogs[lang]))
        expect(translate(lang, key).trim(), `${lang}:${key}`).not.toBe('');
    }
  });

  it('interpolate variables', () => {
    expect(translate('en', 'auth.accountLocked', { minutes: 30 })).toContain('30 minutes');
  });
});
