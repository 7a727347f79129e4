import { availableOf } from '@gerbang/ledger';
import { wibDate } from '@gerbang/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutAccounts } from '../../src/modules/payouts/accounts';
import { runOnce as sweep } from '../../src/modules/payouts/rail-work';
import {
  bankCodeByName,
  cutoffDay,
  leftoverAmount,
  runOnce,
} from '../../src/modules/topup/leftover-return';
import { testDatabases } from '../helpers/databases';
import { createTestApp, DEMO_PASSWORD, type TestApp, type TestClient } from '../helpers/test-app';
import { agentIdOf, expectLedgerClean, PARTNER, TUESDAY_10_WIB } from '../payins/factory';

const TUESDAY_12_WIB = new Date('2026-11-24T12:00:00+07:00');
const TUESDAY_23_29_WIB = new Date('2026-11-24T23:29:00+07:00');
const TUESDAY_23_30_WIB = new Date('2026-11-24T23:30:00+07:00');
const TUESDAY_23_45_WIB = new Date('2026-11-24T23:45:00+07:00');
const WEDNESDAY_03_WIB = new Date('2026-11-25T03:00:00+07:00');
const WEDNESDAY_06_30_WIB = new Date('2026-11-25T06:30:00+07:00');
const BCA_ACCOUNT = '8720155501';
/** The partner's company account (seed-account-profiles: BCA "5270 881 234"). */
const COMPANY_ACCOUNT = '5270881234';
const SPENT = 120_000;
/** A bulk group held on the day, and what of it came back (failed rows' refunds). */
const BULK_HELD = 100_000;
const BULK_REFUNDED = 60_000;

describe('leftover return rules (pure)', () => {
  it('cuts off at 23:30 WIB: before it the latest cut-off is the day before', () => {
    expect(cutoffDay(TUESDAY_23_29_WIB)).toBe('2026-11-23');
    expect(cutoffDay(TUESDAY_23_30_WIB)).toBe('2026-11-24');
    expect(cutoffDay(WEDNESDAY_03_WIB)).toBe('2026-11-24');
  });

  it("returns the day's top-ups less the day's spending, never more than the balance", () => {
    expect(leftoverAmount({ toppedUp: 500_000, spent: 120_000, available: 2_000_000 })).toBe(
      380_000,
    );
    expect(leftoverAmount({ toppedUp: 500_000, spent: 600_000, available: 2_000_000 })).toBe(0);
    expect(leftoverAmount({ toppedUp: 500_000, spent: 0, available: 200_000 })).toBe(200_000);
  });

  it('reads bank names as people write them', () => {
    expect(bankCodeByName('BCA')).toBe('014');
    expect(bankCodeByName('Bank Mandiri')).toBe('008');
    expect(bankCodeByName('BSI')).toBe('451');
    expect(bankCodeByName('009')).toBe('009');
    expect(bankCodeByName('Bank Nowhere')).toBeUndefined();
  });
});

/**
 * The daily return of the leftover deposit (spec 02 §2.5, §9): from 23:30 WIB, once per agent and
 * day however many runs race or restart, through the payout hold; the bank's nightly window
 * queues the transfer and the rail sweep finishes it after 06:00; the deposit page shows the row.
 */
