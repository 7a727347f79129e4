import { type APIRequestContext, request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, hasBrowser, screenshot, useBrowser } from '../support/browser';
import { waitForTable } from '../support/data-table';
import { SCREENS } from '../support/screens';

/**
 * The callback engine seen by a person: a VA payment made in the payer simulator reaches the demo
 * receiver (the demo seed points partner@demo.id's callback URLs at it), and the row's popup on
 * /data/callback shows the delivered attempt, in Indonesian and English, wide and narrow.
 */

interface SinkEntry {
  event_id: string | null;
  body: string;
  signature_valid: boolean | null;
  answered_status: number;
}

async function post(api: APIRequestContext, path: string, data: unknown) {
  const token = await api.get('/api/auth/csrf_token');
  const csrf = ((await token.json()) as { data: { csrf: string } }).data.csrf;
  const res = await api.post(path, { headers: { 'x-csrf-token': csrf }, data });
  return (await res.json()) as { rc: string; rd: string; data: any };
}

describe.skipIf(!hasBrowser())('callback delivery', () => {
  const browser = useBrowser();
  let api: APIRequestContext;
  let idTransaksi = '';
  let eventId = '';

  beforeAll(async () => {
    if (!hasBrowser()) return;
    api = await request.newContext({ baseURL: baseUrl() });
    const issued = await post(api, '/api/dev/simulator/issue', {
      channel: '014',
      agent: 'partner@demo.id',
      amount: 175_000,
    });
    expect(issued.rc, issued.rd).toBe('00');
    const paid = await post(api, '/api/dev/simulator/pay', {
      channel: issued.data.pay_channel,
      number: issued.data.number,
      amount: 175_000,
    });
    expect(paid.rc, paid.rd).toBe('00');
    idTransaksi = paid.data.id_transaksi;
  });
  afterAll(async () => {
    await api?.dispose();
  });

  it('the payment callback reaches the demo receiver within seconds', async () => {
    // The receiver's list needs a session and shows the caller's own agent's callbacks only.
    const anonymous = await api.get('/api/dev/callback_sink');
    expect(((await anonymous.json()) as { rc: string }).rc).not.toBe('00');
    const page = await browser.signedIn('partner@demo.id', { width: 1366, language: 'en' });
    let entry: SinkEntry | undefined;
    for (let i = 0; i < 60 && !entry; i++) {
      const res = await page.request.get('/api/dev/callback_sink');
      const list = ((await res.json()) as { data: SinkEntry[] }).data;
      entry = list.find((e) => e.body.includes(`"${idTransaksi}"`));
      if (!entry) await new Promise((r) => setTimeout(r, 500));
    }
    expect(entry, 'callback not received').toBeTruthy();
    expect(entry?.answered_status).toBe(200);
    expect(entry?.signature_valid).not.toBe(false);
    expect(JSON.parse(entry?.body ?? '{}')).toMatchObject({
      type: 'payment',
      id_transaksi: idTransaksi,
      amount: 175_000,
    });
    eventId = entry?.event_id ?? '';
    expect(eventId).toMatch(/^[0-9a-f-]{36}$/);
  });

  for (const { width, height, language } of SCREENS) {
    it(`shows the delivered attempt in the row popup (${width} px, ${language})`, async () => {
      const page = await browser.signedIn('partner@demo.id', {
        width,
        height,
        language,
        at: `/data/callback?key=1&value=${idTransaksi}`,
      });
      await waitForTable(page);
      const rows = page.getByTestId('data-row');
      await expect.poll(() => rows.count()).toBe(1);
      await rows.first().click();
      await page.getByTestId('data-popup-table').waitFor();
      const log = page.getByTestId('callback-attempts');
      await log.getByTestId('callback-attempt').first().waitFor();
      await expect.poll(() => log.getByTestId('callback-event-id').textContent()).toBe(eventId);
      expect(await log.getByTestId('attempt-status').first().textContent()).toBe('200');
      expect(await log.getByTestId('attempt-url').first().textContent()).toContain(
        '/api/dev/callback_sink',
      );
      const title = language === 'en' ? 'Delivery attempts' : 'Riwayat pengiriman';
      expect(await log.textContent()).toContain(title);
      expect(await log.textContent()).toContain(language === 'en' ? 'Attempt 1' : 'Percobaan 1');
      expect(await log.textContent()).toContain('x-callback-event-id');
      await log.scrollIntoViewIfNeeded();
      await screenshot(page, `callbacks-popup-${width}-${language}`);
    });
  }

  it('the list follows a resend live: Sent again and "Resend" enabled, without a reload', async () => {
    const page = await browser.signedIn('partner@demo.id', {
      width: 1366,
      language: 'en',
      at: `/data/callback?key=1&value=${idTransaksi}`,
    });
    await waitForTable(page);
    const row = page.getByTestId('data-row').first();
    await row.getByText('Sent').waitFor();
    // A marker that a reload would lose.
    await page.evaluate(() => {
      (window as unknown as { __noReload: boolean }).__noReload = true;
    });
    // Every text the row shows from now on: the sent time has minute resolution, so a resend in
    // the same minute reads the same once done; the row must pass through another state first.
    await page.evaluate(() => {
      const w = window as unknown as { __rowTexts: string[] };
      w.__rowTexts = [];
      const table = document.querySelector('[data-testid="data-row"]')?.parentElement;
      if (!table) return;
      new MutationObserver(() => {
        const first = document.querySelector('[data-testid="data-row"]');
        if (first) w.__rowTexts.push(first.textContent ?? '');
      }).observe(table, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    const resend = row.getByTestId('action-retry');
    await resend.click();
    await page.getByTestId('confirm-yes').click();
    await page.getByTestId('error-dialog-ok').click();
    // The sender delivers it again (the job runs every second); the live `callback` event
    // refreshes the row: no polling on this page, so only the stream can bring it back to Sent.
    const seen = () =>
      page.evaluate(() => (window as unknown as { __rowTexts: string[] }).__rowTexts);
    await expect
      .poll(
        async () =>
          // The row left Sent (queued again), is Sent again, and Resend is enabled.
          (await seen()).some((text) => !text.includes('Sent')) &&
          (await row.getByText('Sent').count()) > 0 &&
          (await resend.isEnabled()),
        { timeout: 5_000 },
      )
      .toBe(true);
    const sink = await page.request.get('/api/dev/callback_sink');
    const list = ((await sink.json()) as { data: SinkEntry[] }).data;
    expect(list.filter((e) => e.event_id === eventId).length).toBeGreaterThanOrEqual(2);
    expect(
      await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload),
    ).toBe(true);
    await screenshot(page, 'callbacks-after-resend-1366-en');
  });
});
