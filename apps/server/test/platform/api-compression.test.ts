import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';

/**
 * JSON answers of the portal travel compressed when the browser accepts it (a data page of 50 rows
 * is ~11 KiB of JSON): brotli first, gzip else, nothing for a client that asks for neither or for
 * a small answer. What is already compressed or streamed (files, the event stream) and the partner
 * API are sent as they are.
 */
describe('API answers: compression', () => {
  let t: TestApp;
  let partner: TestClient;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    partner = await t.loginAs('partner@demo.id');
  });
  afterAll(async () => {
    await t?.close();
  });

  const cookie = () => [...partner.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: {
        cookie: cookie(),
        ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
      },
    });

  it('a session answer (5 KiB) is sent in brotli, or gzip, and reads back as the same JSON', async () => {
    const plain = await get('/api/auth/session');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const expected = plain.json();
    expect(expected.rc).toBe('00');

    const br = await get('/api/auth/session', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('no-store');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(expected);

    const gz = await get('/api/auth/session', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(expected);
  });

  it('a small answer is sent as it is', async () => {
    const res = await get('/api/auth/csrf_token', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().rc).toBe('00');
  });

  it('the partner API answers uncompressed whatever the client accepts', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/snap/v1.0/access-token/b2b',
      headers: { 'accept-encoding': 'br, gzip', 'content-type': 'application/json' },
      payload: { grantType: 'client_credentials', padding: 'x'.repeat(2000) },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().responseCode).toMatch(/^\d{7}$/);
  });
});
