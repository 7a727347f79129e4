import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';

/**
 * A logged-in reader of the dashboard or a data page gets the page's first frame in its document:
 * the page's title (the dashboard's with the company's name) in the reader's language, just before
 * the root, so it shows before any script has run. Nobody else gets one: no session, a sandbox
 * session, a page whose title the server cannot know.
 */
describe('web app: the first frame of a page behind the login', () => {
  let t: TestApp;
  let dist: string;
  let partner: TestClient;
  const mark = '<div data-boot-mark style="position:fixed">logo</div>';
  const html = `<!doctype html><html lang="id"><head><meta charset="UTF-8" /><title>Gerbang</title><script type="module" crossorigin src="/assets/app-A1.js"></script><link rel="stylesheet" crossorigin href="/assets/app-C1.css"></head><body><div id="root">${mark}</div></body></html>`;
  const preloads = {
    always: ['assets/shell-S1.js'],
    routes: [
      { path: '/', pattern: '^/?$', files: ['assets/DashboardPage-D1.js'] },
      { path: '/data/:path', pattern: '^/data/[^/]+/?$', files: ['assets/DataPage-P1.js'] },
    ],
  };

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'gerbang-first-frame-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), html);
    writeFileSync(path.join(dist, 'page-preloads.json'), JSON.stringify(preloads));
    t = await createTestApp('pglite', { config: { webDistDir: dist } });
    partner = await t.loginAs('partner@demo.id');
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const documentFor = (url: string, cookies: Map<string, string> | null, language?: string) => {
    const jar = [...(cookies ?? [])].map(([k, v]) => `${k}=${v}`);
    if (language) jar.push(`gerbang_language=${language}`);
    return t.app.inject({
      method: 'GET',
      url,
      headers: jar.length ? { cookie: jar.join('; ') } : {},
    });
  };
  /** The frame's texts, in the order they show. */
  const frameTexts = (body: string) => {
    const frame = /<div class="ff" data-first-frame="[^"]*"[^>]*>([\s\S]*?)<div id="root">/.exec(
      body,
    );
    return frame
      ? [...(frame[1] ?? '').matchAll(/<(?:h2|p) [^>]*>([^<]*)</g)].map((m) => m[1])
      : null;
  };

  it("shows a data page's title in the reader's language before the scripts, the logo hidden", async () => {
    const res = await documentFor('/data/transaction?page=2', partner.cookies);
    expect(res.statusCode).toBe(200);
    expect(frameTexts(res.body)).toEqual(['Transaksi API']);
    expect(res.body).toContain('data-first-frame="/data/transaction"');
    expect(res.body).toContain('[data-boot-mark]{display:none!important}');
    // The reader's own document: no shared cache keeps it.
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.body).toContain(
      'rel="modulepreload" crossorigin fetchpriority="low" href="/assets/DataPage-P1.js"',
    );

    // The app's stylesheet holds back only what follows it: it sits after the frame (which has
    // its own style in the head), just before the root the scripts render into.
    const [head, body] = res.body.split('</head>');
    expect(head).not.toContain('app-C1.css');
    expect(body).toMatch(
      /data-first-frame="[^"]*"[\s\S]*<link rel="stylesheet" crossorigin href="\/assets\/app-C1\.css"><div id="root">/,
    );

    const english = await documentFor('/data/transaction', partner.cookies, 'en');
    expect(frameTexts(english.body)).toEqual(['API Transactions']);
    expect(english.body).toContain('<html lang="en">');
  });

  it("shows the dashboard's title and the company's name, as text", async () => {
    const res = await documentFor('/', partner.cookies);
    expect(frameTexts(res.body)).toEqual([
      'Dashboard',
      'Ringkasan transaksi PT Nusantara Digital Niaga',
    ]);
    await t.services.db
      .updateTable('agents')
      .set({ nama_agen: 'PT <img src=x onerror=alert(1)> & "Co"' })
      .where('nama_agen', '=', 'PT Nusantara Digital Niaga')
      .execute();
    try {
      const marked = await documentFor('/', partner.cookies, 'en');
      expect(marked.body).not.toContain('<img');
      expect(frameTexts(marked.body)).toEqual([
        'Dashboard',
        'Transaction overview of PT &lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot;',
      ]);
    } finally {
      await t.services.db
        .updateTable('agents')
        .set({ nama_agen: 'PT Nusantara Digital Niaga' })
        .where('nama_agen', 'like', 'PT <img%')
        .execute();
    }
  });

  it('gives no frame without a session, on a page with a back button, or on a public page', async () => {
    for (const [url, cookies] of [
      ['/data/transaction', null],
      ['/', null],
      ['/data/disbursement_detail', partner.cookies],
      ['/data/no_such_page', partner.cookies],
      ['/account', partner.cookies],
    ] as const) {
      const res = await documentFor(url, cookies);
      expect(res.statusCode).toBe(200);
      expect(res.body, url).not.toContain('data-first-frame');
      expect(res.body, url).toContain(mark);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const login = await documentFor('/auth/login', partner.cookies);
    expect(login.body).toBe(html);
  });

  it('gives no frame in sandbox, where a notice sits above the title', async () => {
    const c = await t.loginAs('partner@demo.id');
    expect((await c.post('/control/change_environment_sandbox')).rc).toBe('00');
    const res = await documentFor('/data/transaction', c.cookies);
    expect(res.body).not.toContain('data-first-frame');
    expect(frameTexts((await documentFor('/data/transaction', partner.cookies)).body)).toEqual([
      'Transaksi API',
    ]);
  });
});
