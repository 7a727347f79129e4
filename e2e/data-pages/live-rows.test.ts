import { type APIRequestContext, type Page, request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../apps/server/test/helpers/free-port';
import { ServerProcess } from '../../apps/server/test/security/bank-server';
import { baseUrl, E2E_TEST_KEY, hasBrowser, screenshot, useBrowser } from '../support/browser';
import { waitForTable } from '../support/data-table';
import { SCREENS } from '../support/screens';

/**
 * Data pages while payments flow (ADR 017): a payment made while the transaction list is open
 * appears in it without a reload (the live event reloads page 1 in the default order; a row on
 * screen is patched from the event), a list in another order is not reloaded by it; and a
 * payment made through a SECOND server process on the same PostgreSQL reaches the page and the
 * balance of a tab connected to the first (NOTIFY crosses processes).
 */

async function post(api: APIRequestContext, path: string, data: unknown) {
  const token = await api.get('/api/auth/csrf_token');
  const csrf = ((await token.json()) as { data: { csrf: string } }).data.csrf;
  const res = await api.post(path, { headers: { 'x-csrf-token': csrf }, data });
  return (await res.json()) as { rc: string; rd: string; data: any };
}

/** A VA pay-in for the partner through the rails simulator of the server at `url`. */
async function payin(url: string, amount: number): Promise<string> {
  const api = await request.newContext({ baseURL: url });
  try {
    const issued = await post(api, '/api/dev/simulator/issue', {
      channel: '014',
      agent: 'partner@demo.id',
      amount,
    });
    expect(issued.rc, issued.rd).toBe('00');
    const paid = await post(api, '/api/dev/simulator/pay', {
      channel: issued.data.pay_channel,
      number: issued.data.number,
      amount,
    });
    expect(paid.rc, paid.rd).toBe('00');
    return paid.data.id_transaksi as string;
  } finally {
    await api.dispose();
  }
}

/** Counts list requests of the transaction page and full page loads from now on. */
function watch(page: Page) {
  const seen = { lists: 0, loads: 0 };
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === '/api/data/transaction') seen.lists += 1;
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.loads += 1;
  });
  return seen;
}

/**
 * The transaction list in its default order, 300 rows a page: other browser files move the server
 * clock to later hours of today, so rows dated after the real now can fill a short first page,
 * and a payment made now is new without being first.
 */
const HEAD_PAGE = '/data/transaction?limit=300';

const shows = (page: Page, text: string, timeout = 10_000) =>
  page.waitForFunction((t) => document.body.innerText.includes(t), text, { timeout });

describe.skipIf(!hasBrowser())('data pages follow live events', () => {
  const browser = useBrowser();

  for (const screen of SCREENS) {
    it(`a new payment appears in the open transaction list without a reload (${screen.width} px, ${screen.language})`, async () => {
      const page = await browser.signedIn('partner@demo.id', {
        ...screen,
        at: HEAD_PAGE,
      });
      await waitForTable(page);
      const seen = watch(page);
      const id = await payin(baseUrl(), 61_000 + screen.width);
      await shows(page, id);
      expect(seen.loads, 'page reloaded').toBe(0);
      // One burst of events is one reload of the list, not one per event.
      expect(seen.lists).toBeLessThanOrEqual(2);
      await screenshot(page, `live-rows-${screen.language}-${screen.width}`);
    });
  }

  it('a list in another order is not reloaded by a payment', async () => {
    const page = await browser.signedIn('partner@demo.id', {
      ...SCREENS[0],
      at: `${HEAD_PAGE}&sort=nominal_origin:asc`,
    });
    await waitForTable(page);
    // A second tab on the head page shows when the payment's events have gone out.
    const head = await browser.signedIn('partner@demo.id', {
      ...SCREENS[0],
      at: HEAD_PAGE,
    });
    await waitForTable(head);
    const seen = watch(page);
    const id = await payin(baseUrl(), 62_000);
    await shows(head, id);
    expect(seen.lists).toBe(0);
  });
});

const databaseUrl = hasBrowser() ? inject('e2eDatabaseUrl') : '';

describe.skipIf(!hasBrowser() || !databaseUrl)('live events across server processes', () => {
  const browser = useBrowser();
  let second: ServerProcess;

  beforeAll(async () => {
    const port = await freePort();
    second = new ServerProcess(port, {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      TEST_MODE_KEY: E2E_TEST_KEY,
      NODE_ENV: 'development',
      GERBANG_MODE: 'demo',
      LOG_LEVEL: 'warn',
    });
    await second.start(120_000);
  }, 150_000);
  afterAll(async () => {
    await second?.stop();
  });

  it('a payment through the second process reaches the list and balance on the first', async () => {
    const page = await browser.signedIn('partner@demo.id', {
      ...SCREENS[0],
      at: HEAD_PAGE,
    });
    await waitForTable(page);
    const balancePage = await browser.signedIn('partner@demo.id', {
      ...SCREENS[0],
      at: '/data/balance',
    });
    const hold = balancePage.getByTestId('balance-hold');
    await expect.poll(() => hold.textContent()).toMatch(/\d/);
    const before = await hold.textContent();
    const seen = watch(page);
    const id = await payin(second.url, 63_000);
    await shows(page, id);
    expect(seen.loads, 'page reloaded').toBe(0);
    // The pay-in is held until settlement: the held balance on the first process's tab moves.
    await expect.poll(() => hold.textContent(), { timeout: 10_000 }).not.toBe(before);
    await screenshot(page, 'live-rows-second-process');
    await screenshot(balancePage, 'live-balance-second-process');
  });
});
