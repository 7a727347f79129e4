import { wibDate } from '@gerbang/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXACT_COUNT_LIMIT } from '../../src/modules/data-pages/count';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';
import { fundAgent, offsetToWib } from '../withdraw/factory';
import { agentOf } from './factories';

/**
 * ADR 005: the transaction page counts exactly up to EXACT_COUNT_LIMIT matching
 * rows and gives an estimate (flagged) above it; the rows a filter shows are the same as a direct
 * query's whatever the count.
 */
describe.each(testDatabases())('transaction page counts (%s)', (kind) => {
  let t: TestApp;
  let c: TestClient;
  let agentId: number;
  const DAY_MS = 86_400_000;

  const range = (from: string, to: string) => ({
    column: 'time_request',
    operator: 'between',
    value: `${from},${to}`,
  });
  const page = (filters: unknown[], extra: Record<string, string> = {}) =>
    c.get('/data/transaction', { filters: JSON.stringify(filters), limit: '100', ...extra });

  async function exactCount(from: string, to: string, extra = sql`true`): Promise<number> {
    const start = new Date(`${from}T00:00:00+07:00`);
    const end = new Date(new Date(`${to}T00:00:00+07:00`).getTime() + DAY_MS);
    const { rows } = await sql<{ n: number }>`select count(*)::int8 as n from transactions
      where agent_id = ${agentId} and environment = 'production'
        and time_request >= ${start.toISOString()}::timestamptz
        and time_request < ${end.toISOString()}::timestamptz and ${extra}`.execute(t.services.db);
    return Number(rows[0]?.n);
  }

  beforeAll(async () => {
    // 10:00 WIB: outside the banks' night window and the cut-off, so withdrawals go through.
    t = await createTestApp(kind, { clockOffsetMs: offsetToWib(10, 0) });
    c = await t.loginAs('partner@demo.id', { lang: 'en' });
    agentId = (await agentOf(t.services, 'partner@demo.id')).agentId;
    await fundAgent(t, 'partner@demo.id', 5_000_000);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('above the limit a range is an estimate with the same rows; below it the count is exact', async () => {
    const db = t.services.db;
    const rows = EXACT_COUNT_LIMIT * 2 + 500;
    const now = t.clock.now;
    await sql`
      insert into transactions (id_transaksi, agent_id, environment, kind, jenis_produk, jenis_trx,
        status_trx, time_request, transaction_date, nominal_origin, customername, nama_produk)
      select 'ROLL' || i, ${agentId}, 'production', 'VA', 'IPG', 'CASH IN',
        case when i % 7 = 0 then 'FAILED' else 'SUCCESS' end, ts,
        ((ts at time zone 'UTC') + interval '7 hours')::date,
        1000 + (i * 7919) % 1000000, 'Bulk ' || (i % 13), 'Virtual Account'
      from (select i, ${now.toISOString()}::timestamptz - (i * interval '1 minute') as ts
        from generate_series(1, ${rows}) as i) g`.execute(db);

    const today = wibDate(now);
    const monthAgo = wibDate(new Date(now.getTime() - 29 * DAY_MS));
    const all = await page([range(monthAgo, today)]);
    const allExact = await exactCount(monthAgo, today);
    expect(all.data.estimated).toBe(true);
    expect(all.data.total).toBeGreaterThan(allExact / 3);
    expect(all.data.total).toBeLessThan(allExact * 3);

    // Amount > 400,000 matches about 60 % of the bulk rows: above the limit, an estimate.
    const amount = { column: 'nominal_origin', operator: 'greater', value: '400000' };
    const wide = await page([range(monthAgo, today), amount]);
    const exact = await exactCount(monthAgo, today, sql`nominal_origin > 400000`);
    expect(exact).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(wide.data.estimated).toBe(true);
    expect(wide.data.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(wide.data.total).toBeGreaterThan(exact / 3);
    expect(wide.data.total).toBeLessThan(exact * 3);
    // The rows are the query's, whatever the count: the first 100, newest first.
    const { rows: expected } = await sql<{ id_transaksi: string }>`select id_transaksi
      from transactions where agent_id = ${agentId} and environment = 'production'
        and time_request >= ${new Date(`${monthAgo}T00:00:00+07:00`).toISOString()}::timestamptz
        and nominal_origin > 400000
      order by time_request desc, id desc limit 100`.execute(db);
    expect(wide.data.data.map((r: { id_transaksi: string }) => r.id_transaksi)).toEqual(
      expected.map((r) => r.id_transaksi),
    );

    // Below the limit the same kind of filter is exact.
    const narrow = await page([
      range(monthAgo, today),
      { column: 'nominal_origin', operator: 'greater', value: '990000' },
    ]);
    expect(narrow.data.estimated).toBeUndefined();
    expect(narrow.data.total).toBe(await exactCount(monthAgo, today, sql`nominal_origin > 990000`));
    // A name filter over one day: exact, and the rows are the direct query's.
    const name = await page([
      range(today, today),
      { column: 'customername', operator: 'like', value: 'bulk 1' },
    ]);
    expect(name.data.total).toBe(
      await exactCount(today, today, sql`customername ilike '%bulk 1%'`),
    );
  });
});
