import { checkInvariants } from '@gerbang/ledger';
import { DATA_PAGE_PATHS } from '@gerbang/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoHistory } from '../../src/seed/demo-history';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** The demo history: realistic rows on every page, consistent with the ledger, seeded once. */
describe('demo history seed', () => {
  let t: TestApp;
  let firstRun: Awaited<ReturnType<typeof seedDemoHistory>>;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    firstRun = await seedDemoHistory(t.services);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('seeds a few thousand rows quickly, once', async () => {
    expect(firstRun.seeded).toBe(true);
    expect(firstRun.transactions).toBeGreaterThan(1_000);
    console.log(
      `demo history: ${firstRun.transactions} transactions, ${firstRun.transfers} ledger transfers in ${firstRun.ms} ms`,
    );
    const again = await seedDemoHistory(t.services);
    expect(again.seeded).toBe(false);
  });

  it('keeps the ledger invariants and leaves the partner tens of millions', async () => {
    const report = await checkInvariants(t.services.db);
    expect(report.violations).toEqual([]);
    const partner = await t.services.db
      .selectFrom('agents')
      .select('id')
      .where('username', '=', 'partner@demo.id')
      .executeTakeFirstOrThrow();
    const balances = await t.services.balances.read(partner.id, 'production');
    console.log('partner balances', balances);
    expect(balances.balance).toBeGreaterThanOrEqual(10_000_000);
    expect(balances.balance).toBeLessThan(100_000_000);
    expect(balances.hold_balance).toBeGreaterThan(0);
    // The held balance is exactly the holds not yet settled.
    const holds = await t.services.db
      .selectFrom('incoming_holds')
      .select((eb) => eb.fn.sum<number>('hold_amount').as('sum'))
      .where('agent_id', '=', partner.id)
      .where('is_sent', '<>', 1)
      .executeTakeFirstOrThrow();
    expect(Number(holds.sum)).toBe(balances.hold_balance);
  });

  it('every page the partner may open has rows today; aggregator pages too', async () => {
    const partner = await t.loginAs('partner@demo.id');
    const empty: string[] = [];
    for (const path of DATA_PAGE_PATHS) {
      const res = await partner.get(`/data/${path}`);
      if (res.rc === '403') continue;
      expect(res.rc, `${path}: ${res.rd}`).toBe('00');
      if (res.data.total === 0) empty.push(path);
    }
    expect(empty).toEqual([]);
    const aggregator = await t.loginAs('aggregator@demo.id');
    for (const path of [
      'merchant_member',
      'aggregator_fee_daily',
      'aggregator_fee_monthly',
      'resume_share_profit_by_mitra_daily',
      'resume_share_profit_by_mitra_monthly',
    ]) {
      const res = await aggregator.get(`/data/${path}`);
      expect(res.data.total, path).toBeGreaterThan(0);
    }
    const enduser = await t.loginAs('enduser@demo.id');
    expect((await enduser.get('/data/transfer')).data.total).toBeGreaterThanOrEqual(0);
  });
});
