import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCallbacksOnce } from '../../src/modules/callbacks/deliver';
import { runOnce as runHousekeeping } from '../../src/modules/snap/housekeeping';
import { SNAP_SERVICES } from '../../src/modules/snap/services';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';
import { errorsOf, notificationValidator } from './contract';
import {
  agentIdOf,
  newKeyPair,
  otpFor,
  type Partner,
  registerPartner,
  rupiah,
  snapClient,
  TEN_WIB,
} from './partner';

/**
 * The SNAP partner API driven by a client written from the standard (partner.ts, plain
 * node:crypto): token issue and expiry, each signature failure, the IP whitelist, the X-EXTERNAL-ID
 * and partnerReferenceNo conflicts (moving nothing, the status answering the first result),
 * insufficient funds, sandbox apart from production, the rate limit, and a VA paid in the
 * simulator whose SNAP notification arrives signed. The clock is fixed at 10:00 WIB on a Monday
 * (banks open), so the file passes at any hour.
 */

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/snap-notify`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(testDatabases())('SNAP partner API on %s', (kind) => {
  let t: TestApp;
  let portal: TestClient;
  let partner: Partner;
  let snap: ReturnType<typeof snapClient>;
  let agentId: number;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    t = await createTestApp(kind, { clockAt: TEN_WIB });
    receiver = await startReceiver();
    portal = await t.loginAs('partner@demo.id', { lang: 'en' });
    partner = await registerPartner(t, portal, { ips: '127.0.0.1', signature: true });
    snap = snapClient(t, partner);
    agentId = await agentIdOf(t, 'partner@demo.id');
  }, 180_000);
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  async function available(token: string): Promise<number> {
    const res = await snap.call('/snap/v1.0/balance-inquiry', {}, { token });
    expect(res.body.responseCode, JSON.stringify(res.body)).toBe('2001100');
    return Number(res.body.accountInfos[0].availableBalance.value.slice(0, -3));
  }

  /** The payer pays in the rails simulator (docs/rails-simulator.md), as a bank app would. */
  const payInSimulator = (channel: string, number: string, amount: number) =>
    t.client().post('/dev/simulator/pay', { channel, number, amount, environment: 'production' });

  const countTransfers = async () =>
    Number(
      (
        await t.services.db
          .selectFrom('snap_transfers')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('agent_id', '=', agentId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('issues a 900-second bearer token for an RSA signature and audits it', async () => {
    const res = await snap.accessToken();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      responseCode: '2007300',
      responseMessage: 'Successful',
      tokenType: 'Bearer',
      expiresIn: '900',
    });
    expect(res.body.accessToken).toMatch(/^\S{20,}$/);
    const audit = await t.services.db
      .selectFrom('audit_log')
      .select(['target'])
      .where('action', '=', 'snap_access_token')
      .where('agent_id', '=', agentId)
      .execute();
    expect(audit.map((a) => a.target)).toContain(partner.clientId);
  });

  it('refuses a token for a wrong key, an old timestamp, an unknown client', async () => {
    const wrongKey = await snap.accessToken({ key: newKeyPair().privateKey });
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.body.responseCode).toBe('4017300');
    const old = await snap.accessToken({ at: new Date(t.clock.now.getTime() - 6 * 60_000) });
    expect(old.body.responseCode).toBe('4017300');
    const unknown = await snap.accessToken({ clientId: 'GBP-NOSUCHCLIENT' });
    expect(unknown.body.responseCode).toBe('4017300');
  });

  it('refuses every signature failure of a service call with 401xx00', async () => {
    const token = await snap.token();
    const ok = await snap.call('/snap/v1.0/balance-inquiry', {}, { token });
    expect(ok.body.responseCode).toBe('2001100');
    const wrongSecret = await snap.call(
      '/snap/v1.0/balance-inquiry',
      {},
      { token, secret: 'nope' },
    );
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.body.responseCode).toBe('4011100');
    const wrongBody = await snap.call(
      '/snap/v1.0/balance-inquiry',
      { accountNo: '1' },
      { token, signedBody: '{"accountNo":"2"}' },
    );
    expect(wrongBody.body.responseCode).toBe('4011100');
    const old = await snap.call(
      '/snap/v1.0/balance-inquiry',
      {},
      { token, at: new Date(t.clock.now.getTime() - 5 * 60_000 - 5_000) },
    );
    expect(old.body.responseCode).toBe('4011100');
    const future = await snap.call(
      '/snap/v1.0/balance-inquiry',
      {},
      { token, at: new Date(t.clock.now.getTime() + 5 * 60_000 + 5_000) },
    );
    expect(future.body.responseCode).toBe('4011100');
    const noToken = await snap.call('/snap/v1.0/balance-inquiry', {}, { token: 'forged' });
    expect(noToken.body.responseCode).toBe('4011101');
  });

  it('a token expires after 900 seconds', async () => {
    const token = await snap.token();
    t.clock.advance(899_000);
    expect((await snap.call('/snap/v1.0/balance-inquiry', {}, { token })).body.responseCode).toBe(
      '2001100',
    );
    t.clock.advance(2_000);
    const expired = await snap.call('/snap/v1.0/balance-inquiry', {}, { token });
    expect(expired.status).toBe(401);
    expect(expired.body.responseCode).toBe('4011101');
    t.clock.set(TEN_WIB);
  });

  it('refuses an address outside the whitelist, also behind a forged X-Forwarded-For', async () => {
    const outside = await snap.accessToken({ ip: '198.51.100.7' });
    expect(outside.status).toBe(403);
    expect(outside.body.responseCode).toBe('4037301');
    const token = await snap.token();
    const call = await snap.call(
      '/snap/v1.0/balance-inquiry',
      {},
      {
        token,
        ip: '198.51.100.7',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      },
    );
    expect(call.status).toBe(403);
    expect(call.body.responseCode).toBe('4031101');
  });

  it('transfers once: a reused X-EXTERNAL-ID and a duplicate partnerReferenceNo move nothing', async () => {
    const token = await snap.token();
    const before = await available(token);
    const transfer = (partnerReferenceNo: string, externalId?: string) =>
      snap.call(
        '/snap/v1.0/transfer-interbank',
        {
          partnerReferenceNo,
          amount: rupiah(100_000),
          beneficiaryAccountNo: '1234567890',
          beneficiaryBankCode: '014',
          sourceAccountNo: '',
          transactionDate: '2026-11-23T10:00:00+07:00',
          additionalInfo: {},
        },
        { token, externalId },
      );
    const first = await transfer('INV-0001', 'EXT-A-1');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.responseCode).toBe('2001800');
    const fee = Number(first.body.additionalInfo.fee.value.slice(0, -3));
    expect(fee).toBeGreaterThan(0);
    const afterFirst = await available(token);
    expect(afterFirst).toBe(before - 100_000 - fee);

    // The portal's transaction row carries X-EXTERNAL-ID as the partner reference.
    const row = await t.services.db
      .selectFrom('transactions')
      .select(['partner_reff_va', 'status_trx', 'nominal_origin', 'nominal_admin'])
      .where('id_transaksi', '=', first.body.referenceNo)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      partner_reff_va: 'EXT-A-1',
      status_trx: 'SUCCESS',
      nominal_origin: 100_000,
      nominal_admin: fee,
    });

    const reusedExternal = await transfer('INV-0002', 'EXT-A-1');
    expect(reusedExternal.status).toBe(409);
    expect(reusedExternal.body.responseCode).toBe('4091800');
    const duplicate = await transfer('INV-0001', 'EXT-A-2');
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.responseCode).toBe('4091801');
    // Parallel duplicates of a new reference: one moves money, the rest are refused.
    const parallel = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => transfer('INV-0003', `EXT-P-${i}`)),
    );
    const codes = parallel.map((r) => r.body.responseCode).sort();
    expect(codes).toEqual(['2001800', '4091801', '4091801', '4091801', '4091801']);
    expect(await available(token)).toBe(afterFirst - 100_000 - fee);
    expect(await countTransfers()).toBe(2);
    // A burst of references read together (one read per partner's burst), one of them taken:
    // that one alone is refused, each new one moves its own money.
    const burst = await Promise.all(
      ['INV-0001', 'INV-0004', 'INV-0005', 'INV-0006'].map((ref, i) => transfer(ref, `EXT-B-${i}`)),
    );
    expect(burst.map((r) => r.body.responseCode)).toEqual([
      '4091801',
      '2001800',
      '2001800',
      '2001800',
    ]);
    for (const answer of burst.slice(1))
      expect(answer.body.additionalInfo.fee.value).toBe(`${fee}.00`);
    expect(await available(token)).toBe(afterFirst - 4 * (100_000 + fee));
    expect(await countTransfers()).toBe(5);

    const status = await snap.call(
      '/snap/v1.0/transfer/status',
      { originalPartnerReferenceNo: 'INV-0001', serviceCode: '18' },
      { token },
    );
    expect(status.body).toMatchObject({
      responseCode: '2003600',
      originalReferenceNo: first.body.referenceNo,
      originalPartnerReferenceNo: 'INV-0001',
      originalExternalId: 'EXT-A-1',
      latestTransactionStatus: '00',
      amount: rupiah(100_000),
    });
    const unknown = await snap.call(
      '/snap/v1.0/transfer/status',
      { originalPartnerReferenceNo: 'NOPE', serviceCode: '18' },
      { token },
    );
    expect(unknown.body.responseCode).toBe('4043601');
  });

  it('an approval policy applies to API transfers only when the agent says so: then the answer is in progress until approved', async () => {
    const token = await snap.token();
    const tiers = { withdraw: [{ up_to: null, approvers: 1 }], bulk: [], remittance: [] };
    const policy = (applies: boolean) =>
      portal.post('/approvals/policy', { expiry_hours: 24, applies_to_api: applies, tiers });
    const transfer = (partnerReferenceNo: string) =>
      snap.call(
        '/snap/v1.0/transfer-interbank',
        {
          partnerReferenceNo,
          amount: rupiah(200_000),
          beneficiaryAccountNo: '1234567890',
          beneficiaryBankCode: '014',
          sourceAccountNo: '',
          transactionDate: '2026-11-23T10:00:00+07:00',
          additionalInfo: {},
        },
        { token },
      );
    const status = (ref: string) =>
      snap.call(
        '/snap/v1.0/transfer/status',
        { originalPartnerReferenceNo: ref, serviceCode: '18' },
        { token },
      );
    // Default off: the portal's withdraw tier does not hold an API transfer.
    expect((await policy(false)).rc).toBe('00');
    expect((await transfer('APR-OFF-1')).body.responseCode).toBe('2001800');

    expect((await policy(true)).rc).toBe('00');
    const before = await available(token);
    const held = await transfer('APR-ON-1');
    expect(held.status, JSON.stringify(held.body)).toBe(202);
    expect(held.body.responseCode).toBe('2021800');
    expect(held.body.additionalInfo.latestTransactionStatus).toBe('03');
    const fee = Number(held.body.additionalInfo.fee.value.slice(0, -3));
    expect(await available(token)).toBe(before - 200_000 - fee);
    expect((await status('APR-ON-1')).body.latestTransactionStatus).toBe('03');

    const request = await t.services.db
      .selectFrom('approval_requests')
      .select(['id', 'kind', 'maker_user_id'])
      .where('reference', '=', held.body.referenceNo)
      .executeTakeFirstOrThrow();
    expect(request).toMatchObject({ kind: 'api', maker_user_id: null });
    const staff = await t.loginAs('staff@demo.id', { lang: 'en' });
    const approved = await staff.post('/approvals/approve', { ids: [request.id], pin: '123456' });
    expect(approved.data.results[0].outcome).toBe('released');
    expect((await status('APR-ON-1')).body.latestTransactionStatus).toBe('00');
    expect(await available(token)).toBe(before - 200_000 - fee);
    expect((await policy(false)).rc).toBe('00');
  });

  it('refuses above 50,000,000 and without funds, moving nothing', async () => {
    const token = await snap.token();
    const before = await available(token);
    const count = await countTransfers();
    const over = await snap.call(
      '/snap/v1.0/transfer-interbank',
      {
        partnerReferenceNo: 'BIG-1',
        amount: rupiah(50_000_001),
        beneficiaryAccountNo: '1234567890',
        beneficiaryBankCode: '014',
      },
      { token },
    );
    expect(over.body.responseCode).toBe('4031802');
    // More than is available, within the limit (the demo partner holds about 25,000,000).
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(50_000_000);
    const amount = before + 1;
    {
      const short = await snap.call(
        '/snap/v1.0/transfer-interbank',
        {
          partnerReferenceNo: 'SHORT-1',
          amount: rupiah(amount),
          beneficiaryAccountNo: '1234567890',
          beneficiaryBankCode: '014',
        },
        { token },
      );
      expect(short.status).toBe(403);
      expect(short.body.responseCode).toBe('4031814');
    }
    expect(await available(token)).toBe(before);
    expect(await countTransfers()).toBe(count);
    const bad = await snap.call(
      '/snap/v1.0/transfer-interbank',
      { partnerReferenceNo: 'BAD-1', amount: { value: '10.5', currency: 'IDR' } },
      { token },
    );
    expect(bad.body.responseCode).toBe('4001801');
    const missing = await snap.call('/snap/v1.0/transfer-interbank', {}, { token });
    expect(missing.body.responseCode).toBe('4001802');
  });

  it('creates a VA, the simulator pays it, and the SNAP notification arrives signed', async () => {
    const cb = await portal.post('/control/setting_callback_url', {
      ...(await otpFor(t, portal, 'callback')),
      id: 1,
      url: receiver.url,
    });
    expect(cb.rc, cb.rd).toBe('00');
    const token = await snap.token();
    const created = await snap.call(
      '/snap/v1.0/transfer-va/create-va',
      {
        virtualAccountName: 'Budi Santoso',
        trxId: 'ORDER-77',
        totalAmount: rupiah(150_000),
        virtualAccountTrxType: 'C',
        expiredDate: '2026-11-24T10:00:00+07:00',
        additionalInfo: { bankCode: '014' },
      },
      { token },
    );
    expect(created.body.responseCode, JSON.stringify(created.body)).toBe('2002700');
    const va = created.body.virtualAccountData;
    expect(va.trxId).toBe('ORDER-77');
    expect(va.partnerServiceId + va.customerNo).toBe(va.virtualAccountNo);

    const again = await snap.call(
      '/snap/v1.0/transfer-va/create-va',
      {
        virtualAccountName: 'Budi',
        trxId: 'ORDER-77',
        totalAmount: rupiah(1_000),
        expiredDate: '2026-11-24T10:00:00+07:00',
        additionalInfo: { bankCode: '014' },
      },
      { token },
    );
    expect(again.body.responseCode).toBe('4092701');

    const inquiry = await snap.call(
      '/snap/v1.0/transfer-va/inquiry-va',
      { ...pick(va), trxId: 'ORDER-77' },
      { token },
    );
    expect(inquiry.body.responseCode).toBe('2003000');
    expect(inquiry.body.virtualAccountData.totalAmount).toEqual(rupiah(150_000));

    const paid = await payInSimulator('va', va.virtualAccountNo, 150_000);
    expect(paid.rc, paid.rd).toBe('00');
    const paymentId = paid.data.id_transaksi;

    await runCallbacksOnce(t.services, { idlePollMs: 20 });
    const snapShaped = receiver.received.filter(
      (r) => r.headers['x-callback-type'] === 'va_payment',
    );
    expect(snapShaped).toHaveLength(1);
    const note = snapShaped[0]!;
    const body = JSON.parse(note.body);
    const documented = notificationValidator();
    expect(documented(body), errorsOf(documented)).toBe(true);
    expect(body).toMatchObject({
      virtualAccountNo: va.virtualAccountNo,
      trxId: 'ORDER-77',
      paymentRequestId: paymentId,
      paidAmount: rupiah(150_000),
      latestTransactionStatus: '00',
    });
    // Signed as every callback: hex HMAC-SHA512 of `timestamp.body` with the signature key.
    const expected = createHmac('sha512', partner.signatureKey!)
      .update(`${note.headers['x-callback-timestamp']}.${note.body}`)
      .digest('hex');
    expect(note.headers['x-signature']).toBe(expected);

    const status = await snap.call(
      '/snap/v1.0/transfer-va/status',
      { ...pick(va), trxId: 'ORDER-77' },
      { token },
    );
    expect(status.body.virtualAccountData).toMatchObject({
      paymentFlagStatus: '00',
      paymentRequestId: paymentId,
      paidAmount: rupiah(150_000),
    });
    // A paid closed VA cannot be changed.
    const update = await snap.call(
      '/snap/v1.0/transfer-va/update-va',
      { ...pick(va), trxId: 'ORDER-77', totalAmount: rupiah(1_000) },
      { token },
    );
    expect(update.body.responseCode).toBe('4042812');
  });

  it('updates and deletes an unpaid VA; a deleted VA takes no payment', async () => {
    const token = await snap.token();
    const created = await snap.call(
      '/snap/v1.0/transfer-va/create-va',
      {
        virtualAccountName: 'Sari',
        trxId: 'ORDER-88',
        totalAmount: rupiah(20_000),
        expiredDate: '2026-11-24T10:00:00+07:00',
        additionalInfo: { bankCode: '014' },
      },
      { token },
    );
    const va = created.body.virtualAccountData;
    const updated = await snap.call(
      '/snap/v1.0/transfer-va/update-va',
      { ...pick(va), trxId: 'ORDER-88', totalAmount: rupiah(25_000) },
      { token },
    );
    expect(updated.body.responseCode, JSON.stringify(updated.body)).toBe('2002800');
    expect(updated.body.virtualAccountData.totalAmount).toEqual(rupiah(25_000));
    const deleted = await snap.call(
      '/snap/v1.0/transfer-va/delete-va',
      { ...pick(va), trxId: 'ORDER-88' },
      { token },
    );
    expect(deleted.body.responseCode).toBe('2003100');
    const paid = await payInSimulator('va', va.virtualAccountNo, 25_000);
    expect(paid.rc).toBe('01');
    expect(paid.data.reason).toBe('ALREADY_PAID');
  });

  it('generates and queries a QRIS', async () => {
    const token = await snap.token();
    const qr = await snap.call(
      '/snap/v1.0/qr/qr-mpm-generate',
      { partnerReferenceNo: 'QR-1', amount: rupiah(30_000) },
      { token },
    );
    expect(qr.body.responseCode, JSON.stringify(qr.body)).toBe('2004700');
    expect(qr.body.qrContent).toMatch(/^000201/);
    const pending = await snap.call(
      '/snap/v1.0/qr/qr-mpm-query',
      { originalPartnerReferenceNo: 'QR-1', serviceCode: '47' },
      { token },
    );
    expect(pending.body.latestTransactionStatus).toBe('03');
    const paid = await payInSimulator('qris', qr.body.qrContent, 30_000);
    expect(paid.rc, paid.rd).toBe('00');
    const done = await snap.call(
      '/snap/v1.0/qr/qr-mpm-query',
      { originalPartnerReferenceNo: 'QR-1', serviceCode: '47' },
      { token },
    );
    expect(done.body.latestTransactionStatus).toBe('00');
  });

  it('keeps sandbox apart: sandbox credentials see and move sandbox money only', async () => {
    const sandbox = await t.loginAs('partner@demo.id', { lang: 'en' });
    expect((await sandbox.post('/control/change_environment_sandbox')).rc).toBe('00');
    const sandboxPartner = await registerPartner(t, sandbox, { ips: '127.0.0.1' });
    expect(sandboxPartner.clientId).toMatch(/^GBS-/);
    expect(partner.clientId).toMatch(/^GBP-/);
    const s = snapClient(t, sandboxPartner);
    const token = await s.token();
    // A sandbox token is not a production one: the production client id does not go with it.
    const balances = await s.call('/snap/v1.0/balance-inquiry', {}, { token });
    const sandboxAvailable = Number(
      balances.body.accountInfos[0].availableBalance.value.slice(0, -3),
    );
    const prodToken = await snap.token();
    const production = await available(prodToken);
    const sandboxLedger = await t.services.balances.read(agentId, 'sandbox');
    expect(sandboxAvailable).toBe(sandboxLedger.balance);
    expect((await t.services.balances.read(agentId, 'production')).balance).toBe(production);
    const crossed = await snap.call('/snap/v1.0/balance-inquiry', {}, { token });
    expect(crossed.body.responseCode).toBe('4011100');
  });

  it('limits calls per partner per minute with 429 and Retry-After', async () => {
    const token = await snap.token();
    await t.services.db
      .updateTable('agent_credentials')
      .set({ snap_rate_per_minute: 3 })
      .where('agent_id', '=', agentId)
      .where('environment', '=', 'production')
      .execute();
    await t.services.db.deleteFrom('snap_rate_windows').where('agent_id', '=', agentId).execute();
    try {
      const answers = await Promise.all(
        [1, 2, 3, 4, 5].map(() => snap.call('/snap/v1.0/balance-inquiry', {}, { token })),
      );
      const limited = answers.filter((a) => a.status === 429);
      expect(limited).toHaveLength(2);
      expect(limited[0]!.body.responseCode).toBe('4291100');
      expect(Number(limited[0]!.headers['retry-after'])).toBeGreaterThan(0);
      // Calls that arrive together are admitted in one statement: one X-EXTERNAL-ID sent twice
      // at once is reserved by one call, the other is refused.
      await t.services.db.deleteFrom('snap_rate_windows').where('agent_id', '=', agentId).execute();
      const same = await Promise.all(
        [1, 2].map(() =>
          snap.call('/snap/v1.0/balance-inquiry', {}, { token, externalId: 'EXT-TWICE-AT-ONCE' }),
        ),
      );
      expect(same.map((a) => a.status).sort()).toEqual([200, 409]);
    } finally {
      await t.services.db
        .updateTable('agent_credentials')
        .set({ snap_rate_per_minute: 600 })
        .where('agent_id', '=', agentId)
        .execute();
    }
  });

  it('shows the calls in the API log page, secrets masked', async () => {
    const log = await portal.get('/control/snap_api_log', { per_page: 100 });
    expect(log.rc, log.rd).toBe('00');
    const rows = log.data.rows as Array<Record<string, any>>;
    const transfer = rows.find((r) => r.external_id === 'EXT-A-1' && r.http_status === 200);
    expect(rows.some((r) => r.external_id === 'EXT-A-1' && r.response_code === '4091800')).toBe(
      true,
    );
    expect(transfer).toMatchObject({
      path: '/snap/v1.0/transfer-interbank',
      response_code: '2001800',
      http_status: 200,
    });
    expect(transfer!.latency_ms).toBeGreaterThanOrEqual(0);
    const tokenRow = rows.find(
      (r) => r.path === '/snap/v1.0/access-token/b2b' && r.http_status === 200,
    );
    expect(tokenRow!.response_body).toContain('"accessToken":"***"');
    expect(JSON.stringify(rows)).not.toContain(partner.clientSecret);
  });

  it("housekeeping drops expired tokens, past days' external ids and old log lines only", async () => {
    const db = t.services.db;
    const count = async (table: 'snap_tokens' | 'snap_external_ids' | 'snap_api_log') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirst()
        )?.n ?? 0,
      );
    const started = t.clock.now;
    try {
      await snap.token();
      await snap.call('/snap/v1.0/balance-inquiry', {}, { token: await snap.token() });
      const fresh = {
        tokens: await count('snap_tokens'),
        ids: await count('snap_external_ids'),
        log: await count('snap_api_log'),
      };
      expect(fresh.tokens).toBeGreaterThan(0);
      expect(fresh.ids).toBeGreaterThan(0);
      expect(fresh.log).toBeGreaterThan(0);
      // Nothing is out of date yet: a pass removes nothing.
      expect(await runHousekeeping(t.services)).toEqual({ tokens: 0, externalIds: 0, logLines: 0 });
      // Two days on: tokens and the reservations of two days ago go, the log stays (90 days).
      t.clock.advance(2 * 24 * 3600_000);
      const later = await runHousekeeping(t.services);
      expect(later.tokens).toBe(fresh.tokens);
      expect(later.externalIds).toBe(fresh.ids);
      expect(later.logLines).toBe(0);
      expect(await count('snap_api_log')).toBe(fresh.log);
      t.clock.advance(89 * 24 * 3600_000);
      expect((await runHousekeeping(t.services)).logLines).toBe(fresh.log);
      expect(await count('snap_api_log')).toBe(0);
    } finally {
      t.clock.set(started);
    }
  });

  it('serves the OpenAPI 3.1 document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/snap/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const transfer = doc.paths['/snap/v1.0/transfer-interbank'].post;
    const ref: string = transfer.requestBody.content['application/json'].schema.$ref;
    const schema = doc.components.schemas[ref.split('/').pop()!];
    expect(schema.required).toEqual(
      expect.arrayContaining(['partnerReferenceNo', 'amount', 'beneficiaryAccountNo']),
    );
    expect(doc.paths['/snap/v1.0/qr/qr-mpm-refund'].post.requestBody).toBeDefined();
    // The access token and every signed service.
    expect(Object.keys(doc.paths)).toHaveLength(SNAP_SERVICES.length + 1);
  });
});

function pick(va: Record<string, string>) {
  return {
    partnerServiceId: va.partnerServiceId,
    customerNo: va.customerNo,
    virtualAccountNo: va.virtualAccountNo,
  };
}
