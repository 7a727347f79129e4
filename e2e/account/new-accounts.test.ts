import { describe, expect, it } from 'vitest';
import { hasBrowser, screenshot, useBrowser } from '../support/browser';
import { SCREENS } from '../support/screens';

/**
 * The seeded group-3 user (newbiz@demo.id: business not activated, API off) opens the credential
 * page and sees the activation prompt, not "You Not Allowed to Access This Page", in both
 * languages at 1366 and 390 px.
 */
describe.skipIf(!hasBrowser())('credential page of a group-3 agent in Chromium', () => {
  const browser = useBrowser();

  for (const { language, width, height } of SCREENS) {
    it(`shows the activation prompt (${language}, ${width} px)`, async () => {
      const page = await browser.signedIn('newbiz@demo.id', {
        width,
        height,
        language,
        at: '/tools/credential_server',
      });
      const prompt = page.getByTestId('credential-activation');
      await prompt.waitFor();
      await expect(prompt.textContent()).resolves.toContain(
        language === 'id' ? 'Aktifkan bisnis Anda terlebih dahulu' : 'Activate your business first',
      );
      await expect(page.getByText('You Not Allowed to Access This Page').count()).resolves.toBe(0);
      await screenshot(page, `credential-activation-${language}-${width}`);
    });
  }
});

/** fresh@demo.id (Business, no business data yet) sees its empty My Data, not "Data Not Found". */
describe.skipIf(!hasBrowser())('My Data of a fresh Business account in Chromium', () => {
  const browser = useBrowser();

  for (const { language, width, height } of SCREENS) {
    it(`shows the empty My Data (${language}, ${width} px)`, async () => {
      const page = await browser.signedIn('fresh@demo.id', {
        width,
        height,
        language,
        at: '/account',
      });
      await page.getByText('PT Kusuma Baru Mandiri').first().waitFor();
      await expect(page.getByTestId('account-not-found').count()).resolves.toBe(0);
      await screenshot(page, `account-fresh-${language}-${width}`);
    });
  }
});
