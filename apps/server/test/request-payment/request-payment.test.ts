import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases';
import { createTestApp, DEMO_PASSWORD, type TestApp, type TestClient } from '../helpers/test-app';
import {
  agentIdOf,
  balances,
  expectLedgerClean,
  newReference,
  PARTNER,
  TUESDAY_10_WIB,
} from '../payins/factory';

const DAY_MS = 86_400_000;

/**
 * Request payment and the public link (spec 03 §2.5, §2.6, §3.4, §5.5, §5.6, §7.3, §7.4): the
 * create rules, the unguessable secret, the public calls without a session, one instrument per
 * payer and method, the use count rising only on payment and atomically (the race for the last
 * use: one wins, the other is refused and its instrument cancelled), the paid row, the cash-in
 * transaction, the hold and the request_payment callback, and the rate limits.
 */
describe.each(testDatabases())('request payment on %s', (kind) => {
  let t: TestApp;
  let partner: TestClient;
  let agentId: number;

  beforeAll(async () => {
    t = await createTestApp(kind, { clockAt: TUESDAY_10_WIB });
    partner = await t.loginAs(PARTNER, { lang: 'en' });
    agentId = await agentIdOf(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const good = (over: Record<string, unknown> = {}) => ({
    username: PARTNER,
    paymentName: 'Iuran Desember',
    expiredDate: '2026-11-30',
    paymentLimit: 1,
    amount: 150_000,
    paymentDesc: 'Iuran bulanan warga',
    recaptcha: '',
    ...over,
  });
  const create = async (over: Record<string, unknown> = {}) => {
    const res = await partner.post('/data/request_payment', good(over));
    expect(res.rc, res.rd).toBe('00');
    return res.data as { id: number; paymentSecret: string; timeExpired: string };
  };
  let ipSeq = 10;
  const payer = () => t.client({ lang: 'en', ip: `10.9.0.${ipSeq++}` });
  const generate = (c: TestClient, secret: string, over: Record<string, unknown> = {}) =>
    c.post('/public/generated_va', {
      id_payment: secret,
      code_bank: '014',
      email: 'andi@example.com',
      name: 'Andi',
      notelp: '081234567890',
      ...over,
    });
  const pay = (number: string, amount: number, channel = 'va') =>
    t.client().post('/dev/simulator/pay', {
      channel,
      number,
      amount,
      reference: newReference('RP'),
    });

  it('refuses callers without READ, API or KYC, creating without ADD, and anonymous callers', async () => {
    const before = await t.services.db.selectFrom('request_payments').select('id').execute();
    const staff = await t.loginAs('staff@demo.id', { lang: 'en' });
    expect((await staff.post('/data/request_payment', good())).status).toBe(403);
    expect((await staff.get('/data/request_payment_list')).rc).toBe('00');
    for (const username of ['enduser@demo.id', 'newbiz@demo.id']) {
      const c = await t.loginAs(username, { lang: 'en' });
      expect([username, (await c.get('/data/request_payment_list')).status]).toEqual([
        username,
        403,
      ]);
      expect([username, (await c.post('/data/request_payment', good())).status]).toEqual([
        username,
        403,
      ]);
    }
    expect((await t.client().get('/data/request_payment_list')).status).toBe(401);
    expect(await t.services.db.selectFrom('request_payments').select('id').execute()).toEqual(
      before,
    );
  });

  it('checks the create rules with the spec messages and stores the expiry at 23:59:59 WIB', async () => {
    const id = await t.loginAs(PARTNER, { lang: 'id' });
    const invalid =
      'Data yang anda masukkan tidak valid atau ada yang belum terisi, periksa kembali data yang anda masukkan';
    for (const missing of ['paymentName', 'amount', 'paymentDesc']) {
      const res = await id.post('/data/request_payment', good({ [missing]: '' }));
      expect([missing, res.rd]).toEqual([missing, invalid]);
    }
    expect((await id.post('/data/request_payment', good({ paymentLimit: 0 }))).rd).toBe(invalid);
    expect(
      (await partner.post('/data/request_payment', good({ expiredDate: '2026-11-23' }))).rd,
    ).toBe('The expiry date cannot be earlier than today');
    expect(
      (await partner.post('/data/request_payment', good({ expiredDate: '24-11-2026' }))).rd,
    ).toBe('The expiry date is not valid');
    // Max uses defaults to 1; today is allowed; stored as 23:59:59 WIB of that day.
    const { paymentLimit: _, ...noLimit } = good({ expiredDate: '2026-11-24' });
    const res = await partner.post('/data/request_payment', noLimit);
    expect(res.rc, res.rd).toBe('00');
    expect(res.data).toMatchObject({ number: 1, count: 0, timeExpired: '2026-11-24 23:59:59' });
    const row = await t.services.db
      .selectFrom('request_payments')
      .selectAll()
      .where('id', '=', res.data.id)
      .executeTakeFirstOrThrow();
    expect(new Date(row.time_expired).toISOString()).toBe('2026-11-24T16:59:59.000Z');
    expect(row.payment_secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // Random, not derived from the id: a second link's secret shares nothing predictable.
    const other = await create();
    expect(other.paymentSecret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(other.paymentSecret).not.toBe(row.payment_secret);
    expect(other.id).toBe(row.id + 1);
  });

  it('asks a real (non-test) session for the captcha', async () => {
    const real = t.client({ lang: 'en' });
    const { solveChallenge } = await import('altcha-lib');
    const { deriveKey } = await import('altcha-lib/algorithms/sha');
    const challenge = (
      await t.app.inject({ method: 'GET', url: '/api/auth/captcha_challenge' })
    ).json();
    const solution = await solveChallenge({ challenge, deriveKey } as any);
    const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const login = await real.post('/auth/login', {
      username: PARTNER,
      password: DEMO_PASSWORD,
      captcha,
    });
    expect(login.data.is_test_user).toBe(false);
    expect((await real.post('/data/request_payment', good())).rd).toBe(
      'Please complete the captcha',
    );
    expect((await real.post('/data/request_payment', good({ recaptcha: 'bogus' }))).rd).toBe(
      'The captcha is not valid, please try again',
    );
  });

  it('lists the links and pages them; the public detail answers by secret only', async () => {
    const link = await create({ paymentName: 'Listed link' });
    const list = await partner.get('/data/request_payment_list', {
      filter: 'listed',
      limit: 10,
      page: 1,
    });
    expect(list.rc, list.rd).toBe('00');
    expect(list.data.total).toBe(1);
    expect(list.data.data[0]).toMatchObject({ id: link.id, namePayment: 'Listed link', count: 0 });
    expect((await partner.get('/data/request_payment_list', { limit: 20 })).rc).toBe('400');

    const anon = payer();
    const detail = await anon.get('/public/request_payment_detail', {
      paymentSecret: link.paymentSecret,
    });
    expect(detail.rc, detail.rd).toBe('00');
    expect(detail.data['type-user']).toBe('BISNIS');
    expect(detail.data['payment-request']).toMatchObject({
      namePayment: 'Listed link',
      amount: 150_000,
      count: 0,
      number: 1,
      timeExpired: '2026-11-30 23:59:59',
    });
    // The sequential id and a guessed secret find nothing.
    for (const guess of [
      String(link.id),
      'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      // One character changed, whatever the secret's last character is.
      `${link.paymentSecret.slice(0, -1)}${link.paymentSecret.endsWith('x') ? 'y' : 'x'}`,
    ]) {
      const res = await anon.get('/public/request_payment_detail', { paymentSecret: guess });
      expect([guess, res.rd]).toEqual([guess, 'Data not found']);
    }
    // An id of any other shape (typed, truncated, too long) is not found either: 404, not 400.
    for (const typed of ['abc', 'not a secret!', link.paymentSecret.slice(0, 8), 'x'.repeat(65)]) {
      const res = await anon.get('/public/request_payment_detail', { paymentSecret: typed });
      expect([typed, res.rc, res.rd]).toEqual([typed, '404', 'Data not found']);
    }
    const methods = await anon.get('/public/list_va');
    const codes = methods.data.map((m: { kodeBank: string }) => m.kodeBank);
    expect(codes).toEqual(
      expect.arrayContaining(['014', 'QRIS', 'ALFAMART', 'PAYDANA', 'CREDITCARD']),
    );
  });

  it('checks the payer fields, issues each method once per payer, and a POST needs the CSRF pair but no session', async () => {
    const link = await create({ paymentLimit: 5 });
    const c = payer();
    const id = t.client({ lang: 'id', ip: '10.9.1.1' });
    expect((await generate(id, link.paymentSecret, { name: '' })).rd).toBe(
      'Nama tidak boleh kosong!',
    );
    expect((await generate(id, link.paymentSecret, { email: '' })).rd).toBe(
      'Email tidak boleh kosong!',
    );
    expect((await generate(id, link.paymentSecret, { notelp: '' })).rd).toBe(
      'No Handphone tidak boleh kosong!',
    );
    expect((await c.post('/public/generated_va', {}, { csrf: false })).rc).toBe('403');

    const va = await generate(c, link.paymentSecret);
    expect(va.rc, va.rd).toBe('00');
    expect(va.data).toMatchObject({ kind: 'VA', kodBank: '014', amount: 150_000 });
    expect(va.data.vaNumber).toMatch(/^\d{10,20}$/);
    // Same payer (any case), same method: the same instrument.
    const again = await generate(payer(), link.paymentSecret, { email: 'ANDI@example.com' });
    expect(again.data.vaNumber).toBe(va.data.vaNumber);
    // The GET variant of a non-BISNIS page, same payer and method: still the same one.
    const viaGet = await payer().get('/public/generated_va', {
      id_payment: link.paymentSecret,
      code_bank: '014',
      email_user: 'andi@example.com',
    });
    expect(viaGet.data.vaNumber).toBe(va.data.vaNumber);
    const qris = await generate(c, link.paymentSecret, { code_bank: 'QRIS' });
    expect(qris.data.kind).toBe('QRIS');
    expect(qris.data.imageQris).toMatch(/^000201/);
    const retail = await generate(c, link.paymentSecret, { code_bank: 'ALFAMART' });
    expect(retail.data).toMatchObject({ kind: 'RETAIL', linkPayment: null });
    const wallet = await generate(c, link.paymentSecret, { code_bank: 'PAYDANA' });
    expect(wallet.data.linkPayment).toContain('/dev/simulator');
    const card = await generate(c, link.paymentSecret, { code_bank: 'CREDITCARD' });
    expect(card.data.kind).toBe('CREDIT_CARD');
    expect(card.data.linkPayment).toBeTruthy();
    expect((await generate(c, link.paymentSecret, { code_bank: 'NOPE' })).rd).toBe(
      'Unknown payment method',
    );

    // A logged-in merchant's session gives a public call nothing, and is not needed.
    const merchant = await t.loginAs(PARTNER, { lang: 'en' });
    expect((await generate(merchant, link.paymentSecret)).data.vaNumber).toBe(va.data.vaNumber);
    const customers = await partner.get('/data/list_payment', { idPayment: link.id });
    expect(customers.data.total).toBe(5);
    // Nothing is counted before a payment.
    const fresh = await c.get('/public/request_payment_detail', {
      paymentSecret: link.paymentSecret,
    });
    expect(fresh.data['payment-request'].count).toBe(0);
  });

  it('books a paid VA: row paid, cash-in transaction, hold, count, callback; then the limit message', async () => {
    const link = await create();
    const va = await generate(payer(), link.paymentSecret, { email: 'paid@example.com' });
    // The payer's page polls its instrument: open, then paid; a wrong reference finds nothing.
    const status = (customerReff: string) =>
      payer().get('/public/payment_status', { paymentSecret: link.paymentSecret, customerReff });
    expect((await status(va.data.customerReff)).data).toEqual({
      customerReff: va.data.customerReff,
      status: 'OPEN',
    });
    expect((await status('RP00000000000000')).rc).toBe('404');
    const before = await balances(t, agentId);
    const paid = await pay(va.data.vaNumber, 150_000);
    expect(paid.rc, paid.rd).toBe('00');
    expect((await status(va.data.customerReff)).data.status).toBe('PAID');
    const idTransaksi = paid.data.id_transaksi;
    const customers = await partner.get('/data/list_payment', { idPayment: link.id, limit: 5 });
    expect(customers.data.data[0]).toMatchObject({ isPaid: 1, vaNumber: va.data.vaNumber });
    expect(customers.data.payment).toMatchObject({ count: 1, total: 150_000 });
    const trx = await t.services.db
      .selectFrom('transactions')
      .selectAll()
      .where('id_transaksi', '=', idTransaksi)
      .executeTakeFirstOrThrow();
    expect(trx).toMatchObject({ jenis_trx: 'CASH IN', nominal_origin: 150_000, agent_id: agentId });
    const after = await balances(t, agentId);
    expect(after.held - before.held).toBe(150_000 - trx.nominal_admin);
    const callbacks = await t.services.db
      .selectFrom('callbacks')
      .selectAll()
      .where('id_transaksi', '=', idTransaksi)
      .execute();
    const rp = callbacks.find((c) => c.type_callback === 'request_payment');
    expect(rp).toBeTruthy();
    expect(JSON.parse(rp?.request_raw ?? '{}')).toMatchObject({
      type: 'request_payment',
      status: 'PAID',
      id_payment: link.id,
      amount: 150_000,
    });
    // The link is used up: the page shows the limit, a new instrument is refused.
    const detail = await payer().get('/public/request_payment_detail', {
      paymentSecret: link.paymentSecret,
    });
    expect(detail.data['payment-request']).toMatchObject({ count: 1, number: 1 });
    expect((await generate(payer(), link.paymentSecret, { email: 'late@example.com' })).rd).toBe(
      'This Request Payment Already Reached the Maximum Usage Limit.',
    );
    // Settlement moves the held money to the available balance, as for any pay-in.
    const settled = await t.client().post('/dev/simulator/settle', { all: true });
    expect(settled.rc, settled.rd).toBe('00');
    const later = await balances(t, agentId);
    expect(later.available - after.available).toBeGreaterThanOrEqual(150_000 - trx.nominal_admin);
    await expectLedgerClean(t);
  });

  it('races two payers for the last use: one wins, the other is refused and cancelled', async () => {
    const link = await create({ paymentLimit: 1 });
    const a = await generate(payer(), link.paymentSecret, { email: 'a@example.com' });
    const b = await generate(payer(), link.paymentSecret, {
      email: 'b@example.com',
      code_bank: '009',
    });
    const before = await balances(t, agentId);
    const [pa, pb] = await Promise.all([
      pay(a.data.vaNumber, 150_000),
      pay(b.data.vaNumber, 150_000),
    ]);
    const results = [pa, pb].map((r) => r.rc).sort();
    expect(results).toEqual(['00', '01']);
    const loser = pa.rc === '00' ? pb : pa;
    expect(loser.data.reason).toBe('INACTIVE');
    const row = await t.services.db
      .selectFrom('request_payments')
      .select(['use_count', 'total_paid'])
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ use_count: 1, total_paid: 150_000 });
    const rows = await t.services.db
      .selectFrom('request_payment_customers')
      .select('is_paid')
      .where('request_payment_id', '=', link.id)
      .orderBy('is_paid')
      .execute();
    expect(rows.map((r) => r.is_paid)).toEqual([1, 2]);
    const after = await balances(t, agentId);
    expect(after.held - before.held).toBeLessThan(150_000);
    expect(after.held - before.held).toBeGreaterThan(140_000);
    await expectLedgerClean(t);
  });

  it('six payers racing for one use: exactly one payment is booked, the others refused', async () => {
    const link = await create({ paymentLimit: 1, amount: 20_000 });
    const banks = ['014', '009', '008', '002', '022', '013'];
    const vas = await Promise.all(
      banks.map((code_bank, i) =>
        generate(payer(), link.paymentSecret, { email: `race${i}@example.com`, code_bank }),
      ),
    );
    const paid = await Promise.all(vas.map((v) => pay(v.data.vaNumber, 20_000)));
    expect(paid.filter((p) => p.rc === '00')).toHaveLength(1);
    expect(paid.filter((p) => p.rc === '01')).toHaveLength(5);
    const row = await t.services.db
      .selectFrom('request_payments')
      .select(['use_count', 'total_paid'])
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ use_count: 1, total_paid: 20_000 });
    const booked = await t.services.db
      .selectFrom('transactions')
      .select('id_transaksi')
      .where(
        'id_transaksi',
        'in',
        paid.map((p) => p.data?.id_transaksi ?? '-'),
      )
      .execute();
    expect(booked).toHaveLength(1);
    await expectLedgerClean(t);
  });

  it('the same payer asking twice at once gets one instrument', async () => {
    const link = await create({ paymentLimit: 3 });
    const [a, b] = await Promise.all([
      generate(payer(), link.paymentSecret, { email: 'twice@example.com' }),
      generate(payer(), link.paymentSecret, { email: 'twice@example.com' }),
    ]);
    expect(a.rc, a.rd).toBe('00');
    expect(b.rc, b.rd).toBe('00');
    expect(a.data.vaNumber).toBe(b.data.vaNumber);
    const open = await t.services.db
      .selectFrom('request_payment_customers')
      .select('id')
      .where('request_payment_id', '=', link.id)
      .where('is_paid', '=', 0)
      .execute();
    expect(open).toHaveLength(1);
  });

  it('refuses an expired link with the spec message and does not take its payment', async () => {
    const link = await create({ expiredDate: '2026-11-24', paymentLimit: 3 });
    const va = await generate(payer(), link.paymentSecret, { email: 'exp@example.com' });
    expect(va.rc).toBe('00');
    t.clock.advance(DAY_MS);
    try {
      expect((await generate(payer(), link.paymentSecret, { email: 'x@example.com' })).rd).toBe(
        'This Request Payment Already Expired At 2026-11-24 23:59:59 WIB.',
      );
      const paid = await pay(va.data.vaNumber, 150_000);
      expect(paid.rc).toBe('01');
    } finally {
      t.clock.advance(-DAY_MS);
    }
  });

  it('pays QRIS and retail instruments of a link with several uses', async () => {
    const link = await create({ paymentLimit: 2, amount: 50_000 });
    const q = await generate(payer(), link.paymentSecret, {
      email: 'q@example.com',
      code_bank: 'QRIS',
    });
    const r = await generate(payer(), link.paymentSecret, {
      email: 'r@example.com',
      code_bank: 'INDOMARET',
    });
    expect((await pay(q.data.imageQris, 50_000, 'qris')).rc).toBe('00');
    expect((await pay(r.data.vaNumber, 50_000, 'retail')).rc).toBe('00');
    const customers = await partner.get('/data/list_payment', { idPayment: link.id });
    expect(customers.data.data.map((c: { isPaid: number }) => c.isPaid)).toEqual([1, 1]);
    expect(customers.data.payment.count).toBe(2);
  });

  it('completes card and e-wallet checkouts in the hosted page the link points to', async () => {
    const link = await create({ paymentLimit: 2, amount: 75_000 });
    const card = await generate(payer(), link.paymentSecret, {
      email: 'card@example.com',
      code_bank: 'CREDITCARD',
    });
    const wallet = await generate(payer(), link.paymentSecret, {
      email: 'wallet@example.com',
      code_bank: 'PAYOVO',
    });
    // "Bayar Sekarang" opens the simulator's hosted page filled in with the channel, code, amount.
    const hosted = (answer: { data: { linkPayment: string } }) =>
      Object.fromEntries(new URL(answer.data.linkPayment, 'http://x').searchParams);
    expect(new URL(card.data.linkPayment, 'http://x').pathname).toBe('/dev/simulator');
    expect(hosted(card)).toEqual({ channel: 'card', number: card.data.vaNumber, amount: '75000' });
    expect(hosted(wallet)).toEqual({
      channel: 'ewallet',
      number: wallet.data.vaNumber,
      amount: '75000',
    });
    // A card code is not an e-wallet code: paid on the wrong channel it is not found.
    const wrong = await pay(card.data.vaNumber, 75_000, 'ewallet');
    expect(wrong.rc).toBe('01');
    expect(wrong.data.reason).toBe('NOT_FOUND');
    for (const answer of [card, wallet]) {
      const q = hosted(answer);
      const paid = await pay(q.number, Number(q.amount), q.channel);
      expect(paid.rc, paid.rd).toBe('00');
      const trx = await t.services.db
        .selectFrom('transactions')
        .select(['jenis_trx', 'nominal_origin', 'agent_id'])
        .where('id_transaksi', '=', paid.data.id_transaksi)
        .executeTakeFirstOrThrow();
      expect(trx).toEqual({ jenis_trx: 'CASH IN', nominal_origin: 75_000, agent_id: agentId });
    }
    const customers = await partner.get('/data/list_payment', { idPayment: link.id });
    expect(customers.data.data.map((c: { isPaid: number }) => c.isPaid)).toEqual([1, 1]);
    expect(customers.data.payment.count).toBe(2);
    await expectLedgerClean(t);
  });

  it('limits public calls per IP and issuing per link, under parallel requests', async () => {
    const link = await create({ paymentLimit: 1000 });
    const ip = '10.7.7.7';
    const calls = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        generate(t.client({ ip }), link.paymentSecret, { email: `p${i}@example.com` }),
      ),
    );
    const ok = calls.filter((c) => c.rc === '00').length;
    expect(ok).toBe(20);
    expect(calls.filter((c) => c.rc === '429').length).toBe(5);
    const issued = await t.services.db
      .selectFrom('request_payment_customers')
      .select('id')
      .where('request_payment_id', '=', link.id)
      .execute();
    expect(issued.length).toBe(20);
  });

  it('limits issuing per link whoever asks', async () => {
    const link = await create({ paymentLimit: 1000 });
    const calls = await Promise.all(
      Array.from({ length: 62 }, (_, i) =>
        generate(t.client({ ip: `10.8.${i}.1` }), link.paymentSecret, {
          email: `l${i}@example.com`,
        }),
      ),
    );
    expect(calls.filter((c) => c.rc === '00')).toHaveLength(60);
    expect(calls.filter((c) => c.rc === '429')).toHaveLength(2);
  });
});
