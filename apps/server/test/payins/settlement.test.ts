import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config';
import type { Services } from '../../src/http/services';
import { allRoutes } from '../../src/modules';
import { issuePayinCode, issueVirtualAccount } from '../../src/modules/payins/issue';
import { runOnce } from '../../src/modules/payins/settlement';
import { simulatePayment, simulateSettlement } from '../../src/modules/payins/simulator';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';
import { agentIdOf, balances, expectLedgerClean, TUESDAY_10_WIB } from './factory';

/** Wednesday 07:00 WIB: the D+1 settlement date of a Tuesday payment, after the nightly window. */
const WEDNESDAY_07_WIB = new Date('2026-11-25T07:00:00+07:00');
const WEDNESDAY_23_30_WIB = new Date('2026-11-25T23:30:00+07:00');

/**
 * Settlement: held money becomes available on the channel's settlement date, exactly once however
 * many runs race, never during the banks' nightly window; each settlement is one row that goes
 * from process to completed, with its holds marked sent and a callback queued.
 */
describe.each(testDatabases())('settlement of pay-ins on %s', (kind) => {
  let t: TestApp;
  let payer: TestClient;
  let agentId: number;
  const owner = () => ({ agentId, environment: 'production' as const });

  beforeAll(async () => {
    t = await createTestApp(kind, { clockAt: TUESDAY_10_WIB });
    payer = t.client({ lang: 'en' });
    agentId = await agentIdOf(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function payVa(amount: number) {
    const va = await issueVirtualAccount(t.services, owner(), {
      bankCode: '014',
      kind: 'open',
      customerName: 'Budi Santoso',
    });
    const res = await payer.post('/dev/simulator/pay', {
      channel: 'va',
      number: va.vaNumber,
      amount,
    });
    expect(res.rc, res.rd).toBe('00');
    return res.data.id_transaksi as string;
  }

  it('moves held to available on the settlement date, exactly once under concurrent runs', async () => {
    const ids = [await payVa(200_000), await payVa(300_000), await payVa(150_000)];
    const paid = await balances(t, agentId);

    // Tuesday: D+1 holds are not due yet.
    const early = await payer.post('/dev/simulator/settle', {});
    expect(early.rc, early.rd).toBe('00');
    expect(early.data).toEqual({ settled: 0, settlements: 0, skipped: null });
    expect(await balances(t, agentId)).toEqual(paid);

    t.clock.set(WEDNESDAY_07_WIB);
    const reports = await Promise.all(Array.from({ length: 6 }, () => runOnce(t.services)));
    const settledHolds = reports.reduce((sum, r) => sum + r.settledHolds, 0);
    const settlements = reports.reduce((sum, r) => sum + r.settlements, 0);
    expect(settledHolds).toBe(3);
    expect(settlements).toBe(1);

    const net = 200_000 + 300_000 + 150_000 - 3 * 4_000;
    const after = await balances(t, agentId);
    expect(paid.held - after.held).toBe(net);
    expect(after.available - paid.available).toBe(net);

    const rows = await sql<{
      status: string;
      nominal: number;
      rekonnum: number;
      reference: string;
    }>`
      select status, nominal, rekonnum, reference from settlements
      where agent_id = ${agentId} and reference is not null`.execute(t.services.db);
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]).toMatchObject({ status: 'completed', nominal: net, rekonnum: 3 });
    const holds = await t.services.db
      .selectFrom('incoming_holds')
      .select(['is_sent', 'settlement_id'])
      .where('id_transaksi', 'in', ids)
      .execute();
    expect(holds.every((h) => h.is_sent === 1 && h.settlement_id !== null)).toBe(true);
    const callbacks = await t.services.db
      .selectFrom('callbacks')
      .select('type_callback')
      .where('id_transaksi', '=', rows.rows[0]!.reference)
      .execute();
    expect(callbacks).toEqual([{ type_callback: 'settlement' }]);
    const ledgerRows = await sql<{ id: string }>`
      select id from ledger_transfers where kind = 'settlement'`.execute(t.services.db);
    expect(ledgerRows.rows).toHaveLength(1);

    // A later run finds nothing left.
    expect(await runOnce(t.services)).toMatchObject({ settledHolds: 0, settlements: 0 });
    expect(await balances(t, agentId)).toEqual(after);
    await expectLedgerClean(t);
  });

  it('does not run during bank downtime (23:00–06:00 WIB)', async () => {
    await payVa(100_000);
    t.clock.set(WEDNESDAY_23_30_WIB);
    const before = await balances(t, agentId);
    const res = await payer.post('/dev/simulator/settle', { all: true });
    expect(res.rc, res.rd).toBe('00');
    expect(res.data).toEqual({ settled: 0, settlements: 0, skipped: 'bank_downtime' });
    expect(res.rd).toBe('Settlement does not run during bank downtime (23:00–06:00 WIB)');
    expect(await balances(t, agentId)).toEqual(before);
    t.clock.set(WEDNESDAY_07_WIB);
  });

  it('settle {"all": true} settles what is pending whatever its date', async () => {
    // QRIS settles D+2: paid Wednesday, due Friday.
    const qris = await issuePayinCode(t.services, owner(), { channelCode: 'QRIS', amount: 50_000 });
    const pay = await payer.post('/dev/simulator/pay', {
      channel: 'qris',
      number: qris.payload,
      amount: 50_000,
    });
    expect(pay.rc, pay.rd).toBe('00');
    const before = await balances(t, agentId);
    const due = await payer.post('/dev/simulator/settle', {});
    // Only the D+1 VA paid on Wednesday night is not due either: nothing settles.
    expect(due.data.settled).toBe(0);
    const all = await payer.post('/dev/simulator/settle', { all: true });
    expect(all.rc, all.rd).toBe('00');
    expect(all.data.settled).toBe(2);
    expect(all.rd).toBe('2 payments settled');
    const after = await balances(t, agentId);
    expect(after.held).toBe(0);
    expect(after.available - before.available).toBe(before.held);
    await expectLedgerClean(t);
  });

  it('refuses the simulator in production: no routes, and the functions refuse too', async () => {
    const routes = allRoutes({ mode: 'production' }).map((r) => r.url);
    expect(routes.filter((url) => url.startsWith('/dev/'))).toEqual([]);
    expect(allRoutes({ mode: 'test' }).map((r) => r.url)).toContain('/dev/simulator/pay');
    const production: Services = {
      ...t.services,
      config: { ...t.services.config, mode: 'production' } as Config,
    };
    const before = await balances(t, agentId);
    await expect(
      simulatePayment(production, {
        channel: 'va',
        number: '80140000000000',
        amount: 10_000,
        environment: 'production',
      }),
    ).rejects.toMatchObject({ rc: '403', messageKey: 'payins.simulator.productionRefused' });
    await expect(simulateSettlement(production, { all: true })).rejects.toMatchObject({
      rc: '403',
    });
    expect(await balances(t, agentId)).toEqual(before);
  });
});
