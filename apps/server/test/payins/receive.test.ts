import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type IssuedCode,
  issuePayinCode,
  issueVirtualAccount,
} from '../../src/modules/payins/issue';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';
import { agentIdOf, balances, expectLedgerClean, newReference, TUESDAY_10_WIB } from './factory';

const HOUR_MS = 3_600_000;

/**
 * Money coming in through every channel, paid from the simulator's payer side: each payment moves
 * money once (net to held, fee to fee revenue) and a replay of its bank reference moves nothing;
 * a closed VA takes only its amount, only before its expiry, only once; a bank transfer matches
 * an open deposit of exactly its total, anything else goes to suspense.
 */
describe.each(testDatabases())('pay-ins received on %s', (kind) => {
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

  const pay = (body: Record<string, unknown>) => payer.post('/dev/simulator/pay', body);

  async function rowsFor(idTransaksi: string) {
    const db = t.services.db;
    const [transactions, holds, callbacks] = await Promise.all([
      db.selectFrom('transactions').selectAll().where('id_transaksi', '=', idTransaksi).execute(),
      db.selectFrom('incoming_holds').selectAll().where('id_transaksi', '=', idTransaksi).execute(),
      db.selectFrom('callbacks').selectAll().where('id_transaksi', '=', idTransaksi).execute(),
    ]);
    return { transactions, holds, callbacks };
  }

  /** Pays, replays with the same reference, and checks money moved exactly once. */
  async function payOnceAndReplay(
    channel: string,
    number: string,
    amount: number,
    expectedFee: number,
  ) {
    const before = await balances(t, agentId);
    const reference = newReference(channel.toUpperCase());
    const first = await pay({ channel, number, amount, reference });
    expect(first.rc, first.rd).toBe('00');
    expect(first.data).toMatchObject({
      reference,
      status: 'SUCCESS',
      replayed: false,
      outcome: 'held',
    });
    const afterFirst = await balances(t, agentId);
    expect(afterFirst.held - before.held).toBe(amount - expectedFee);
    expect(afterFirst.available).toBe(before.available);

    const replay = await pay({ channel, number, amount, reference });
    expect(replay.rc, replay.rd).toBe('00');
    expect(replay.data).toMatchObject({
      reference,
      status: 'SUCCESS',
      replayed: true,
      id_transaksi: first.data.id_transaksi,
    });
    expect(await balances(t, agentId)).toEqual(afterFirst);

    const rows = await rowsFor(first.data.id_transaksi);
    expect(rows.transactions).toHaveLength(1);
    expect(rows.transactions[0]).toMatchObject({
      jenis_trx: 'CASH IN',
      status_trx: 'SUCCESS',
      nominal_origin: amount,
      nominal_admin: expectedFee,
      rail_reference: reference,
    });
    expect(rows.holds).toHaveLength(1);
    expect(rows.holds[0]).toMatchObject({ hold_amount: amount - expectedFee, is_sent: 0 });
    expect(rows.callbacks.map((c) => c.type_callback)).toEqual(['payment']);
    return first.data.id_transaksi as string;
  }

  it('an open VA takes any amount, once per bank reference (fee 4.000 from pricing)', async () => {
    const va = await issueVirtualAccount(t.services, owner(), {
      bankCode: '014',
      kind: 'open',
      customerName: 'Budi Santoso',
    });
    expect(va.vaNumber).toMatch(/^8014\d{12}$/);
    const id = await payOnceAndReplay('va', va.vaNumber, 250_000, 4_000);
    await payOnceAndReplay('va', va.vaNumber, 75_500, 4_000);
    const bills = await t.services.db
      .selectFrom('va_bills')
      .selectAll()
      .where('virtual_account_no', '=', va.vaNumber)
      .orderBy('id')
      .execute();
    expect(bills.map((b) => [b.bill_type, b.transaction_type])).toEqual([
      ['o', 1],
      ['o', 1],
    ]);
    expect(bills[0]).toMatchObject({
      amount: 250_000,
      amount_origin: 246_000,
      admin: 4_000,
      id_transaksi: id,
    });
    // Paid on a Tuesday, D+1: settles Wednesday.
    const hold = await sql<{ id_produk: string; settles: string; days: number }>`
      select id_produk, to_char(date_settlement, 'YYYY-MM-DD') as settles,
        days_settlement as days
      from incoming_holds where id_transaksi = ${id}`.execute(t.services.db);
    expect(hold.rows).toEqual([{ id_produk: 'VA014', settles: '2026-11-25', days: 1 }]);
  });

  it('a closed VA takes its exact amount before expiry, and only once', async () => {
    const va = await issueVirtualAccount(t.services, owner(), {
      bankCode: '008',
      kind: 'close',
      customerName: 'Siti Rahmawati',
      amount: 500_000,
      expiresAt: new Date(t.clock.now.getTime() + 2 * HOUR_MS),
      partnerReff: 'INV-001',
    });
    expect(va.vaNumber).toMatch(/^87827\d{11}$/);
    const before = await balances(t, agentId);

    const wrong = await pay({ channel: 'va', number: va.vaNumber, amount: 499_999 });
    expect(wrong.rc).toBe('01');
    expect(wrong.data).toMatchObject({ status: 'REFUSED', reason: 'AMOUNT_MISMATCH' });
    expect(wrong.rd).toBe('The amount must be exactly the billed amount');
    expect(await balances(t, agentId)).toEqual(before);

    await payOnceAndReplay('va', va.vaNumber, 500_000, 4_000);
    const bill = await t.services.db
      .selectFrom('va_bills')
      .selectAll()
      .where('virtual_account_no', '=', va.vaNumber)
      .execute();
    expect(bill.map((b) => [b.bill_type, b.transaction_type, b.partner_reff])).toEqual([
      ['c', 1, 'INV-001'],
    ]);

    const again = await pay({ channel: 'va', number: va.vaNumber, amount: 500_000 });
    expect(again.data).toMatchObject({ status: 'REFUSED', reason: 'ALREADY_PAID' });
  });

  it('a closed VA refuses a payment after its expiry', async () => {
    const va = await issueVirtualAccount(t.services, owner(), {
      bankCode: '009',
      kind: 'close',
      customerName: 'Agus Hartono',
      amount: 120_000,
      expiresAt: new Date(t.clock.now.getTime() + HOUR_MS),
    });
    const before = await balances(t, agentId);
    t.clock.advance(HOUR_MS + 60_000);
    try {
      const late = await pay({ channel: 'va', number: va.vaNumber, amount: 120_000 });
      expect(late.rc).toBe('01');
      expect(late.data).toMatchObject({ status: 'REFUSED', reason: 'EXPIRED' });
      expect(await balances(t, agentId)).toEqual(before);
    } finally {
      t.clock.set(TUESDAY_10_WIB);
    }
  });

  it('a dynamic QRIS is paid once for its amount (0.7 % fee); a re-signed amount is refused', async () => {
    const qris: IssuedCode = await issuePayinCode(t.services, owner(), {
      channelCode: 'QRIS',
      amount: 150_000,
    });
    expect(qris.payload).toMatch(/^000201010212/);
    expect(qris.payload).toContain('5406150000');
    await payOnceAndReplay('qris', qris.payload as string, 150_000, 1_050);
    const again = await pay({ channel: 'qris', number: qris.payload, amount: 150_000 });
    expect(again.data).toMatchObject({ reason: 'ALREADY_PAID' });
    const garbage = await pay({ channel: 'qris', number: '000201010212630400', amount: 1_000 });
    expect(garbage.data).toMatchObject({ reason: 'INVALID_QRIS' });
  });

  it('a retail code and an e-wallet checkout are paid once for their amount', async () => {
    const code = await issuePayinCode(t.services, owner(), {
      channelCode: 'ALFAMART',
      amount: 300_000,
    });
    expect(code.code).toMatch(/^7001\d{12}$/);
    const wrong = await pay({ channel: 'retail', number: code.code, amount: 300_001 });
    expect(wrong.data).toMatchObject({ reason: 'AMOUNT_MISMATCH' });
    await payOnceAndReplay('retail', code.code, 300_000, 5_000);

    const wallet = await issuePayinCode(t.services, owner(), {
      channelCode: 'PAYOVO',
      amount: 80_000,
    });
    await payOnceAndReplay('ewallet', wallet.code, 80_000, 1_200);
    const missing = await pay({ channel: 'ewallet', number: 'EW00000000000000', amount: 80_000 });
    expect(missing.data).toMatchObject({ reason: 'NOT_FOUND' });
  });

  it('a reference reused for another payment is refused and moves nothing', async () => {
    const va = await issueVirtualAccount(t.services, owner(), {
      bankCode: '002',
      kind: 'open',
      customerName: 'Dewi Lestari',
    });
    const reference = newReference('DUP');
    expect((await pay({ channel: 'va', number: va.vaNumber, amount: 60_000, reference })).rc).toBe(
      '00',
    );
    const before = await balances(t, agentId);
    const other = await pay({ channel: 'va', number: va.vaNumber, amount: 61_000, reference });
    expect(other.data).toMatchObject({ reason: 'REFERENCE_CONFLICT' });
    expect(await balances(t, agentId)).toEqual(before);
  });

  it('concurrent deliveries of one reference move the money once', async () => {
    const va = await issueVirtualAccount(t.services, owner(), {
      bankCode: '022',
      kind: 'open',
      customerName: 'Rudi Saputra',
    });
    const before = await balances(t, agentId);
    const reference = newReference('PAR');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        pay({ channel: 'va', number: va.vaNumber, amount: 90_000, reference }),
      ),
    );
    expect(answers.map((a) => a.rc)).toEqual(Array(6).fill('00'));
    expect(answers.filter((a) => a.data.replayed === false)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.data.id_transaksi)).size).toBe(1);
    expect((await balances(t, agentId)).held - before.held).toBe(86_000);
  });

  it('a bank transfer of the exact deposit total credits available; another amount goes to suspense', async () => {
    const now = t.clock.now;
    await t.services.db
      .insertInto('deposits')
      .values({
        id_deposit: 'DEPTEST0001',
        agent_id: agentId,
        environment: 'production',
        username: 'partner@demo.id',
        tanggal_transaksi: now,
        transaction_date: '2026-11-24',
        atasnama: 'PT GERBANG PEMBAYARAN NUSANTARA',
        norekening: '8720155501',
        kodebank: '014',
        namabank: 'Bank BCA',
        nominal: 1_000_000,
        kode_unik: 321,
        nominal_unik: 1_000_321,
        expired_at: new Date(now.getTime() + 3 * HOUR_MS),
      })
      .execute();
    const before = await balances(t, agentId);
    const other = await pay({ channel: 'bank_transfer', number: '8720155501', amount: 1_000_000 });
    expect(other.data).toMatchObject({ status: 'SUCCESS', outcome: 'suspense' });
    expect(await balances(t, agentId)).toEqual(before);

    const reference = newReference('TRF');
    const exact = await pay({
      channel: 'bank_transfer',
      number: '8720155501',
      amount: 1_000_321,
      reference,
    });
    expect(exact.data).toMatchObject({
      status: 'SUCCESS',
      outcome: 'available',
      id_transaksi: 'DEPTEST0001',
    });
    const replay = await pay({
      channel: 'bank_transfer',
      number: '8720155501',
      amount: 1_000_321,
      reference,
    });
    expect(replay.data).toMatchObject({ replayed: true, outcome: 'available' });
    const after = await balances(t, agentId);
    expect(after.available - before.available).toBe(1_000_321);
    expect(after.held).toBe(before.held);
    const deposit = await t.services.db
      .selectFrom('deposits')
      .select(['status', 'ledger_transfer_id'])
      .where('id_deposit', '=', 'DEPTEST0001')
      .executeTakeFirstOrThrow();
    expect(deposit).toEqual({ status: 1, ledger_transfer_id: 'topup:DEPTEST0001' });
    // Paid once: a second transfer of the same total no longer matches.
    const second = await pay({ channel: 'bank_transfer', number: '8720155501', amount: 1_000_321 });
    expect(second.data.outcome).toBe('suspense');
  });

  it('validation: the envelope names the first bad field', async () => {
    const res = await pay({ channel: 'cheque', number: '1', amount: 1 });
    expect(res.rc).toBe('400');
    expect(res.rd).toBe('Choose a payment channel');
    const noAmount = await pay({ channel: 'va', number: '123' });
    expect(noAmount.rd).toBe('Enter an amount greater than 0');
    // Each amount is told its own problem.
    const huge = await pay({ channel: 'va', number: '123', amount: 1e20 });
    expect(huge.rd).toBe('The amount may be at most Rp 10,000,000,000');
    const over = await pay({ channel: 'va', number: '123', amount: 10_000_000_001 });
    expect(over.rd).toBe('The amount may be at most Rp 10,000,000,000');
    const fraction = await pay({ channel: 'va', number: '123', amount: 1.5 });
    expect(fraction.rd).toBe('Enter the amount in whole rupiah');
    const negative = await pay({ channel: 'va', number: '123', amount: -5 });
    expect(negative.rd).toBe('Enter an amount greater than 0');
  });

  it('leaves the ledger invariants clean', async () => {
    await expectLedgerClean(t);
  });
});
