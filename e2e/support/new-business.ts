import { type APIRequestContext, request } from 'playwright-core';
import { baseUrl, DEMO_PASSWORD, E2E_TEST_KEY } from './browser';

/** A tiny PNG (signature, IHDR, IDAT, IEND): an image by its bytes, as the documents must be. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c63000100000500010d0a2db40000000049454e44ae426082',
  'hex',
);

const BUSINESS_FIELDS = {
  nama: 'Rina Kartika',
  tempat_lahir: 'Bogor',
  tgl_lahir: '1991-03-08',
  no_ktp: '3271014803910002',
  no_hp: '081298765432',
  nama_usaha: 'CV Roti Kartika',
  jenis_usaha: 'Toko roti',
  no_npwp: '023456789012345',
  alamat_usaha: 'Jl. Suryakencana 5',
  kabupaten: 'Kota Bogor',
  kode_pos: '16123',
};

async function post(api: APIRequestContext, url: string, data: object, multipart = false) {
  const token = await api.get('/api/auth/csrf_token');
  const csrf = ((await token.json()) as { data: { csrf: string } }).data.csrf;
  const headers = { 'x-csrf-token': csrf };
  const res = multipart
    ? await api.post(url, { headers, multipart: data as Record<string, string> })
    : await api.post(url, { headers, data });
  const body = (await res.json()) as { rc: string; rd: string };
  if (body.rc !== '00') throw new Error(`${url} refused: ${body.rc} ${body.rd}`);
}

/**
 * A new business through the public calls the sign-up pages make (sign-up, the mailed link,
 * business data with its three documents), so a test can start at a state the demo users do not
 * have without changing one of them. `requestActivation` leaves it waiting for review.
 */
export async function newBusiness(email: string, opts: { requestActivation: boolean }) {
  const api = await request.newContext({ baseURL: baseUrl() });
  try {
    const password = DEMO_PASSWORD;
    await post(api, '/api/signup', {
      email,
      password,
      confirmation: password,
      captcha: E2E_TEST_KEY,
    });
    const mails = await (await api.get('/api/dev/mailbox', { params: { to: email } })).json();
    const token = /token=([A-Za-z0-9_%-]+)/.exec(JSON.stringify(mails.data))?.[1];
    if (!token) throw new Error(`no verification mail for ${email}`);
    await post(api, '/api/signup/verify', { token: decodeURIComponent(token) });
    await post(api, '/api/auth/login', { username: email, password, captcha: E2E_TEST_KEY });
    const image = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });
    await post(
      api,
      '/api/signup/business',
      {
        ...BUSINESS_FIELDS,
        ktp: image('ktp.png'),
        npwp: image('npwp.png'),
        akta: image('akta.png'),
      },
      true,
    );
    if (opts.requestActivation) await post(api, '/api/signup/activation', {});
  } finally {
    await api.dispose();
  }
}
