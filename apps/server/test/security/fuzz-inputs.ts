import { type DataColumn, findDataPage, type PagePath } from '@gerbang/shared';
import type { z } from 'zod';
import type { RouteDefinition } from '../../src/http/route';

/**
 * Bad inputs for the schema-driven fuzz: derived from each route's own zod schemas, so
 * a route added later is fuzzed without touching the suite. A case changes one thing at a time
 * on a baseline the schema accepts field by field, so the bad value reaches as deep as it can.
 */
export interface FuzzCase {
  label: string;
  /** Path below /api, parameters filled in. */
  url: string;
  query?: Record<string, string | string[]>;
  /** A raw payload (already serialised) and its content type. */
  payload?: string | Buffer;
  contentType?: string;
}

type AnyZod = z.ZodType & { _zod: { def: Record<string, any> } };

/** The field schemas of an object schema, looking through optional/default/pipe/union wrappers. */
export function shapeOf(schema: z.ZodType | undefined): Record<string, AnyZod> {
  const seen = new Set<unknown>();
  const walk = (s: AnyZod | undefined): Record<string, AnyZod> => {
    if (!s || seen.has(s)) return {};
    seen.add(s);
    const def = s._zod?.def;
    if (!def) return {};
    switch (def.type) {
      case 'object':
        return { ...(def.shape as Record<string, AnyZod>) };
      case 'pipe':
        return { ...walk(def.in), ...walk(def.out) };
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'catch':
      case 'readonly':
        return walk(def.innerType);
      case 'union':
        return Object.assign({}, ...(def.options as AnyZod[]).map(walk));
      case 'intersection':
        return { ...walk(def.left), ...walk(def.right) };
      default:
        return {};
    }
  };
  return walk(schema as AnyZod);
}

/** Values a plausible client would send; the first one a field accepts is its baseline. */
const PLAUSIBLE: unknown[] = [
  '999999',
  999_999,
  'fuzz.user@contoh.co.id',
  '2026-01-15',
  'BCA',
  'Fuzz Tester',
  'abc',
  true,
  '123456',
  [],
];

export function baselineOf(
  shape: Record<string, AnyZod>,
  asQuery: boolean,
  testKey: string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) {
    // The test key stands in for a solved captcha (test mode), so bad input gets past it.
    if (/captcha/i.test(key)) {
      out[key] = testKey;
      continue;
    }
    const candidates = asQuery ? PLAUSIBLE.filter((v) => typeof v === 'string') : PLAUSIBLE;
    const found = candidates.find((v) => {
      try {
        return field.safeParse(v).success;
      } catch {
        return false;
      }
    });
    if (found !== undefined) out[key] = found;
  }
  return out;
}

const SQL = "' OR '1'='1'; DROP TABLE users; --";
const NUL = 'a\u0000b';

/**
 * Bad values for a JSON field. Every field of a route gets NUL and the integer edge; the rest are
 * spread over the fields (see `spread`), which keeps the suite bounded.
 */
export const BAD_JSON_VALUES: Array<[string, unknown]> = [
  ['nul', NUL],
  ['int4+1', 2_147_483_648],
];
export const MORE_JSON_VALUES: Array<[string, unknown]> = [
  ['year 0000', '0000-01-01'],
  ['sql', SQL],
  ['missing', undefined],
  ['null', null],
  ['bool', true],
  ['negative', -1],
  ['fraction', 1.5],
  ['huge number', 1e308],
  ['year 0001', '0001-12-31'],
  ['long text', 'x'.repeat(5_000)],
  ['array', ['a', NUL]],
  ['object', { $ne: null, a: NUL }],
];

/** Bad values for a query-string field (always text on the wire; a repeated key is a list). */
export const BAD_QUERY_VALUES: Array<[string, string | string[]]> = [
  ['nul', NUL],
  ['int4+1', '2147483648'],
];
export const MORE_QUERY_VALUES: Array<[string, string | string[]]> = [
  ['year 0000', '0000-01-01'],
  ['sql', SQL],
  ['empty', ''],
  ['int8+1', '9223372036854775808'],
  ['exponent', '1e309'],
  ['negative', '-1'],
  ['year 0001', '0001-12-31'],
  ['month 0000', '000001'],
  ['bad day', '2026-02-30'],
  ['long text', 'x'.repeat(3_000)],
  ['repeated', ['1', NUL]],
];

