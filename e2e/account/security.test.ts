import { describe, expect, it } from 'vitest';
import {
  animationsDone,
  DEMO_PASSWORD,
  E2E_TEST_KEY,
  hasBrowser,
  loginAs,
  screenshot,
  useBrowser,
} from '../support/browser';
import { ALL_SCREENS, screenName } from '../support/screens';

/**
 * Settings › Security: the sessions list with "end session" (a second browser of
 * the same user is logged out at its next page), and an API key created through the password
 * re-entry dialog, its secret shown once. Screenshots of both tabs in both languages at 1366 and
 * 390 px go to e2e/.artifacts.
 */
describe.skipIf(!hasBrowser())('security settings', () => {
  const browser = useBrowser();

  it('lists the sessions and ends the others: that browser is logged out', async () => {
    const first = await browser.newPage({ language: 'en' });
    await loginAs(first, 'enduser@demo.id');
    const second = await browser.newPage({ language: 'en' });
    await loginAs(second, 'enduser@demo.id');

    await first.goto('/settings/security?tab=sessions');
    await first.getByTestId('sessions-table').waitFor();
    const others = first.locator('[data-testid="session-row"][data-current="false"]');
    // The second browser's session is one of them (other files of the suite may have left more).
    expect(await others.count()).toBeGreaterThanOrEqual(1);
    await first.getByTestId('end-other-sessions').click();
    await first.getByTestId('confirm-end-others').click();
    // Ending sessions asks the password again first.
    await first.getByTestId('reauth-password').fill(DEMO_PASSWORD);
    await first.getByTestId('reauth-confirm').click();
    await expect.poll(() => first.getByTestId('session-row').count(), { timeout: 15_000 }).toBe(1);

    // The ended browser: its next page asks for a login.
    await second.goto('/settings/security?tab=sessions');
    await second.getByTestId('login-form').waitFor();
  });

  it('creates a scoped API key after the password re-entry; the secret is shown once', async () => {
    const page = await browser.signedIn('partner@demo.id', {
      at: '/settings/security?tab=api-keys',
      language: 'en',
    });
    await page.getByTestId('api-keys-table').waitFor();
    const rows = await page.getByTestId('api-key-row').count();
    await page.getByTestId('api-key-add').click();
    await page.getByTestId('api-key-name').fill('Reconciliation job');
    await animationsDone(page);
    await screenshot(page, 'security-api-key-new-en-1366');
    await page.getByTestId('api-key-create').click();
    await page.getByTestId('reauth-password').waitFor();
    await animationsDone(page);
    await screenshot(page, 'security-reauth-en-1366');
    await page.getByTestId('reauth-password').fill(DEMO_PASSWORD);
    await page.getByTestId('reauth-confirm').click();
    await page.getByTestId('api-key-secret').waitFor();
    expect(await page.getByTestId('api-key-secret').textContent()).toMatch(/^[\w-]{40,}$/);
    await page.getByTestId('secret-close').click();
    await expect
      .poll(() => page.getByTestId('api-key-row').count(), { timeout: 15_000 })
      .toBe(rows + 1);
  });

  it("console staff end a merchant's sessions with a reason; its browser is logged out", async () => {
    const merchant = await browser.newPage({ language: 'en' });
    await loginAs(merchant, 'enduser@demo.id');
    const ops = await browser.newPage({ language: 'en' });
    await ops.goto(`/console?test=${E2E_TEST_KEY}`);
    await ops.getByTestId('console-email').fill('ops@demo.id');
    await ops.getByTestId('console-password').fill(DEMO_PASSWORD);
    await ops.getByTestId('console-login').click();
    await ops.getByTestId('queue-registrations').waitFor();
    await ops.goto('/console/merchants');
    await ops.getByTestId('merchant-enduser@demo.id').click();
    await ops.getByTestId('end-merchant-sessions').click();
    await ops.getByTestId('end-merchant-sessions-reason').fill('Laptop reported lost by phone');
    await animationsDone(ops);
    await screenshot(ops, 'console-end-sessions-en-1366');
    await ops.getByTestId('end-merchant-sessions-confirm').click();
    await ops.getByTestId('error-dialog-ok').click();
    await merchant.goto('/settings/security');
    await merchant.getByTestId('login-form').waitFor();
  });

  for (const screen of ALL_SCREENS) {
    it(`looks right: ${screenName(screen)}`, async () => {
      const page = await browser.signedIn('partner@demo.id', {
        at: '/settings/security?tab=sessions',
        language: screen.language,
        width: screen.width,
        height: screen.height,
      });
      await page.getByTestId('sessions-table').waitFor();
      await animationsDone(page);
      await screenshot(page, `security-sessions-${screen.language}-${screen.width}`);
      await page.getByTestId('security-tab-api-keys').click();
      await page.getByTestId('api-keys-table').waitFor();
      await animationsDone(page);
      await screenshot(page, `security-api-keys-${screen.language}-${screen.width}`);
    });
  }
});
