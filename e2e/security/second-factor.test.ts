import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  animationsDone,
  baseUrl,
  DEMO_PASSWORD,
  E2E_TEST_KEY,
  hasBrowser,
  screenshot,
  setServerClock,
  useBrowser,
} from '../support/browser';
import { newBusiness } from '../support/new-business';

/**
 * ADR 010 in the browser: TOTP enrolment from the QR page's key, a passkey
 * registered and used with Chromium's virtual authenticator (CDP WebAuthn), the login's second
 * step with both, and the step-up dialog. A browser refuses an IP address as a WebAuthn RP id,
 * so this file opens the app as localhost (the server is told so in global-setup).
 */

/** A screenshot once the dialog or page has finished its transition. */
async function shot(page: Page, name: string) {
  await animationsDone(page);
  await screenshot(page, name);
}

const local = (path: string) => `${baseUrl().replace('127.0.0.1', 'localhost')}${path}`;

/** The code an authenticator shows at `at` (the server's clock), `steps` periods later. */
const totpAt = (secret: string, at: number, steps = 0) =>
  generate({ secret, epoch: Math.floor(at / 1000) + steps * 30 });

async function serverNow(page: Page): Promise<number> {
  const res = await page.request.get(local('/api/auth/csrf_token'));
  return new Date(res.headers()['x-server-time'] ?? '').getTime();
}

async function passwordStep(page: Page, email: string) {
  await page.goto(local(`/auth/login?test=${E2E_TEST_KEY}`));
  await page.getByTestId('login-username').fill(email);
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
}

/** The password re-entry dialog (rc 428) that enrolling or changing a factor opens first. */
async function reauth(page: Page, name?: string) {
  await page.getByTestId('reauth-password').fill(DEMO_PASSWORD);
  if (name) await shot(page, name);
  await page.getByTestId('reauth-confirm').click();
}

async function logout(page: Page) {
  await page.getByTestId('profile-menu').click();
  await page.getByTestId('logout').click();
  await page.waitForURL((url) => url.pathname === '/auth/login');
}

