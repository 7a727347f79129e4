import { DATA_PAGES } from '@gerbang/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, screenshot, useBrowser } from '../support/browser';
import { SCREENS } from '../support/screens';
import { englishWordsIn, visibleText } from './english-words';

/**
 * The notices in the browser at the shared SCREENS (Indonesian 1366 px, English 390 px): the activation message on
 * money pages for an unactivated business, the sandbox switch's confirmation and banner, and the
 * export list refreshing itself until the file is ready.
 */
const MONEY_PAGES = [
  '/transaction/single_disbursement',
  '/topup',
  '/register_va/bulk',
  '/transfer_money/domestic',
  '/transfer_money/international',
  '/request-payment',
];

const ACTIVATION = {
  id: 'Akun bisnis Anda belum aktif. Silakan hubungi kami untuk aktivasi.',
  en: 'Your business account is not active yet. Please contact us for activation.',
};

async function switchTo(page: Page, target: 'Sandbox' | 'Production', confirm: boolean) {
  await page.getByTestId('environment-switch').getByText(target).click();
  await page.getByTestId('confirm-environment-switch').waitFor();
  if (!confirm) {
    await page.keyboard.press('Escape');
    await page.getByTestId('confirm-environment-switch').waitFor({ state: 'detached' });
    return;
  }
  await page.getByTestId('confirm-environment-switch').click();
  await page
    .getByTestId('sandbox-banner')
    .waitFor({ state: target === 'Sandbox' ? 'visible' : 'detached' });
}

describe.skipIf(!hasBrowser())('money-page notices', () => {
  const browser = useBrowser();

  it.each(SCREENS)(
    'an unactivated business sees the activation message ($width px, $language)',
    async ({ width, language }) => {
      const page = await browser.signedIn('newbiz@demo.id', { width, language });
      for (const path of MONEY_PAGES) {
        await page.goto(path);
        const notice = page.getByTestId('activation-notice');
        await notice.waitFor();
        expect(await notice.textContent()).toContain(ACTIVATION[language]);
        // The form is not there.
        expect(await page.locator('form').count()).toBe(0);
      }
      await page.goto('/transaction/single_disbursement');
      await page.getByTestId('activation-notice').waitFor();
      await screenshot(page, `i18n-activation-${language}-${width}`);
    },
  );

  it('an activated business gets the withdraw form, not the message', async () => {
    const page = await browser.signedIn('partner@demo.id', {
      language: 'id',
      at: '/transaction/single_disbursement',
    });
    await page.locator('form').first().waitFor();
    expect(await page.getByTestId('activation-notice').count()).toBe(0);
  });

  it.each(SCREENS)(
    'switching to sandbox asks first and shows a banner on every page ($width px, $language)',
    async ({ width, language }) => {
      // A session of its own: the environment belongs to the session.
      const page = await browser.signedIn('partner@demo.id', { width, language, fresh: true });
      expect(await page.getByTestId('sandbox-banner').count()).toBe(0);
      // Cancelling keeps production.
      await switchTo(page, 'Sandbox', false);
      expect(await page.getByTestId('sandbox-banner').count()).toBe(0);
      await page.getByTestId('environment-switch').getByText('Sandbox').click();
      await page.getByTestId('confirm-environment-switch').waitFor();
      await screenshot(page, `i18n-sandbox-confirm-${language}-${width}`);
      await page.getByTestId('confirm-environment-switch').click();
      await page.getByTestId('sandbox-banner').waitFor();
      for (const path of [
        '/',
        '/data/transaction',
        '/transaction/single_disbursement',
        '/account',
      ]) {
        await page.goto(path);
        await page.getByTestId('sandbox-banner').waitFor();
      }
      if (language === 'id') expect(englishWordsIn(await visibleText(page))).toEqual([]);
      await page.goto('/');
      await page.getByTestId('sandbox-banner').waitFor();
      await screenshot(page, `i18n-sandbox-banner-${language}-${width}`);
      await switchTo(page, 'Production', true);
    },
  );

  it.each(SCREENS)(
    'the export list refreshes itself until the file is ready ($width px, $language)',
    async ({ width, language }) => {
      const page = await browser.signedIn('partner@demo.id', {
        width,
        language,
        at: '/data/transaction',
      });
      // The job this test asks for: other browser files leave jobs dated later today (moved
      // server clocks), so the newest row need not be this one.
      const created = page.waitForResponse((r) => r.url().includes('exportCsv=1'));
      await page.getByTestId('data-download').click();
      const jobId = ((await (await created).json()) as { data: { id: number } }).data.id;
      await page.getByTestId('export-created').waitFor();
      let listCalls = 0;
      page.on('request', (r) => {
        if (r.url().includes('/api/data/export_data')) listCalls += 1;
      });
      await page.getByTestId('open-export-list').click();
      await page.waitForURL('**/data/export_data');
      // No reload: the list asks again by itself while the job runs, then offers the download.
      const done = language === 'id' ? 'berhasil' : 'success';
      const ours = `[data-testid="data-row"][data-row-key="${jobId}"]`;
      const job = page.locator(ours);
      await job.waitFor();
      const before = listCalls;
      await page.waitForFunction(
        ([selector, word]) =>
          (document.querySelector(selector!) as HTMLElement | null)?.innerText
            .toLowerCase()
            .includes(word!) ?? false,
        [ours, done],
        { timeout: 40_000, polling: 250 },
      );
      // The row of the job just asked for offers its file at once.
      const download = job.getByTestId('action-download');
      await download.waitFor();
      expect(await download.isEnabled()).toBe(true);
      expect(listCalls).toBeGreaterThanOrEqual(before);
      await screenshot(page, `i18n-export-ready-${language}-${width}`);
      // Nothing runs any more: the polling stops (no call for one and a half of its intervals).
      // The job's last live event may still bring one trailing reload of the list: live events
      // reload a data page at most every 5 s (apps/web/src/lib/live-queries.ts), so wait past it.
      await page.waitForTimeout(6_000);
      const settled = listCalls;
      await page.waitForTimeout((DATA_PAGES.export_data.refreshWhile?.intervalMs ?? 2_000) * 1.5);
      expect(listCalls).toBe(settled);
    },
  );
});
