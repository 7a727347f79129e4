import { describe, expect, it } from 'vitest';
import { hasBrowser, screenshot, useBrowser } from '../support/browser';

/** The sidebar each demo user sees (spec 01 §2 and §6 visibility rules). */
const EXPECTATIONS: Array<{
  user: string;
  present: string[];
  absent: string[];
  balance: boolean;
  sidebar?: boolean;
}> = [
  {
    user: 'partner@demo.id',
    present: [
      'menu-home',
      'menu-withdraw',
      'menu-history-transaction-api',
      'menu-history-topup',
      'menu-report-daily',
      'menu-settlement',
      'menu-credential',
      'menu-request-payment',
      'menu-topup',
      'menu-international',
    ],
    absent: ['menu-merchant-member', 'menu-report-by-agent', 'menu-history-transaction'],
    balance: true,
  },
  {
    user: 'staff@demo.id',
    present: ['menu-home', 'menu-report-daily'],
    absent: ['menu-withdraw', 'menu-credential', 'menu-international'],
    balance: true,
  },
  {
    user: 'aggregator@demo.id',
    present: ['menu-merchant-member', 'menu-report-by-agent', 'menu-report-fee', 'menu-credential'],
    absent: ['menu-history-transaction'],
    balance: true,
  },
  {
    user: 'enduser@demo.id',
    present: ['menu-home', 'menu-history-transaction', 'menu-domestic'],
    absent: [
      'menu-virtual-account',
      'menu-settings',
      'menu-history-topup',
      'menu-report',
      'menu-settlement',
      'menu-withdraw',
      'menu-request-payment',
    ],
    balance: false,
  },
  {
    user: 'h2h@demo.id',
    present: ['menu-settings', 'menu-credential', 'menu-history-transaction-api'],
    absent: ['menu-merchant-member'],
    balance: false,
  },
  {
    user: 'newbiz@demo.id',
    // Money items stay in the menu of an unactivated business: they open the activation message
    // (spec 02 §1), not the form.
    present: ['menu-home', 'menu-topup'],
    absent: ['menu-settings', 'menu-history-transaction-api'],
    balance: false,
  },
  {
    user: 'agent5@demo.id',
    present: ['menu-home', 'menu-credential'],
    absent: ['menu-topup'],
    balance: true,
  },
  { user: 'signup@demo.id', present: [], absent: [], balance: false, sidebar: false },
];

describe.skipIf(!hasBrowser())('sidebar of every demo user', () => {
  const browser = useBrowser();

  it.each(EXPECTATIONS)('$user', async ({ user, present, absent, balance, sidebar }) => {
    const page = await browser.signedIn(user);
    if (sidebar === false) {
      // The app has drawn the user's landing page (no shell).
      await page.getByTestId('signup-landing').waitFor();
      await expect(page.getByTestId('sidebar').count()).resolves.toBe(0);
      await expect(page.getByTestId('language-select').count()).resolves.toBe(0);
      return;
    }
    await page.getByTestId('sidebar-menu').waitFor();
    // Open every group so nested items are rendered.
    for (const group of await page
      .locator('[data-testid="sidebar-menu"] > [data-testid^="menu-"]')
      .all()) {
      const expanded = await group.getAttribute('data-expanded');
      if (expanded === null && (await group.getAttribute('href')) === null) await group.click();
    }
    for (const id of present) await page.getByTestId(id).first().waitFor({ state: 'attached' });
    for (const id of absent)
      await expect(page.getByTestId(id).count(), `${user} should not see ${id}`).resolves.toBe(0);
    await expect(page.getByTestId('sidebar-balance').count()).resolves.toBe(balance ? 1 : 0);
    await screenshot(page, `sidebar-${user.split('@')[0]}`);
  });
});
