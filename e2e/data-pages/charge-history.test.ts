import { describe, expect, it } from 'vitest';
import { hasBrowser, screenshot, useBrowser } from '../support/browser';
import { columnTexts, waitForTable } from '../support/data-table';
import { SCREENS, screenName } from '../support/screens';

/**
 * A product's charge history: from a /data/produk row, "Riwayat Biaya" / "Charge History" opens
 * /data/produk_charge pre-filtered to that product (its pricing versions, the active one first
 * in the seed), and "back" returns to the product list.
 */

const TITLES = { id: 'Riwayat Biaya Produk', en: 'Product Charge History' } as const;

describe.skipIf(!hasBrowser())('product charge history', () => {
  const browser = useBrowser();

  for (const screen of SCREENS) {
    it(`opens a product's charge history from its row and goes back (${screenName(screen)})`, async () => {
      const page = await browser.signedIn('partner@demo.id', { ...screen, at: '/data/produk' });
      await waitForTable(page);
      const first = page.locator('[data-testid="data-row"]').first();
      const action = first.getByTestId('action-charges');
      await action.scrollIntoViewIfNeeded();
      await action.click();
      await page.waitForURL(
        (url) => url.pathname === '/data/produk_charge' && url.searchParams.get('key') === '0',
      );
      const code = new URL(page.url()).searchParams.get('value');
      expect(code).toBeTruthy();
      await waitForTable(page);
      expect(await page.getByTestId('data-title').textContent()).toBe(TITLES[screen.language]);
      const total = Number(await page.getByTestId('data-total').getAttribute('data-total'));
      expect(total).toBeGreaterThan(0);
      if (screen.width >= 1024) {
        // The table's product column names only the chosen product.
        for (const text of await columnTexts(page, 'kode_produk')) expect(text).toBe(code);
      }
      await screenshot(page, `produk-charge-${screen.width}-${screen.language}`);
      await page.getByTestId('data-back').click();
      await page.waitForURL('**/data/produk');
    });
  }
});
