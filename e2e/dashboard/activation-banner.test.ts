import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, screenshot, useBrowser } from '../support/browser';
import { newBusiness } from '../support/new-business';
import { SCREENS } from '../support/screens';

const WORDS = {
  id: { prompt: 'Aktifkan bisnis Anda', draft: 'Belum diajukan', waiting: 'Menunggu peninjauan' },
  en: {
    prompt: 'Activate your business',
    draft: 'Not submitted yet',
    waiting: 'Waiting for review',
  },
};

/** Every banner of the page (Mantine alerts) but the midnight cut-off notice. */
function banners(page: Page) {
  return page.locator('main [role="alert"]:not([data-testid="cutoff-notice"])');
}

/**
 * An unactivated business sees one activation banner on its dashboard, whatever the state of its
 * request: before asking, it prompts to activate (group 3) with the button that asks; after
 * asking, it says the request waits for review and prompts no more.
 */
describe.skipIf(!hasBrowser())('one activation banner at a time', () => {
  const browser = useBrowser();

  it.each(SCREENS)(
    'before and after asking for activation ($width px, $language)',
    async ({ width, height, language }) => {
      const email = `roti.${language}${width}.${Date.now().toString(36)}@contoh.co.id`;
      await newBusiness(email, { requestActivation: false });
      const page = await browser.signedIn(email, { width, height, language });
      const notice = page.getByTestId('activation-notice');
      await expect
        .poll(async () => page.getByTestId('activation-state').textContent())
        .toContain(WORDS[language].draft);
      await expect(page.getByTestId('activate-business').textContent()).resolves.toContain(
        WORDS[language].prompt,
      );
      // The prompt is a line of the one banner, not a second banner.
      await expect(notice.getByTestId('activate-business').count()).resolves.toBe(1);
      await expect(banners(page).count()).resolves.toBe(1);
      await screenshot(page, `activation-banner-draft-${language}-${width}`);

      await page.getByTestId('activation-submit').click();
      await expect
        .poll(async () => page.getByTestId('activation-state').textContent())
        .toContain(WORDS[language].waiting);
      await expect(page.getByTestId('activate-business').count()).resolves.toBe(0);
      await expect(banners(page).count()).resolves.toBe(1);
      // The same after a reload (the state comes from the server, not from the click).
      await page.reload();
      await page.getByTestId('activation-state').waitFor();
      await expect
        .poll(async () => page.getByTestId('activation-state').textContent())
        .toContain(WORDS[language].waiting);
      await expect(banners(page).count()).resolves.toBe(1);
      await expect(page.getByTestId('activate-business').count()).resolves.toBe(0);
      await screenshot(page, `activation-banner-waiting-${language}-${width}`);
    },
  );

  it('newbiz@demo.id (group 3, nothing asked yet): the prompt inside the one banner', async () => {
    const page = await browser.signedIn('newbiz@demo.id', { language: 'id' });
    await page.getByTestId('activation-notice').getByTestId('activate-business').waitFor();
    await expect(banners(page).count()).resolves.toBe(1);
  });
});