/**
 * Every field with every value of `each`, and the values of `more` spread over the fields
 * (value i on field i mod n), so each value is sent at least once per route.
 */
function spread<V>(
  keys: string[],
  each: Array<[string, V]>,
  more: Array<[string, V]>,
): Array<[string, string, V]> {
  const out: Array<[string, string, V]> = [];
  for (const key of keys) for (const [label, value] of each) out.push([key, label, value]);
  if (keys.length === 0) return out;
  more.forEach(([label, value], i) => {
    out.push([keys[i % keys.length] as string, label, value]);
  });
  return out;
}

const fillParams = (url: string, value: string) =>
  url.replace(/:(\w+)/g, () => encodeURIComponent(value));

function json(value: unknown): string {
  return JSON.stringify(value);
}

/** Cases that do not depend on the schema: broken bodies, wrong media types, odd paths. */
function wholeRequestCases(route: RouteDefinition, url: string): FuzzCase[] {
  const cases: FuzzCase[] = [];
  if (route.method === 'POST') {
    const body = (payload: string | Buffer, label: string, contentType = 'application/json') =>
      cases.push({ label, url, payload, contentType });
    body('{"a":', 'invalid json');
    body('', 'empty json body');
    body('[1,2,3]', 'array body');
    body('null', 'null body');
    body('{"a\\u0000b":1,"__proto__":{"admin":true}}', 'nul key and __proto__');
    body(`${'['.repeat(2_000)}${']'.repeat(2_000)}`, 'deep nesting');
    body(json({ pad: 'x'.repeat(200_000) }), 'body over the limit');
    body('username=a&password=b', 'form body', 'application/x-www-form-urlencoded');
    body('hello', 'text body', 'text/plain');
    body(
      '--XX\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--XX--\r\n',
      'multipart body',
      'multipart/form-data; boundary=XX',
    );
    if (route.multipart) {
      // Upload routes: a file of bad rows, a truncated body and a broken boundary.
      const file = (name: string, type: string, content: string) =>
        `--XX\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        `Content-Type: ${type}\r\n\r\n${content}\r\n--XX--\r\n`;
      const rows = `kode_bank,amount\r\n${SQL},2147483648\r\na\u0000b,1e308\r\n0000-01-01,-1\r\n`;
      body(
        file('rows.csv', 'text/csv', rows),
        'upload bad rows',
        'multipart/form-data; boundary=XX',
      );
      body(
        file('rows.xlsx', 'application/vnd.ms-excel', 'PK\u0003\u0004garbage'),
        'upload broken xlsx',
        'multipart/form-data; boundary=XX',
      );
      body(
        '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nabc',
        'upload truncated',
        'multipart/form-data; boundary=XX',
      );
      body(
        '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK\u0003\u0004',
        'upload truncated xlsx',
        'multipart/form-data; boundary=XX',
      );
      body('garbage', 'upload no boundary', 'multipart/form-data');
    }
  } else {
    cases.push({ label: 'unknown keys', url, query: { 'a\u0000': 'b', __proto__x: '1' } });
  }
  if (route.url.includes(':')) {
    for (const v of ["0'; --", 'a\u0000b', 'x'.repeat(300), '99999999999999999999']) {
      cases.push({ label: `param ${v.slice(0, 12)}`, url: `/api${fillParams(route.url, v)}` });
    }
    cases.push({
      label: 'param bad escape',
      url: `/api${route.url.replace(/:(\w+)/g, '%E0%A4%A')}`,
    });
  }
  return cases;
}

/** Filter and sort cases for a data page, from its descriptor's columns. */
function dataPageCases(path: PagePath, url: string): FuzzCase[] {
  const page = findDataPage(path);
  if (!page) return [];
  const cases: FuzzCase[] = [];
  const filter = (column: string, operator: string, value: unknown) =>
    json([{ column, operator, value }]);
  // One value per column, alternating between two per type over the page's columns.
  const bad: Record<DataColumn['type'], Array<[string, unknown]>> = {
    integer: [
      ['int4+1', '2147483648'],
      ['int8+1', '9223372036854775808'],
    ],
    string: [
      ['nul', NUL],
      ['sql', SQL],
    ],
    enum: [
      ['sql', SQL],
      ['nul', NUL],
    ],
    date: [
      ['year 0000', '0000-01-01'],
      ['year 0001', '0001-12-31'],
    ],
    daterange: [
      ['year 0000', '0000-01-01,2026-01-01'],
      ['year 0001', '0001-01-01,0001-12-31'],
    ],
  };
  const operatorFor: Record<DataColumn['type'], string> = {
    integer: 'equal',
    string: 'like',
    enum: 'equal',
    date: 'greater',
    daterange: 'between',
  };
  page.columns.forEach((column, i) => {
    const choices = bad[column.type];
    const [label, value] = choices[i % choices.length] as [string, unknown];
    cases.push({
      label: `filter ${column.name} ${label}`,
      url,
      query: { filters: filter(column.name, operatorFor[column.type], value) },
    });
  });
  // The integer edge on every integer column (an `integer` column overflowed at 2^31).
  for (const column of page.columns.filter((c) => c.type === 'integer')) {
    cases.push({
      label: `filter ${column.name} int4 edge`,
      url,
      query: { filters: filter(column.name, 'greater', '2147483648') },
    });
  }
  const first = page.columns[0]?.name ?? 'id';
  cases.push(
    { label: 'filter column sql', url, query: { filters: filter(`${first}; --`, 'equal', '1') } },
    { label: 'filter operator sql', url, query: { filters: filter(first, '= 1 OR 1=1 --', '1') } },
    { label: 'filter not json', url, query: { filters: '[{"column":' } },
    { label: 'filter nul value', url, query: { filters: filter(first, 'equal', NUL) } },
    { label: 'filter object value', url, query: { filters: filter(first, 'equal', { a: 1 }) } },
    { label: 'sort sql', url, query: { sort: `${first};drop table users:asc` } },
    { label: 'sort unknown', url, query: { sort: 'password_hash:asc' } },
    { label: 'date year 0000', url, query: { date: '0000-01-01' } },
    { label: 'pre-filter nul', url, query: { key: '0', value: NUL } },
    { label: 'page huge', url, query: { page: '99999999999', limit: '99999999' } },
  );
  return cases;
}

/** Every case for a route: whole-request breakage, then one bad field at a time. */
export function casesFor(route: RouteDefinition, testKey: string): FuzzCase[] {
  const url = `/api${fillParams(route.url, '1')}`;
  const cases = wholeRequestCases(route, url);
  if (route.method === 'POST') {
    const shape = shapeOf(route.body);
    const baseline = baselineOf(shape, false, testKey);
    cases.push({
      label: 'baseline',
      url,
      payload: json(baseline),
      contentType: 'application/json',
    });
    for (const [key, label, value] of spread(
      Object.keys(shape),
      BAD_JSON_VALUES,
      MORE_JSON_VALUES,
    )) {
      const body = { ...baseline, [key]: value };
      if (value === undefined) delete body[key];
      cases.push({
        label: `${key} ${label}`,
        url,
        payload: json(body),
        contentType: 'application/json',
      });
    }
  } else {
    const shape = shapeOf(route.query);
    const baseline = baselineOf(shape, true, testKey) as Record<string, string>;
    const dataPage = /^\/data\/([a-z_]+)$/.exec(route.url)?.[1];
    const isDataPage = dataPage !== undefined && findDataPage(dataPage as PagePath) !== undefined;
    cases.push({ label: 'baseline', url, query: baseline });
    // Data pages share one query schema; their filters are fuzzed from the descriptor instead.
    // Data pages share one query schema: its fields get the spread values only.
    const keys = isDataPage ? ['page', 'param'] : Object.keys(shape);
    const each = isDataPage ? [] : BAD_QUERY_VALUES;
    const more = isDataPage ? [...BAD_QUERY_VALUES, ...MORE_QUERY_VALUES] : MORE_QUERY_VALUES;
    for (const [key, label, value] of spread(keys, each, more)) {
      cases.push({ label: `${key} ${label}`, url, query: { ...baseline, [key]: value } });
    }
    if (isDataPage) cases.push(...dataPageCases(dataPage as PagePath, url));
  }
  return cases;
}

/** The few cases an anonymous caller or one without the permission sends (all must be refused). */
export function refusalCasesFor(route: RouteDefinition, testKey: string): FuzzCase[] {
  const all = casesFor(route, testKey);
  const pick = new Set(['baseline', 'invalid json', 'body over the limit', 'multipart body']);
  const chosen = all.filter((c) => pick.has(c.label));
  const withNul = all.find((c) => c.label.endsWith(' nul'));
  if (withNul) chosen.push(withNul);
  return chosen;
}
