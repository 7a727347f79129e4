import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressDir } from '../../../../scripts/compress-dist.mjs';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE } from '../../src/http/static-web';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * The built web app is served precompressed and cached: a hashed asset in
 * brotli, gzip or as it is per Accept-Encoding, with Vary and a year's immutable cache; index.html
 * and the SPA fallback revalidated every time. A small build is made here the way the real build
 * is (the same compress step), so the test does not need `npm run build`.
 */
describe('web app: compression and cache headers', () => {
  let t: TestApp;
  let dist: string;
  const script = `${'export const rows = ['.padEnd(40, ' ')}${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, label: "row ${i}" }`).join(',\n')}];\n`;
  const html = `<!doctype html><html lang="id"><head><meta charset="UTF-8" /><title>Gerbang</title><script type="module" src="/assets/index-AbC123xy.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(60)}</body></html>`;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'gerbang-static-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets/index-AbC123xy.js'), script);
    writeFileSync(path.join(dist, 'index.html'), html);
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await compressDir(dist);
    t = await createTestApp('pglite', { seed: false, config: { webDistDir: dist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('the build step wrote brotli and gzip next to the asset', () => {
    const raw = readFileSync(path.join(dist, 'assets/index-AbC123xy.js'));
    const br = readFileSync(path.join(dist, 'assets/index-AbC123xy.js.br'));
    const gz = readFileSync(path.join(dist, 'assets/index-AbC123xy.js.gz'));
    expect(br.length).toBeLessThan(raw.length / 3);
    expect(brotliDecompressSync(br).equals(raw)).toBe(true);
    expect(gunzipSync(gz).equals(raw)).toBe(true);
  });

  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip, deflate', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])(
    'a hashed asset for Accept-Encoding %s is sent as %s, immutable for a year',
    async (accept, encoding) => {
      const res = await get('/assets/index-AbC123xy.js', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
      expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
      const body = res.rawPayload;
      const decoded =
        encoding === 'br'
          ? brotliDecompressSync(body)
          : encoding === 'gzip'
            ? gunzipSync(body)
            : body;
      expect(decoded.toString('utf8')).toBe(script);
      if (encoding) expect(body.length).toBeLessThan(script.length / 3);
      expect(Number(res.headers['content-length'])).toBe(body.length);
    },
  );

  it('index.html is compressed too and never cached without revalidation', async () => {
    for (const url of ['/', '/index.html']) {
      const res = await get(url, 'gzip, deflate, br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe(REVALIDATE_CACHE);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(res.headers.etag).toBeTruthy();
      expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(html);
    }
  });

  it('a page path gets the SPA (index.html, no-cache); a missing asset is a 404, not HTML', async () => {
    const page = await get('/data/transaction', 'gzip');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.rawPayload).toString('utf8')).toBe(html);

    const plain = await get('/data/transaction');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);

    const missing = await get('/assets/index-Gone0000.js', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^text\/plain/);
    expect(missing.headers['cache-control']).not.toContain('immutable');
  });

  it('a hashed asset carries no page headers; the page does', async () => {
    const asset = await get('/assets/index-AbC123xy.js', 'br');
    for (const name of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy'])
      expect(asset.headers[name], name).toBeUndefined();
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    const page = await get('/', 'br');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('a small unhashed file is sent as it is, revalidated', async () => {
    const res = await get('/favicon.svg', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('API answers keep their own no-store', async () => {
    const res = await get('/api/app/config', 'br, gzip');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
