import { formatRupiah, NEWS_PAGE } from '@gerbang/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  hasBrowser,
  loginAs,
  screenshot,
  setServerClock,
  useBrowser,
  useServerClockAt,
  wibTodayAt,
} from '../support/browser';
import { SCREENS } from '../support/screens';

/** The server's answer to a call, read in the page's own session (same cookies). */
async function apiGet(page: Page, path: string, query: Record<string, string | number> = {}) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await page.request.get(`/api${path}?${search}`);
  return (await res.json()) as { rc: string; rd: string; data: any };
}

const textOf = (page: Page, testId: string) => page.getByTestId(testId).textContent();

describe.skipIf(!hasBrowser())('dashboard in Chromium', () => {
  const browser = useBrowser();
  // Midday WIB on the server (the page follows it): outside the cut-off whatever the real hour.
  const serverClock = useServerClockAt('12:00');

  it('partner: summary cards equal the server figures, charts, news; month-to-date loads on click', async () => {
    const page = await browser.signedIn('partner@demo.id');
    const today = serverClock.day();
    await page.getByTestId('dashboard').waitFor();
    for (const [testId, group] of [
      ['summary-omzet-total', 4],
      ['summary-omzet-va', 1],
      ['summary-omzet-transfer', 2],
    ] as const) {
      await page.getByTestId(testId).waitFor();
      const answer = await apiGet(page, '/resume/omzet_date', { date: today, group });
      expect(answer.rc).toBe('00');
      expect(await textOf(page, testId)).toBe(formatRupiah(answer.data.value));
    }
    const pending = await apiGet(page, '/resume/trx_pending_date', { date: today });
    expect(await textOf(page, 'summary-pending')).toBe(pending.data.value.toLocaleString('id-ID'));
    await page.getByTestId('chart-cash-out').locator('.chart-surface').first().waitFor();
    await page.getByTestId('chart-cash-in').locator('.chart-surface').first().waitFor();
    await page.getByTestId('chart-success').locator('.chart-surface').first().waitFor();
    await expect(page.getByTestId('news-item').count()).resolves.toBe(NEWS_PAGE);

    // Month-to-date omzet shows nothing until clicked, then the server's value (group 7 and 6).
    await expect(page.getByTestId('mtd-va-value').count()).resolves.toBe(0);
    await page.getByTestId('mtd-va-show').click();
    await page.getByTestId('mtd-va-value').waitFor();
    const mtdVa = await apiGet(page, '/resume/omzet_date', { date: today, group: 7 });
    expect(await textOf(page, 'mtd-va-value')).toBe(formatRupiah(mtdVa.data.value));
    await page.getByTestId('mtd-transfer-show').click();
    const mtdTrf = await apiGet(page, '/resume/omzet_date', { date: today, group: 6 });
    await page.getByTestId('mtd-transfer-value').waitFor();
    expect(await textOf(page, 'mtd-transfer-value')).toBe(formatRupiah(mtdTrf.data.value));

    // Rule 1 and not an aggregator: no balance summaries, no aggregator cards; no cut-off at noon.
    for (const absent of ['card-balance', 'aggregator-fee-daily', 'cutoff-notice', 'app-banner'])
      await expect(page.getByTestId(absent).count(), absent).resolves.toBe(0);
    await screenshot(page, 'dashboard-partner-id');
  });

  it('partner: the date picker refuses future days and reloads the figures of a chosen day', async () => {
    const page = await browser.signedIn('partner@demo.id', { language: 'en' });
    const today = serverClock.day();
    const tomorrow = new Date(`${today}T00:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    const tomorrowText = tomorrow.toISOString().slice(0, 10);
    // A future date in the address is ignored: the page shows today.
    await page.goto(`/?date=${tomorrowText}`);
    const input = page.getByTestId('dashboard-date');
    await input.waitFor();
    const label = (date: string) =>
      new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      });
    expect(await input.textContent()).toBe(label(today));
    await input.click();
    const tomorrowButton = page.locator(`button[aria-label="${label(tomorrowText)}"]`);
    if ((await tomorrowButton.count()) > 0)
      expect(await tomorrowButton.getAttribute('data-disabled')).toBe('true');
    // Pick an earlier day of the month shown (or of the month before on the 1st).
    const earlier = today.endsWith('-01') ? null : `${today.slice(0, 8)}01`;
    if (earlier) {
      await page.locator(`button[aria-label="${label(earlier)}"]`).click();
      await page.waitForURL((url) => url.searchParams.get('date') === earlier);
      const answer = await apiGet(page, '/resume/omzet_date', { date: earlier, group: 4 });
      await expect
        .poll(() => textOf(page, 'summary-omzet-total'))
        .toBe(formatRupiah(answer.data.value));
    }
    await page.getByTestId('chart-success').locator('.chart-surface').first().waitFor();
    await screenshot(page, 'dashboard-partner-en');
  });

  it('shows the cut-off notice inside 23:45–00:15 WIB for a listed agent', async () => {
    const page = await browser.newPage();
    // The server's clock decides; the page follows it (not the device's clock).
    await setServerClock(wibTodayAt('23:50'));
    try {
      await loginAs(page, 'partner@demo.id');
      const notice = page.getByTestId('cutoff-notice');
      await notice.waitFor();
      expect(await notice.textContent()).toBe(
        'Transaksi saat ini tidak dapat dilakukan karena sedang dalam waktu cut-off 23:45 - 00:15.',
      );
      // Outside the window the notice goes (re-read on the next load).
      await setServerClock(wibTodayAt('12:00'));
      await page.reload();
      await page.getByTestId('dashboard').waitFor();
      await page.getByTestId('summary-omzet-total').waitFor();
      expect(await page.getByTestId('cutoff-notice').count()).toBe(0);
    } finally {
      await setServerClock(wibTodayAt('12:00'));
    }
  });

  it('shows n/a on a summary whose call fails', async () => {
    const page = await browser.signedIn('partner@demo.id');
    // A transport failure (the request never reaches the server): the card answers n/a.
    await page.route('**/api/resume/trx_pending_date**', (route) => route.abort('failed'));
    await page.reload();
    await expect.poll(() => textOf(page, 'summary-pending')).toBe('n/a');
    expect(await textOf(page, 'summary-omzet-total')).toMatch(/^Rp\. /);
  });

  it('aggregator: fee cards with the server figures, linking to the fee pages', async () => {
    const page = await browser.signedIn('aggregator@demo.id', { language: 'en' });
    const today = serverClock.day();
    // The settlement job books the aggregator's fees while the suite runs: the server's figure is
    // read before and after a load of the page, and the card must show it when the two agree.
    const figure = async (path: string) => {
      const answer = await apiGet(page, path, { date: today });
      return answer.rc === '00' ? formatRupiah(answer.data.value) : `rc ${answer.rc}`;
    };
    await expect
      .poll(async () => {
        const before = [
          await figure('/resume/aggregator_fee_daily'),
          await figure('/resume/aggregator_fee_monthly'),
        ];
        await page.reload();
        await page.getByTestId('aggregator-fee-daily-value').waitFor();
        await page.getByTestId('aggregator-fee-monthly-value').waitFor();
        const shown = [
          await textOf(page, 'aggregator-fee-daily-value'),
          await textOf(page, 'aggregator-fee-monthly-value'),
        ];
        const after = [
          await figure('/resume/aggregator_fee_daily'),
          await figure('/resume/aggregator_fee_monthly'),
        ];
        if (before.join() !== after.join()) return 'a fee was booked meanwhile';
        return shown.join() === after.join() || `shown ${shown.join()}, server ${after.join()}`;
      })
      .toBe(true);
    await screenshot(page, 'dashboard-aggregator-en');
    expect(await page.getByTestId('aggregator-fee-monthly').getAttribute('href')).toBe(
      '/data/aggregator_fee_monthly',
    );
    await page.getByTestId('aggregator-fee-daily').click();
    await page.waitForURL((url) => url.pathname === '/data/aggregator_fee_daily');
  });

  it('h2h (show-balance rule 2, API enabled): balance and hold balance summaries', async () => {
    const page = await browser.signedIn('h2h@demo.id');
    const today = serverClock.day();
    await page.getByTestId('summary-balance').waitFor();
    const balance = await apiGet(page, '/resume/balance', { date: today });
    const hold = await apiGet(page, '/resume/hold_balance', { date: today });
    expect(await textOf(page, 'summary-balance')).toBe(formatRupiah(balance.data.value));
    await expect
      .poll(() => textOf(page, 'summary-hold-balance'))
      .toBe(formatRupiah(hold.data.value));
  });

  it('agent group 3: the activation prompt', async () => {
    const page = await browser.signedIn('newbiz@demo.id');
    const prompt = page.getByTestId('activate-business');
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain(
      'Aktifkan bisnis Anda untuk menggunakan semua fitur.',
    );
  });

  it('personal end user in group 6: only the download-the-app banner', async () => {
    const page = await browser.signedIn('enduser@demo.id');
    await page.getByTestId('app-banner').waitFor();
    for (const absent of ['dashboard', 'card-omzet-total', 'news-list'])
      await expect(page.getByTestId(absent).count(), absent).resolves.toBe(0);
    await screenshot(page, 'dashboard-enduser-id');
  });

  it('group 6 with incomplete registration: the PERSONAL / BUSINESS landing, no sidebar', async () => {
    for (const screen of SCREENS) {
      const { language } = screen;
      const page = await browser.signedIn('signup@demo.id', screen);
      await page.getByTestId('signup-landing').waitFor();
      expect(await page.getByTestId('signup-personal').textContent()).toContain('PERSONAL');
      expect(await page.getByTestId('signup-business').textContent()).toContain('BUSINESS');
      await expect(page.getByTestId('sidebar').count()).resolves.toBe(0);
      await expect(page.getByTestId('dashboard').count()).resolves.toBe(0);
      await screenshot(page, `dashboard-signup-${language}`);
    }
  });

  it('narrow screen (390 px): cards stack and nothing overflows the page', async () => {
    const page = await browser.signedIn('partner@demo.id', { width: 390, height: 844 });
    await page.getByTestId('summary-omzet-total').waitFor();
    await page.getByTestId('news-item').first().waitFor();
    // Every card of the dashboard fits the width (the header is the layout's, not checked here).
    const widest = await page.evaluate(() =>
      Math.max(
        ...[...document.querySelectorAll('[data-testid="dashboard"] *')].map(
          (el) => el.getBoundingClientRect().right,
        ),
      ),
    );
    expect(widest).toBeLessThanOrEqual(390);
    await screenshot(page, 'dashboard-partner-390');
  });
});
