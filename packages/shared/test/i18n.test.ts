import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogs, hasKey, leafKeys, translate } from '../src/i18n';

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

  it('choose the plural form by count, as i18next does', () => {
    const vars = (count: number) => ({ count, group: 'G', total: 'Rp. 5' });
    expect(translate('en', 'bulk.saved', vars(1))).toBe('Group G saved: 1 transfer, total Rp. 5');
    expect(translate('en', 'bulk.saved', vars(2))).toBe('Group G saved: 2 transfers, total Rp. 5');
    expect(translate('en', 'bulk.saved', vars(0))).toBe('Group G saved: 0 transfers, total Rp. 5');
    expect(translate('id', 'bulk.saved', vars(1))).toBe('Grup G disimpan: 1 transfer, total Rp. 5');
    expect(translate('en', 'payins.simulator.settled', { count: 1 })).toBe('1 payment settled');
  });

  it('write every {{count}} text as plural forms (key_one and key_other)', () => {
    for (const lang of ['id', 'en'] as const) {
      const singular = leafKeys(catalogs[lang]).filter(
        (key) => translate(lang, key).includes('{{count}}') && !/_(one|other)$/.test(key),
      );
      expect(singular, lang).toEqual([]);
    }
  });
});

/** Every catalog key the code names literally ('area.key'), in the web app, the server and the contracts. */
function literalKeys(): Array<{ key: string; file: string }> {
  const root = path.resolve(__dirname, '../../..');
  const areas = Object.keys(catalogs.id).join('|');
  // Quoted with ' or " (backticks in comments name code, not keys).
  const pattern = new RegExp(`['"]((?:${areas})\\.[A-Za-z0-9_]+(?:\\.[A-Za-z0-9_-]+)*)['"]`, 'g');
  const found: Array<{ key: string; file: string }> = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(full);
      } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        for (const match of readFileSync(full, 'utf8').matchAll(pattern)) {
          found.push({ key: match[1] as string, file: path.relative(root, full) });
        }
      }
    }
  };
  for (const dir of ['apps/web/src', 'apps/server/src', 'packages/shared/src']) {
    walk(path.join(root, dir));
  }
  return found;
}

describe('catalog coverage', () => {
  it('registers every catalog file of both languages', () => {
    const dir = path.resolve(__dirname, '../src/i18n');
    const area = (file: string) =>
      file.replace(/\.json$/, '').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    for (const lang of ['id', 'en'] as const) {
      const files = readdirSync(path.join(dir, lang)).filter((f) => f.endsWith('.json'));
      expect(files.map(area).sort(), lang).toEqual(Object.keys(catalogs[lang]).sort());
    }
  });

  it('has every key the code names, in both languages', () => {
    const missing = literalKeys()
      // File names such as 'bulkva.csv' look like keys.
      .filter(({ key }) => !/\.(csv|xlsx|pdf|json|png)$/.test(key))
      .filter(({ key }) => {
        // A literal naming a subtree (a prefix such as 'withdraw.rail') is not a text key; a
        // plural key (i18next `count`) lives as `key_one` / `key_other`.
        const known = (lang: 'id' | 'en') =>
          hasKey(lang, key) ||
          hasKey(lang, `${key}_other`) ||
          leafKeys(catalogs[lang]).some((k) => k.startsWith(`${key}.`));
        return !known('id') || !known('en');
      })
      .map(({ key, file }) => `${key} (${file})`);
    expect([...new Set(missing)]).toEqual([]);
  });
});

describe('spec messages in English stay English only in en', () => {
  // The spec writes these messages in English; an Indonesian page says them in Indonesian.
  const SPEC_ENGLISH = {
    'paylink.errors.notFound': 'Data not found',
    'paylink.errors.limit': 'This Request Payment Already Reached the Maximum Usage Limit.',
    'paylink.errors.expired': 'This Request Payment Already Expired At 2026-11-24 23:59:59 WIB.',
  };

  it.each(Object.entries(SPEC_ENGLISH))('%s', (key, english) => {
    const vars = { time: '2026-11-24 23:59:59' };
    expect(translate('en', key, vars)).toBe(english);
    expect(translate('id', key, vars)).not.toBe(english);
  });

  it('names no column half in English on Indonesian pages', () => {
    expect(translate('id', 'data.columns.time_request')).toBe('Waktu Permintaan');
  });
});
