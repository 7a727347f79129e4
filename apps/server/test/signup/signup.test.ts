import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crc32 } from '../../src/modules/nmid/images';
import { testDatabases } from '../helpers/databases';
import { createTestApp, DEMO_PASSWORD, TEST_KEY, type TestApp } from '../helpers/test-app';
import { BUSINESS, consoleLogin, mailedToken, PNG, postBusiness, signUpAndLogin } from './helpers';

/** A PNG whose header announces width × height over one tiny, valid-looking IDAT. */
function pngWithSize(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    PNG.subarray(0, 8),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const IMAGES = {
  ktp: { name: 'ktp.png', bytes: PNG, type: 'image/png' },
  npwp: { name: 'npwp.png', bytes: PNG, type: 'image/png' },
  akta: { name: 'akta.png', bytes: PNG, type: 'image/png' },
};

describe.each(testDatabases())('sign-up and activation on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a short password and a missing captcha, in order', async () => {
    const c = t.client({ lang: 'en' });
    const short = await c.post('/signup', {
      email: 'a@contoh.co.id',
      password: 'short',
      confirmation: 'short',
      captcha: TEST_KEY,
    });
    expect(short.rc).toBe('400');
    const noCaptcha = await c.post('/signup', {
      email: 'a@contoh.co.id',
      password: DEMO_PASSWORD,
      confirmation: DEMO_PASSWORD,
      captcha: '',
    });
    expect(noCaptcha.rc).toBe('400');
    const count = await t.services.db
      .selectFrom('signup_verifications')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('mails a link that works once; the second click is refused and creates nothing', async () => {
    const email = 'once@contoh.co.id';
    const c = t.client({ lang: 'en' });
    const res = await c.post('/signup', {
      email,
      password: DEMO_PASSWORD,
      confirmation: DEMO_PASSWORD,
      captcha: TEST_KEY,
    });
    expect(res.rc).toBe('00');
    const token = await mailedToken(t, email);
    const [a, b] = await Promise.all([
      c.post('/signup/verify', { token }),
      c.post('/signup/verify', { token }),
    ]);
    expect([a.rc, b.rc].sort()).toEqual(['00', '01']);
    const again = await c.post('/signup/verify', { token });
    expect(again.rc).toBe('01');
    expect(again.rd).toBe('This verification link is invalid, already used or expired.');
    const agents = await t.services.db
      .selectFrom('agents')
      .select('id')
      .where('username', '=', email)
      .execute();
    expect(agents).toHaveLength(1);
  });

  it('refuses an expired link', async () => {
    const email = 'late@contoh.co.id';
    const c = t.client({ lang: 'en' });
    await c.post('/signup', {
      email,
      password: DEMO_PASSWORD,
      confirmation: DEMO_PASSWORD,
      captcha: TEST_KEY,
    });
    const token = await mailedToken(t, email);
    t.clock.advance(24 * 60 * 60_000 + 1_000);
    const res = await c.post('/signup/verify', { token });
    expect(res.rc).toBe('01');
    const agent = await t.services.db
      .selectFrom('agents')
      .select('id')
      .where('username', '=', email)
      .executeTakeFirst();
    expect(agent).toBeUndefined();
  });

  it('a new user lands unregistered, registers a business, asks for activation, is rejected, resubmits, is approved', async () => {
    const email = 'kopi@contoh.co.id';
    const c = await signUpAndLogin(t, email);
    let state = await c.get('/signup/registration');
    expect(state.data).toMatchObject({ status_reg: false, id_grup: 6, registration: null });

    // A text file renamed .jpg and an oversized file are refused; nothing is stored.
    const renamed = await postBusiness(t, c, BUSINESS, {
      ...IMAGES,
      ktp: {
        name: 'ktp.jpg',
        bytes: Buffer.from('just some text, not a picture'),
        type: 'image/jpeg',
      },
    });
    expect(renamed.rc).toBe('400');
    expect(renamed.rd).toBe('The KTP file is not an image (JPG, PNG or WebP).');
    // Image headers in front of HTML, a truncated PNG and a decompression bomb: decoded, refused.
    const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const webpHeader = Buffer.from('RIFF\x40\x00\x00\x00WEBPVP8 ', 'latin1');
    const bomb = pngWithSize(30_000, 30_000);
    for (const [label, bytes] of [
      ['png+html', Buffer.concat([PNG.subarray(0, 8), html])],
      ['jpeg+html', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), html])],
      ['webp+html', Buffer.concat([webpHeader, html])],
      ['truncated png', PNG.subarray(0, PNG.length - 16)],
      ['30000x30000 png', bomb],
    ] as const) {
      const res = await postBusiness(t, c, BUSINESS, {
        ...IMAGES,
        akta: { name: 'akta.png', bytes, type: 'image/png' },
      });
      expect([label, res.rc, res.rd]).toEqual([
        label,
        '400',
        'The AKTA file is not an image (JPG, PNG or WebP).',
      ]);
    }
    const big = await postBusiness(t, c, BUSINESS, {
      ...IMAGES,
      npwp: {
        name: 'npwp.png',
        bytes: Buffer.concat([PNG, Buffer.alloc(5_242_880)]),
        type: 'image/png',
      },
    });
    expect(big.rc).toBe('400');
    expect(big.rd).toBe('The NPWP file is larger than 5 MB.');
    expect((await c.get('/signup/registration')).data.registration).toBeNull();

    const ok = await postBusiness(t, c, BUSINESS, IMAGES);
    expect(ok.rc).toBe('00');
    state = await c.get('/signup/registration');
    expect(state.data).toMatchObject({
      status_reg: true,
      id_grup: 3,
      user_type: 'Business',
      business_activated: false,
      registration: { kind: 'BUSINESS', status: 'draft', documents: ['akta', 'ktp', 'npwp'] },
    });
    // Money features still answer the activation message.
    const sent = await c.post('/signup/activation', {});
    expect(sent.rc).toBe('00');
    expect(sent.data.registration.status).toBe('waiting');
    expect((await c.post('/signup/activation', {})).rc).toBe('01');

    const ops = await consoleLogin(t);
    const queue = await ops.get('/console/registrations', { status: 'waiting' });
    const row = (queue.data as Array<{ id: number; username: string }>).find(
      (r) => r.username === email,
    )!;
    expect(row).toBeDefined();
    const noReason = await ops.post(`/console/registrations/${row.id}/reject`, { reason: '' });
    expect(noReason.rc).toBe('400');
    const rejected = await ops.post(`/console/registrations/${row.id}/reject`, {
      reason: 'NPWP tidak terbaca',
    });
    expect(rejected.rc).toBe('00');
    state = await c.get('/signup/registration');
    expect(state.data.registration).toMatchObject({
      status: 'rejected',
      reason: 'NPWP tidak terbaca',
    });
    expect(state.data.business_activated).toBe(false);
    // Deciding twice is refused.
    expect((await ops.post(`/console/registrations/${row.id}/approve`, {})).rc).toBe('01');

    expect((await postBusiness(t, c, BUSINESS, { npwp: IMAGES.npwp })).rc).toBe('00');
    expect((await c.post('/signup/activation', {})).rc).toBe('00');
    const [a, b] = await Promise.all([
      ops.post(`/console/registrations/${row.id}/approve`, {}),
      ops.post(`/console/registrations/${row.id}/approve`, {}),
    ]);
    expect([a.rc, b.rc].sort()).toEqual(['00', '01']);
    const agent = await t.services.db
      .selectFrom('agents')
      .select(['id_grup', 'enable_api', 'is_approved_kyc', 'business_activated'])
      .where('username', '=', email)
      .executeTakeFirstOrThrow();
    expect(agent).toEqual({
      id_grup: 6,
      enable_api: true,
      is_approved_kyc: true,
      business_activated: true,
    });
    const audit = await t.services.db
      .selectFrom('audit_log')
      .select('action')
      .where('username', '=', 'console:ops@demo.id')
      .execute();
    expect(audit.map((r) => r.action)).toEqual(
      expect.arrayContaining([
        'console_login',
        'console_registration_reject',
        'console_registration_approve',
      ]),
    );
    // The staff member sees the document, a merchant does not.
    const doc = await t.app.inject({
      method: 'GET',
      url: `/api/console/registrations/${row.id}/documents/ktp`,
      headers: { cookie: [...ops.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toBe('image/png');
    const asMerchant = await c.get(`/console/registrations/${row.id}/documents/ktp`);
    expect(asMerchant.rc).toBe('403');
    // The view is on the record, on the merchant's log too.
    const viewed = await t.services.db
      .selectFrom('audit_log')
      .select(['username', 'agent_id', 'target', 'detail'])
      .where('action', '=', 'console_document_view')
      .where('target', '=', `registration:${row.id}`)
      .execute();
    expect(viewed).toHaveLength(1);
    expect(viewed[0]?.username).toBe('console:ops@demo.id');
    expect(JSON.stringify(viewed[0]?.detail)).toContain('ktp');
  });

  it('a personal registration waits for KYC and is approved', async () => {
    const email = 'pribadi@contoh.co.id';
    const c = await signUpAndLogin(t, email);
    const bad = await c.post('/signup/personal', { ...BUSINESS, no_ktp: '123' });
    expect(bad.rc).toBe('400');
    const res = await c.post('/signup/personal', {
      nama: 'Siti',
      tempat_lahir: 'Solo',
      tgl_lahir: '1995-01-02',
      no_ktp: '3372010201950001',
      no_hp: '081298765432',
    });
    expect(res.rc).toBe('00');
    expect(res.data).toMatchObject({
      status_reg: true,
      is_approved_kyc: false,
      registration: { status: 'waiting' },
    });
    const ops = await consoleLogin(t);
    const list = await ops.get('/console/registrations', { status: 'waiting' });
    const row = (list.data as Array<{ id: number; username: string }>).find(
      (r) => r.username === email,
    )!;
    expect((await ops.post(`/console/registrations/${row.id}/approve`, {})).rc).toBe('00');
    expect((await c.get('/signup/registration')).data.is_approved_kyc).toBe(true);
  });

  it('an existing merchant cannot re-register; a group-3 business without data can complete it', async () => {
    const partner = await t.loginAs('partner@demo.id', { lang: 'en' });
    const refusedPersonal = await partner.post('/signup/personal', {
      nama: 'X',
      tempat_lahir: 'Y',
      tgl_lahir: '1990-01-01',
      no_ktp: '3273011204900001',
      no_hp: '081234567890',
    });
    expect(refusedPersonal.rc).toBe('01');
    expect((await postBusiness(t, partner, BUSINESS, IMAGES)).rc).toBe('01');
    const agent = await t.services.db
      .selectFrom('agents')
      .select(['id_grup', 'user_type'])
      .where('username', '=', 'partner@demo.id')
      .executeTakeFirstOrThrow();
    expect(agent).toEqual({ id_grup: 6, user_type: 'Business' });

    const newbiz = await t.loginAs('newbiz@demo.id', { lang: 'en' });
    expect((await newbiz.post('/signup/activation', {})).rd).toBe(
      'Complete your business registration first.',
    );
    expect((await postBusiness(t, newbiz, BUSINESS, IMAGES)).rc).toBe('00');
    const sent = await newbiz.post('/signup/activation', {});
    expect(sent.data.registration.status).toBe('waiting');
  });
});
