import type { TestApp, TestClient } from '../helpers/test-app';
import { DEMO_PASSWORD, TEST_KEY } from '../helpers/test-app';

/** A 1×1 PNG with a tEXt chunk (metadata the server must drop). */
export const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a', 'hex'),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.from('0000000774455874436f6d6d656e7400000000', 'hex').subarray(0, 0),
  Buffer.from('0000000a49444154789c63000100000500010d0a2db40000000049454e44ae426082', 'hex'),
]);

export function multipart(
  fields: Record<string, string>,
  files: Record<string, { name: string; bytes: Buffer; type?: string }>,
) {
  const boundary = `----gerbang${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    );
  }
  for (const [k, f] of Object.entries(files)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${k}"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export const BUSINESS = {
  nama: 'Budi Santoso',
  tempat_lahir: 'Bandung',
  tgl_lahir: '1990-04-12',
  no_ktp: '3273011204900001',
  no_hp: '081234567890',
  nama_usaha: 'PT Kopi Nusantara',
  jenis_usaha: 'Kedai kopi',
  no_npwp: '012345678901234',
  alamat_usaha: 'Jl. Braga 10',
  kabupaten: 'Kota Bandung',
  kode_pos: '40111',
  url_website: '',
};

/** Posts the business form as multipart with the client's cookies and CSRF token. */
export async function postBusiness(
  t: TestApp,
  c: TestClient,
  fields: Record<string, string>,
  files: Record<string, { name: string; bytes: Buffer; type?: string }>,
) {
  const body = multipart(fields, files);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/signup/business',
    payload: body.payload,
    headers: {
      'content-type': body.contentType,
      cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': c.cookies.get('gerbang_csrf') ?? '',
      'x-language': 'en',
    },
  });
  return res.json() as { rc: string; rd: string; data: any };
}

/** Signs up, follows the mailed link, and logs in: the new user's client. */
export async function signUpAndLogin(t: TestApp, email: string): Promise<TestClient> {
  const c = t.client({ lang: 'en' });
  const res = await c.post('/signup', {
    email,
    password: DEMO_PASSWORD,
    confirmation: DEMO_PASSWORD,
    captcha: TEST_KEY,
  });
  if (res.rc !== '00') throw new Error(`signup ${res.rc} ${res.rd}`);
  const token = await mailedToken(t, email);
  const verified = await c.post('/signup/verify', { token });
  if (verified.rc !== '00') throw new Error(`verify ${verified.rc} ${verified.rd}`);
  const login = await c.post('/auth/login', {
    username: email,
    password: DEMO_PASSWORD,
    captcha: TEST_KEY,
  });
  if (login.rc !== '00') throw new Error(`login ${login.rc} ${login.rd}`);
  return c;
}

export async function mailedToken(t: TestApp, email: string): Promise<string> {
  const mail = await t.services.db
    .selectFrom('mail_outbox')
    .select('body_text')
    .where('to_address', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const match = /token=([A-Za-z0-9_%-]+)/.exec(mail.body_text);
  if (!match) throw new Error('no link in the mail');
  return decodeURIComponent(match[1]!);
}

/** Logs ops@demo.id into the console: the client and its CSRF header. */
export async function consoleLogin(t: TestApp, email = 'ops@demo.id') {
  const c = t.client({ lang: 'en' });
  const res = await c.post('/console/auth/login', {
    email,
    password: DEMO_PASSWORD,
    captcha: TEST_KEY,
  });
  if (res.rc !== '00') throw new Error(`console login ${res.rc} ${res.rd}`);
  const csrf = (res.data as { csrf: string }).csrf;
  return {
    client: c,
    get: c.get,
    post: (url: string, body: unknown = {}) =>
      c.post(url, body, { headers: { 'x-csrf-token': csrf } }),
  };
}
