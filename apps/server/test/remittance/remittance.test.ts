import { checkInvariants } from '@gerbang/ledger';
import { toDestination } from '@gerbang/shared/contract/remittance';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedRemittanceDemo } from '../../src/modules/remittance/seed';
import { testDatabases } from '../helpers/databases';
import { createTestApp, DEMO_PASSWORD, type TestApp, type TestClient } from '../helpers/test-app';
import { fundAgent, latestOtp, ledgerBalance, offsetToWib } from '../withdraw/factory';

const INQUIRY = '/transaction/cashout_inquiry_remittance';
const PAYMENT = '/transaction/cashout_payment_remittance';

/** A valid SGD inquiry body; overrides per test. */
function sgd(rate: number, overrides: Record<string, unknown> = {}) {
  const nominal = 1_000_000;
  return {
    country_destination: 'SG',
    currency: 'SGD',
    nominal: String(nominal),
    nominal_destination: String(toDestination(nominal, rate)),
    account_number: '0012345678',
    city: 'Singapore',
    address: '1 Raffles Place',
    id_number_receiver: 'S1234567D',
    swift_code: 'DBSSSGSG',
    anrekening: 'Tan Wei Ming',
    password: DEMO_PASSWORD,
    kodebanktujuan: 'SG-DBS',
    purposetransaction: 'FAMILY',
    phonenumberreceiver: '+6591234567',
    ifscode: '',
    nationality: 'SG',
    ...overrides,
  };
}

