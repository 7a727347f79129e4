import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, screenshot, trackRequests, useBrowser } from '../support/browser';
import { ENGLISH_PHONE, INDONESIAN_WIDE } from '../support/screens';
import { englishWordsIn, visibleText } from './english-words';

/** Waits until the page has settled: the network quiet (when tracked), data tables loaded and drawn. */
async function settle(page: Page, network?: ReturnType<typeof trackRequests>) {
  // The network quiet (the live event stream left out), then the tables ready.
  await network?.quiet();
  const table = page.locator('[data-ready-for]');
  if ((await table.count()) > 0) {
    await page.waitForFunction(
      () =>
        Array.from(document.querySelectorAll('[data-ready-for]')).every((el) =>
          (el.getAttribute('data-ready-for') ?? '').startsWith('ready:'),
        ),
      undefined,
      { timeout: 20_000 },
    );
  }
  // Two animation frames: React has committed and the browser has drawn what the data brought.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
}

const PAGES = [
  '/',
  '/transaction/single_disbursement',
  '/data/transaction',
  '/data/transfer',
  '/data/deposit',
  '/data/balance',
  '/data/monitor_hold_balance',
  '/data/virtual_account_transaction',
  '/data/export_data',
  '/register_va/bulk',
  '/topup',
  '/report/daily_success_trx',
  '/account',
];

/**
 * Indonesian everywhere in Indonesian mode. Walks the main pages in Indonesian at
 * 1366 and 390 px and fails on known English words in the visible text (the page's innerText plus
 * the text inside open shadow roots, where web components such as the captcha draw). Proper names
 * and codes (Transfer, Virtual Account, Top Up, Sandbox, Production, BCA, QRIS…) are not in the
 * list; the list names words an Indonesian page must translate.
 */
describe.skipIf(!hasBrowser())('Indonesian pages carry no English words', () => {
  const browser = useBrowser();

  it('login with the captcha in Indonesian', async () => {
    const { width } = INDONESIAN_WIDE;
    const page = await browser.newPage(INDONESIAN_WIDE);
    await page.goto('/auth/login');
    await page.locator('altcha-widget').waitFor();
    await page.getByText('Saya bukan robot').waitFor();
    // The empty-field message of the E-mail field.
    await page.getByTestId('login-submit').click();
    await page.getByText('Masukkan email Anda').waitFor();
    expect(englishWordsIn(await visibleText(page))).toEqual([]);
    await page.locator('altcha-widget label').first().click();
    await page.locator('altcha-widget .altcha[data-state="verified"]').waitFor({ timeout: 30_000 });
    await page.getByText('Terverifikasi').waitFor();
    expect(englishWordsIn(await visibleText(page))).toEqual([]);
    await screenshot(page, `i18n-login-captcha-id-${width}`);
  });

  it('the captcha speaks English on an English page', async () => {
    const page = await browser.newPage(ENGLISH_PHONE);
    await page.goto('/auth/login');
    await page.getByText("I'm not a robot").waitFor();
    await screenshot(page, `i18n-login-captcha-en-${ENGLISH_PHONE.width}`);
  });

  // Indonesian at both widths: the phone shows other text than the laptop (cards, the menu).
  it.each([1366, 390])('walks the main pages at %i px', async (width) => {
    const page = await browser.signedIn('partner@demo.id', { width, language: 'id' });
    const network = trackRequests(page);
    const found: Record<string, string[]> = {};
    for (const path of PAGES) {
      await page.goto(path);
      await settle(page, network);
      const words = englishWordsIn(await visibleText(page));
      if (words.length > 0) found[path] = words;
      await screenshot(page, `i18n-id-${width}${path.replace(/\//g, '_') || '_home'}`);
    }
    expect(found).toEqual({});
  });

  it("names the request-time column in the page's language (1366 px: the table header)", async () => {
    const id = await browser.signedIn('partner@demo.id', {
      width: 1366,
      language: 'id',
      at: '/data/transaction',
    });
    await id.locator('[data-ready-for^="ready:"]').first().waitFor();
    await settle(id);
    await expect(visibleText(id)).resolves.toContain('Waktu Permintaan');
    await expect(visibleText(id)).resolves.not.toContain('Waktu Request');
    await screenshot(id, 'i18n-id-1366-time-request');
    const en = await browser.signedIn('partner@demo.id', {
      width: 1366,
      language: 'en',
      at: '/data/transaction',
    });
    await en.locator('[data-ready-for^="ready:"]').first().waitFor();
    await settle(en);
    await expect(visibleText(en)).resolves.toContain('Request Time');
    await screenshot(en, 'i18n-en-1366-time-request');
  });
});