describe.each(testDatabases())('leftover deposit return on %s', (kind) => {
  let t: TestApp;
  let partner: TestClient;
  let agentId: number;
  let nominalTransfer: number;
  let returnAmount: number;
  let availableBefore: number;

  beforeAll(async () => {
    t = await createTestApp(kind, { clockAt: TUESDAY_10_WIB });
    partner = await t.loginAs(PARTNER, { lang: 'en' });
    agentId = await agentIdOf(t);
    availableBefore = await spendable();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function spendable(): Promise<number> {
    const account = await t.services.ledger.findAccount({
      kind: 'merchant_available',
      agentId,
      environment: 'production',
    });
    return account ? availableOf(account) : 0;
  }

  const returnRows = () =>
    t.services.db
      .selectFrom('deposits')
      .selectAll()
      .where('agent_id', '=', agentId)
      .where('kind', '=', 'return')
      .execute();

  it('does nothing before 23:30 WIB', async () => {
    const res = await partner.post('/transaction/topup', {
      kodeBank: '014',
      nominal: '500000',
      password: DEMO_PASSWORD,
    });
    expect(res.rc, res.rd).toBe('00');
    nominalTransfer = res.data.nominalTransfer;
    const paid = await t.client({ lang: 'en' }).post('/dev/simulator/pay', {
      channel: 'bank_transfer',
      number: BCA_ACCOUNT,
      amount: nominalTransfer,
    });
    expect(paid.data).toMatchObject({ outcome: 'available' });

    // Spending of the day (a payout posted at noon) consumes the day's top-up first.
    t.clock.set(TUESDAY_12_WIB);
    const payer = { agentId, environment: 'production' as const };
    const accounts = await payoutAccounts(t.services.ledger, payer, '014');
    await t.services.ledger.createTransfer({
      id: `test:spend:${agentId}`,
      debitAccountId: accounts.merchant,
      creditAccountId: accounts.clearing,
      amount: SPENT,
      kind: 'withdraw',
      reference: 'TEST-SPEND',
    });
    // A bulk group held at noon whose failed rows came back the same day: only what it kept left.
    const [funds] = await t.services.ledger.ensureAccounts([
      { kind: 'merchant_bulk_funds', ...payer },
    ]);
    await t.services.ledger.createTransfers([
      {
        id: 'bulk_group:990001:hold',
        debitAccountId: accounts.merchant,
        creditAccountId: funds!.id,
        amount: BULK_HELD,
        kind: 'bulk_transfer_hold',
        reference: 'BULK990001',
      },
      {
        id: 'bulk_group:990001:1:refund',
        debitAccountId: funds!.id,
        creditAccountId: accounts.merchant,
        amount: BULK_REFUNDED,
        kind: 'bulk_transfer_refund',
        reference: 'TEST-BULK-ROW',
      },
    ]);
    returnAmount = nominalTransfer - SPENT - (BULK_HELD - BULK_REFUNDED);

    t.clock.set(TUESDAY_23_29_WIB);
    const report = await runOnce(t.services);
    expect(report).toMatchObject({ day: '2026-11-23', returned: 0, failed: 0 });
    expect(await returnRows()).toEqual([]);
  });

  it("at 23:30 WIB returns the day's leftover once, even under parallel runs and a restart", async () => {
    t.clock.set(TUESDAY_23_30_WIB);
    const before = await spendable();
    expect(before).toBe(availableBefore + nominalTransfer - SPENT - (BULK_HELD - BULK_REFUNDED));
    const reports = await Promise.all(Array.from({ length: 5 }, () => runOnce(t.services)));
    expect(reports.reduce((sum, r) => sum + r.returned, 0)).toBe(1);
    expect(reports.reduce((sum, r) => sum + r.total, 0)).toBe(returnAmount);
    expect(reports.every((r) => r.failed === 0)).toBe(true);

    const rows = await returnRows();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      status: 0,
      nominal: returnAmount,
      norekening: COMPANY_ACCOUNT,
      kodebank: '014',
      atasnama: 'PT Nusantara Digital Niaga',
    });
    // Held by the payout: the balance already excludes it; only the top-up's leftover goes.
    expect(await spendable()).toBe(availableBefore);

    // The bank's nightly window: the transfer is queued, the row stays in PROCESS.
    const submission = await t.services.db
      .selectFrom('rail_submissions')
      .selectAll()
      .where('source_kind', '=', 'deposit_return')
      .where('source_id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(submission).toMatchObject({ state: 'POLL', amount: returnAmount, rail: 'BANK' });
    const trx = await t.services.db
      .selectFrom('transactions')
      .select(['status_trx', 'response_code', 'jenis_trx', 'kind'])
      .where('id_transaksi', '=', row.id_deposit)
      .executeTakeFirstOrThrow();
    expect(trx).toEqual({
      status_trx: 'PROCESS',
      response_code: 'QUEUED_BANK_DOWNTIME',
      jenis_trx: 'CASH OUT',
      kind: 'DEPOSIT_RETURN',
    });

    // Later passes the same night, and a restart that lost the day's marker, return nothing more.
    t.clock.set(TUESDAY_23_45_WIB);
    expect(await runOnce(t.services)).toMatchObject({ skipped: 'done', returned: 0 });
    await t.services.db.deleteFrom('deposit_return_runs').execute();
    const again = await Promise.all([runOnce(t.services), runOnce(t.services)]);
    expect(again.map((r) => r.returned)).toEqual([0, 0]);
    expect(await returnRows()).toHaveLength(1);
    await expectLedgerClean(t);
  });

  it('finishes after the nightly window through the rail sweep', async () => {
    t.clock.set(WEDNESDAY_03_WIB);
    await sweep(t.services);
    const [night] = await returnRows();
    expect(night?.status).toBe(0);

    t.clock.set(WEDNESDAY_06_30_WIB);
    for (let i = 0; i < 3; i++) await sweep(t.services);
    const [row] = await returnRows();
    expect(row).toMatchObject({ status: 1 });
    // The clock runs on from the instant set: finished within the sweep's minute.
    const finishedAt = new Date(row!.tanggal_transfer!).getTime() - WEDNESDAY_06_30_WIB.getTime();
    expect(finishedAt).toBeGreaterThanOrEqual(0);
    expect(finishedAt).toBeLessThan(60_000);
    const trx = await t.services.db
      .selectFrom('transactions')
      .select(['status_trx', 'is_void'])
      .where('id_transaksi', '=', row!.id_deposit)
      .executeTakeFirstOrThrow();
    expect(trx).toEqual({ status_trx: 'SUCCESS', is_void: 'Debited' });
    const pending = await sql<{ status: string }>`
      select status from ledger_transfers
      where id = ${`deposit_return:${row!.id_deposit}`}`.execute(t.services.db);
    expect(pending.rows).toEqual([{ status: 'posted' }]);
    const callbacks = await t.services.db
      .selectFrom('callbacks')
      .select('type_callback')
      .where('id_transaksi', '=', row!.id_deposit)
      .execute();
    expect(callbacks).toEqual([{ type_callback: 'deposit_return' }]);
    expect(await spendable()).toBe(availableBefore);
    // Wednesday's run (after Wednesday 23:30) finds no top-up of that day: nothing more leaves.
    await expectLedgerClean(t);
  });

  it('shows the return on the deposit page', async () => {
    partner = await t.loginAs(PARTNER, { lang: 'en' });
    const res = await partner.get('/data/deposit', { date: wibDate(TUESDAY_23_30_WIB) });
    expect(res.rc, res.rd).toBe('00');
    const rows = res.data.data as Array<Record<string, unknown>>;
    const returned = rows.find((r) => String(r.id_deposit).startsWith('RTN'));
    expect(returned).toMatchObject({
      norekening: COMPANY_ACCOUNT,
      nominal: returnAmount,
      status: 1,
    });
    // The top-up of the day is there too.
    expect(rows.some((r) => r.nominal_unik === nominalTransfer && r.status === 1)).toBe(true);
  });

  it('a transfer the bank fails voids the hold: the row is Failed and the money stays', async () => {
    // Wednesday: a top-up, and a company account the simulator fails after accepting (…9999).
    t.clock.set(new Date('2026-11-25T08:00:00+07:00'));
    partner = await t.loginAs(PARTNER, { lang: 'en' });
    const res = await partner.post('/transaction/topup', {
      kodeBank: '014',
      nominal: '200000',
      password: DEMO_PASSWORD,
    });
    expect(res.rc, res.rd).toBe('00');
    const paid = await t.client({ lang: 'en' }).post('/dev/simulator/pay', {
      channel: 'bank_transfer',
      number: BCA_ACCOUNT,
      amount: res.data.nominalTransfer,
    });
    expect(paid.data).toMatchObject({ outcome: 'available' });
    await t.services.db
      .updateTable('business_profiles')
      .set({ no_rek_bank: '5270 88 9999' })
      .where('agent_id', '=', agentId)
      .execute();
    const before = await spendable();

    t.clock.set(new Date('2026-11-25T23:30:00+07:00'));
    const report = await runOnce(t.services);
    expect(report).toMatchObject({
      day: '2026-11-25',
      returned: 1,
      total: res.data.nominalTransfer,
    });
    expect(await spendable()).toBe(before - res.data.nominalTransfer);

    t.clock.set(new Date('2026-11-26T06:30:00+07:00'));
    for (let i = 0; i < 3; i++) await sweep(t.services);
    const failed = (await returnRows()).find((r) => r.norekening === '5270889999');
    expect(failed).toMatchObject({ status: 2, nominal: res.data.nominalTransfer });
    const trx = await t.services.db
      .selectFrom('transactions')
      .select(['status_trx', 'is_void'])
      .where('id_transaksi', '=', failed!.id_deposit)
      .executeTakeFirstOrThrow();
    expect(trx).toEqual({ status_trx: 'FAILED', is_void: 'Refunded' });
    expect(await spendable()).toBe(before);
    expect(await returnRows()).toHaveLength(2);
    await expectLedgerClean(t);
  });
});
