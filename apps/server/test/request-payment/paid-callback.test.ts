import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { CALLBACK_HEADERS } from '@gerbang/shared/contract/callbacks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCallbacksOnce } from '../../src/modules/callbacks/deliver';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';
import { newReference, PARTNER, TUESDAY_10_WIB } from '../payins/factory';

/** The signature as docs/api.md defines it, computed here independently of the sender. */
function expectedSignature(key: string, timestamp: string, rawBody: string): string {
  return createHmac('sha512', Buffer.from(key, 'utf8'))
    .update(Buffer.from(`${timestamp}.${rawBody}`, 'utf8'))
    .digest('hex');
}

/**
 * The request-payment-paid callback end to end: the merchant
 * activates its signature and points REQUEST_PAYMENT_PAID at the demo receiver through the
 * credential pages' own calls, a payer pays the link in the simulator, and the real sender
 * delivers it over HTTP to `/api/dev/callback_sink` on this server, which checks the signature.
 */
describe.each(testDatabases())('request payment paid callback on %s', (kind) => {
  let t: TestApp;
  let partner: TestClient;
  let sinkUrl: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { clockAt: TUESDAY_10_WIB });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    sinkUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/dev/callback_sink`;
    partner = await t.loginAs(PARTNER, { lang: 'en' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  async function otpFor(brand: string) {
    const res = await partner.post('/control/create_otp', { captcha: '', brand });
    expect(res.rc, res.rd).toBe('00');
    const mail = await t.services.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', PARTNER)
      .where('kind', '=', 'otp')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const otp = /(\d{6})/.exec(mail.subject)?.[1];
    if (!otp) throw new Error(`no code in ${mail.subject}`);
    return { id_otp: res.data.idOtp as string, otp, captcha: '' };
  }

  it('reaches the demo receiver with a valid signature once the link is paid', async () => {
    const activated = await partner.post('/control/create_signature', {
      ...(await otpFor('signature')),
      kode: 'ACTIVATED',
    });
    expect(activated.rc, activated.rd).toBe('00');
    const key = activated.data.signature_key as string;
    const generated = await partner.post(
      '/control/generate_setting_callback_url',
      await otpFor('callback'),
    );
    expect(generated.rc, generated.rd).toBe('00');
    const set = await partner.post('/control/setting_callback_url', {
      ...(await otpFor('callback')),
      id: 7,
      url: sinkUrl,
    });
    expect(set.rc, set.rd).toBe('00');
    expect(set.data.items.find((i: { idinfo: number }) => i.idinfo === 7)).toMatchObject({
      type_info: 'REQUEST_PAYMENT_PAID',
      type_value: sinkUrl,
    });

    const link = await partner.post('/data/request_payment', {
      username: PARTNER,
      paymentName: 'Iuran Desember',
      expiredDate: '2026-11-30',
      paymentLimit: 1,
      amount: 120_000,
      paymentDesc: 'Iuran bulanan warga',
      recaptcha: '',
    });
    expect(link.rc, link.rd).toBe('00');
    const payer = t.client({ lang: 'en', ip: '10.9.9.9' });
    const va = await payer.post('/public/generated_va', {
      id_payment: link.data.paymentSecret,
      code_bank: '014',
      email: 'andi@example.com',
      name: 'Andi',
      notelp: '081234567890',
    });
    expect(va.rc, va.rd).toBe('00');
    const paid = await t.client().post('/dev/simulator/pay', {
      channel: 'va',
      number: va.data.vaNumber,
      amount: 120_000,
      reference: newReference('RPCB'),
    });
    expect(paid.rc, paid.rd).toBe('00');
    const queued = await t.services.db
      .selectFrom('callbacks')
      .select(['id_callback', 'event_id', 'status_sent'])
      .where('id_transaksi', '=', paid.data.id_transaksi)
      .where('type_callback', '=', 'request_payment')
      .executeTakeFirstOrThrow();

    expect(queued.status_sent).toBe(0);

    const report = await runCallbacksOnce(t.services, { timeoutMs: 10_000, idlePollMs: 50 });
    expect(report.delivered).toBeGreaterThanOrEqual(1);

    const received = await t.services.db
      .selectFrom('dev_callback_sink')
      .selectAll()
      .where('event_id', '=', queued.event_id)
      .execute();
    expect(received).toHaveLength(1);
    const [hit] = received;
    expect(hit.signature_valid).toBe(true);
    expect(hit.answered_status).toBe(200);
    const headers = JSON.parse(hit.headers) as Record<string, string>;
    expect(headers[CALLBACK_HEADERS.signature]).toBe(
      expectedSignature(key, headers[CALLBACK_HEADERS.timestamp], hit.body),
    );
    expect(JSON.parse(hit.body)).toMatchObject({
      type: 'request_payment',
      status: 'PAID',
      id_payment: link.data.id,
      amount: 120_000,
    });
    const row = await t.services.db
      .selectFrom('callbacks')
      .select(['status_sent', 'url_callback', 'http_status'])
      .where('id_callback', '=', queued.id_callback)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status_sent: 1, url_callback: sinkUrl, http_status: 200 });
    // The merchant sees it in the receiver's log with the signature checked.
    const log = await partner.get('/dev/callback_sink');
    expect(log.rc, log.rd).toBe('00');
    expect(
      log.data.find((e: { event_id: string }) => e.event_id === queued.event_id),
    ).toMatchObject({ signature_valid: true, answered_status: 200 });
  });
});
