import { checkInvariants } from '@gerbang/ledger';
import { DATA_PAGE_PATHS, wibDate, wibDayStart, wibMinuteOfDay } from '@gerbang/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receivePayment } from '../../src/modules/payins/receive';
import { inBankDowntime, isBusinessDay } from '../../src/modules/payins/schedule';
import { runOnce as runSettlement } from '../../src/modules/payins/settlement';
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

  it('is history the live pay-in flows continue: seeded VAs take payments, receipts replay', async () => {
    const { db } = t.services;
    const va = await db
      .selectFrom('virtual_accounts')
      .innerJoin('agents', 'agents.id', 'virtual_accounts.agent_id')
      .select(['va_number', 'virtual_accounts.agent_id'])
      .where('agents.username', '=', 'partner@demo.id')
      .where('bill_type', '=', 'open')
      .where('status', '=', 1)
      .orderBy('virtual_accounts.id')
      .executeTakeFirstOrThrow();
    const paid = await receivePayment(t.services, {
      environment: 'production',
      channel: 'VA',
      railReference: 'LIVE-AFTER-SEED-1',
      paidTo: va.va_number,
      amount: 125_000,
      paidAt: t.services.now(),
    });
    expect(paid).toMatchObject({ accepted: true, replayed: false, outcome: 'held' });
    // A bank re-sending a seeded payment's notification moves nothing: the seed wrote its receipt.
    const seeded = await db
      .selectFrom('payin_receipts')
      .selectAll()
      .where('rail_reference', '<>', 'LIVE-AFTER-SEED-1')
      .where('channel', '=', 'VA')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const replay = await receivePayment(t.services, {
      environment: 'production',
      channel: 'VA',
      railReference: seeded.rail_reference,
      paidTo: seeded.paid_to,
      amount: seeded.amount,
      paidAt: new Date(seeded.paid_at),
    });
    expect(replay).toMatchObject({
      accepted: true,
      replayed: true,
      idTransaksi: seeded.id_transaksi,
    });
    expect((await checkInvariants(db)).violations).toEqual([]);
  });

  it('every page the partner may open has rows today; aggregator pages too', async () => {
    expect(await emptyPagesToday(t)).toEqual(expectedEmptyAt(t.services.now()));
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

/** Pages the partner may open whose default range ("today") shows no row. */
async function emptyPagesToday(t: TestApp): Promise<string[]> {
  const partner = await t.loginAs('partner@demo.id');
  const empty: string[] = [];
  for (const path of DATA_PAGE_PATHS) {
    const res = await partner.get(`/data/${path}`);
    if (res.rc === '403') continue;
    expect(res.rc, `${path}: ${res.rd}`).toBe('00');
    if (res.data.total === 0) empty.push(path);
  }
  return empty;
}

/**
 * The one page that is rightly empty at some hours: no settlement batch dated today is sent before
 * the banks' downtime ends and the first (VA) batch goes out at 06:30 WIB. On a weekend both
 * settlement pages are empty all day: settlement dates are business days (payins/schedule.ts).
 */
function expectedEmptyAt(now: Date): string[] {
  if (!isBusinessDay(wibDate(now)))
    return ['settlement_merchant_sent', 'settlement_merchant_process'];
  return wibMinuteOfDay(now) <= 6 * 60 + 31 ? ['settlement_merchant_sent'] : [];
}

/** WIB `hh:mm` of the current WIB day, as an instant. */
function wibToday(hhmm: string): Date {
  return new Date(`${wibDate(new Date(Date.now()))}T${hhmm}:00+07:00`);
}

/** `hh:mm` WIB on the next Saturday (WIB) after today. */
function wibNextSaturday(hhmm: string): Date {
  const today = wibDate(new Date(Date.now()));
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const saturday = new Date(
    Date.parse(`${today}T00:00:00Z`) + ((6 - weekday + 7) % 7 || 7) * 86_400_000,
  );
  return new Date(`${saturday.toISOString().slice(0, 10)}T${hhmm}:00+07:00`);
}

/**
 * The demo history is seeded relative to the clock, so its "today" must hold whatever the hour:
 * just after midnight, at the end of the banks' downtime, mid-morning and just before midnight.
 */
describe.each([
  ['00:05', () => wibToday('00:05')],
  ['06:20', () => wibToday('06:20')],
  ['10:50', () => wibToday('10:50')],
  ['23:50', () => wibToday('23:50')],
])('demo history seeded at %s WIB', (_label, clockAt) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { clockAt: clockAt() });
    await seedDemoHistory(t.services);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('fills every page for today, none in the future, and keeps the ledger balanced', async () => {
    const now = t.services.now();
    expect(await emptyPagesToday(t)).toEqual(expectedEmptyAt(now));
    const future = await t.services.db
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('time_request', '>', now)
      .executeTakeFirstOrThrow();
    expect(Number(future.n)).toBe(0);
    // On business days, settlements dated today are in process whatever the hour (VA until
    // 06:30, QRIS all day); on a weekend none is dated today.
    const process = await t.services.db
      .selectFrom('settlements')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'process')
      .where('tglsettle', '=', wibDate(now))
      .executeTakeFirstOrThrow();
    if (isBusinessDay(wibDate(now))) expect(Number(process.n)).toBeGreaterThan(0);
    else expect(Number(process.n)).toBe(0);
    expect((await checkInvariants(t.services.db)).violations).toEqual([]);
  });

  it('the live settlement job completes the seeded batches in process', async () => {
    const { db } = t.services;
    const now = t.services.now();
    // Outside the banks' downtime: 07:00 WIB today, or tomorrow after 23:00.
    if (inBankDowntime(now)) {
      const day =
        wibMinuteOfDay(now) < 12 * 60
          ? wibDate(now)
          : wibDate(new Date(now.getTime() + 6 * 3_600_000));
      t.clock.set(new Date(wibDayStart(day).getTime() + 7 * 3_600_000));
    }
    const before = await db
      .selectFrom('settlements')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'process')
      .executeTakeFirstOrThrow();
    const report = await runSettlement(t.services);
    expect(report.skipped).toBeNull();
    expect(report.failed).toBe(0);
    expect(report.settlements).toBeGreaterThanOrEqual(Number(before.n));
    const left = await db
      .selectFrom('settlements')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '<>', 'completed')
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
    // Every agent's held balance is exactly its holds not yet sent.
    const holds = await db
      .selectFrom('incoming_holds')
      .select(['agent_id', (eb) => eb.fn.sum<number>('hold_amount').as('sum')])
      .where('is_sent', '<>', 1)
      .groupBy('agent_id')
      .execute();
    for (const row of holds) {
      const balances = await t.services.balances.read(row.agent_id, 'production');
      expect(balances.hold_balance, `agent ${row.agent_id}`).toBe(Number(row.sum));
    }
    expect((await checkInvariants(db)).violations).toEqual([]);
  });
});

/**
 * Settlement dates are WIB business days (payins/schedule.ts), and the seed books its settlements
 * through the settlement block: on a Saturday no batch is dated today, sent or in process.
 */
describe('demo history seeded on a Saturday', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { clockAt: wibNextSaturday('10:50') });
    await seedDemoHistory(t.services);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('dates no settlement today and keeps the ledger balanced', async () => {
    const now = t.services.now();
    expect(isBusinessDay(wibDate(now))).toBe(false);
    const partner = await t.loginAs('partner@demo.id');
    for (const path of ['settlement_merchant_sent', 'settlement_merchant_process']) {
      expect((await partner.get(`/data/${path}`)).data.total, path).toBe(0);
    }
    const holds = await t.services.db
      .selectFrom('incoming_holds')
      .select(sql<string>`to_char(date_settlement, 'YYYY-MM-DD')`.as('date_settlement'))
      .execute();
    expect(holds.length).toBeGreaterThan(0);
    for (const hold of holds) {
      expect(isBusinessDay(hold.date_settlement), hold.date_settlement).toBe(true);
    }
    expect((await partner.get('/data/transaction')).data.total).toBeGreaterThan(0);
    expect((await checkInvariants(t.services.db)).violations).toEqual([]);
  });
});
