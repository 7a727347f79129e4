import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkOtp } from '../../src/modules/withdraw/otp';
import { testDatabases } from '../helpers/databases';
import { createTestApp, DEMO_PASSWORD, type TestApp, type TestClient } from '../helpers/test-app';
import {
  bankInquiry,
  expectConsistent,
  fundAgent,
  latestOtp,
  ledgerBalance,
  offsetToWib,
  prepare,
  withdrawOtpOf,
} from './factory';

describe.each(testDatabases())('withdraw payment on %s', (kind) => {
  let t: TestApp;
  let c: TestClient;
  beforeAll(async () => {
    // 10:00 WIB: outside the banks' night window and the cut-off.
    t = await createTestApp(kind, { clockOffsetMs: offsetToWib(10, 0) });
    c = await t.loginAs('partner@demo.id', { lang: 'en' });
    await fundAgent(t, 'partner@demo.id', 20_000_000);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    // Every scenario starts and ends with a consistent ledger.
    await expectConsistent(t, c);
  });

  it('withdraws to a bank: OTP by e-mail, pending hold, rail success, posted; balance drops by amount + fee', async () => {
    const before = await ledgerBalance(t, 'partner@demo.id');
    const inquiry = await c.post(
      '/transaction/cashout_inquiry',
      bankInquiry({ nominal: '150.000' }),
    );
    expect(inquiry.rc, inquiry.rd).toBe('00');
    expect(inquiry.data).toMatchObject({
      nominal: 150_000,
      nominal_admin: 2_500,
      total: 152_500,
      produkname: 'Bank BCA',
      url_image: '/api/transaction/bank_logo/014',
    });
    expect(Object.keys(inquiry.data.tabledata).sort()).toEqual(
      [
        'CATATAN',
        'ID TRANSAKSI',
        'KETERANGAN',
        'NAMA CHANNEL',
        'NAMA PELANGGAN',
        'NAMA PRODUK',
        'NO PELANGGAN',
        'NOMINAL',
        'NOMINAL ADMIN',
        'TANGGAL TRANSAKSI',
      ].sort(),
    );
    expect(inquiry.data.tabledata['NAMA PELANGGAN']).toMatch(/^[A-Z ]+$/);
    expect(inquiry.data.tabledata['TANGGAL TRANSAKSI']).toMatch(/WIB$/);
    expect(inquiry.data.checksum).toMatch(/^[0-9a-f]{64}$/);
    // An inquiry moves no money.
    expect(await ledgerBalance(t, 'partner@demo.id')).toBe(before);

    const otp = await c.post('/transaction/create_otp', {
      password: DEMO_PASSWORD,
      nominal_transfer: 150_000,
      idtransaksi: inquiry.data.idtransaksi,
    });
    expect(otp.rc, otp.rd).toBe('00');
    expect(otp.data.email).toBe('p***r@demo.id');
    expect(otp.data.idOtp).toBeTruthy();
    expect(otp.rd).toBe('The OTP has been sent to your e-mail p***r@demo.id.');
    const code = await latestOtp(c);
    // Stored as an HMAC, never as the code.
    const stored = await t.services.db
      .selectFrom('otp_challenges')
      .select('code_hash')
      .where('purpose', '=', 'withdraw')
      .execute();
    expect(stored.every((row) => row.code_hash !== code && row.code_hash.length === 64)).toBe(true);

    const empty = await c.post('/transaction/cashout_payment', { pin: '' });
    expect(empty.rd).toBe('Enter OTP');

    const payment = await c.post('/transaction/cashout_payment', {
      checksum: inquiry.data.checksum,
      number: '1234-5678-90',
      pin: code,
      nominal: 150_000,
      reff_id: inquiry.data.idtransaksi,
      uuid_user: inquiry.data.uuid_user,
      bank_code: '014',
    });
    expect(payment.rc, payment.rd).toBe('00');
    expect(payment.data).toMatchObject({
      id_transaksi: inquiry.data.idtransaksi,
      nama_channel: 'Bank BCA',
      no_pelanggan: '1234567890',
      nominal: 150_000,
      nominal_admin: 2_500,
      total: 152_500,
      status_trx: 'SUCCESS',
      is_void: 'Debited',
      token_code: null,
    });
    expect(await ledgerBalance(t, 'partner@demo.id')).toBe(before - 152_500);

    const row = await t.services.db
      .selectFrom('transactions')
      .selectAll()
      .where('id_transaksi', '=', inquiry.data.idtransaksi)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status_trx: 'SUCCESS',
      jenis_trx: 'CASH OUT',
      jenis_transaksi: 1,
      nominal_origin: 150_000,
      nominal_admin: 2_500,
    });
    const audit = await t.services.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'withdraw_payment')
      .where('target', '=', inquiry.data.idtransaksi)
      .executeTakeFirstOrThrow();
    expect(audit.detail).toMatchObject({ amount: 150_000, fee: 2_500, destination: '014' });
    expect(JSON.stringify(audit.detail)).not.toContain(code);
    const ledger = t.services.ledger;
    const hold = await ledger.getTransfer(`withdraw:${inquiry.data.idtransaksi}:amount`);
    expect(hold?.status).toBe('posted');
    const feeHold = await ledger.getTransfer(`withdraw:${inquiry.data.idtransaksi}:fee`);
    expect(feeHold?.status).toBe('posted');

    const status = await c.get('/transaction/status', {
      checksum: inquiry.data.checksum,
      reff_id: inquiry.data.idtransaksi,
      uuid_user: inquiry.data.uuid_user,
    });
    expect(status.rc).toBe('00');
    expect(status.data).toEqual({
      payment_reff: inquiry.data.idtransaksi,
      id_produk: 'TRANSFERBANK',
      status_trx: 'SUCCESS',
    });
    const detail = await c.get('/transaction/detail', {
      checksum: inquiry.data.checksum,
      reff_id: inquiry.data.idtransaksi,
      id_product: 'TRANSFERBANK',
      uuid_user: inquiry.data.uuid_user,
    });
    expect(detail.rc).toBe('00');
    expect(detail.data.produkname).toBe('Bank BCA');
    expect(detail.data.tabledata['ID TRANSAKSI']).toBe(inquiry.data.idtransaksi);
    const forged = await c.get('/transaction/status', {
      checksum: 'f'.repeat(64),
      reff_id: inquiry.data.idtransaksi,
      uuid_user: inquiry.data.uuid_user,
    });
    expect(forged.rc).not.toBe('00');
    await expectConsistent(t, c);
  });

  it('a replay returns the first answer and moves nothing; the same reff with other fields is refused', async () => {
    const paid = await prepare(c);
    const first = await c.post('/transaction/cashout_payment', paid.payment);
    expect(first.rc, first.rd).toBe('00');
    const after = await ledgerBalance(t, 'partner@demo.id');
    const again = await c.post('/transaction/cashout_payment', paid.payment);
    expect(again.rc).toBe('00');
    expect(again.data.id_transaksi).toBe(first.data.id_transaksi);
    expect(again.data.total).toBe(first.data.total);
    expect(await ledgerBalance(t, 'partner@demo.id')).toBe(after);

    const otherAmount = await c.post('/transaction/cashout_payment', {
      ...paid.payment,
      nominal: 100_001,
    });
    expect(otherAmount.rc).toBe('409');
    expect(otherAmount.rd).toBe('The payment data does not match the inquiry.');
    const otherBankCode = await c.post('/transaction/cashout_payment', {
      ...paid.payment,
      bank_code: '',
    });
    expect(otherBankCode.rc).toBe('409');
    expect(otherBankCode.rd).toBe('This request was already sent with different data.');
    const otherPin = await c.post('/transaction/cashout_payment', {
      ...paid.payment,
      pin: '000000' === paid.otp ? '111111' : '000000',
    });
    expect(otherPin.rd).toBe('This OTP has already been used.');
    // A new OTP cannot be asked for a paid inquiry.
    const newOtp = await c.post('/transaction/create_otp', {
      password: DEMO_PASSWORD,
      nominal_transfer: paid.inquiry.nominal,
      idtransaksi: paid.inquiry.idtransaksi,
    });
    expect(newOtp.rd).toBe('This OTP has already been used.');
    expect(await ledgerBalance(t, 'partner@demo.id')).toBe(after);
    const transfers = await (t.services.db as Kysely<any>)
      .selectFrom('ledger_transfers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('reference', '=', paid.inquiry.idtransaksi)
      .executeTakeFirstOrThrow();
    // amount hold + fee hold + their two posts.
    expect(transfers.n).toBe(4);
    await expectConsistent(t, c);
  });

  it('a concurrent double submit moves money once and both answers name the same transaction', async () => {
    const paid = await prepare(c, bankInquiry({ nominal: 250_000 }));
    const before = await ledgerBalance(t, 'partner@demo.id');
    const [a, b] = await Promise.all([
      c.post('/transaction/cashout_payment', paid.payment),
      c.post('/transaction/cashout_payment', paid.payment),
    ]);
    expect(a.rc, a.rd).toBe('00');
    expect(b.rc, b.rd).toBe('00');
    expect(a.data.id_transaksi).toBe(b.data.id_transaksi);
    expect(await ledgerBalance(t, 'partner@demo.id')).toBe(before - 252_500);
    const rows = await t.services.db
      .selectFrom('transactions')
      .select('id')
      .where('id_transaksi', '=', paid.inquiry.idtransaksi)
      .execute();
    expect(rows).toHaveLength(1);
    await expectConsistent(t, c);
  });

  it('a rail failure (account ending 9999) returns the money and marks the transaction FAILED / Refunded', async () => {
    const before = await ledgerBalance(t, 'partner@demo.id');
    const paid = await prepare(c, bankInquiry({ number: '1234569999', nominal: 300_000 }));
    const res = await c.post('/transaction/cashout_payment', paid.payment);
    expect(res.rc, res.rd).toBe('00');
    expect(res.data.status_trx).toBe('FAILED');
    expect(res.data.is_void).toBe('Refunded');
    expect(res.data.keterangan).toBe(
      'The transfer was rejected by the destination bank. The money has been returned to your balance.',
    );
    expect(await ledgerBalance(t, 'partner@demo.id')).toBe(before);
    const hold = await t.services.ledger.getTransfer(`withdraw:${paid.inquiry.idtransaksi}:amount`);
    expect(hold?.status).toBe('voided');
    const detail = await c.get('/transaction/detail', {
      checksum: paid.inquiry.checksum,
      reff_id: paid.inquiry.idtransaksi,
      id_product: 'TRANSFERBANK',
      uuid_user: paid.inquiry.uuid_user,
    });
    expect(detail.rc).toBe('01');
    expect(detail.rd).toBe(
      'The transfer was rejected by the destination bank. The money has been returned to your balance.',
    );
    await expectConsistent(t, c);
  });

  it('OTP: a wrong code counts, the fifth wrong try locks it, even the right code then', async () => {
    const paid = await prepare(c);
    const wrong = paid.otp === '000000' ? '000001' : '000000';
    for (let attempt = 1; attempt <= 4; attempt++) {
      const res = await c.post('/transaction/cashout_payment', { ...paid.payment, pin: wrong });
      expect(res.rd).toBe(`Wrong OTP. ${5 - attempt} tries left.`);
    }
    const fifth = await c.post('/transaction/cashout_payment', { ...paid.payment, pin: wrong });
    expect(fifth.rd).toBe('Too many wrong OTP attempts. Please check again to get a new OTP.');
    const right = await c.post('/transaction/cashout_payment', paid.payment);
    expect(right.rd).toBe('Too many wrong OTP attempts. Please check again to get a new OTP.');
    // A new OTP for the same inquiry works again (and replaces the locked one).
    const renewed = await c.post('/transaction/create_otp', {
      password: DEMO_PASSWORD,
      nominal_transfer: paid.inquiry.nominal,
      idtransaksi: paid.inquiry.idtransaksi,
    });
    expect(renewed.rc).toBe('00');
    const fresh = await latestOtp(c);
    const stale = await c.post('/transaction/cashout_payment', {
      ...paid.payment,
      pin: paid.otp === fresh ? wrong : paid.otp,
    });
    expect(stale.rd).toMatch(/^Wrong OTP\./);
    const ok = await c.post('/transaction/cashout_payment', { ...paid.payment, pin: fresh });
    expect(ok.rc, ok.rd).toBe('00');
    await expectConsistent(t, c);
  });

  it('OTP: 20 parallel wrong codes get at most 5 comparisons, then the right code is refused', async () => {
    const paid = await prepare(c);
    const wrong = paid.otp === '000000' ? '000001' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        c.post('/transaction/cashout_payment', { ...paid.payment, pin: wrong }),
      ),
    );
    const otp = await withdrawOtpOf(t, paid.inquiry.idtransaksi);
    expect(otp.wrong_tries).toBe(5);
    // Each "tries left" count is answered once at most: no two requests compared on the same try.
    const left = answers.map((a) => a.rd).filter((rd) => /^Wrong OTP\./.test(rd));
    expect(left.length).toBeLessThanOrEqual(4);
    expect(new Set(left).size).toBe(left.length);
    expect(answers.every((a) => a.rc !== '00')).toBe(true);
    const right = await c.post('/transaction/cashout_payment', paid.payment);
    expect(right.rd).toBe('Too many wrong OTP attempts. Please check again to get a new OTP.');
    await expectConsistent(t, c);
  });

  it('OTP: 20 parallel checks of a wrong code compare at most 5 times (at the check itself)', async () => {
    // PGlite runs whole requests one after another; at the check, the reads and writes interleave.
    const paid = await prepare(c);
    const wrong = paid.otp === '000000' ? '000001' : '000000';
    const inquiry = await t.services.db
      .selectFrom('withdraw_inquiries')
      .selectAll()
      .where('id_transaksi', '=', paid.inquiry.idtransaksi)
      .executeTakeFirstOrThrow();
    const ctx = t.services;
    const checks = await Promise.all(
      Array.from({ length: 20 }, () => checkOtp(ctx, inquiry, wrong)),
    );
    const keys = checks.map((check) => (check.ok ? 'ok' : check.error.messageKey));
    expect(keys.filter((key) => key === 'withdraw.otpWrong')).toHaveLength(4);
    expect(keys.filter((key) => key === 'withdraw.otpLocked')).toHaveLength(16);
    const otp = await withdrawOtpOf(t, inquiry.id_transaksi);
    expect(otp.wrong_tries).toBe(5);
    expect((await checkOtp(ctx, inquiry, paid.otp)).ok).toBe(false);
  });

  it('OTP: expires after 10 minutes and is bound to its inquiry', async () => {
    const a = await prepare(c);
    const b = await prepare(c);
    // b's OTP does not pay a (each inquiry has its own code; a's current code is a.otp).
    if (a.otp !== b.otp) {
      const crossed = await c.post('/transaction/cashout_payment', { ...a.payment, pin: b.otp });
      expect(crossed.rd).toMatch(/^Wrong OTP\./);
    }
    t.clock.advance(10 * 60_000 + 1_000);
    const expired = await c.post('/transaction/cashout_payment', b.payment);
    expect(expired.rd).toBe('The OTP has expired. Please check again to get a new OTP.');
    t.clock.advance(5 * 60_000);
    const inquiryGone = await c.post('/transaction/cashout_payment', b.payment);
    expect(inquiryGone.rd).toBe('This inquiry has expired. Please check again.');
    const noOtpForExpired = await c.post('/transaction/create_otp', {
      password: DEMO_PASSWORD,
      nominal_transfer: b.inquiry.nominal,
      idtransaksi: b.inquiry.idtransaksi,
    });
    expect(noOtpForExpired.rd).toBe('This inquiry has expired. Please check again.');
    await expectConsistent(t, c);
  });

  it('create_otp checks the password and the amount, and mails at most 5 codes per inquiry', async () => {
    const inquiry = await c.post('/transaction/cashout_inquiry', bankInquiry());
    const base = {
      password: DEMO_PASSWORD,
      nominal_transfer: 100_000,
      idtransaksi: inquiry.data.idtransaksi,
    };
    expect((await c.post('/transaction/create_otp', { ...base, password: 'nope' })).rd).toBe(
      'Wrong account password.',
    );
    expect(
      (await c.post('/transaction/create_otp', { ...base, nominal_transfer: 99_999 })).rd,
    ).toBe('The amount does not match the inquiry.');
    expect((await c.post('/transaction/create_otp', { ...base, idtransaksi: 'WD000' })).rd).toBe(
      'The transaction was not found. Please check again.',
    );
    for (let i = 0; i < 5; i++)
      expect((await c.post('/transaction/create_otp', base)).rc).toBe('00');
    expect((await c.post('/transaction/create_otp', base)).rd).toBe(
      'Too many OTP requests for this inquiry. Please check again.',
    );
    // Another agent cannot see or use this inquiry.
    const other = await t.loginAs('h2h@demo.id', { lang: 'en' });
    expect((await other.post('/transaction/create_otp', base)).rd).toBe(
      'The transaction was not found. Please check again.',
    );
  });

  it('withdraws to an e-wallet with the e-wallet pricing', async () => {
    const before = await ledgerBalance(t, 'partner@demo.id');
    const paid = await prepare(
      c,
      {
        ...bankInquiry({ number: '0812-3456-7812', nominal: 50_000 }),
        produk: 'OVO',
        code: undefined,
      },
      'ewallet',
    );
    expect(paid.inquiry.nominal_admin).toBe(1_500);
    expect(paid.inquiry.produkname).toBe('OVO');
    // An e-wallet inquiry is paid with ewallet_payment, not cashout_payment.
    expect((await c.post('/transaction/cashout_payment', paid.payment)).rd).toBe(
      'The transaction was not found. Please check again.',
    );
    const res = await c.post('/transaction/ewallet_payment', paid.payment);
    expect(res.rc, res.rd).toBe('00');
    expect(res.data.status_trx).toBe('SUCCESS');
    expect(await ledgerBalance(t, 'partner@demo.id')).toBe(before - 51_500);
    await expectConsistent(t, c);
  });

  it('withdraws cash at Indomaret: IDMTARIKTUNAI maps to INDOMARET, the receipt has the pickup code and how to collect', async () => {
    const before = await ledgerBalance(t, 'partner@demo.id');
    const paid = await prepare(
      c,
      bankInquiry({ code: 'IDMTARIKTUNAI', number: '081298765432', nominal: 200_000 }),
    );
    expect(paid.inquiry.bank_code).toBe('INDOMARET');
    expect(paid.inquiry.nominal_admin).toBe(3_500);
    const res = await c.post('/transaction/cashout_payment', paid.payment);
    expect(res.rc, res.rd).toBe('00');
    expect(res.data.token_code).toMatch(/^\d{12}$/);
    expect(res.data.note).toContain(res.data.token_code);
    expect(res.data.note).toContain('Indomaret');
    expect(res.data.tabledata['KODE PENGAMBILAN']).toBe(res.data.token_code);
    expect(res.data.tabledata['CARA BAYAR']).toBe(res.data.note);
    expect(await ledgerBalance(t, 'partner@demo.id')).toBe(before - 203_500);
    const id = await t.loginAs('partner@demo.id', { lang: 'id' });
    const detail = await id.get('/transaction/detail', {
      checksum: paid.inquiry.checksum,
      reff_id: paid.inquiry.idtransaksi,
      id_product: 'IDMTARIKTUNAI',
      uuid_user: paid.inquiry.uuid_user,
    });
    expect(detail.data.tabledata['CARA BAYAR']).toMatch(/^Tunjukkan KODE PENGAMBILAN/);
    await expectConsistent(t, c);
  });

  it('answers the invoice PDF for the agent only, and redirects api/invoice to the invoice page', async () => {
    const paid = await prepare(c);
    const res = await c.post('/transaction/cashout_payment', paid.payment);
    const date = res.data.transaction_date as string;
    const pdf = await c.get('/invoice/invoice_trx', {
      brand: 'gerbang',
      id_transaksi: res.data.id_transaksi,
      date,
    });
    expect(pdf.rc).toBe('00');
    const bytes = Buffer.from(pdf.data as string, 'base64');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const wrongDate = await c.get('/invoice/invoice_trx', {
      id_transaksi: res.data.id_transaksi,
      date: '2001-01-01',
    });
    expect(wrongDate.rc).toBe('404');
    const other = await t.loginAs('aggregator@demo.id', { lang: 'en' });
    const foreign = await other.get('/invoice/invoice_trx', {
      id_transaksi: res.data.id_transaksi,
      date,
    });
    expect(foreign.rc).toBe('404');
    expect(foreign.rd).toBe('Invoice not found.');
    const redirect = await t.app.inject({
      method: 'GET',
      url: `/api/invoice?id_transaksi=${res.data.id_transaksi}&date=${date}&token=abc`,
    });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(`/invoice/${res.data.id_transaksi}/${date}`);
  });

  it('lists banks, e-wallets, retail, product codes and the favourite destinations', async () => {
    const banks = await c.get('/transaction/list_bank');
    expect(banks.data).toContainEqual({ kodebank: '014', namabank: 'Bank BCA' });
    expect(banks.data).toContainEqual({
      kodebank: '451',
      namabank: 'Bank Syariah Indonesia (BSI)',
    });
    expect((await c.get('/data/ewallet_list_web')).data).toContainEqual({
      id_produk: 'OVO',
      nama_produk: 'OVO',
    });
    expect((await c.get('/data/retail_list_web')).data).toEqual([
      { id_produk: 'IDMTARIKTUNAI', nama_produk: 'Indomaret Tarik Tunai' },
    ]);
    expect((await c.get('/data/kode_produk')).data).toContainEqual({
      kode_produk: 'TRANSFERBANK',
      id_produk: 'TRANSFERBANK',
      nama_produk: 'Transfer Bank',
    });
    const stored = await c.get('/data/transaction_destination_stored_mobile', {
      email: 'partner@demo.id',
      offset: 0,
      limit: 100,
    });
    expect(stored.rc).toBe('00');
    expect(stored.data.length).toBeGreaterThanOrEqual(4);
    for (const row of stored.data) {
      expect(Object.keys(row).sort()).toEqual([
        'accountname',
        'accountnumber',
        'id',
        'kodebank',
        'label',
        'namabank',
        'tags',
        'type',
      ]);
      // The favourite list is the beneficiary book (label, tags; VA destinations).
      expect(['BANK', 'EWALLET', 'VA']).toContain(row.type);
    }
    expect(
      (await c.get('/data/transaction_destination_stored_mobile', { limit: 101 })).rc,
    ).not.toBe('00');
    expect((await c.get('/data/transaction_destination_stored', { limit: 1000 })).rc).toBe('00');
    expect((await c.get('/data/transaction_destination_stored', { limit: 1001 })).rc).not.toBe(
      '00',
    );
    // Favourites are per agent: another agent sees none of the partner's.
    const other = await t.loginAs('h2h@demo.id');
    expect((await other.get('/data/transaction_destination_stored')).data).toEqual([]);
    const logo = await t.app.inject({ method: 'GET', url: '/api/transaction/bank_logo/014' });
    expect(logo.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(logo.body).toContain('BCA');
  });
});
