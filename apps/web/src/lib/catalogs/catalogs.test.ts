import { catalogs, type Language } from '@gerbang/shared';
import { describe, expect, it } from 'vitest';
import en from './en';
import enRest from './en-rest';
import id from './id';
import idRest from './id-rest';
import { type CatalogPart, loadPart, PARTS } from './parts';

/**
 * The web app's per-language catalogs (a core for the login page, the rest after it, and the
 * parts only a few pages load) hold exactly what the shared `catalogs` registers, each namespace
 * once.
 */
describe('per-language catalogs of the web app', () => {
  it.each([
    ['id', id, idRest],
    ['en', en, enRest],
  ] as const)('%s: core + rest + parts equals catalogs.%s', async (lang, core, restPart) => {
    const parts: Record<string, unknown> = {};
    for (const part of Object.keys(PARTS) as CatalogPart[]) {
      Object.assign(parts, await loadPart(part, lang as Language));
    }
    expect(Object.keys(parts).filter((ns) => ns in restPart || ns in core)).toEqual([]);
    const rest = { ...restPart, ...parts };
    expect(Object.keys(core).sort()).toEqual(['auth', 'common', 'ui']);
    expect(Object.keys(rest).filter((ns) => ns in core)).toEqual([]);
    expect(Object.keys({ ...core, ...rest }).sort()).toEqual(Object.keys(catalogs[lang]).sort());
    expect({ ...core, ...rest }).toEqual(catalogs[lang]);
  });
});
