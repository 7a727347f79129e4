import type { Environment } from '@gerbang/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { addDays, agentId, insertTransactions, sum, type Tx, todayWib, userId } from './fixtures';

/**
 * `GET resume/{key}` (spec 01 §2, §7): every figure equals what the test inserted, scoped by the
 * caller's agent and environment; rules per key; future dates refused.
 */
describe.each(testDatabases())('dashboard summaries on %s', (kind) => {
  let t: TestApp;
  let today: string;
  let monthStart: string;
  const rows: Tx[] = [];
  let partner: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    today = todayWib(t);
    monthStart = `${today.slice(0, 8)}01`;
    partner = await agentId(t, 'partner@demo.id');
    const other = await agentId(t, 'kopi.senja@demo.id');
    const mine = (r: Omit<Tx, 'agent_id' | 'environment'>): Tx => ({
      ...r,
      agent_id: partner,
      environment: 'production',
    });
    rows.push(
      mine({
        jenis_produk: 'IPG',
        status_trx: 'SUCCESS',
        transaction_date: today,
        nominal_origin: 100_000,
      }),
      mine({
        jenis_produk: 'IPG',
        status_trx: 'SUCCESS',
        transaction_date: today,
        nominal_origin: 250_000,
      }),
      mine({
        jenis_produk: 'IPG',
        status_trx: 'PROCESS',
        transaction_date: today,
        nominal_origin: 40_000,
      }),
      mine({
        jenis_produk: 'IPG',
        status_trx: 'FAILED',
        transaction_date: today,
        nominal_origin: 10_000,
      }),
      mine({
        jenis_produk: 'TRANSFER',
        status_trx: 'SUCCESS',
        transaction_date: today,
        nominal_origin: 500_000,
      }),
      mine({
        jenis_produk: 'TRANSFER',
        status_trx: 'PROCESS',
        transaction_date: today,
        nominal_origin: 75_000,
      }),
      mine({
        jenis_produk: 'EMONEY',
        status_trx: 'SUCCESS',
        transaction_date: today,
        nominal_origin: 20_000,
      }),
      // Earlier days: the bar chart window (7 days) and month-to-date boundaries.
      mine({
        jenis_produk: 'EMONEY',
        status_trx: 'SUCCESS',
        transaction_date: addDays(today, -6),
        nominal_origin: 5_000,
      }),
      mine({
        jenis_produk: 'TRANSFER',
        status_trx: 'SUCCESS',
        transaction_date: addDays(today, -7),
        nominal_origin: 600_000,
      }),
      mine({
        jenis_produk: 'IPG',
        status_trx: 'SUCCESS',
        transaction_date: addDays(monthStart, -1),
        nominal_origin: 3_000_000,
      }),
      mine({
        jenis_produk: 'TRANSFER',
        status_trx: 'SUCCESS',
        transaction_date: addDays(monthStart, -1),
        nominal_origin: 4_000_000,
      }),
      // Tomorrow never counts for today (clock skew of a writer must not leak into a day).
      mine({
        jenis_produk: 'IPG',
        status_trx: 'SUCCESS',
        transaction_date: addDays(today, 1),
        nominal_origin: 8_000_000,
      }),
    );
    if (today !== monthStart) {
      rows.push(
        mine({
          jenis_produk: 'IPG',
          status_trx: 'SUCCESS',
          transaction_date: monthStart,
          nominal_origin: 1_000_000,
        }),
        mine({
          jenis_produk: 'TRANSFER',
          status_trx: 'SUCCESS',
          transaction_date: monthStart,
          nominal_origin: 2_000_000,
        }),
      );
    }
    // Another agent's rows and the partner's sandbox rows are never counted in production.
    const foreign: Tx[] = [
      {
        agent_id: other,
        environment: 'production',
        jenis_produk: 'IPG',
        status_trx: 'SUCCESS',
        transaction_date: today,
        nominal_origin: 7_777_777,
      },
      {
        agent_id: other,
        environment: 'production',
        jenis_produk: 'TRANSFER',
        status_trx: 'PROCESS',
        transaction_date: today,
        nominal_origin: 6_666_666,
      },
      {
        agent_id: partner,
        environment: 'sandbox',
        jenis_produk: 'IPG',
        status_trx: 'SUCCESS',
        transaction_date: today,
        nominal_origin: 9_999_999,
      },
      {
        agent_id: partner,
        environment: 'sandbox',
        jenis_produk: 'TRANSFER',
        status_trx: 'PROCESS',
        transaction_date: today,
        nominal_origin: 1_234,
      },
    ];
    await insertTransactions(t, [...rows, ...foreign]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const mineWhere = (f: (r: Tx) => boolean) => rows.filter(f);
  const success = (r: Tx) => r.status_trx === 'SUCCESS';
  const between = (from: string, to: string) => (r: Tx) =>
    String(r.transaction_date) >= from && String(r.transaction_date) <= to;

  it('omzet_date: total (4), VA (1), transfer (2) of the day and VA (7) / transfer (6) month to date', async () => {
    const c = await t.loginAs('partner@demo.id');
    const day = (type?: string) =>
      mineWhere(
        (r) => success(r) && r.transaction_date === today && (!type || r.jenis_produk === type),
      );
    const month = (type: string) =>
      mineWhere((r) => success(r) && between(monthStart, today)(r) && r.jenis_produk === type);

    const total = await c.get('/resume/omzet_date', { date: today, group: 4 });
    expect(total.rc).toBe('00');
    expect(total.data).toMatchObject({ key: 'omzet_date', value: sum(day()) });
    expect(total.data.value).toBe(870_000);
    expect(total.data.data.count).toBe(day().length);

    expect((await c.get('/resume/omzet_date', { date: today, group: 1 })).data.value).toBe(
      sum(day('IPG')),
    );
    expect((await c.get('/resume/omzet_date', { date: today, group: 2 })).data.value).toBe(
      sum(day('TRANSFER')),
    );
    const va = await c.get('/resume/omzet_date', { date: today, group: 7 });
    expect(va.data.value).toBe(sum(month('IPG')));
    expect(va.data.data.from).toBe(monthStart);
    expect((await c.get('/resume/omzet_date', { date: today, group: 6 })).data.value).toBe(
      sum(month('TRANSFER')),
    );
    // Without a group: the day's total.
    expect((await c.get('/resume/omzet_date', { date: today })).data.value).toBe(870_000);
    // A past date reads that day only.
    const previous = addDays(monthStart, -1);
    expect((await c.get('/resume/omzet_date', { date: previous, group: 4 })).data.value).toBe(
      7_000_000,
    );
  });

  it('trx_pending_date counts the pending transactions of the day (optionally of one type)', async () => {
    const c = await t.loginAs('partner@demo.id');
    const res = await c.get('/resume/trx_pending_date', { date: today });
    expect(res.rc).toBe('00');
    expect(res.data).toEqual({
      key: 'trx_pending_date',
      value: 2,
      data: { amount: 115_000, type: 'ALL' },
    });
    const ipg = await c.get('/resume/trx_pending_date', { date: today, type: 'IPG' });
    expect(ipg.data.value).toBe(1);
    expect(ipg.data.data.amount).toBe(40_000);
  });

  it('trx_status_date splits cash-out (TRANSFER) and cash-in (IPG) of the day by status', async () => {
    const c = await t.loginAs('partner@demo.id');
    const out = await c.get('/resume/trx_status_date', { date: today, type: 'TRANSFER' });
    expect(out.rc).toBe('00');
    expect(out.data).toEqual([
      { key: 'SUCCESS', value: 1, data: { amount: 500_000, type: 'TRANSFER' } },
      { key: 'PROCESS', value: 1, data: { amount: 75_000, type: 'TRANSFER' } },
      { key: 'FAILED', value: 0, data: { amount: 0, type: 'TRANSFER' } },
    ]);
    const inn = await c.get('/resume/trx_status_date', { date: today, type: 'IPG' });
    expect(inn.data.map((i: { value: number }) => i.value)).toEqual([2, 1, 1]);
    expect(inn.data[0].data.amount).toBe(350_000);
  });

  it('trx_product_date gives successful transactions per date and type for the 7 days up to the date', async () => {
    const c = await t.loginAs('partner@demo.id');
    const res = await c.get('/resume/trx_product_date', { date: today });
    expect(res.rc).toBe('00');
    expect(res.data).toHaveLength(7);
    for (const [index, item] of res.data.entries()) {
      const day = addDays(today, index - 6);
      const ofDay = mineWhere((r) => success(r) && r.transaction_date === day);
      expect(item.key).toBe(day);
      expect(item.value).toBe(ofDay.length);
      for (const type of ['TRANSFER', 'IPG', 'EMONEY'])
        expect(item.data[type]).toBe(ofDay.filter((r) => r.jenis_produk === type).length);
      expect(item.data.amount).toBe(sum(ofDay));
    }
    expect(res.data[6].data).toMatchObject({ TRANSFER: 1, IPG: 2, EMONEY: 1 });
  });

  it('answers the sandbox figures in sandbox (environment scoping)', async () => {
    const c = await t.loginAs('partner@demo.id');
    expect((await c.post('/control/change_environment_sandbox')).rc).toBe('00');
    expect((await c.get('/resume/omzet_date', { date: today, group: 4 })).data.value).toBe(
      9_999_999,
    );
    expect((await c.get('/resume/trx_pending_date', { date: today })).data.value).toBe(1);
    await c.post('/control/change_environment_production');
    expect((await c.get('/resume/omzet_date', { date: today, group: 4 })).data.value).toBe(870_000);
  });

  it('never counts another agent: a member merchant sees only its own rows', async () => {
    const c = await t.loginAs('kopi.senja@demo.id');
    expect((await c.get('/resume/omzet_date', { date: today, group: 4 })).data.value).toBe(
      7_777_777,
    );
    expect((await c.get('/resume/trx_pending_date', { date: today })).data.value).toBe(1);
  });

  it('refuses a future date, a malformed date and an unknown group', async () => {
    const c = await t.loginAs('partner@demo.id', { lang: 'en' });
    const future = await c.get('/resume/omzet_date', { date: addDays(today, 1), group: 4 });
    expect(future.rc).toBe('400');
    expect(future.rd).toBe('The date cannot be later than today.');
    const bad = await c.get('/resume/omzet_date', { date: '2026-02-30', group: 4 });
    expect(bad.rc).toBe('400');
    expect(bad.rd).toBe('Invalid date (format YYYY-MM-DD).');
    expect((await c.get('/resume/omzet_date', { group: 4 })).rc).toBe('400');
    expect((await c.get('/resume/omzet_date', { date: today, group: 3 })).rc).toBe('400');
    expect((await c.get('/resume/trx_status_date', { date: today, type: 'BITCOIN' })).rc).toBe(
      '400',
    );
  });

  it('aggregator fee and transaction counts, daily and monthly, by total, VA (1) and transfer (2)', async () => {
    const aggregator = await agentId(t, 'aggregator@demo.id');
    const member = await agentId(t, 'toko.makmur@demo.id');
    const fee = (
      fee_type: 'VA' | 'TRF',
      fee_date: string,
      amount: number,
      environment: Environment = 'production',
      owner = aggregator,
    ) => ({
      agent_id: owner,
      member_agent_id: member,
      environment,
      id_transaksi: `F${Math.random().toString(36).slice(2)}`,
      fee_type,
      fee_date,
      nominal: amount * 100,
      fee: amount,
    });
    const earlier = today === monthStart ? today : monthStart;
    await t.services.db
      .insertInto('aggregator_fees')
      .values([
        fee('VA', today, 1_500),
        fee('VA', today, 2_500),
        fee('TRF', today, 3_000),
        fee('VA', addDays(monthStart, -1), 99_000),
        fee('TRF', today, 77_000, 'sandbox'),
        fee('VA', today, 55_000, 'production', partner),
        ...(earlier !== today ? [fee('TRF', earlier, 10_000)] : []),
      ])
      .execute();
    const extraTrf = earlier !== today ? 10_000 : 0;
    const c = await t.loginAs('aggregator@demo.id');
    const daily = await c.get('/resume/aggregator_fee_daily', { date: today });
    expect(daily.rc).toBe('00');
    expect(daily.data.value).toBe(7_000);
    expect(daily.data.data).toMatchObject({
      trxva: 2,
      feeva: 4_000,
      trxtrf: 1,
      feetrf: 3_000,
      totaltrx: 3,
      totalfee: 7_000,
    });
    expect(
      (await c.get('/resume/aggregator_fee_daily', { date: today, group: 1 })).data.value,
    ).toBe(4_000);
    expect(
      (await c.get('/resume/aggregator_fee_daily', { date: today, group: 2 })).data.value,
    ).toBe(3_000);
    expect(
      (await c.get('/resume/aggregator_trx_daily', { date: today, group: 4 })).data.value,
    ).toBe(3);
    expect(
      (await c.get('/resume/aggregator_trx_daily', { date: today, group: 1 })).data.value,
    ).toBe(2);
    const monthly = await c.get('/resume/aggregator_fee_monthly', { date: today });
    expect(monthly.data.value).toBe(7_000 + extraTrf);
    expect(
      (await c.get('/resume/aggregator_fee_monthly', { date: today, group: 2 })).data.value,
    ).toBe(3_000 + extraTrf);
    expect((await c.get('/resume/aggregator_trx_monthly', { date: today })).data.value).toBe(
      extraTrf ? 4 : 3,
    );
    expect(
      (await c.get('/resume/aggregator_trx_monthly', { date: today, group: 2 })).data.value,
    ).toBe(extraTrf ? 2 : 1);
  });

  it('refuses the aggregator summaries to a partner (group 11 only)', async () => {
    const c = await t.loginAs('partner@demo.id');
    for (const key of [
      'aggregator_fee_daily',
      'aggregator_fee_monthly',
      'aggregator_trx_daily',
      'aggregator_trx_monthly',
    ])
      expect((await c.get(`/resume/${key}`, { date: today })).rc, key).toBe('403');
  });

  it('answers balance summaries only under show-balance rule 2 with API enabled', async () => {
    const original = t.services.balances;
    const asked: Array<[number, string]> = [];
    t.services.balances = {
      read: async (agent, environment) => {
        asked.push([agent, environment]);
        return { balance: 1_250_000 + agent, hold_balance: 340_000 };
      },
    };
    try {
      const h2h = await t.loginAs('h2h@demo.id');
      const h2hAgent = await agentId(t, 'h2h@demo.id');
      const balance = await h2h.get('/resume/balance', { date: today });
      expect(balance.rc).toBe('00');
      expect(balance.data).toEqual({ key: 'balance', value: 1_250_000 + h2hAgent, data: {} });
      expect((await h2h.get('/resume/hold_balance', { date: today })).data.value).toBe(340_000);
      expect(asked.every(([agent, env]) => agent === h2hAgent && env === 'production')).toBe(true);
      // Rule 1 (partner) and API disabled (newbiz) are refused.
      const p = await t.loginAs('partner@demo.id');
      expect((await p.get('/resume/balance', { date: today })).rc).toBe('403');
      const newbiz = await t.loginAs('newbiz@demo.id');
      expect((await newbiz.get('/resume/hold_balance', { date: today })).rc).toBe('403');
    } finally {
      t.services.balances = original;
    }
  });

  it('refuses every summary to a sub-user whose home READ is denied', async () => {
    const staff = await userId(t, 'staff@demo.id');
    await t.services.db
      .insertInto('user_module_denials')
      .values({ user_id: staff, module_id: 5, action: 'READ' })
      .execute();
    try {
      const c = await t.loginAs('staff@demo.id');
      for (const key of ['omzet_date', 'trx_pending_date', 'trx_status_date', 'trx_product_date'])
        expect((await c.get(`/resume/${key}`, { date: today })).rc, key).toBe('403');
    } finally {
      await t.services.db
        .deleteFrom('user_module_denials')
        .where('user_id', '=', staff)
        .where('module_id', '=', 5)
        .execute();
    }
    // With the denial gone, the sub-user reads its main agent's figures.
    const again = await t.loginAs('staff@demo.id');
    expect((await again.get('/resume/omzet_date', { date: today, group: 4 })).data.value).toBe(
      870_000,
    );
  });
});
