import { generateKeyPairSync } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, screenshot, useBrowser } from '../support/browser';
import { SCREENS } from '../support/screens';

/**
 * The SNAP pieces of the portal: the credential card's "SNAP public key" registered
 * through the OTP dialog (code read from the dev mailbox), and the API log page, in both
 * languages at 1366 and 390 px. Uses h2h@demo.id (API enabled), like the credentials file.
 */
const USER = 'h2h@demo.id';

async function newestMailId(page: Page): Promise<number> {
  const res = await page.request.get(`/api/dev/mailbox?to=${USER}&limit=1`);
  return ((await res.json()).data as Array<{ id: number }>)[0]?.id ?? 0;
}

async function otpAfter(page: Page, after: number): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const res = await page.request.get(`/api/dev/mailbox?to=${USER}&limit=5`);
    const mails = (await res.json()).data as Array<{ id: number; kind: string; text: string }>;
    const code = mails
      .find((m) => m.kind === 'otp' && m.id > after)
      ?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await page.waitForTimeout(250);
  }
  throw new Error('no OTP mail arrived');
}

describe.skipIf(!hasBrowser())('SNAP portal pages in Chromium', () => {
  const browser = useBrowser();

  it('registers a public key through the OTP dialog', async () => {
    const page = await browser.signedIn(USER, { language: 'en', at: '/tools/credential_server' });
    await page.getByTestId('snap-key').waitFor();
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    await page
      .getByTestId('snap-key-pem')
      .fill(publicKey.export({ type: 'spki', format: 'pem' }).toString());
    await page.getByTestId('snap-key-upload').click();
    await page.getByTestId('flow-request-otp').waitFor();
    const before = await newestMailId(page);
    await page.getByTestId('flow-request-otp').click();
    await page.getByTestId('otp-code').waitFor();
    await page.getByTestId('otp-code').fill(await otpAfter(page, before));
    await page.getByTestId('otp-confirm').click();
    await page.getByText('The public key has been registered.').waitFor();
    await page.keyboard.press('Escape');
    await expect
      .poll(async () => page.getByTestId('snap-key-state').innerText())
      .toMatch(/^Registered, fingerprint [0-9a-f]{16}$/);
    await page.getByTestId('snap-key').scrollIntoViewIfNeeded();
    await screenshot(page, 'snap-key-1366-en');
  });

  it('shows the key that verifies SNAP notifications, the same one the API serves', async () => {
    const page = await browser.signedIn(USER, { language: 'id', at: '/tools/credential_server' });
    const served = await page.request.get('/snap/v1.0/provider-public-key');
    expect(served.status()).toBe(200);
    const pem = (await served.text()).trim();
    expect(pem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    const fingerprint = served.headers()['x-key-fingerprint-sha256'] ?? '';
    await page.getByTestId('snap-provider-key-pem').waitFor();
    expect((await page.getByTestId('snap-provider-key-pem').inputValue()).trim()).toBe(pem);
    expect(await page.getByTestId('snap-provider-key-fingerprint').innerText()).toContain(
      fingerprint.slice(0, 16),
    );
    await page.getByTestId('snap-provider-key').scrollIntoViewIfNeeded();
    await screenshot(page, 'snap-provider-key-1366-id');
  });

  for (const { language, width, height } of SCREENS) {
    it(`shows the API log page (${language}, ${width} px)`, async () => {
      const page = await browser.signedIn(USER, { language, width, height, at: '/tools/api_log' });
      await page.getByTestId('api-log-table').waitFor();
      await page
        .getByText(language === 'en' ? 'API Log' : 'Log API', { exact: true })
        .first()
        .waitFor();
      await screenshot(page, `snap-api-log-${width}-${language}`);
      await page.goto('/tools/credential_server');
      await page.getByTestId('snap-key').waitFor();
      await page.getByTestId('snap-key').scrollIntoViewIfNeeded();
      await screenshot(page, `snap-key-${width}-${language}`);
    });
  }
});
