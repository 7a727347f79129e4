import { catalogs } from '@gerbang/shared';
import { describe, expect, it } from 'vitest';
import en from './en';
import enRest from './en-rest';
import enSecurity from './en-security';
import id from './id';
import idRest from './id-rest';
import idSecurity from './id-security';

/**
 * The web app's per-language catalogs (a core for the login page, the rest after it) hold exactly
 * what the shared `catalogs` registers, each namespace once.
 */
describe('per-language catalogs of the web app', () => {
  it.each([
    ['id', id, idRest, idSecurity],
    ['en', en, enRest, enSecurity],
  ] as const)('%s: core + rest + security equals catalogs.%s', (lang, core, restPart, security) => {
    expect(Object.keys(security)).toEqual(['security']);
    const rest = { ...restPart, ...security };
    expect(Object.keys(core).sort()).toEqual(['auth', 'common', 'ui']);
    expect(Object.keys(rest).filter((ns) => ns in core)).toEqual([]);
    expect(Object.keys({ ...core, ...rest }).sort()).toEqual(Object.keys(catalogs[lang]).sort());
    expect({ ...core, ...rest }).toEqual(catalogs[lang]);
  });
});
