import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { requestValidator, snapDocument } from './contract';
import { registerPartner, snapClient, TEN_WIB } from './partner';

/**
 * Bad input to every SNAP service, generated from the document: each field of the call's request
 * example is removed, set to the wrong type, to null, to 5,000 characters, to a string with a NUL
 * byte, to an array. A mutation the document itself refuses must be refused by the server too —
 * HTTP 400 with the service's `400SS01` (invalid field format) or `400SS02` (mandatory field), in
 * the documented error shape (partner.ts checks every answer against /snap/openapi.json) — and
 * must change nothing: no table but the call's own bookkeeping gains or loses a row.
 */
const TOKEN_PATH = '/snap/v1.0/access-token/b2b';

/** Written by a refused call on purpose: the rate window, the X-EXTERNAL-ID, the API log. */
const BOOKKEEPING = new Set([
  'snap_rate_windows',
  'snap_external_ids',
  'snap_api_log',
  'snap_tokens',
  'audit_log',
  'kysely_migration',
  'kysely_migration_lock',
]);

type Json = Record<string, unknown>;
type Mutation = { name: string; body: unknown };

const HUGE = 'A'.repeat(5_000);

/** Every field of the example as a path of keys (objects walked, arrays' first item). */
function fieldPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) {
    return value.length ? fieldPaths(value[0], [...prefix, 0]) : [];
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => [
      [...prefix, key],
      ...fieldPaths(inner, [...prefix, key]),
    ]);
  }
  return [];
}

function withField(body: Json, path: (string | number)[], value: unknown | typeof REMOVE): Json {
  const copy = structuredClone(body);
  let node: any = copy;
  for (const key of path.slice(0, -1)) node = node[key];
  const last = path.at(-1)!;
  if (value === REMOVE) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
  return copy;
}
const REMOVE = Symbol('remove');

function mutationsOf(example: Json): Mutation[] {
  const out: Mutation[] = [
    { name: 'an array for the body', body: [example] },
    { name: 'a string for the body', body: 'hello' },
  ];
  for (const path of fieldPaths(example)) {
    const at = path.join('.');
    const kinds: [string, unknown][] = [
      ['removed', REMOVE],
      ['null', null],
      ['a number', 12345],
      ['an object', { nested: true }],
      ['an array', ['x']],
      ['5,000 characters', HUGE],
      ['a NUL byte', 'ab\u0000cd'],
      ['a boolean', true],
    ];
    for (const [name, value] of kinds) {
      out.push({ name: `${at}: ${name}`, body: withField(example, path, value) });
    }
  }
  return out;
}

describe.each(testDatabases())('bad input to every SNAP service on %s', (kind) => {
  let t: TestApp;
  let snap: ReturnType<typeof snapClient>;

  async function rowCounts(): Promise<Map<string, number>> {
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(t.services.db);
    const counts = new Map<string, number>();
    for (const { table_name } of tables.rows) {
      if (BOOKKEEPING.has(table_name)) continue;
      const row = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table_name)}`
        .execute(t.services.db)
        .then((r) => r.rows[0]!);
      counts.set(table_name, row.n);
    }
    return counts;
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { clockAt: TEN_WIB });
    const portal = await t.loginAs('partner@demo.id', { lang: 'en' });
    snap = snapClient(t, await registerPartner(t, portal, { ips: '127.0.0.1' }));
    // Thousands of calls in one frozen minute: the per-minute budget is not what is tested here.
    await t.services.db
      .updateTable('agent_credentials')
      .set({ snap_rate_per_minute: 1e6 })
      .execute();
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('refuses whatever the document refuses with 400SS01 or 400SS02 and changes nothing', async () => {
    const token = await snap.token();
    const before = await rowCounts();
    const wrong: string[] = [];
    let refused = 0;
    for (const path of Object.keys(snapDocument.paths)) {
      if (path === TOKEN_PATH) continue;
      const operation = snapDocument.paths[path]!.post;
      const example = operation.requestBody.content['application/json'].example as Json;
      const documentRefuses = requestValidator(path);
      for (const mutation of mutationsOf(example)) {
        if (documentRefuses(mutation.body)) continue;
        const res = await snap.call(path, mutation.body, { token });
        const code = String(res.body.responseCode);
        if (res.status !== 400 || !/^400\d\d0[12]$/.test(code)) {
          wrong.push(
            `${path} ${mutation.name}: HTTP ${res.status} ${code} ${res.body.responseMessage}`,
          );
        }
        refused++;
      }
    }
    expect(wrong).toEqual([]);
    // Every service got its share: at least ten refused mutations per call.
    expect(refused).toBeGreaterThan(10 * (Object.keys(snapDocument.paths).length - 1));
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses a body that is not JSON, and one over the size limit, in the documented shape', async () => {
    const token = await snap.token();
    const path = '/snap/v1.0/transfer-interbank';
    const broken = await snap.call(
      path,
      {},
      { token, signedBody: '{"amount":', raw: '{"amount":' },
    );
    expect(broken.status).toBe(400);
    // The standard's 400xx00 Bad Request: "message parsing failed".
    expect(broken.body.responseCode).toBe('4001800');
    const huge = { partnerReferenceNo: 'X', padding: 'A'.repeat(2_000_000) };
    const over = await snap.call(path, huge, { token });
    expect(over.status).toBeGreaterThanOrEqual(400);
    expect(over.status).toBeLessThan(500);
  });
});
