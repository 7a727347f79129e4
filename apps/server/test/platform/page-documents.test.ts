import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * A page behind the login gets a document naming the chunks it loads after the entry (the build's
 * page-preloads.json): the shell's for every such page, and its own page's. The login and the other
 * public pages get index.html as built, so their byte budget does not carry the shell.
 */
describe('web app: each back-office address names its chunks in its document', () => {
  let t: TestApp;
  let dist: string;
  const html = `<!doctype html><html lang="id"><head><meta charset="UTF-8" /><title>Gerbang</title><script type="module" crossorigin src="/assets/app-A1.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;
  const preloads = {
    always: ['assets/shell-S1.js', 'assets/ui-U1.js', 'assets/ui-U1.css'],
    languages: { id: ['assets/id-rest-I1.js'], en: ['assets/en-rest-E1.js'] },
    routes: [
      { path: '/', pattern: '^/?$', files: ['assets/DashboardPage-D1.js'] },
      { path: '/data/:path', pattern: '^/data/[^/]+/?$', files: ['assets/DataPage-P1.js'] },
      {
        path: '/report/:path/:type?',
        pattern: '^/report/[^/]+(?:/[^/]+)?/?$',
        files: ['assets/ReportPage-R1.js'],
      },
    ],
  };

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'gerbang-documents-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets/app-A1.js'), 'export {};\n');
    writeFileSync(path.join(dist, 'index.html'), html);
    writeFileSync(path.join(dist, 'page-preloads.json'), JSON.stringify(preloads));
    t = await createTestApp('pglite', { seed: false, config: { webDistDir: dist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const preloaded = (body: string) =>
    [...body.matchAll(/<link rel="(?:modulepreload|preload)"[^>]* href="\/([^"]+)"/g)].map(
      (m) => m[1],
    );

  it.each([
    [
      '/',
      [
        'assets/shell-S1.js',
        'assets/ui-U1.js',
        'assets/ui-U1.css',
        'assets/id-rest-I1.js',
        'assets/DashboardPage-D1.js',
      ],
    ],
    [
      '/data/transaction?page=2',
      [
        'assets/shell-S1.js',
        'assets/ui-U1.js',
        'assets/ui-U1.css',
        'assets/id-rest-I1.js',
        'assets/DataPage-P1.js',
      ],
    ],
    [
      '/report/daily',
      [
        'assets/shell-S1.js',
        'assets/ui-U1.js',
        'assets/ui-U1.css',
        'assets/id-rest-I1.js',
        'assets/ReportPage-R1.js',
      ],
    ],
    [
      '/report/daily/detail',
      [
        'assets/shell-S1.js',
        'assets/ui-U1.js',
        'assets/ui-U1.css',
        'assets/id-rest-I1.js',
        'assets/ReportPage-R1.js',
      ],
    ],
    // An unknown address behind the login still loads the shell (it shows not-found inside it).
    [
      '/no/such/page',
      ['assets/shell-S1.js', 'assets/ui-U1.js', 'assets/ui-U1.css', 'assets/id-rest-I1.js'],
    ],
  ])(
    '%s names the shell and its page, after the entry, in a revalidated document',
    async (url, files) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(preloaded(res.body)).toEqual(files);
      expect(res.body.indexOf('app-A1.js')).toBeLessThan(res.body.indexOf('shell-S1.js'));
      // In the credentials mode the build's loader adds stylesheets with, or the preload is unused.
      expect(res.body).toContain('rel="preload" as="style" crossorigin');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    },
  );

  it("names the catalog of the reader's language (its cookie), Indonesian without one", async () => {
    const english = await get('/data/transaction', { cookie: 'gerbang_language=en' });
    expect(preloaded(english.body)).toContain('assets/en-rest-E1.js');
    expect(preloaded(english.body)).not.toContain('assets/id-rest-I1.js');
    const unknown = await get('/data/transaction', { cookie: 'gerbang_language=fr' });
    expect(preloaded(unknown.body)).toContain('assets/id-rest-I1.js');
    expect(english.headers.etag).not.toBe(unknown.headers.etag);
  });

  it.each(['/auth/login', '/signup/verify', '/console/login', '/dev/mailbox', '/index.html'])(
    '%s (no session needed) gets index.html as built',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(html);
    },
  );

  it('is compressed for the browser, and a repeat visit with its ETag gets 304', async () => {
    const first = await get('/data/transaction', { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(preloaded(brotliDecompressSync(first.rawPayload).toString('utf8'))).toContain(
      'assets/DataPage-P1.js',
    );
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await get('/data/transaction', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await get('/', { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
  });
});
