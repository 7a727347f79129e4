import { balanceOfAccount } from '@gerbang/ledger';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGGREGATOR_SHARE, payinShare } from '../../src/modules/aggregator/shares';
import { issuePayinCode, issueVirtualAccount } from '../../src/modules/payins/issue';
import { runOnce } from '../../src/modules/payins/settlement';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';
import { agentIdOf, expectLedgerClean, PARTNER, TUESDAY_10_WIB } from '../payins/factory';

const MEMBER = 'toko.makmur@demo.id';
const AGGREGATOR = 'aggregator@demo.id';
const WEDNESDAY_07_WIB = new Date('2026-11-25T07:00:00+07:00');
const WEDNESDAY = '2026-11-25';

describe('aggregator share rates (pure)', () => {
  it('a VA payment pays a flat share, other channels 0.2 % of the amount (at least Rp 1)', () => {
    expect(payinShare('VA', 200_000)).toBe(AGGREGATOR_SHARE.vaFlat);
    expect(payinShare('QRIS', 50_000)).toBe(100);
    expect(payinShare('EWALLET', 100)).toBe(1);
  });
});

/**
 * Settling a member merchant's pay-ins books its aggregator's revenue share in the settlement's
 * own transaction: one aggregator_fees row and one ledger transfer per pay-in, exactly once however
 * many settlement runs race, and the aggregator's fee pages show it.
 */
describe.each(testDatabases())('aggregator revenue share on settlement on %s', (kind) => {
  let t: TestApp;
  let payer: TestClient;
  let memberId: number;
  let aggregatorId: number;
  let partnerId: number;

  beforeAll(async () => {
    t = await createTestApp(kind, { clockAt: TUESDAY_10_WIB });
    payer = t.client({ lang: 'en' });
    memberId = await agentIdOf(t, MEMBER);
    aggregatorId = await agentIdOf(t, AGGREGATOR);
    partnerId = await agentIdOf(t, PARTNER);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function payVa(agentId: number, amount: number) {
    const va = await issueVirtualAccount(
      t.services,
      { agentId, environment: 'production' },
      { bankCode: '014', kind: 'open', customerName: 'Budi Santoso' },
    );
    const res = await payer.post('/dev/simulator/pay', {
      channel: 'va',
      number: va.vaNumber,
      amount,
    });
    expect(res.rc, res.rd).toBe('00');
    return res.data.id_transaksi as string;
  }

  async function payQris(agentId: number, amount: number) {
    const qris = await issuePayinCode(
      t.services,
      { agentId, environment: 'production' },
      { channelCode: 'QRIS', amount },
    );
    const res = await payer.post('/dev/simulator/pay', {
      channel: 'qris',
      number: qris.payload,
      amount,
    });
    expect(res.rc, res.rd).toBe('00');
    return res.data.id_transaksi as string;
  }

  async function shareBalance(): Promise<number> {
    const account = await t.services.ledger.findAccount({
      kind: 'aggregator_share',
      agentId: aggregatorId,
      environment: 'production',
    });
    return account ? balanceOfAccount(account).posted : 0;
  }

  it('books the share of each settled member pay-in once, under concurrent settlement runs', async () => {
    const va = await payVa(memberId, 200_000);
    const qris = await payQris(memberId, 50_000);
    await payVa(partnerId, 300_000);
    // Paid, not settled: nothing is earned yet.
    expect(await shareBalance()).toBe(0);
    const none = await t.services.db.selectFrom('aggregator_fees').select('id').execute();
    expect(none).toEqual([]);

    t.clock.set(WEDNESDAY_07_WIB);
    const reports = await Promise.all(
      Array.from({ length: 5 }, () => runOnce(t.services, { all: true })),
    );
    expect(reports.reduce((sum, r) => sum + r.settledHolds, 0)).toBe(3);

    const fees = await t.services.db
      .selectFrom('aggregator_fees')
      .select(['agent_id', 'member_agent_id', 'id_transaksi', 'fee_type', 'nominal', 'fee'])
      .select((eb) => eb.fn('to_char', [eb.ref('fee_date'), eb.val('YYYY-MM-DD')]).as('day'))
      .orderBy('fee', 'desc')
      .execute();
    expect(fees).toEqual([
      {
        agent_id: aggregatorId,
        member_agent_id: memberId,
        id_transaksi: va,
        fee_type: 'VA',
        nominal: 200_000,
        fee: 1_000,
        day: WEDNESDAY,
      },
      {
        agent_id: aggregatorId,
        member_agent_id: memberId,
        id_transaksi: qris,
        fee_type: 'VA',
        nominal: 50_000,
        fee: 100,
        day: WEDNESDAY,
      },
    ]);
    expect(await shareBalance()).toBe(1_100);
    const transfers = await sql<{ reference: string; amount: number }>`
      select reference, amount from ledger_transfers where kind = 'aggregator_share'
      order by amount desc`.execute(t.services.db);
    expect(transfers.rows.map((r) => ({ ...r, amount: Number(r.amount) }))).toEqual([
      { reference: va, amount: 1_000 },
      { reference: qris, amount: 100 },
    ]);

    // Later runs settle nothing and book nothing more.
    await runOnce(t.services, { all: true });
    expect(await shareBalance()).toBe(1_100);
    await expectLedgerClean(t);
  });

  it("shows the share on the aggregator's fee pages", async () => {
    const aggregator = await t.loginAs(AGGREGATOR, { lang: 'en' });
    const daily = await aggregator.get('/data/aggregator_fee_daily', { date: WEDNESDAY });
    expect(daily.rc, daily.rd).toBe('00');
    // Sums come back as the engine writes them (numeric sums as strings on some drivers).
    const numbers = (row: Record<string, unknown>, keys: string[]) =>
      Object.fromEntries(keys.map((k) => [k, Number(row[k])]));
    const rows = daily.data.data as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tanggal).toBe(WEDNESDAY);
    expect(numbers(rows[0]!, ['trxva', 'feeva', 'trxtrf', 'feetrf', 'totalfee'])).toEqual({
      trxva: 2,
      feeva: 1_100,
      trxtrf: 0,
      feetrf: 0,
      totalfee: 1_100,
    });
    const byMember = await aggregator.get('/data/resume_share_profit_by_mitra_daily', {
      date: WEDNESDAY,
    });
    expect(byMember.rc, byMember.rd).toBe('00');
    const members = byMember.data.data as Array<Record<string, unknown>>;
    expect(members.map((r) => [r.nama_pemilik, Number(r.totalfee)])).toEqual([
      ['Toko Sembako Makmur', 1_100],
    ]);
  });
});
