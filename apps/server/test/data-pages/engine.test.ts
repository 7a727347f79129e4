import { wibDate } from '@gerbang/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';
import { agentOf, insertCallbacks, insertTransactions, insertTransferOrders } from './factories';

/**
 * The data-page engine through the API: every type with every operator of spec 03 §5.1, the
 * fixed date range, pre-filters, paging and sorting, and attempts to smuggle SQL through column
 * names, operators, sort and values.
 */
describe.each(testDatabases())('data page engine (%s)', (kind) => {
  let t: TestApp;
  let partner: TestClient;
  let partnerEn: TestClient;
  const amounts = [
    5_000, 10_000, 25_000, 50_000, 75_000, 100_000, 150_000, 250_000, 500_000, 1_000_000,
  ];
  const names = [
    'Budi Santoso',
    'Siti Aminah',
    '50% OFF Store',
    'A_B Mart',
    'AxB Mart',
    'Rudi Hartono',
    'budi kecil',
    "O'Brien",
    'Dewi',
    'Agus',
  ];

  const get = (client: TestClient, path: string, query: Record<string, unknown> = {}) =>
    client.get(
      `/data/${path}`,
      Object.fromEntries(
        Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
      ),
    );
  const filter = (column: string, operator: string, value: string | number) => [
    { column, operator, value },
  ];

  beforeAll(async () => {
    t = await createTestApp(kind);
    partner = await t.loginAs('partner@demo.id');
    partnerEn = await t.loginAs('partner@demo.id', { lang: 'en' });
    const p = await agentOf(t.services, 'partner@demo.id');
    const other = await agentOf(t.services, 'h2h@demo.id');
    const now = t.clock.now;
    await insertTransactions(
      t.services,
      p.agentId,
      amounts.map((amount, i) => ({
        nominal_origin: amount,
        customername: names[i],
        status_trx: i % 3 === 0 ? 'FAILED' : 'SUCCESS',
        time_request: new Date(now.getTime() - i * 1000),
      })),
    );
    // Yesterday (outside the default range) and another agent's rows (never visible).
    await insertTransactions(t.services, p.agentId, [
      { nominal_origin: 7_000, time_request: new Date(now.getTime() - 86_400_000) },
      { nominal_origin: 8_000, time_request: new Date(now.getTime() - 86_400_000) },
    ]);
    await insertTransactions(t.services, other.agentId, [
      { nominal_origin: 999_999 },
      { nominal_origin: 5 },
    ]);
    await insertTransferOrders(t.services, p.agentId, [
      { amount: 100_000, time_expired: new Date(now.getTime() + 86_400_000 * 2), status: 'NEW' },
      { amount: 200_000, time_expired: new Date(now.getTime() - 60_000), status: 'NEW' },
      {
        amount: 300_000,
        time_expired: new Date(now.getTime() - 86_400_000 * 3),
        status: 'COMPLETED',
      },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const totalOf = async (path: string, query: Record<string, unknown>) => {
    const res = await get(partner, path, query);
    expect(res.rc, res.rd).toBe('00');
    return res.data.total as number;
  };

  it('defaults to today (WIB) and the session agent', async () => {
    const res = await get(partner, 'transaction');
    expect(res.rc).toBe('00');
    expect(res.data.total).toBe(10);
    expect(res.data.data).toHaveLength(10);
    // Default sort: newest first.
    const times = res.data.data.map((r: any) => Date.parse(r.time_request));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(res.data.data.some((r: any) => r.nominal_origin === 999_999)).toBe(false);
  });

  it('integer: greater, less, equal, not equal', async () => {
    expect(
      await totalOf('transaction', { filters: filter('nominal_origin', 'greater', 100_000) }),
    ).toBe(4);
    expect(
      await totalOf('transaction', { filters: filter('nominal_origin', 'less', 25_000) }),
    ).toBe(2);
    expect(
      await totalOf('transaction', { filters: filter('nominal_origin', 'equal', 50_000) }),
    ).toBe(1);
    expect(
      await totalOf('transaction', { filters: filter('nominal_origin', 'not equal', 50_000) }),
    ).toBe(9);
    const res = await get(partner, 'transaction', {
      filters: filter('nominal_origin', 'greater', 100_000),
    });
    expect(res.data.data.every((r: any) => r.nominal_origin > 100_000)).toBe(true);
  });

  it('string: like, startwith, endwith, equal, not equal (case-insensitive, wildcards literal)', async () => {
    expect(await totalOf('transaction', { filters: filter('customername', 'like', 'budi') })).toBe(
      2,
    );
    expect(
      await totalOf('transaction', { filters: filter('customername', 'startwith', 'Siti') }),
    ).toBe(1);
    expect(
      await totalOf('transaction', { filters: filter('customername', 'endwith', 'mart') }),
    ).toBe(2);
    expect(await totalOf('transaction', { filters: filter('customername', 'equal', 'Dewi') })).toBe(
      1,
    );
    expect(
      await totalOf('transaction', { filters: filter('customername', 'not equal', 'Dewi') }),
    ).toBe(9);
    // % and _ are characters, not wildcards.
    expect(await totalOf('transaction', { filters: filter('customername', 'like', '50%') })).toBe(
      1,
    );
    expect(await totalOf('transaction', { filters: filter('customername', 'like', 'A_B') })).toBe(
      1,
    );
    expect(await totalOf('transaction', { filters: filter('customername', 'like', '%') })).toBe(1);
    expect(
      await totalOf('transaction', { filters: filter('customername', 'equal', "O'Brien") }),
    ).toBe(1);
  });

  it('enum: equal, not equal; values outside the list are refused', async () => {
    expect(await totalOf('transaction', { filters: filter('status_trx', 'equal', 'FAILED') })).toBe(
      4,
    );
    expect(
      await totalOf('transaction', { filters: filter('status_trx', 'not equal', 'FAILED') }),
    ).toBe(6);
    const bad = await get(partner, 'transaction', {
      filters: filter('status_trx', 'equal', "SUCCESS' OR '1'='1"),
    });
    expect(bad.rc).toBe('400');
  });

  it('date: greater, less, equal, not equal by WIB day; EXPIRED is computed for NEW past expiry', async () => {
    const today = wibDate(t.clock.now);
    expect(
      await totalOf('transfer', { filters: filter('time_expired', 'equal', today) }),
    ).toBeGreaterThanOrEqual(0);
    const all = await get(partner, 'transfer');
    expect(all.data.total).toBe(3);
    const statuses = all.data.data.map((r: any) => r.status).sort();
    expect(statuses).toEqual(['COMPLETED', 'EXPIRED', 'NEW']);
    expect(await totalOf('transfer', { filters: filter('status', 'equal', 'EXPIRED') })).toBe(1);
    expect(await totalOf('transfer', { filters: filter('time_expired', 'less', today) })).toBe(1);
    // Expiry two days ahead is "greater than today"; today itself is neither.
    const greater = await totalOf('transfer', {
      filters: filter('time_expired', 'greater', today),
    });
    const equal = await totalOf('transfer', { filters: filter('time_expired', 'equal', today) });
    const notEqual = await totalOf('transfer', {
      filters: filter('time_expired', 'not equal', today),
    });
    expect(greater).toBe(1);
    expect(equal + notEqual).toBe(3);
    expect(greater + equal + 1).toBe(3);
  });

  it('daterange: between; future dates and reversed ranges are refused', async () => {
    const today = wibDate(t.clock.now);
    const yesterday = wibDate(new Date(t.clock.now.getTime() - 86_400_000));
    const tomorrow = wibDate(new Date(t.clock.now.getTime() + 86_400_000));
    expect(
      await totalOf('transaction', {
        filters: filter('time_request', 'between', `${yesterday},${today}`),
      }),
    ).toBe(12);
    expect(
      await totalOf('transaction', {
        filters: filter('time_request', 'between', `${yesterday},${yesterday}`),
      }),
    ).toBe(2);
    expect(await totalOf('transaction', { date: yesterday })).toBe(2);
    for (const value of [
      `${today},${tomorrow}`,
      `${today},${yesterday}`,
      'yesterday,today',
      `${today}`,
    ]) {
      const res = await get(partner, 'transaction', {
        filters: filter('time_request', 'between', value),
      });
      expect(res.rc, value).toBe('400');
    }
    const future = await get(partner, 'transaction', { date: tomorrow });
    expect(future.rc).toBe('400');
    expect(future.rd).toBe('Tanggal tidak boleh melebihi hari ini.');
  });

  it('operators are whitelisted per type', async () => {
    const cases = [
      ['nominal_origin', 'like', '5'],
      ['nominal_origin', 'between', '1,2'],
      ['customername', 'greater', 'a'],
      ['status_trx', 'like', 'SUC'],
      ['status_trx', 'greater', 'SUCCESS'],
      ['time_request', 'equal', wibDate(t.clock.now)],
      ['nominal_origin', '>=', '1'],
      ['nominal_origin', 'GREATER', '1'],
    ];
    for (const [column, operator, value] of cases) {
      const res = await get(partnerEn, 'transaction', { filters: filter(column, operator, value) });
      expect(res.rc, `${column} ${operator}`).toBe('400');
    }
    const res = await get(partnerEn, 'transaction', {
      filters: filter('nominal_origin', 'like', '5'),
    });
    expect(res.rd).toBe('Operator "like" is not allowed for column "nominal_origin".');
  });

  it('refuses crafted column names, operators and sorts, and binds values', async () => {
    const countBefore = await sql<{ n: number }>`select count(*) as n from transactions`.execute(
      t.services.db,
    );
    const columns = [
      'nominal_origin; drop table transactions; --',
      'nominal_origin"',
      '1=1',
      '(select 1)',
      'agent_id',
      'environment',
      '__proto__',
      'constructor',
    ];
    for (const column of columns) {
      const res = await get(partnerEn, 'transaction', { filters: filter(column, 'equal', '1') });
      expect(res.rc, column).toBe('400');
      expect(res.rd).toMatch(/^Unknown column/);
    }
    const operators = ["equal' or '1'='1", '= 1 or 1=1 --', 'not equal; drop table agents', ''];
    for (const operator of operators) {
      const res = await get(partner, 'transaction', {
        filters: filter('nominal_origin', operator, '1'),
      });
      expect(res.rc, operator).toBe('400');
    }
    const sorts = [
      'nominal_origin desc; drop table transactions',
      '(select 1):asc',
      'nominal_origin:desc, agent_id',
      'agent_id:asc',
      'nominal_origin:sideways',
    ];
    for (const sort of sorts) {
      const res = await get(partner, 'transaction', { sort });
      expect(res.rc, sort).toBe('400');
    }
    // Values are parameters: quotes and SQL in a value match nothing and change nothing.
    for (const value of ["x' or '1'='1", "'; delete from transactions; --", "%' or 1=1 --"]) {
      expect(await totalOf('transaction', { filters: filter('customername', 'like', value) })).toBe(
        0,
      );
      expect(
        await totalOf('transaction', { filters: filter('customername', 'equal', value) }),
      ).toBe(0);
    }
    for (const value of ['1 or 1=1', '1; drop table transactions', '1e3', '0x10']) {
      const res = await get(partner, 'transaction', {
        filters: filter('nominal_origin', 'greater', value),
      });
      expect(res.rc, value).toBe('400');
    }
    const malformed = ['{', '{"column":"nominal_origin"}', '[1,2]', '[null]', 'x'.repeat(9000)];
    for (const filters of malformed) {
      const res = await partner.get('/data/transaction', { filters });
      expect(res.rc, filters.slice(0, 20)).toBe('400');
    }
    const countAfter = await sql<{ n: number }>`select count(*) as n from transactions`.execute(
      t.services.db,
    );
    expect(Number(countAfter.rows[0]?.n)).toBe(Number(countBefore.rows[0]?.n));
  });

  it('at most columns − 1 filter rows', async () => {
    const many = Array.from({ length: 40 }, () => ({
      column: 'nominal_origin',
      operator: 'greater',
      value: '1',
    }));
    const res = await get(partnerEn, 'transaction', { filters: many });
    expect(res.rc).toBe('400');
    expect(res.rd).toMatch(/^At most \d+ filter rows/);
  });

  it('pages, page sizes and sorting', async () => {
    const asc = await get(partner, 'transaction', { sort: 'nominal_origin:asc', limit: '10' });
    expect(asc.data.data.map((r: any) => r.nominal_origin)).toEqual(
      [...amounts].sort((a, b) => a - b),
    );
    const desc = await get(partner, 'transaction', { sort: 'nominal_origin:desc' });
    expect(desc.data.data[0].nominal_origin).toBe(1_000_000);
    const page2 = await partner.get('/data/transaction', { limit: '10', page: '2' });
    expect(page2.data.total).toBe(10);
    expect(page2.data.data).toHaveLength(0);
    for (const limit of ['50', '100', '200', '300', '301', '5000']) {
      expect((await partner.get('/data/transaction', { limit })).rc, limit).toBe('00');
    }
    for (const limit of ['7', '0', '-10', '5001', 'all', '10.5']) {
      expect((await partner.get('/data/transaction', { limit })).rc, limit).toBe('400');
    }
    for (const page of ['0', '-1', 'x']) {
      expect((await partner.get('/data/transaction', { page })).rc, page).toBe('400');
    }
  });

  it('key/value/date pre-filter the callback page', async () => {
    const p = await agentOf(t.services, 'partner@demo.id');
    const [first] = await insertCallbacks(t.services, p.agentId, [
      { id_transaksi: 'TRX-PRE-1' },
      { id_transaksi: 'TRX-PRE-2' },
    ]);
    const today = wibDate(t.clock.now);
    const byTrx = await partner.get('/data/callback', {
      key: '1',
      value: 'TRX-PRE-1',
      date: today,
    });
    expect(byTrx.rc).toBe('00');
    expect(byTrx.data.total).toBe(1);
    expect(byTrx.data.data[0].id_transaksi).toBe('TRX-PRE-1');
    const byId = await partner.get('/data/callback', { key: '0', value: String(first) });
    expect(byId.data.total).toBe(1);
    for (const key of ['2', '-1', 'id_transaksi']) {
      expect((await partner.get('/data/callback', { key, value: 'x' })).rc, key).toBe('400');
    }
    // A page without pre-filter keys refuses one.
    expect((await partner.get('/data/deposit', { key: '0', value: '1' })).rc).toBe('400');
  });
});
