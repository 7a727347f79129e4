import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, hasBrowser, screenshot, useBrowser } from '../support/browser';
import { SCREENS, type Screen } from '../support/screens';

/**
 * The credential page (spec 03 §2.4, §4, §5.2) as a person uses it: generate a
 * credential through the OTP dialog with the code read from the dev mailbox, see the secret once,
 * set a callback URL. Uses h2h@demo.id (Personal H2H, API enabled), not partner, whose PIN,
 * signature and callback URLs other files rely on.
 */
const USER = 'h2h@demo.id';

async function newestMailId(page: Page): Promise<number> {
  const res = await page.request.get(`/api/dev/mailbox?to=${USER}&limit=1`);
  const mails = (await res.json()).data as Array<{ id: number }>;
  return mails[0]?.id ?? 0;
}

/** The newest OTP mailed to the user after mail `after`, read from the dev mailbox. */
async function otpAfter(page: Page, after: number): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const res = await page.request.get(`/api/dev/mailbox?to=${USER}&limit=5`);
    const mails = (await res.json()).data as Array<{ id: number; kind: string; text: string }>;
    const mail = mails.find((m) => m.kind === 'otp' && m.id > after);
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await page.waitForTimeout(250);
  }
  throw new Error('no OTP mail arrived');
}

/** Warning → request OTP → type the mailed code → confirm. */
async function passOtp(page: Page, opts: { shot?: string } = {}) {
  await page.getByTestId('flow-request-otp').waitFor();
  const before = await newestMailId(page);
  await page.getByTestId('flow-request-otp').click();
  await page.getByTestId('otp-code').waitFor();
  const code = await otpAfter(page, before);
  await page.getByTestId('otp-code').fill(code);
  if (opts.shot) await screenshot(page, opts.shot);
  await page.getByTestId('otp-confirm').click();
}

describe.skipIf(!hasBrowser())('credential server page in Chromium', () => {
  const browser = useBrowser();

  const openPage = async (opts: Partial<Screen> & { fresh?: boolean }) => {
    const page = await browser.signedIn(USER, { ...opts, at: '/tools/credential_server' });
    await page.getByTestId('credential-card').waitFor();
    await page.getByTestId('callback-card').waitFor();
    return page;
  };

  it('generates a credential through the OTP dialog and shows the secret once', async () => {
    const page = await openPage({ language: 'en' });
    await screenshot(page, 'credentials-1366-en');
    await page.getByTestId('generate-credential').click();
    await page.getByTestId('flow-request-otp').waitFor();
    await screenshot(page, 'credentials-1366-en-warning');
    const before = await newestMailId(page);
    await page.getByTestId('flow-request-otp').click();
    await page.getByTestId('otp-code').waitFor();
    // The §5.2 messages, checked by the dialog before anything is sent.
    await page.getByTestId('otp-confirm').click();
    await page.getByTestId('flow-error').getByText('Please input your OTP Code').waitFor();
    await page.getByTestId('otp-code').fill('123');
    await page.getByTestId('otp-confirm').click();
    await page
      .getByTestId('flow-error')
      .getByText('OTP Code must be contain 6 characters')
      .waitFor();
    // The alternate destination is offered for a credential.
    await page.getByTestId('otp-alt-toggle').check();
    await page.getByTestId('otp-alt-email').waitFor();
    await page.getByTestId('otp-alt-toggle').uncheck();
    const code = await otpAfter(page, before);
    await page.getByTestId('otp-code').fill(code);
    await screenshot(page, 'credentials-1366-en-otp');
    await page.getByTestId('otp-confirm').click();
    const secret = await page.getByTestId('secret-client-secret').textContent();
    expect(secret?.trim()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const clientId = (await page.getByTestId('secret-client-id').textContent())?.trim();
    await screenshot(page, 'credentials-1366-en-secret');
    await page.getByTestId('secret-close').click();
    await page
      .getByTestId('secret-modal')
      .waitFor({ state: 'detached' })
      .catch(() => {});
    await expect(page.getByTestId('client-id').textContent()).resolves.toBe(clientId);
    await page
      .getByTestId('secret-state')
      .getByText(/Hidden/)
      .waitFor();
    // The secret is nowhere on the page any more, even after a reload.
    await page.reload();
    await page.getByTestId('credential-card').waitFor();
    expect(await page.content()).not.toContain(secret?.trim());
  });

  it('sets a callback URL through the OTP dialog', async () => {
    const page = await openPage({ language: 'en' });
    if (await page.getByTestId('generate-callbacks').isVisible()) {
      await page.getByTestId('generate-callbacks').click();
      await passOtp(page);
      await page.getByTestId('error-dialog-ok').click();
    }
    await page.getByTestId('callback-edit-REMITTANCE').click();
    const url = `${baseUrl()}/api/dev/callback_sink`;
    await page.getByTestId('callback-url-input').fill(url);
    await page.getByTestId('callback-save').click();
    await passOtp(page);
    await page
      .getByTestId('error-dialog-message')
      .getByText('The callback URL was saved')
      .waitFor();
    await page.getByTestId('error-dialog-ok').click();
    await expect(page.getByTestId('callback-url-REMITTANCE').textContent()).resolves.toBe(url);
  });

  for (const screen of SCREENS) {
    const { language, width } = screen;
    it(`looks right at ${width} px in ${language}`, async () => {
      const page = await openPage(screen);
      await screenshot(page, `credentials-${width}-${language}`);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(width);
      if (language === 'id')
        await page
          .getByText('1 sampai 6 alamat IPv4 atau IPv6 yang boleh memanggil API.')
          .waitFor();
      else await page.getByText('1 to 6 IPv4 or IPv6 addresses allowed to call the API.').waitFor();
      await page.getByTestId('generate-pin').click();
      await page.getByTestId('flow-request-otp').waitFor();
      await screenshot(page, `credentials-${width}-${language}-warning`);
    });
  }

  it('shows callback URLs read-only with the notice in sandbox', async () => {
    // A session of its own: the environment belongs to the session.
    const page = await openPage({ language: 'id', width: 390, height: 844, fresh: true });
    await page.getByTestId('environment-switch').getByText('Sandbox').click();
    await page.getByTestId('confirm-environment-switch').click();
    await page.getByTestId('callback-sandbox-notice').waitFor();
    await page
      .getByText(
        'Anda di dalam Mode Sandbox. URL callback hanya bisa diubah di dalam Mode Production.',
      )
      .waitFor();
    await expect(page.getByTestId('callback-edit-VA_PAID').count()).resolves.toBe(0);
    await page.getByTestId('credential-card').waitFor();
    await screenshot(page, 'credentials-390-id-sandbox');
  });
});
