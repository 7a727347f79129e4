import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, screenshot, useBrowser } from '../support/browser';

/**
 * A page behind the login shows its title before any script has run (the document's first frame,
 * apps/server/src/http/first-frame.ts), in the place where the page then renders the same title;
 * the frame is gone once the page is on screen. On a phone and on a wide screen.
 */
const PAGES = [
  { url: '/data/transaction', texts: ['Transaksi API'], heading: '[data-testid="data-title"]' },
  {
    url: '/',
    texts: ['Dashboard', 'Ringkasan transaksi PT Nusantara Digital Niaga'],
    heading: '[data-testid="dashboard"] h2',
  },
];

async function frameWithoutScripts(page: Page, url: string) {
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(url);
  const frame = page.locator('[data-first-frame]');
  const texts = await frame.locator('h2, p').allTextContents();
  const title = await frame.locator('h2').boundingBox();
  await page.unroute('**/assets/*.js');
  return { texts, title };
}

describe.skipIf(!hasBrowser())('the first frame of a page behind the login', () => {
  const browser = useBrowser();

  it.each([
    { name: 'phone', width: 412, height: 823 },
    { name: 'wide', width: 1366, height: 860 },
  ])('shows the title where the page puts it, then gives way ($name)', async (screen) => {
    const page = await browser.signedIn('partner@demo.id', screen);
    for (const { url, texts, heading } of PAGES) {
      const before = await frameWithoutScripts(page, url);
      expect(before.texts).toEqual(texts);
      if (screen.name === 'phone')
        await screenshot(page, `first-frame-${url.replace(/\W/g, '') || 'home'}`);

      await page.goto(url);
      const title = page.locator(heading);
      await title.waitFor();
      await expect(title.textContent()).resolves.toBe(texts[0]);
      const after = await title.boundingBox();
      // The same place: the shell's header and side column are the frame's.
      expect(Math.abs((after?.x ?? -99) - (before.title?.x ?? 99))).toBeLessThanOrEqual(1);
      expect(Math.abs((after?.y ?? -99) - (before.title?.y ?? 99))).toBeLessThanOrEqual(4);
      await expect(page.locator('[data-first-frame]').count()).resolves.toBe(0);
    }
  });

  it('gives way to the login page when the app finds the session ended', async () => {
    const page = await browser.signedIn('partner@demo.id', { width: 412, height: 823 });
    // The document came with the session (and its frame); the app's session check finds none, as
    // when the session ends between the two.
    await page.route('**/api/auth/session', (route) =>
      route.fulfill({ json: { rc: '00', rd: 'Berhasil', data: null } }),
    );
    await page.goto('/data/transaction');
    await page.getByTestId('login-form').waitFor();
    await expect(page.locator('[data-first-frame]').count()).resolves.toBe(0);
  });
});
