import { generateKeyPairSync, sign, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCallbacksOnce } from '../../src/modules/callbacks/deliver';
import {
  providerKey,
  providerKeyOf,
  registerProviderKeySource,
} from '../../src/modules/snap/provider-key';
import { startReceiver } from '../callbacks/receiver';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';
import { errorsOf, snapDocument, snapNotificationValidator } from './contract';
import {
  agentIdOf,
  otpFor,
  type Partner,
  registerPartner,
  rupiah,
  sha256Hex,
  snapClient,
  TEN_WIB,
} from './partner';

/**
 * The SNAP-signed payment notification: a VA or QRIS paid in the rails simulator reaches a local
 * receiver with the SNAP headers and an RSA signature that this file verifies with node:crypto
 * alone, from the standard's description, against the public key the server publishes — never
 * with the server's signer. A body changed in transit does not verify; a receiver that answers
 * 500 (or 2xx without the success code) is retried on the callback schedule until it takes it.
 * The clock is fixed at 10:00 WIB on a Monday.
 */

const VA_PATH = '/partner/v1.0/transfer-va/payment?tenant=7';
const QRIS_PATH = '/partner/v1.0/qr/qr-mpm-notify';

/** The standard's string to sign of an asymmetric notification, written out from its text. */
function verifies(publicPem: string, path: string, raw: string, headers: Record<string, unknown>) {
  const minified = JSON.stringify(JSON.parse(raw));
  const stringToSign = `POST:${path}:${sha256Hex(minified)}:${headers['x-timestamp']}`;
  return verify(
    'RSA-SHA256',
    Buffer.from(stringToSign, 'utf8'),
    publicPem,
    Buffer.from(String(headers['x-signature']), 'base64'),
  );
}