describe.skipIf(!hasBrowser())('second factor in the browser', () => {
  const { newPage } = useBrowser();

  it('TOTP and a passkey enrolled, both used at login, and the step-up dialog', async () => {
    const email = `twofactor.${Date.now()}@contoh.co.id`;
    await newBusiness(email, { requestActivation: false });
    const page = await newPage({ language: 'id' });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    // A user without a factor logs in as before.
    await passwordStep(page, email);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(local('/settings/security'));
    await page.getByTestId('factor-none').waitFor();
    await shot(page, 'security-factors-none-id-1366');

    // TOTP: the password again first, then the key under the QR code; the first code confirms
    // it, ten recovery codes once.
    await page.getByTestId('add-totp').click();
    await reauth(page, 'security-reauth-id-1366');
    await page.getByTestId('totp-qr').waitFor();
    const secret = (await page.getByTestId('totp-secret').innerText()).trim();
    await shot(page, 'security-totp-enrol-id-1366');
    await page.getByTestId('totp-code').fill(await totpAt(secret, await serverNow(page)));
    await page.getByTestId('totp-confirm').click();
    await page.getByTestId('recovery-code').nth(9).waitFor();
    expect(await page.getByTestId('recovery-code').count()).toBe(10);
    await shot(page, 'security-recovery-codes-id-1366');
    await page.getByTestId('recovery-codes-done').click();

    // A passkey from the virtual authenticator (the enrolment's step-up still holds).
    await page.getByTestId('add-passkey').click();
    await page.getByTestId('passkey-name').fill('Laptop uji');
    await page.getByTestId('passkey-create').click();
    await page.getByTestId('factor-row').nth(1).waitFor();
    await shot(page, 'security-factors-two-id-1366');

    // Login with the passkey.
    await logout(page);
    await passwordStep(page, email);
    await page.waitForURL((url) => url.pathname === '/auth/second-factor');
    await page.getByTestId('second-factor-verify').waitFor();
    await shot(page, 'second-factor-verify-id-1366');
    await page.getByTestId('factor-passkey').click();
    await page.waitForURL((url) => url.pathname === '/');

    // Login with a TOTP code (the next period's: the enrolment's code is spent).
    await logout(page);
    await passwordStep(page, email);
    await page.waitForURL((url) => url.pathname === '/auth/second-factor');
    await page.getByTestId('factor-code').fill(await totpAt(secret, await serverNow(page), 1));
    await page.getByTestId('factor-submit').click();
    await page.waitForURL((url) => url.pathname === '/');

    // Six minutes on, a security change asks for the factor again (the step-up dialog).
    const later = (await serverNow(page)) + 6 * 60_000;
    await setServerClock(new Date(later));
    try {
      await page.goto(local('/settings/security'));
      await page.getByRole('button', { name: 'Buat kode pemulihan baru' }).click();
      await page.getByTestId('step-up-dialog').waitFor();
      await shot(page, 'step-up-dialog-id-1366');
      await page
        .getByTestId('step-up-dialog')
        .getByTestId('factor-code')
        .fill(await totpAt(secret, await serverNow(page)));
      await page.getByTestId('step-up-dialog').getByTestId('factor-submit').click();
      // New recovery codes are recovery information: the password again too.
      await reauth(page);
      await page.getByTestId('recovery-code').nth(9).waitFor();
      expect(await page.getByTestId('recovery-code').count()).toBe(10);
    } finally {
      await setServerClock(null);
    }
  });

  it('the pages in English at 390 px', async () => {
    const email = `twofactor.en.${Date.now()}@contoh.co.id`;
    await newBusiness(email, { requestActivation: false });
    const page = await newPage({ language: 'en', width: 390, height: 844 });
    await passwordStep(page, email);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(local('/settings/security'));
    await page.getByTestId('add-totp').click();
    await reauth(page, 'security-reauth-en-390');
    await page.getByTestId('totp-qr').waitFor();
    const secret = (await page.getByTestId('totp-secret').innerText()).trim();
    await shot(page, 'security-totp-enrol-en-390');
    await page.getByTestId('totp-code').fill(await totpAt(secret, await serverNow(page)));
    await page.getByTestId('totp-confirm').click();
    await page.getByTestId('recovery-codes-done').click();
    await shot(page, 'security-factors-en-390');
    await logout(page);
    await passwordStep(page, email);
    await page.waitForURL((url) => url.pathname === '/auth/second-factor');
    await page.getByTestId('second-factor-verify').waitFor();
    await shot(page, 'second-factor-verify-en-390');

    // The user lost the phone: the provider's staff reset the factors with a reason.
    const ops = await newPage({ language: 'en' });
    await ops.goto(`/console?test=${E2E_TEST_KEY}`);
    await ops.getByTestId('console-email').fill('ops@demo.id');
    await ops.getByTestId('console-password').fill(DEMO_PASSWORD);
    await ops.getByTestId('console-login').click();
    await ops.getByTestId('queue-registrations').waitFor();
    await ops.goto('/console/security');
    await ops.getByTestId('provider-policy').waitFor();
    // The staff member's own sessions, this one marked.
    await ops.getByTestId('console-sessions').getByTestId('session-row').first().waitFor();
    await shot(ops, 'console-security-en-1366');
    await ops.goto('/console/merchants');
    await ops.getByTestId('merchant-search').fill(email);
    await ops.getByTestId(`merchant-${email}`).click();
    await ops.getByTestId('reset-factors-reason').fill('Phone lost, identity checked by a call');
    await ops.getByTestId('reset-factors').getByRole('button').click();
    await ops.getByText('The second factors were reset.').waitFor();
    await shot(ops, 'console-reset-factors-en-1366');
    // The next login is a plain one again.
    await passwordStep(page, email);
    await page.waitForURL((url) => url.pathname === '/');
  });
});
