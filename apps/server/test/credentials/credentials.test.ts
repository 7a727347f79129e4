import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callbackTargetFor } from '../../src/modules/credentials/callback-target';
import { verifyClientCredential } from '../../src/modules/credentials/service';
import {
  assertPublicCallbackUrl,
  callbackUrlPolicy,
  classifyAddress,
  isNonPublicAddress,
} from '../../src/modules/credentials/url-safety';
import { DEMO_TRANSACTION_PIN } from '../../src/seed/seed-transaction-pins';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';

/**
 * The credential page's calls (spec 03 §2.4, §4, §5.2–§5.4, §6, §7.2): the OTP rules
 * (6 digits, 10 minutes, single use, bound to user and action, five wrong tries lock, also in
 * parallel), each credential action, secrets shown once and stored unreadably, the IP whitelist
 * bounds, callback URL refusals, and access per user kind.
 */
describe.each(testDatabases())('credential server (%s)', (kind) => {
  let t: TestApp;
  let partner: TestClient;

  beforeAll(async () => {
    t = await createTestApp(kind);
    partner = await t.loginAs('partner@demo.id', { lang: 'en' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** The OTP code of the latest OTP mail to `to`. */
  async function lastOtpCode(to: string): Promise<string> {
    const mail = await t.services.db
      .selectFrom('mail_outbox')
      .select(['subject', 'body_text'])
      .where('to_address', '=', to)
      .where('kind', '=', 'otp')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const code = /(\d{6})/.exec(mail.subject)?.[1];
    if (!code) throw new Error(`no code in ${mail.subject}`);
    return code;
  }

  async function otpFor(c: TestClient, brand: string, to = 'partner@demo.id') {
    // Tests ask for many OTP mails; the per-hour request budget has a test of its own.
    await t.services.db
      .deleteFrom('guess_tries')
      .where('scope', '=', 'credential_otp_request')
      .execute();
    const res = await c.post('/control/create_otp', { captcha: '', brand });
    expect(res.rc, res.rd).toBe('00');
    return { id_otp: res.data.idOtp as string, otp: await lastOtpCode(to), captcha: '' };
  }

  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('answers the OTP dialog messages verbatim and refuses an unknown OTP type', async () => {
    const bad = await partner.post('/control/create_otp', { captcha: '', brand: 'nope' });
    expect(bad.rd).toBe('INVALID OTP TYPE');
    const { id_otp } = await otpFor(partner, 'pin');
    const short = await partner.post('/control/generate_pin', { id_otp, otp: '123', captcha: '' });
    expect(short.rd).toBe('OTP Code must be contain 6 characters');
    const empty = await partner.post('/control/generate_pin', { id_otp, otp: '', captcha: '' });
    expect(empty.rd).toBe('Please input your OTP Code');
    // A session that is not a test session needs the captchas.
    const idOtp = await partner.get('/control/credential_server');
    expect(idOtp.rc).toBe('00');
    // The Indonesian catalog says the same in Indonesian.
    const idClient = await t.loginAs('partner@demo.id', { lang: 'id' });
    const idBad = await idClient.post('/control/create_otp', { captcha: '', brand: 'nope' });
    expect(idBad.rd).toBe('JENIS OTP TIDAK VALID');
  });

  it('an OTP is 10 minutes, single use, and bound to its user and action', async () => {
    const a = await otpFor(partner, 'credential');
    // Another action's call refuses it.
    const other = await partner.post('/control/generate_pin', a);
    expect(other.rd).toBe('INVALID OTP TYPE');
    // Another user cannot use it.
    const h2h = await t.loginAs('h2h@demo.id', { lang: 'en' });
    const foreign = await h2h.post('/control/generate_credential_server', a);
    expect(foreign.rc).toBe('01');
    expect(foreign.rd).toBe('The OTP code is wrong');
    const first = await partner.post('/control/generate_credential_server', a);
    expect(first.rc, first.rd).toBe('00');
    const again = await partner.post('/control/generate_credential_server', a);
    expect(again.rd).toBe('This OTP code has already been used. Request a new one.');
    const b = await otpFor(partner, 'credential');
    t.clock.advance(10 * 60 * 1000 + 1000);
    const late = await partner.post('/control/generate_credential_server', b);
    expect(late.rd).toBe('This OTP code has expired. Request a new one.');
  });

  it('five wrong codes lock the OTP, also when sent in parallel', async () => {
    const o = await otpFor(partner, 'whitelist');
    const body = { ...o, app_name: 'App', ip_address: '203.0.113.7' };
    const tries = await Promise.all(
      Array.from({ length: 12 }, () =>
        partner.post('/control/update_credential', { ...body, otp: wrong(o.otp) }),
      ),
    );
    expect(tries.every((r) => r.rc !== '00')).toBe(true);
    const compared = await t.services.db
      .selectFrom('otp_challenges')
      .select('wrong_tries')
      .where('public_id', '=', o.id_otp)
      .executeTakeFirstOrThrow();
    expect(compared.wrong_tries).toBe(5);
    expect(tries.filter((r) => r.rd === 'The OTP code is wrong').length).toBeLessThanOrEqual(4);
    // Even the right code is refused now.
    const right = await partner.post('/control/update_credential', body);
    expect(right.rd).toBe('Too many wrong OTP codes. Request a new one.');
    const failures = await t.services.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('action', '=', 'credential_otp_failure')
      .executeTakeFirstOrThrow();
    expect(Number(failures.n)).toBeGreaterThanOrEqual(5);
  });

  it('generates a client secret shown once, stored hashed; the old secret dies at once', async () => {
    const first = await partner.post(
      '/control/generate_credential_server',
      await otpFor(partner, 'credential'),
    );
    expect(first.rc, first.rd).toBe('00');
    const { client_id, client_secret } = first.data;
    expect(client_secret.length).toBeGreaterThanOrEqual(40);
    const row = await t.services.db
      .selectFrom('agent_credentials')
      .selectAll()
      .where('client_id', '=', client_id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(client_secret);
    expect(
      await verifyClientCredential(t.services.db, 'production', client_id, client_secret),
    ).toEqual({
      agentId: row.agent_id,
    });
    // The page never shows it again.
    const page = await partner.get('/control/credential_server');
    expect(JSON.stringify(page.data)).not.toContain(client_secret);
    expect(page.data.credential.client_id).toBe(client_id);
    expect(page.data.credential.has_secret).toBe(true);

    const second = await partner.post(
      '/control/generate_credential_server',
      await otpFor(partner, 'credential'),
    );
    expect(second.data.client_id).toBe(client_id);
    expect(second.data.client_secret).not.toBe(client_secret);
    expect(
      await verifyClientCredential(t.services.db, 'production', client_id, client_secret),
    ).toBeNull();
    expect(
      await verifyClientCredential(
        t.services.db,
        'production',
        client_id,
        second.data.client_secret,
      ),
    ).not.toBeNull();
    const audits = await t.services.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('action', 'in', ['credential_generate', 'credential_reset'])
      .execute();
    expect(audits.filter((a) => a.action === 'credential_generate')).toHaveLength(1);
    expect(audits.filter((a) => a.action === 'credential_reset').length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(audits)).not.toContain(second.data.client_secret);
  });

  it('generates a transaction PIN by e-mail (alternate destination), argon2-hashed, checked with its own limit', async () => {
    const res = await partner.post('/control/generate_pin', {
      ...(await otpFor(partner, 'pin')),
      email_destination: 'ops@partner.example',
    });
    expect(res.rc, res.rd).toBe('00');
    expect(res.data.email).toMatch(/@partner\.example$/);
    const mail = await t.services.db
      .selectFrom('mail_outbox')
      .select('body_text')
      .where('to_address', '=', 'ops@partner.example')
      .where('kind', '=', 'transaction_pin')
      .executeTakeFirstOrThrow();
    const pin = /(\d{6})/.exec(mail.body_text)?.[1] as string;
    expect(pin).toMatch(/^\d{6}$/);
    const user = await t.services.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'partner@demo.id')
      .executeTakeFirstOrThrow();
    const stored = await t.services.db
      .selectFrom('transaction_pins')
      .select('pin_hash')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored.pin_hash).toMatch(/^\$argon2/);
    expect(stored.pin_hash).not.toContain(pin);
    const audit = await t.services.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'transaction_pin_reset')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.detail)).not.toContain(pin);
    // The service the bulk areas call: the old demo PIN is dead, the new one passes.
    const { requireTransactionPin } = await import('../../src/modules/credentials/transaction-pin');
    const auth = {
      user: { id: user.id, username: 'partner@demo.id' },
      agent: { id: 1 },
      environment: 'production',
    };
    const ctx = { services: t.services, auth, ip: '127.0.0.1', userAgent: 'test' } as any;
    if (pin !== DEMO_TRANSACTION_PIN)
      await expect(requireTransactionPin(ctx, DEMO_TRANSACTION_PIN, 'test')).rejects.toMatchObject({
        messageKey: 'credentials.pin.wrong',
      });
    await expect(requireTransactionPin(ctx, pin, 'test')).resolves.toBeUndefined();
    const bad = await partner.post('/control/generate_pin', {
      ...(await otpFor(partner, 'pin')),
      email_destination: 'not-an-email',
    });
    expect(bad.rd).toBe('Enter a valid e-mail address');
  });

  it('activates and resets the signature; the key is shown once and kept encrypted', async () => {
    const reset0 = await partner.post('/control/create_signature', {
      ...(await otpFor(partner, 'signature')),
      kode: 'RESET',
    });
    expect(reset0.rc).toBe('01');
    const act = await partner.post('/control/create_signature', {
      ...(await otpFor(partner, 'signature')),
      kode: 'ACTIVATED',
    });
    expect(act.rc, act.rd).toBe('00');
    const key = act.data.signature_key as string;
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    const again = await partner.post('/control/create_signature', {
      ...(await otpFor(partner, 'signature')),
      kode: 'ACTIVATED',
    });
    expect(again.rc).toBe('01');
    const row = await t.services.db
      .selectFrom('agent_credentials')
      .selectAll()
      .where('environment', '=', 'production')
      .where('is_using_signature', '=', true)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(key);
    // The callback sender gets the key in plain text and signs with it.
    await t.services.db
      .insertInto('callback_urls')
      .values({
        agent_id: row.agent_id,
        environment: 'production',
        idinfo: 2,
        type_info: 'QRIS_PAID',
        type_value: 'https://203.0.113.9/qris',
        updated_at: t.clock.now,
      })
      .onConflict((oc) =>
        oc
          .columns(['agent_id', 'environment', 'idinfo'])
          .doUpdateSet({ type_value: 'https://203.0.113.9/qris' }),
      )
      .execute();
    const target = await callbackTargetFor(
      t.services.db,
      row.agent_id,
      'production',
      'payment',
      JSON.stringify({ channel: 'QRIS' }),
    );
    // No rotation overlap open: no previous key (snap/api-keys.test.ts covers the overlap).
    expect(target).toEqual({
      url: 'https://203.0.113.9/qris',
      signingKey: key,
      previousSigningKey: null,
      endpointDisabled: false,
    });
    // The endpoint's state comes with the target; for a URL saved with surrounding whitespace other
    // than spaces the lookup (a join on btrim, which drops spaces only) cannot tell and says null:
    // the sender then asks for the endpoint alone (callbacks/delivery.test.ts).
    const qrisUrl = (typeValue: string) =>
      t.services.db
        .updateTable('callback_urls')
        .set({ type_value: typeValue })
        .where('agent_id', '=', row.agent_id)
        .where('environment', '=', 'production')
        .where('idinfo', '=', 2)
        .execute();
    const qrisTarget = () =>
      callbackTargetFor(
        t.services.db,
        row.agent_id,
        'production',
        'payment',
        JSON.stringify({ channel: 'QRIS' }),
      );
    await t.services.db
      .insertInto('callback_endpoints')
      .values({
        agent_id: row.agent_id,
        environment: 'production',
        url: 'https://203.0.113.9/qris',
        disabled_at: t.clock.now,
        disabled_reason: 'a day of failures',
      })
      .execute();
    expect((await qrisTarget())?.endpointDisabled).toBe(true);
    await qrisUrl('  https://203.0.113.9/qris ');
    expect(await qrisTarget()).toMatchObject({
      url: 'https://203.0.113.9/qris',
      endpointDisabled: true,
    });
    await qrisUrl('\thttps://203.0.113.9/qris\n');
    expect(await qrisTarget()).toMatchObject({
      url: 'https://203.0.113.9/qris',
      endpointDisabled: null,
    });
    await qrisUrl('https://203.0.113.9/qris');
    await t.services.db
      .deleteFrom('callback_endpoints')
      .where('agent_id', '=', row.agent_id)
      .execute();
    expect((await qrisTarget())?.endpointDisabled).toBe(false);
    expect(
      await callbackTargetFor(t.services.db, row.agent_id, 'production', 'payment'),
    ).toBeNull();
    const reset = await partner.post('/control/create_signature', {
      ...(await otpFor(partner, 'signature')),
      kode: 'RESET',
    });
    expect(reset.data.signature_key).not.toBe(key);
    const after = await callbackTargetFor(t.services.db, row.agent_id, 'production', 'QRIS_PAID');
    expect(after?.signingKey).toBe(reset.data.signature_key);
    expect(
      createHmac('sha512', after?.signingKey ?? '')
        .update('1.{}')
        .digest('hex'),
    ).toHaveLength(128);
    const actions = await t.services.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'signature_%')
      .execute();
    expect(actions.map((a) => a.action).sort()).toEqual(['signature_activate', 'signature_reset']);
  });

  it('IP whitelist: 1 to 6 valid addresses, {ip} and blanks skipped, comma-joined', async () => {
    const send = async (ip_address: string) =>
      partner.post('/control/update_credential', {
        ...(await otpFor(partner, 'whitelist')),
        app_name: 'My App',
        ip_address,
      });
    expect((await send('{ip},,')).rd).toBe('IP Address must not be fewer than 1');
    expect((await send('1.1.1.1,1.1.1.2,1.1.1.3,1.1.1.4,1.1.1.5,1.1.1.6,1.1.1.7')).rd).toBe(
      'IP Address must not exceed 6',
    );
    expect((await send('1.1.1.1,300.1.1.1')).rd).toBe('Enter valid IPv4 or IPv6 addresses');
    expect((await send('1.1.1.1,::gg')).rd).toBe('Enter valid IPv4 or IPv6 addresses');
    const good = await send(
      '{ip}, 203.0.113.1 ,,2001:db8::1,1.1.1.2,1.1.1.3,1.1.1.4,::ffff:10.0.0.1',
    );
    expect(good.rc, good.rd).toBe('00');
    expect(good.data.allow_ip).toBe(
      '203.0.113.1,2001:db8::1,1.1.1.2,1.1.1.3,1.1.1.4,::ffff:10.0.0.1',
    );
    const page = await partner.get('/control/credential_server', {
      username_agen: 'partner@demo.id',
    });
    expect(page.data.credential).toMatchObject({
      app_name: 'My App',
      allow_ip: '203.0.113.1',
      allow_ip_additional_1: '2001:db8::1',
      allow_ip_additional_5: '::ffff:10.0.0.1',
    });
    expect(
      (await partner.get('/control/credential_server', { username_agen: 'h2h@demo.id' })).rc,
    ).toBe('403');
    const audit = await t.services.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'credential_update')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.detail)).toContain('203.0.113.1');
  });

  it('callback URLs: one per event type, https and public addresses only in production', async () => {
    const list = await partner.get('/control/setting_callback_url', { list: '1' });
    expect(list.data.items).toHaveLength(10);
    expect(list.data.editable).toBe(true);
    const gen = await partner.post(
      '/control/generate_setting_callback_url',
      await otpFor(partner, 'callback'),
    );
    expect(gen.rc, gen.rd).toBe('00');
    expect(gen.data.generated).toBe(true);
    // Demo and test mode allow a local receiver.
    const local = await partner.post('/control/setting_callback_url', {
      ...(await otpFor(partner, 'callback')),
      id: 1,
      url: 'http://127.0.0.1:3000/api/dev/callback_sink',
    });
    expect(local.rc, local.rd).toBe('00');
    expect(local.data.items[0].type_value).toBe('http://127.0.0.1:3000/api/dev/callback_sink');

    const config = t.services.config as { mode: string };
    config.mode = 'production';
    // Production names the session cookies with the __Host- prefix: the same session under both.
    const plain = [...partner.cookies];
    for (const [name, value] of plain) partner.cookies.set(`__Host-${name}`, value);
    try {
      for (const [url, message] of [
        ['http://203.0.113.50/cb', 'The callback URL must use https'],
        ['https://127.0.0.1/cb', /public address/],
        ['https://10.1.2.3/cb', /public address/],
        ['https://169.254.169.254/latest', /public address/],
        ['https://[::1]/cb', /public address/],
        ['https://[fe80::1]/cb', /public address/],
        ['https://[::ffff:192.168.1.1]/cb', /public address/],
        ['https://localhost/cb', /public address/],
      ] as const) {
        const o = await otpFor(partner, 'callback');
        const res = await partner.post('/control/setting_callback_url', { ...o, id: 2, url });
        expect(res.rc, url).toBe('01');
        expect(res.rd).toMatch(message);
        // A refused URL does not spend the OTP.
        const row = await t.services.db
          .selectFrom('otp_challenges')
          .select('used_at')
          .where('public_id', '=', o.id_otp)
          .executeTakeFirstOrThrow();
        expect(row.used_at).toBeNull();
      }
      const publicOk = await partner.post('/control/setting_callback_url', {
        ...(await otpFor(partner, 'callback')),
        id: 2,
        url: 'https://198.51.99.10/hooks/qris?token=s3cr3t-tok#frag-s3cr3t',
      });
      expect(publicOk.rc, publicOk.rd).toBe('00');
    } finally {
      config.mode = 'test';
      for (const [name] of plain) partner.cookies.delete(`__Host-${name}`);
    }
    const audit = await t.services.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'callback_url_update')
      .execute();
    expect(audit.length).toBe(2);
    // The audit keeps the URL without its query and fragment (they may carry a token).
    const detail = JSON.stringify(audit.map((a) => a.detail));
    expect(detail).not.toContain('s3cr3t');
    expect(detail).toContain('https://198.51.99.10/hooks/qris?…#…');
  });

  it('outside production: no link-local or metadata targets, loopback/private only as allowed', async () => {
    // Test mode (the API tests' receivers run on 127.0.0.1): loopback yes, the rest no.
    for (const url of [
      'http://169.254.169.254/latest/meta-data',
      'http://[fe80::1]/cb',
      'http://[::ffff:169.254.169.254]/cb',
      'http://[::ffff:a9fe:a9fe]/cb',
      'http://[64:ff9b::a9fe:a9fe]/cb',
      'http://0.0.0.0:3000/cb',
      'http://100.100.100.200/cb',
      'http://10.0.0.8/x',
      'http://192.168.1.1/x',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://[::7f00:1]/cb',
      'http://[::ffff:0:7f00:1]/cb',
    ]) {
      const o = await otpFor(partner, 'callback');
      const res = await partner.post('/control/setting_callback_url', { ...o, id: 3, url });
      expect(res.rc, url).toBe('01');
      expect(res.rd, url).toMatch(/public address/);
    }
    const policy = callbackUrlPolicy(t.services.config);
    await expect(assertPublicCallbackUrl('http://127.0.0.1:9/x', policy)).resolves.toMatchObject({
      addresses: ['127.0.0.1'],
    });
    // Demo mode: loopback and private only for the app's own origin (its demo receiver).
    const demo = callbackUrlPolicy({ mode: 'demo', publicUrl: 'http://localhost:3000' });
    const loopback = async () => ['127.0.0.1', '::1'];
    await expect(
      assertPublicCallbackUrl('http://localhost:3000/api/dev/callback_sink', {
        ...demo,
        lookup: loopback,
      }),
    ).resolves.toMatchObject({ addresses: ['127.0.0.1', '::1'] });
    for (const url of ['http://127.0.0.1:3000/cb', 'http://localhost:3001/cb', 'http://10.0.0.8/x'])
      await expect(
        assertPublicCallbackUrl(url, { ...demo, lookup: loopback }),
        url,
      ).rejects.toMatchObject({ messageKey: 'credentials.url.privateAddress' });
    // Even the own origin never reaches a link-local address (a name rebound to metadata).
    await expect(
      assertPublicCallbackUrl('http://localhost:3000/cb', {
        ...demo,
        lookup: async () => ['169.254.169.254'],
      }),
    ).rejects.toMatchObject({ messageKey: 'credentials.url.privateAddress' });
    await expect(
      assertPublicCallbackUrl('http://hooks.example.com/x', {
        ...demo,
        lookup: async () => ['93.184.215.14'],
      }),
    ).resolves.toMatchObject({ addresses: ['93.184.215.14'] });
  });

  it('classifies addresses, IPv4 carried in IPv6 included', () => {
    const cases: Array<[string, ReturnType<typeof classifyAddress>]> = [
      ['8.8.8.8', 'public'],
      ['127.0.0.1', 'loopback'],
      ['127.8.9.10', 'loopback'],
      ['::1', 'loopback'],
      ['[::1]', 'loopback'],
      ['10.1.2.3', 'private'],
      ['100.64.0.1', 'private'],
      ['fd12::1', 'private'],
      ['169.254.169.254', 'forbidden'],
      ['0.0.0.0', 'forbidden'],
      ['::', 'forbidden'],
      ['fe80::1%eth0', 'forbidden'],
      ['fd00:ec2::254', 'forbidden'],
      ['100.100.100.200', 'forbidden'],
      // IPv4-compatible (::/96) and SIIT (::ffff:0:a.b.c.d): never.
      ['::7f00:1', 'forbidden'],
      ['::127.0.0.1', 'forbidden'],
      ['::808:808', 'forbidden'],
      ['::ffff:0:7f00:1', 'forbidden'],
      ['::ffff:0:127.0.0.1', 'forbidden'],
      ['::ffff:0:8.8.8.8', 'forbidden'],
      // IPv4-mapped: the IPv4 address decides.
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:7f00:1', 'loopback'],
      ['0:0:0:0:0:ffff:a00:1', 'private'],
      ['::ffff:a9fe:a9fe', 'forbidden'],
      ['::ffff:8.8.8.8', 'public'],
      // NAT64 (64:ff9b::/96): the IPv4 address behind the gateway decides.
      ['64:ff9b::10.0.0.1', 'private'],
      ['64:ff9b::a00:1', 'private'],
      ['64:ff9b::7f00:1', 'private'],
      ['64:ff9b::a9fe:a9fe', 'forbidden'],
      ['64:ff9b::808:808', 'public'],
      ['64:ff9b:1::808:808', 'private'],
      ['2606:4700::1111', 'public'],
      ['not-an-ip', 'forbidden'],
    ];
    for (const [address, kind] of cases) expect(classifyAddress(address), address).toBe(kind);
  });

  it('an OTP asked for in sandbox does not work in production', async () => {
    const sandbox = await t.loginAs('partner@demo.id', { lang: 'en' });
    expect((await sandbox.post('/control/change_environment_sandbox')).rc).toBe('00');
    const o = await otpFor(sandbox, 'credential');
    const row = await t.services.db
      .selectFrom('otp_challenges')
      .select('environment')
      .where('public_id', '=', o.id_otp)
      .executeTakeFirstOrThrow();
    expect(row.environment).toBe('sandbox');
    const res = await partner.post('/control/generate_credential_server', {
      ...o,
      email_destination: '',
    });
    expect(res.rc).toBe('01');
    expect(res.rd).toBe('The OTP code is wrong');
    expect(res.data?.client_secret).toBeUndefined();
    const after = await t.services.db
      .selectFrom('otp_challenges')
      .select('used_at')
      .where('public_id', '=', o.id_otp)
      .executeTakeFirstOrThrow();
    expect(after.used_at).toBeNull();
  });

  it('checks addresses after name resolution (the reusable helper)', async () => {
    const resolvesTo = (addresses: string[]) => async () => addresses;
    await expect(
      assertPublicCallbackUrl('https://hooks.example.com/x', {
        production: true,
        lookup: resolvesTo(['10.0.0.8']),
      }),
    ).rejects.toMatchObject({ messageKey: 'credentials.url.privateAddress' });
    await expect(
      assertPublicCallbackUrl('https://hooks.example.com/x', {
        production: true,
        lookup: resolvesTo(['93.184.215.14', '::1']),
      }),
    ).rejects.toMatchObject({ messageKey: 'credentials.url.privateAddress' });
    await expect(
      assertPublicCallbackUrl('https://hooks.example.com/x', {
        production: true,
        lookup: async () => {
          throw new Error('ENOTFOUND');
        },
      }),
    ).rejects.toMatchObject({ messageKey: 'credentials.url.unresolvable' });
    await expect(
      assertPublicCallbackUrl('https://hooks.example.com/x', {
        production: true,
        lookup: resolvesTo(['93.184.215.14']),
      }),
    ).resolves.toMatchObject({ addresses: ['93.184.215.14'] });
    await expect(
      assertPublicCallbackUrl('http://10.0.0.8/x', { production: false }),
    ).rejects.toMatchObject({ messageKey: 'credentials.url.privateAddress' });
    for (const a of [
      '0.0.0.0',
      '100.64.1.1',
      '172.31.255.1',
      '192.168.0.1',
      'fd12::1',
      '::',
      '::ffff:7f00:1',
    ])
      expect(isNonPublicAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '2606:4700::1111', '172.32.0.1'])
      expect(isNonPublicAddress(a), a).toBe(false);
  });

  it('sandbox shows callback URLs read-only and refuses changes', async () => {
    const c = await t.loginAs('partner@demo.id', { lang: 'en' });
    expect((await c.post('/control/change_environment_sandbox')).rc).toBe('00');
    const list = await c.get('/control/setting_callback_url');
    expect(list.rc).toBe('00');
    expect(list.data.editable).toBe(false);
    const otp = await c.post('/control/create_otp', { captcha: '', brand: 'callback' });
    expect(otp.rc).toBe('403');
    const set = await c.post('/control/setting_callback_url', {
      id_otp: 'x',
      otp: '123456',
      captcha: '',
      id: 1,
      url: 'https://203.0.113.1/',
    });
    expect(set.rc).toBe('403');
    expect(set.rd).toMatch(/Sandbox/);
    // Credentials exist per environment: sandbox has its own.
    const cred = await c.post('/control/generate_credential_server', await otpFor(c, 'credential'));
    expect(cred.rc, cred.rd).toBe('00');
    expect(cred.data.client_id).toMatch(/^GBS-/);
  });

  it('access: END USER and API-disabled refused, group 3 gets the activation prompt only', async () => {
    const endUser = await t.loginAs('enduser@demo.id', { lang: 'en' });
    expect((await endUser.get('/control/credential_server')).rc).toBe('403');
    expect((await endUser.post('/control/create_otp', { captcha: '', brand: 'pin' })).rc).toBe(
      '403',
    );
    const h2h = await t.loginAs('h2h@demo.id', { lang: 'en' });
    expect((await h2h.get('/control/credential_server')).data.activationRequired).toBe(false);
    // The seeded group-3 user as it is (not activated, API off): the prompt, and nothing else.
    const newbiz = await t.loginAs('newbiz@demo.id', { lang: 'en' });
    const page = await newbiz.get('/control/credential_server');
    expect(page.rc, page.rd).toBe('00');
    expect(page.data).toEqual({ activationRequired: true, credential: null });
    expect((await newbiz.get('/control/setting_callback_url')).rc).toBe('403');
    expect(
      (await newbiz.post('/control/create_otp', { captcha: '', brand: 'credential' })).rc,
    ).toBe('403');
  });

  it('a session that is not a test session needs both captchas', async () => {
    const { checkCaptcha } = await import('../../src/modules/credentials/otp');
    const ctx = { auth: { isTest: false }, services: t.services } as any;
    await expect(checkCaptcha(ctx, '', 'credentials.otp.captchaRequired')).rejects.toMatchObject({
      messageKey: 'credentials.otp.captchaRequired',
    });
    await expect(checkCaptcha(ctx, '', 'credentials.otp.captchaMissing')).rejects.toMatchObject({
      messageKey: 'credentials.otp.captchaMissing',
    });
    await expect(
      checkCaptcha(ctx, 'garbage', 'credentials.otp.captchaMissing'),
    ).rejects.toMatchObject({
      messageKey: 'credentials.otp.captchaInvalid',
    });
    const { translate } = await import('@gerbang/shared');
    expect(translate('en', 'credentials.otp.captchaRequired')).toBe('Please Fill Captcha');
    expect(translate('en', 'credentials.otp.captchaMissing')).toBe('Please input Recaptcha');
  });

  it("demo mode points partner's callback URLs at the demo receiver", async () => {
    const { seedCallbackUrls, demoCallbackSinkUrl } = await import(
      '../../src/seed/seed-callback-urls'
    );
    const config = t.services.config as { mode: string };
    config.mode = 'demo';
    try {
      await seedCallbackUrls(t.services);
      await seedCallbackUrls(t.services);
    } finally {
      config.mode = 'test';
    }
    const agent = await t.services.db
      .selectFrom('agents')
      .select('id')
      .where('username', '=', 'partner@demo.id')
      .executeTakeFirstOrThrow();
    const target = await callbackTargetFor(t.services.db, agent.id, 'sandbox', 'topup');
    expect(target?.url).toBe(demoCallbackSinkUrl(t.services.config.publicUrl));
    expect(target?.url).toMatch(/\/api\/dev\/callback_sink$/);
  });

  it('limits OTP mails to 10 an hour per user', async () => {
    const c = await t.loginAs('h2h@demo.id', { lang: 'en' });
    const answers = [];
    for (let i = 0; i < 11; i++)
      answers.push(await c.post('/control/create_otp', { captcha: '', brand: 'pin' }));
    expect(answers.slice(0, 10).every((a) => a.rc === '00')).toBe(true);
    expect(answers[10]?.rc).toBe('429');
  });
});