describe.each(testDatabases())('international remittance on %s', (kind) => {
  let t: TestApp;
  let c: TestClient;
  let rates: Record<string, number>;
  beforeAll(async () => {
    t = await createTestApp(kind, { clockOffsetMs: offsetToWib(10, 0) });
    c = await t.loginAs('partner@demo.id', { lang: 'en' });
    await fundAgent(t, 'partner@demo.id', 30_000_000);
    const list = await c.get('/transaction/list_currency_country');
    expect(list.rc, list.rd).toBe('00');
    rates = Object.fromEntries(
      (list.data as Array<{ currency: string; selling_rate: number }>).map((r) => [
        r.currency,
        r.selling_rate,
      ]),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  async function pay(body: Record<string, unknown>) {
    const inquiry = await c.post(INQUIRY, body);
    expect(inquiry.rc, inquiry.rd).toBe('00');
    const otp = await latestOtp(c);
    const payment = {
      pin: otp,
      reff_id: inquiry.data.idtransaksi,
      checksum: inquiry.data.checksum,
      uuid_user: inquiry.data.uuid_user,
      number: body.account_number,
      nominal: inquiry.data.nominal,
    };
    return { inquiry, payment, result: await c.post(PAYMENT, payment) };
  }

  it('lists six currencies with rates, countries, banks per country and purposes', async () => {
    const list = await c.get('/transaction/list_currency_country');
    expect(list.data.map((r: { currency: string }) => r.currency)).toEqual([
      'PHP',
      'INR',
      'MYR',
      'SGD',
      'CNY',
      'HKD',
    ]);
    for (const item of list.data) {
      expect(Object.keys(item)).toEqual(
        expect.arrayContaining([
          'id_country',
          'country_name',
          'country_code',
          'currency',
          'selling_rate',
        ]),
      );
      expect(Number.isInteger(item.selling_rate) && item.selling_rate > 0).toBe(true);
      const banks = await c.get('/transaction/list_bank_international', {
        country_code: item.country_code,
      });
      expect(banks.rc).toBe('00');
      expect(banks.data.length).toBeGreaterThanOrEqual(5);
    }
    expect((await c.get('/transaction/list_country')).data).toHaveLength(6);
    const purposes = await c.get('/data/transfer_purpose_list_remittance');
    expect(purposes.data[0]).toEqual({ id: 'FAMILY', name: 'Family support' });
  });

  it('moves rates deterministically when their validity runs out', async () => {
    const first = await t.services.db.selectFrom('remittance_rates').selectAll().execute();
    t.clock.advance(31 * 60_000);
    await c.get('/transaction/list_currency_country');
    const after = await t.services.db.selectFrom('remittance_rates').selectAll().execute();
    expect(after.length).toBe(first.length + 6);
    for (const row of after) {
      expect(new Date(row.valid_until).getTime()).toBeGreaterThan(
        new Date(row.valid_from).getTime(),
      );
    }
    const list = await c.get('/transaction/list_currency_country');
    rates = Object.fromEntries(list.data.map((r: any) => [r.currency, r.selling_rate]));
  });

  it('refuses the required fields in the spec order, per currency', async () => {
    const rate = rates.SGD;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ country_destination: '' }, 'Choose destination country name'],
      [
        { nominal: '0', nominal_destination: '0' },
        'Enter transfer amount (must be greater than 0)',
      ],
      [{ account_number: '', city: '' }, 'Enter destination account number'],
      [{ city: '', address: '' }, "Enter the beneficiary's city"],
      [{ address: '' }, "Enter the beneficiary's address"],
      [{ id_number_receiver: '' }, "Enter the receiver's ID number"],
      [{ swift_code: '', anrekening: '' }, 'Enter the SWIFT code'],
      [{ anrekening: '' }, 'Enter the destination account name'],
      [{ password: '' }, 'Enter account password'],
      [{ purposetransaction: '' }, 'Choose the transfer purpose'],
      [{ kodebanktujuan: '' }, 'Choose destination bank name'],
      [{ phonenumberreceiver: '' }, "Enter the receiver's phone number"],
      [{ nationality: '' }, 'Enter the IFS code'],
      [{ swift_code: 'DBSSSG' }, 'The SWIFT/BIC code must be 8 or 11 letters and digits.'],
      [
        { swift_code: 'HSBCHKHH' },
        'The SWIFT/BIC code does not belong to a bank in the destination country.',
      ],
      [
        { phonenumberreceiver: '+6512' },
        "Please check the receiver's phone number for the destination country.",
      ],
    ];
    for (const [overrides, message] of cases) {
      const res = await c.post(INQUIRY, sgd(rate, overrides));
      expect(res.rd, JSON.stringify(overrides)).toBe(message);
    }
    // INR asks for the IFS code (11 characters), not a phone or nationality.
    const inr = {
      ...sgd(rates.INR),
      country_destination: 'IN',
      currency: 'INR',
      nominal: '5000000',
      nominal_destination: String(Math.floor(5_000_000 / rates.INR)),
      kodebanktujuan: 'IN-SBI',
      swift_code: 'SBININBB',
      phonenumberreceiver: '',
      nationality: '',
    };
    expect((await c.post(INQUIRY, { ...inr, ifscode: '' })).rd).toBe('Enter the IFS code');
    expect((await c.post(INQUIRY, { ...inr, ifscode: 'SBIN01' })).rd).toMatch(
      /IFS code must be 11/,
    );
    const ok = await c.post(INQUIRY, { ...inr, ifscode: 'SBIN0001234' });
    expect(ok.rc, ok.rd).toBe('00');
    expect(ok.data.nominal_destination).toBe(Math.floor(5_000_000 / rates.INR));
    expect(ok.data.nominal).toBe(Math.floor(5_000_000 / rates.INR) * rates.INR);
    // CNY and HKD ask for a phone of their own country; MYR for a nationality.
    const cny = {
      ...inr,
      country_destination: 'CN',
      currency: 'CNY',
      nominal_destination: String(Math.floor(5_000_000 / rates.CNY)),
      kodebanktujuan: 'CN-ICBC',
      swift_code: 'ICBKCNBJ',
      ifscode: '',
    };
    expect((await c.post(INQUIRY, cny)).rd).toBe("Enter the receiver's phone number");
    expect((await c.post(INQUIRY, { ...cny, phonenumberreceiver: '13812345678' })).rc).toBe('00');
    const myr = {
      ...cny,
      country_destination: 'MY',
      currency: 'MYR',
      nominal_destination: String(Math.floor(5_000_000 / rates.MYR)),
      kodebanktujuan: 'MY-MBB',
      swift_code: 'MBBEMYKL',
      phonenumberreceiver: '',
    };
    expect((await c.post(INQUIRY, myr)).rd).toBe('Enter the IFS code');
    expect((await c.post(INQUIRY, { ...myr, nationality: 'ID' })).rc).toBe('00');
  });

  it('converts both ways: floor(IDR ÷ rate), or destination × rate; anything else is refused', async () => {
    const rate = rates.PHP;
    const php = {
      ...sgd(rate),
      country_destination: 'PH',
      currency: 'PHP',
      kodebanktujuan: 'PH-BDO',
      swift_code: 'BNORPHMM',
      phonenumberreceiver: '',
      nationality: '',
    };
    const fromIdr = await c.post(INQUIRY, {
      ...php,
      nominal: '1000001',
      nominal_destination: String(Math.floor(1_000_001 / rate)),
    });
    expect(fromIdr.rc, fromIdr.rd).toBe('00');
    // Only what is sent is charged: the whole units times the rate; the rest is the rounding.
    expect(fromIdr.data.nominal).toBe(Math.floor(1_000_001 / rate) * rate);
    expect(fromIdr.data.nominal_requested).toBe(1_000_001);
    expect(fromIdr.data.rounding).toBe(1_000_001 - fromIdr.data.nominal);
    const fromDestination = await c.post(INQUIRY, {
      ...php,
      nominal: String(500 * rate),
      nominal_destination: '500',
    });
    expect(fromDestination.rc).toBe('00');
    expect(fromDestination.data.nominal).toBe(500 * rate);
    expect(fromDestination.data.rounding).toBe(0);
    expect(fromDestination.data.selling_rate).toBe(rate);
    const wrong = await c.post(INQUIRY, {
      ...php,
      nominal: '1000000',
      nominal_destination: '99999',
    });
    expect(wrong.rd).toBe('The exchange rate has changed. Please check the amounts again.');
  });

  it('pays SGD: held, posted through the FX account in IDR and SGD with the rate; a replay moves money once', async () => {
    const before = await ledgerBalance(t, 'partner@demo.id');
    const { inquiry, payment, result } = await pay(sgd(rates.SGD));
    expect(result.rc, result.rd).toBe('00');
    expect(result.data.status_trx).toBe('SUCCESS');
    expect(result.data.nominal_destination).toBe(inquiry.data.nominal_destination);
    const charged = inquiry.data.nominal_destination * rates.SGD;
    expect(result.data.total).toBe(charged + 25_000);
    expect(await ledgerBalance(t, 'partner@demo.id')).toBe(before - charged - 25_000);
    const legs = await (t.services.db as unknown as Kysely<any>)
      .selectFrom('ledger_transfers')
      .select(['id', 'currency', 'amount', 'metadata', 'status'])
      .where('reference', '=', inquiry.data.idtransaksi)
      .where('id', 'not like', '%:post')
      .orderBy('id')
      .execute();
    expect(legs.map((l) => [l.id.split(':')[2], l.currency, Number(l.amount), l.status])).toEqual([
      ['fee', 'IDR', 25_000, 'posted'],
      ['foreign', 'SGD', inquiry.data.nominal_destination * 100, 'posted'],
      ['idr', 'IDR', charged, 'posted'],
    ]);
    expect(legs[1].metadata).toMatchObject({ selling_rate: rates.SGD, currency: 'SGD' });

    const again = await c.post(PAYMENT, payment);
    expect(again.rc).toBe('00');
    expect(again.data.id_transaksi).toBe(result.data.id_transaksi);
    expect(await ledgerBalance(t, 'partner@demo.id')).toBe(before - charged - 25_000);
    const other = await c.post(PAYMENT, { ...payment, number: '0012345679' });
    expect(other.status).toBe(409);

    const detail = await c.get('/transaction/detail_remittance', {
      reff_id: payment.reff_id,
      checksum: payment.checksum,
      uuid_user: payment.uuid_user,
    });
    expect(detail.rc).toBe('00');
    expect(detail.data.receipt.tabledata.KURS).toBe(rates.SGD);
    // The invoice shows the foreign amount and the rate, in the user's language.
    const invoiceQuery = {
      id_transaksi: result.data.id_transaksi,
      date: result.data.transaction_date,
    };
    const view = await c.get('/invoice/invoice_view', invoiceQuery);
    expect(view.data.foreign).toEqual({
      currency: 'SGD',
      amount: inquiry.data.nominal_destination,
      rate: rates.SGD,
    });
    const pdf = await c.get('/invoice/invoice_trx', invoiceQuery);
    expect(pdf.rc).toBe('00');
    expect(Buffer.from(pdf.data, 'base64').subarray(0, 4).toString()).toBe('%PDF');
    const callback = await t.services.db
      .selectFrom('callbacks')
      .selectAll()
      .where('id_transaksi' as any, '=', inquiry.data.idtransaksi)
      .execute();
    expect(callback.length).toBe(1);
    expect((await checkInvariants(t.services.db)).violations).toEqual([]);
  });

  it('charges only what is sent: Rp 500,000 to SGD debits whole SGD × rate, to the rupiah', async () => {
    const rate = rates.SGD;
    // The walk's case: a rupiah amount that is not a whole number of SGD at this rate.
    expect(500_000 % rate).toBeGreaterThan(0);
    const before = await ledgerBalance(t, 'partner@demo.id');
    const body = sgd(rate, {
      nominal: '500000',
      nominal_destination: String(toDestination(500_000, rate)),
    });
    const { inquiry, result } = await pay(body);
    const sent = Math.floor(500_000 / rate);
    expect(inquiry.data).toMatchObject({
      nominal: sent * rate,
      nominal_requested: 500_000,
      rounding: 500_000 - sent * rate,
      nominal_destination: sent,
      total: sent * rate + 25_000,
    });
    expect(inquiry.data.nominal + inquiry.data.rounding).toBe(500_000);
    expect(inquiry.data.total).toBe(inquiry.data.nominal + inquiry.data.nominal_admin);
    expect(result.rc, result.rd).toBe('00');
    expect(result.data.nominal).toBe(sent * rate);
    expect(result.data.total).toBe(sent * rate + 25_000);
    // The ledger moved exactly the charged rupiah and the sent SGD cents, nothing more.
    expect(await ledgerBalance(t, 'partner@demo.id')).toBe(before - sent * rate - 25_000);
    const legs = await (t.services.db as unknown as Kysely<any>)
      .selectFrom('ledger_transfers')
      .select(['id', 'amount'])
      .where('reference', '=', inquiry.data.idtransaksi)
      .where('id', 'not like', '%:post')
      .orderBy('id')
      .execute();
    expect(legs.map((l) => [l.id.split(':')[2], Number(l.amount)])).toEqual([
      ['fee', 25_000],
      ['foreign', sent * 100],
      ['idr', sent * rate],
    ]);
    expect((await checkInvariants(t.services.db)).violations).toEqual([]);
  });

  it('waits for approval when the policy asks it: held, not sent, rejected with the money back', async () => {
    const policy = (remittance: unknown[]) =>
      c.post('/approvals/policy', {
        expiry_hours: 24,
        applies_to_api: false,
        tiers: { withdraw: [], bulk: [], remittance },
      });
    expect((await policy([{ up_to: null, approvers: 1 }])).rc).toBe('00');
    try {
      const before = await ledgerBalance(t, 'partner@demo.id');
      const { inquiry, result } = await pay(sgd(rates.SGD));
      expect(result.rc, result.rd).toBe('00');
      expect(await ledgerBalance(t, 'partner@demo.id')).toBe(before - inquiry.data.total);
      const request = await t.services.db
        .selectFrom('approval_requests as r')
        .innerJoin('rail_submissions as s', 's.id', 'r.subject_id')
        .select(['r.id', 'r.kind', 's.state', 's.rail_reference'])
        .where('r.reference', '=', inquiry.data.idtransaksi)
        .executeTakeFirstOrThrow();
      expect(request).toMatchObject({
        kind: 'remittance',
        state: 'APPROVAL',
        rail_reference: null,
      });
      const staff = await t.loginAs('staff@demo.id', { lang: 'en' });
      const rejected = await staff.post('/approvals/reject', {
        ids: [request.id],
        pin: '123456',
        reason: 'Tujuan salah',
      });
      expect(rejected.data.results[0].outcome).toBe('rejected');
      expect(await ledgerBalance(t, 'partner@demo.id')).toBe(before);
      const row = await t.services.db
        .selectFrom('transactions')
        .select(['status_trx', 'response_code'])
        .where('id_transaksi', '=', inquiry.data.idtransaksi)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status_trx: 'FAILED', response_code: 'APPROVAL_REJECTED' });
      expect((await checkInvariants(t.services.db)).violations).toEqual([]);
    } finally {
      await policy([]);
    }
  });

  it('pays concurrently once', async () => {
    const before = await ledgerBalance(t, 'partner@demo.id');
    const inquiry = await c.post(INQUIRY, sgd(rates.SGD));
    const otp = await latestOtp(c);
    const payment = {
      pin: otp,
      reff_id: inquiry.data.idtransaksi,
      checksum: inquiry.data.checksum,
      uuid_user: inquiry.data.uuid_user,
      number: '0012345678',
      nominal: inquiry.data.nominal,
    };
    const answers = await Promise.all([1, 2, 3].map(() => c.post(PAYMENT, payment)));
    expect(answers.map((a) => a.rc)).toEqual(['00', '00', '00']);
    expect(new Set(answers.map((a) => a.data.id_transaksi)).size).toBe(1);
    expect(await ledgerBalance(t, 'partner@demo.id')).toBe(before - inquiry.data.total);
    // One payment, one audit row (written in the payment's own transaction).
    const audit = await t.services.db
      .selectFrom('audit_log')
      .select('target')
      .where('action', '=', 'remittance_payment')
      .where('target', '=', inquiry.data.idtransaksi)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('returns the money when the beneficiary bank fails, and refuses compliance at send', async () => {
    const before = await ledgerBalance(t, 'partner@demo.id');
    const failing = await pay(sgd(rates.SGD, { account_number: '0012349999' }));
    expect(failing.result.rc).toBe('00');
    expect(failing.result.data.status_trx).toBe('FAILED');
    const detail = await c.get('/transaction/detail_remittance', {
      reff_id: failing.payment.reff_id,
      checksum: failing.payment.checksum,
      uuid_user: failing.payment.uuid_user,
    });
    expect(detail.rc).not.toBe('00');
    expect(detail.rd).toMatch(/rejected by the beneficiary's bank/);
    const refused = await pay(sgd(rates.SGD, { account_number: '0012346666' }));
    expect(refused.result.data.status_trx).toBe('FAILED');
    expect(refused.result.data.keterangan).toMatch(/compliance/);
    expect(await ledgerBalance(t, 'partner@demo.id')).toBe(before);
    const notFound = await c.post(INQUIRY, sgd(rates.SGD, { account_number: '0012340000' }));
    expect(notFound.rd).toMatch(/beneficiary account was not found/);
    expect((await checkInvariants(t.services.db)).violations).toEqual([]);
  });

  it('refuses a stale quote at payment and a wrong OTP', async () => {
    const before = await ledgerBalance(t, 'partner@demo.id');
    const inquiry = await c.post(INQUIRY, sgd(rates.SGD));
    const otp = await latestOtp(c);
    const payment = {
      pin: otp === '000000' ? '111111' : '000000',
      reff_id: inquiry.data.idtransaksi,
      checksum: inquiry.data.checksum,
      uuid_user: inquiry.data.uuid_user,
      number: '0012345678',
      nominal: inquiry.data.nominal,
    };
    expect((await c.post(PAYMENT, payment)).rd).toBe('Wrong OTP. 4 tries left.');
    t.clock.advance(10 * 60_000 + 1_000);
    const stale = await c.post(PAYMENT, { ...payment, pin: otp });
    expect(stale.rd).toBe(
      'The exchange rate of this inquiry is no longer valid. Please check again for the current rate.',
    );
    expect(await ledgerBalance(t, 'partner@demo.id')).toBe(before);
  });

  it('counts parallel wrong OTPs one by one: at most five compare, then even the right one is refused', async () => {
    const before = await ledgerBalance(t, 'partner@demo.id');
    const inquiry = await c.post(INQUIRY, sgd(rates.SGD));
    const otp = await latestOtp(c);
    const payment = {
      reff_id: inquiry.data.idtransaksi,
      checksum: inquiry.data.checksum,
      uuid_user: inquiry.data.uuid_user,
      number: '0012345678',
      nominal: inquiry.data.nominal,
    };
    const wrong = otp === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 9 }, () => c.post(PAYMENT, { ...payment, pin: wrong })),
    );
    const compared = answers.filter((a) => /^Wrong OTP\./.test(a.rd));
    expect(compared.length).toBeLessThanOrEqual(5);
    expect(answers.every((a) => a.rc !== '00')).toBe(true);
    const right = await c.post(PAYMENT, { ...payment, pin: otp });
    expect(right.rc).not.toBe('00');
    expect(right.rd).toBe('Too many wrong OTP attempts. Please check again to get a new OTP.');
    expect(await ledgerBalance(t, 'partner@demo.id')).toBe(before);
  });

  it('seeds the demo remittances through the payment functions, once', async () => {
    const before = await ledgerBalance(t, 'partner@demo.id');
    const agent = await t.services.db
      .selectFrom('agents')
      .select('id')
      .where('username', '=', 'partner@demo.id')
      .executeTakeFirstOrThrow();
    // The seed runs only for an agent without remittances: start from a clean slate of its own.
    const owned = await t.services.db
      .selectFrom('remittance_inquiries')
      .select('id')
      .where('agent_id', '=', agent.id)
      .execute();
    expect(owned.length).toBeGreaterThan(0);
    expect(await seedRemittanceDemo(t.services)).toBe(0);
    expect(await ledgerBalance(t, 'partner@demo.id')).toBe(before);
  });

  it('refuses every call to an agent outside the allow-list, even with the permission', async () => {
    const config = t.services.config as { internationalAgents: string[] };
    const saved = config.internationalAgents;
    config.internationalAgents = ['someone-else@demo.id'];
    try {
      for (const url of [
        '/transaction/list_currency_country',
        '/transaction/list_country',
        '/data/transfer_purpose_list_remittance',
      ]) {
        expect((await c.get(url)).status, url).toBe(403);
      }
      expect(
        (await c.get('/transaction/list_bank_international', { country_code: 'SG' })).status,
      ).toBe(403);
      expect((await c.post(INQUIRY, {})).status).toBe(403);
      expect((await c.post(PAYMENT, {})).status).toBe(403);
      expect((await c.get('/transaction/status_remittance', {})).status).toBe(403);
      expect((await c.get('/transaction/detail_remittance', {})).status).toBe(403);
    } finally {
      config.internationalAgents = saved;
    }
  });
});
