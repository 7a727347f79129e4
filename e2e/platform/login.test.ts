import { describe, expect, it } from 'vitest';
import { E2E_TEST_KEY, hasBrowser, loginAs, screenshot, useBrowser } from '../support/browser';

describe.skipIf(!hasBrowser())('login page in Chromium', () => {
  const browser = useBrowser();

  it('shows each empty-field message in the spec order, in English', async () => {
    const page = await browser.newPage({ language: 'en' });
    await page.goto('/auth/login');
    await page.locator('altcha-widget').waitFor();
    await page.getByTestId('login-submit').click();
    await page.getByText('Enter your username').waitFor();
    await page.getByTestId('login-username').fill('partner@demo.id');
    await page.getByTestId('login-submit').click();
    await page.getByText('Enter your password').waitFor();
    await page.getByTestId('login-password').fill('whatever-password');
    await page.getByTestId('login-submit').click();
    await page.getByText('Please submit captcha verification').waitFor();
    await screenshot(page, 'login-validation-en');
  });

  it('logs in with a solved captcha (real proof of work) and lands on the dashboard', async () => {
    const page = await browser.newPage();
    await page.goto('/auth/login');
    await page.getByTestId('login-username').fill('partner@demo.id');
    await page.getByTestId('login-password').fill('Gerbang#Demo2026');
    await page.locator('altcha-widget label').click();
    await page.locator('altcha-widget .altcha[data-state="verified"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('sidebar').waitFor();
  });

  it('shows the server message and resets the fields after a wrong password', async () => {
    const page = await browser.newPage({ language: 'en' });
    await page.goto(`/auth/login?test=${E2E_TEST_KEY}`);
    await page.getByTestId('test-mode').waitFor();
    await expect(page.getByTestId('captcha').count()).resolves.toBe(0);
    await page.getByTestId('login-username').fill('h2h@demo.id');
    await page.getByTestId('login-password').fill('definitely-wrong');
    await page.getByTestId('login-submit').click();
    await page
      .getByTestId('error-dialog-message')
      .getByText('Wrong username or password.')
      .waitFor();
    await expect(page.getByTestId('login-username').inputValue()).resolves.toBe('');
    await expect(page.getByTestId('login-password').inputValue()).resolves.toBe('');
    await page.getByTestId('error-dialog-ok').click();
  });

  it('sends visitors of protected and unknown paths to the login page, and logged-in users of unknown paths to not-found', async () => {
    const page = await browser.newPage();
    await page.goto('/account');
    await page.waitForURL('**/auth/login');
    await page.goto('/no/such/page');
    await page.waitForURL('**/auth/login');
    await loginAs(page, 'partner@demo.id');
    await page.goto('/no/such/page');
    await page.waitForURL('**/not-found');
    await page.getByText('404 Not Found').waitFor();
    await page.goto('/auth/login');
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('switches language and remembers it across a reload', async () => {
    const page = await browser.newPage();
    await loginAs(page, 'partner@demo.id');
    await page.getByTestId('hide-menu').getByText('Sembunyikan Menu').waitFor();
    await page.getByTestId('language-select').selectOption({ label: 'English' });
    await page.getByTestId('hide-menu').getByText('Hide Menu').waitFor();
    await page.reload();
    await page.getByTestId('hide-menu').getByText('Hide Menu').waitFor();
    // The server's document for a page behind the login now preloads the English catalog.
    const document = await (await page.request.get('/')).text();
    expect(document).toMatch(/href="\/assets\/en-rest-[^"]+\.js"/);
    expect(document).not.toMatch(/id-rest-/);
    await page.getByTestId('language-select').selectOption({ label: 'Bahasa Indonesia' });
    await page.getByTestId('hide-menu').getByText('Sembunyikan Menu').waitFor();
    expect(await (await page.request.get('/')).text()).toMatch(/href="\/assets\/id-rest-/);
  });

  it('logging out from sandbox asks, switches to production, and ends the session', async () => {
    const page = await browser.newPage({ language: 'en' });
    await loginAs(page, 'partner@demo.id');
    await page.getByTestId('environment-switch').getByText('Sandbox').click();
    await page.getByTestId('confirm-environment-switch').click();
    await page.getByTestId('sandbox-banner').waitFor();
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('logout').click();
    await page.getByText('will be switched to Production Mode').waitFor();
    await screenshot(page, 'logout-sandbox-confirm');
    await page.getByTestId('confirm-logout-sandbox').click();
    await page.waitForURL('**/auth/login');
    await page.goto('/');
    await page.waitForURL('**/auth/login');
  });

  it('a dialog asked for before the modal stack has loaded opens once it has', async () => {
    const page = await browser.newPage({ language: 'en' });
    await loginAs(page, 'partner@demo.id');
    // The shell shows without waiting for the modal stack: hold its script back, click, release.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/modals-host-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await page.getByTestId('environment-switch').getByText('Sandbox').click();
    expect(await page.getByTestId('confirm-environment-switch').count()).toBe(0);
    release();
    await page.getByTestId('confirm-environment-switch').click();
    await page.getByTestId('sandbox-banner').waitFor();
  });
});
