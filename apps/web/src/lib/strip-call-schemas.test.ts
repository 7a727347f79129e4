import { describe, expect, it } from 'vitest';
import { stripCallSchemas } from '../../../../scripts/strip-call-schemas.mjs';

describe('stripCallSchemas: the web build keeps a call without its zod schemas', () => {
  it('replaces request, query and response values and keeps method, path and access', () => {
    const code = [
      "import { z } from 'zod';",
      'const body = z.object({ a: z.string() }); // “non-ASCII” comment before the calls',
      'export const calls = {',
      "  save: defineCall({ method: 'POST', path: '/x/save', access: { public: true, reason: 'r' }, request: body, response: z.null() }),",
      "  list: defineCall({ method: 'GET', path: '/x/list', access: {}, query, response: 'raw' }),",
      '};',
    ].join('\n');
    const out = stripCallSchemas(code) ?? '';
    expect(out).toContain(
      "defineCall({ method: 'POST', path: '/x/save', access: { public: true, reason: 'r' }, request: undefined, response: undefined })",
    );
    expect(out).toContain(
      "defineCall({ method: 'GET', path: '/x/list', access: {}, query: undefined, response: 'raw' })",
    );
  });

  it('leaves a module without calls alone', () => {
    expect(stripCallSchemas('export const a = z.string();')).toBeNull();
  });
});