describe.each(testDatabases())('SNAP-signed payment notification on %s', (kind) => {
  let t: TestApp;
  let portal: TestClient;
  let partner: Partner;
  let snap: ReturnType<typeof snapClient>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let publicPem: string;
  let agentId: number;

  beforeAll(async () => {
    t = await createTestApp(kind, { clockAt: TEN_WIB });
    receiver = await startReceiver();
    receiver.setBehaviour((path) => ({
      status: 200,
      body: JSON.stringify({
        responseCode: path.startsWith(QRIS_PATH) ? '2005200' : '2002500',
        responseMessage: 'Successful',
      }),
    }));
    portal = await t.loginAs('partner@demo.id', { lang: 'en' });
    partner = await registerPartner(t, portal, { ips: '127.0.0.1' });
    snap = snapClient(t, partner);
    agentId = await agentIdOf(t, 'partner@demo.id');
    const published = await t.app.inject({
      method: 'GET',
      url: '/snap/v1.0/provider-public-key',
    });
    expect(published.statusCode).toBe(200);
    publicPem = published.body;
  }, 180_000);
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  const setUrl = async (id: number, url: string) => {
    const res = await portal.post('/control/setting_callback_url', {
      ...(await otpFor(t, portal, 'callback')),
      id,
      url,
    });
    expect(res.rc, res.rd).toBe('00');
  };

  const pay = (channel: string, number: string, amount: number) =>
    t.client().post('/dev/simulator/pay', { channel, number, amount, environment: 'production' });

  async function createVa(trxId: string, amount: number) {
    const token = await snap.token();
    const created = await snap.call(
      '/snap/v1.0/transfer-va/create-va',
      {
        virtualAccountName: 'Budi Santoso',
        trxId,
        totalAmount: rupiah(amount),
        virtualAccountTrxType: 'C',
        expiredDate: '2026-11-24T10:00:00+07:00',
        additionalInfo: { bankCode: '014' },
      },
      { token },
    );
    expect(created.body.responseCode, JSON.stringify(created.body)).toBe('2002700');
    return created.body.virtualAccountData as Record<string, string>;
  }

  const snapRows = (type: string) =>
    t.services.db
      .selectFrom('callbacks')
      .selectAll()
      .where('agent_id', '=', agentId)
      .where('type_callback', '=', type)
      .orderBy('id_callback')
      .execute();

  const receivedAt = (path: string) => receiver.received.filter((r) => r.path === path);

  it('publishes one public key, on the SNAP path and on the credential page', async () => {
    expect(publicPem).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    const page = await portal.get('/control/snap_provider_key');
    expect(page.rc, page.rd).toBe('00');
    expect(page.data.public_key).toBe(publicPem);
    expect(page.data.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    // The private key is kept encrypted: the stored value is no PEM.
    const stored = await t.services.db
      .selectFrom('instance_secrets' as any)
      .select('value')
      .where('name', '=', 'snap_provider_key')
      .executeTakeFirstOrThrow();
    expect(String(stored.value)).not.toContain('PRIVATE KEY');
    // Read again as a restart would (a fresh load from the database): the same key.
    registerProviderKeySource(t.services.db, t.services.config);
    expect((await providerKey(t.services.db)).publicPem).toBe(publicPem);
  });

  it('sends nothing SNAP-signed while no SNAP notification URL is set', async () => {
    const va = await createVa('ORDER-NOURL', 10_000);
    expect((await pay('va', va.virtualAccountNo, 10_000)).rc).toBe('00');
    expect(await snapRows('snap_va_payment')).toHaveLength(0);
    // Gerbang's own webhook row is queued as before.
    expect((await snapRows('va_payment')).length).toBeGreaterThan(0);
  });

  it('a paid VA reaches the receiver signed with the published key; a tampered body fails', async () => {
    await setUrl(9, receiver.url(VA_PATH));
    const va = await createVa('ORDER-SIGNED', 150_000);
    const paid = await pay('va', va.virtualAccountNo, 150_000);
    expect(paid.rc, paid.rd).toBe('00');
    const rows = await snapRows('snap_va_payment');
    expect(rows).toHaveLength(1);
    // Queued in the payment's transaction, beside the webhook of the same payment.
    expect(rows[0]!.id_transaksi).toBe(paid.data.id_transaksi);

    await runCallbacksOnce(t.services, { idlePollMs: 20 });
    const got = receivedAt(VA_PATH);
    expect(got).toHaveLength(1);
    const note = got[0]!;
    expect(note.headers['content-type']).toBe('application/json');
    expect(note.headers['x-partner-id']).toBe(partner.clientId);
    expect(note.headers['x-external-id']).toMatch(/^\d{16,36}$/);
    expect(note.headers['channel-id']).toMatch(/^\d+$/);
    // Signed at send time, in WIB (the server clock runs on from 10:00).
    const stamp = String(note.headers['x-timestamp']);
    expect(stamp).toMatch(/^2026-11-23T10:\d{2}:\d{2}\+07:00$/);
    expect(Math.abs(Date.parse(stamp) - t.clock.now.getTime())).toBeLessThan(60_000);
    expect(verifies(publicPem, VA_PATH, note.body, note.headers)).toBe(true);
    // The signature covers the path as the partner set it, and the body as sent.
    expect(verifies(publicPem, '/partner/v1.0/transfer-va/payment', note.body, note.headers)).toBe(
      false,
    );
    const tampered = note.body.replace('"150000.00"', '"1500000.00"');
    expect(tampered).not.toBe(note.body);
    expect(verifies(publicPem, VA_PATH, tampered, note.headers)).toBe(false);

    const body = JSON.parse(note.body);
    const documented = snapNotificationValidator();
    expect(documented(body), errorsOf(documented)).toBe(true);
    expect(body).toEqual({
      partnerServiceId: va.partnerServiceId,
      customerNo: va.customerNo,
      virtualAccountNo: va.virtualAccountNo,
      virtualAccountName: 'Budi Santoso',
      trxId: 'ORDER-SIGNED',
      paymentRequestId: paid.data.id_transaksi,
      paidAmount: rupiah(150_000),
      totalAmount: rupiah(150_000),
      trxDateTime: expect.stringMatching(/^2026-11-23T10:\d{2}:\d{2}\+07:00$/),
      paymentFlagStatus: '00',
      paymentFlagReason: { english: 'Success', indonesia: 'Sukses' },
      additionalInfo: { fee: expect.any(Object), bankCode: '014' },
    });
    const [row] = await snapRows('snap_va_payment');
    expect(row).toMatchObject({ status_sent: 1, attempts: 1, http_status: 200 });
  });

  it('a paid QRIS reaches the receiver signed in the QRIS notification shape', async () => {
    await setUrl(10, receiver.url(QRIS_PATH));
    const token = await snap.token();
    const qr = await snap.call(
      '/snap/v1.0/qr/qr-mpm-generate',
      { partnerReferenceNo: 'QR-NOTE-1', amount: rupiah(30_000) },
      { token },
    );
    expect(qr.body.responseCode, JSON.stringify(qr.body)).toBe('2004700');
    const paid = await pay('qris', qr.body.qrContent, 30_000);
    expect(paid.rc, paid.rd).toBe('00');
    await runCallbacksOnce(t.services, { idlePollMs: 20 });
    const got = receivedAt(QRIS_PATH);
    expect(got).toHaveLength(1);
    const note = got[0]!;
    expect(verifies(publicPem, QRIS_PATH, note.body, note.headers)).toBe(true);
    const tampered = note.body.replace('"QR-NOTE-1"', '"QR-NOTE-2"');
    expect(verifies(publicPem, QRIS_PATH, tampered, note.headers)).toBe(false);
    const body = JSON.parse(note.body);
    const documented = snapNotificationValidator();
    expect(documented(body), errorsOf(documented)).toBe(true);
    expect(body).toMatchObject({
      originalReferenceNo: qr.body.referenceNo,
      originalPartnerReferenceNo: 'QR-NOTE-1',
      latestTransactionStatus: '00',
      transactionStatusDesc: 'Success',
      amount: rupiah(30_000),
      additionalInfo: { paymentRequestId: paid.data.id_transaksi },
    });
    const [row] = await snapRows('snap_qris_payment');
    expect(row).toMatchObject({ status_sent: 1, attempts: 1 });
  });

  it('retries a receiver that answers 500, then one without the success code, until taken', async () => {
    const FAIL_PATH = '/partner/flaky/transfer-va/payment';
    await setUrl(9, receiver.url(FAIL_PATH));
    let answer = { status: 500, body: '{"responseCode":"5002500"}' };
    receiver.setBehaviour((path) =>
      path === FAIL_PATH ? answer : { status: 200, body: '{"responseCode":"2005200"}' },
    );
    const va = await createVa('ORDER-RETRY', 20_000);
    expect((await pay('va', va.virtualAccountNo, 20_000)).rc).toBe('00');
    const started = t.clock.now;
    try {
      await runCallbacksOnce(t.services, { idlePollMs: 20 });
      let [row] = (await snapRows('snap_va_payment')).filter((r) =>
        r.url_callback.includes('flaky'),
      );
      expect(row).toMatchObject({ status_sent: 3, attempts: 1, http_status: 500 });
      // Not due before the first wait of the schedule (1 minute).
      t.clock.advance(59_000);
      await runCallbacksOnce(t.services, { idlePollMs: 20 });
      expect(receivedAt(FAIL_PATH)).toHaveLength(1);

      t.clock.advance(2_000);
      answer = { status: 200, body: '{"responseCode":"4002500","responseMessage":"Bad Request"}' };
      await runCallbacksOnce(t.services, { idlePollMs: 20 });
      [row] = (await snapRows('snap_va_payment')).filter((r) => r.url_callback.includes('flaky'));
      expect(row).toMatchObject({ status_sent: 3, attempts: 2, http_status: 200 });

      t.clock.advance(5 * 60_000 + 1_000);
      answer = { status: 200, body: '{"responseCode":"2002500","responseMessage":"Successful"}' };
      await runCallbacksOnce(t.services, { idlePollMs: 20 });
      [row] = (await snapRows('snap_va_payment')).filter((r) => r.url_callback.includes('flaky'));
      expect(row).toMatchObject({ status_sent: 1, attempts: 3 });

      // Every attempt was a new request (its own X-EXTERNAL-ID), signed at its own time.
      const got = receivedAt(FAIL_PATH);
      expect(got).toHaveLength(3);
      expect(new Set(got.map((r) => r.headers['x-external-id'])).size).toBe(3);
      for (const r of got) expect(verifies(publicPem, FAIL_PATH, r.body, r.headers)).toBe(true);
      expect(new Set(got.map((r) => r.body)).size).toBe(1);

      // The attempts are listed on the callback monitor, with the reasons.
      const log = await portal.get('/data/callback_attempts', {
        id_callback: String(row!.id_callback),
      });
      expect(log.rc, log.rd).toBe('00');
      expect(
        log.data.data.map((a: { response_status: number; error_code: string | null }) => [
          a.response_status,
          a.error_code,
        ]),
      ).toEqual([
        [500, 'http_status'],
        [200, 'not_accepted'],
        [200, null],
      ]);
    } finally {
      t.clock.set(started);
    }
  });

  it('the demo receiver checks a SNAP notification with the provider key', async () => {
    const [row] = await snapRows('snap_va_payment');
    const note = receivedAt(VA_PATH)[0]!;
    const path = '/api/dev/callback_sink';
    const timestamp = String(note.headers['x-timestamp']);
    const key = await providerKey(t.services.db);
    /** Sends `body` to the receiver signed over `signedBody`; what the receiver recorded. */
    const send = async (body: string, signedBody = body) => {
      const stringToSign = `POST:${path}:${sha256Hex(signedBody)}:${timestamp}`;
      const signature = sign('RSA-SHA256', Buffer.from(stringToSign), key.privateKey);
      const res = await t.app.inject({
        method: 'POST',
        url: path,
        headers: {
          'content-type': 'application/json',
          'x-timestamp': timestamp,
          'x-signature': signature.toString('base64'),
          'x-callback-event-id': row!.event_id,
        },
        payload: body,
      });
      expect(res.statusCode).toBe(200);
      return t.services.db
        .selectFrom('dev_callback_sink')
        .select('signature_valid')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
    };
    expect((await send(note.body)).signature_valid).toBe(true);
    const other = JSON.stringify({ ...JSON.parse(note.body), trxId: 'OTHER' });
    expect((await send(other, note.body)).signature_valid).toBe(false);
  });

  it('a key the session secret cannot open stops production, is replaced in demo; configured wins', async () => {
    const db = t.services.db;
    const secrets = () =>
      db.selectFrom('instance_secrets' as any).where('name', '=', 'snap_provider_key');
    const original = String((await secrets().select('value').executeTakeFirstOrThrow()).value);
    try {
      // As if SESSION_SECRET had changed since the key was stored.
      await db
        .updateTable('instance_secrets' as any)
        .set({ value: 'AAAA.BBBB.CCCC' })
        .where('name', '=', 'snap_provider_key')
        .execute();
      registerProviderKeySource(db, { snapProviderPrivateKey: null, mode: 'production' });
      await expect(providerKey(db)).rejects.toThrow(/cannot be decrypted with this SESSION_SECRET/);
      registerProviderKeySource(db, { snapProviderPrivateKey: null, mode: 'demo' });
      const replaced = await providerKey(db);
      expect(replaced.publicPem).not.toBe(publicPem);
      const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const pem = String(rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }));
      registerProviderKeySource(db, { snapProviderPrivateKey: pem, mode: 'production' });
      const published = await t.app.inject({
        method: 'GET',
        url: '/snap/v1.0/provider-public-key',
      });
      expect(published.body).toBe(String(rsa.publicKey.export({ type: 'spki', format: 'pem' })));
    } finally {
      await db
        .updateTable('instance_secrets' as any)
        .set({ value: original })
        .where('name', '=', 'snap_provider_key')
        .execute();
      registerProviderKeySource(db, t.services.config);
    }
    expect((await providerKey(db)).publicPem).toBe(publicPem);
  });

  it('documents both notifications with examples that match their schema', () => {
    const documented = snapNotificationValidator();
    const post = (snapDocument.webhooks.snapPaymentNotification as any).post;
    const examples = post.requestBody.content['application/json'].examples as Record<
      string,
      { value: unknown }
    >;
    expect(Object.keys(examples)).toEqual(['virtualAccount', 'qris']);
    for (const { value } of Object.values(examples)) {
      expect(documented(value), errorsOf(documented)).toBe(true);
    }
    expect(Object.keys(post.security[0])).toEqual(['snapNotificationSignature']);
  });
});

describe('the provider key', () => {
  it('takes an RSA key of 2048 bits or more and refuses anything else', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = String(rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const key = providerKeyOf(pem, 'SNAP_PROVIDER_PRIVATE_KEY');
    expect(key.publicPem).toBe(String(rsa.publicKey.export({ type: 'spki', format: 'pem' })));
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 });
    expect(() =>
      providerKeyOf(String(small.privateKey.export({ type: 'pkcs8', format: 'pem' })), 'X'),
    ).toThrow(/at least 2048/);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    expect(() =>
      providerKeyOf(String(ec.privateKey.export({ type: 'pkcs8', format: 'pem' })), 'X'),
    ).toThrow(/RSA/);
    expect(() => providerKeyOf('not a key', 'X')).toThrow(/not a PEM private key/);
  });
});
