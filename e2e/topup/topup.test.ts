import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  hasBrowser,
  screenshot,
  useBrowser,
  useServerClockAt,
} from '../support/browser';
import { SCREENS } from '../support/screens';

const digits = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

/** Pays like a bank customer would, through the rails simulator's payer side. */
async function simulatorPay(page: Page, body: Record<string, unknown>) {
  const token = await page.request.get('/api/auth/csrf_token');
  const csrf = (await token.json()).data.csrf as string;
  const res = await page.request.post('/api/dev/simulator/pay', {
    data: body,
    headers: { 'x-csrf-token': csrf, 'x-requested-with': 'XMLHttpRequest' },
  });
  const json = await res.json();
  expect(json.rc, json.rd).toBe('00');
  return json.data as { outcome: string; id_transaksi: string };
}

async function sidebarBalance(page: Page): Promise<number> {
  return digits(await page.getByTestId('sidebar-balance').locator('.money').textContent());
}

describe.skipIf(!hasBrowser())('top-up in Chromium', () => {
  const browser = useBrowser();
  useServerClockAt('10:00');

  it('manual transfer: the exact total paid in the simulator raises the sidebar balance', async () => {
    const page = await browser.signedIn('partner@demo.id', {
      language: 'en',
      at: '/topup?tab=manual',
    });
    await page.getByTestId('topup-form').waitFor();
    await page.getByTestId('topup-notice').waitFor();
    // The spec's first rule.
    await page.getByTestId('topup-submit').click();
    await page
      .getByTestId('error-dialog-message')
      .getByText('You have not chosen a bank')
      .waitFor();
    await page.getByTestId('error-dialog-ok').click();

    await page.getByTestId('topup-bank').click();
    await page.getByRole('option', { name: '014 - Bank BCA' }).click();
    await page.getByTestId('topup-nominal').fill('1250000');
    expect(await page.getByTestId('topup-nominal').inputValue()).toBe('1.250.000');
    await page.getByTestId('topup-submit').click();
    await page
      .getByTestId('error-dialog-message')
      .getByText('You have not entered your password')
      .waitFor();
    await page.getByTestId('error-dialog-ok').click();
    await page.getByTestId('topup-password').fill(DEMO_PASSWORD);
    await screenshot(page, 'topup-manual-form-en');

    const started = Date.now();
    await page.getByTestId('topup-submit').click();
    await page.getByText('Processing your top-up…').waitFor();
    await page.getByTestId('topup-success').waitFor();
    // Spec 02 §9: the loading modal stays 3 seconds.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
    const total = digits(await page.getByTestId('topup-total').textContent());
    const unique = digits(await page.getByTestId('topup-unique-code').textContent());
    expect(unique).toBeGreaterThanOrEqual(100);
    expect(unique).toBeLessThanOrEqual(999);
    expect(total).toBe(1_250_000 + unique);
    expect(await page.getByTestId('topup-account-number').textContent()).toBe('8720155501');
    expect(await page.getByTestId('topup-countdown').textContent()).toMatch(/^0[23]:\d\d:\d\d$/);
    await screenshot(page, 'topup-manual-success-en');

    await page.getByTestId('sidebar-balance').waitFor();
    const before = await sidebarBalance(page);
    const paid = await simulatorPay(page, {
      channel: 'bank_transfer',
      number: '8720155501',
      amount: total,
    });
    expect(paid.outcome).toBe('available');
    await page.waitForFunction(
      ({ expected }) => {
        const el = document.querySelector('[data-testid="sidebar-balance"] .money');
        return Number((el?.textContent ?? '').replace(/\D/g, '')) === expected;
      },
      { expected: before + total },
      // The live balance event, not the 10 s poll: within 2 s of the payment.
      { timeout: 2_000 },
    );
    expect(await sidebarBalance(page)).toBe(before + total);
    // The order view flipped to "received" by itself, without a reload.
    await page.getByTestId('topup-paid').getByText('Top-up received').waitFor();
    await screenshot(page, 'topup-manual-paid-en');
  });

  it('virtual accounts: the list, "Gangguan"-free numbers, QRIS as "-", and the bank guide', async () => {
    const page = await browser.signedIn('partner@demo.id', { language: 'id', at: '/topup' });
    await page.getByTestId('va-item-014').waitFor();
    expect(await page.getByTestId('va-item-008').getByTestId('va-number').textContent()).toMatch(
      /^87827\d{11}$/,
    );
    expect(await page.getByTestId('va-item-QRIS').getByTestId('va-number').textContent()).toBe('-');
    expect(await page.getByTestId('va-item-QRIS').getByTestId('va-bank').textContent()).toBe(
      'QRIS',
    );
    await screenshot(page, 'topup-va-id');
    await page.getByTestId('va-guide-008').click();
    await page.waitForURL('**/topup/guide/008');
    await page
      .getByTestId('guide-steps-atm')
      .getByText('87827', { exact: false })
      .first()
      .waitFor();
    await page.getByTestId('guide-tab-mobile').click();
    await page
      .getByTestId('guide-steps-mobile')
      .getByText("Livin' by Mandiri", { exact: false })
      .waitFor();
    await screenshot(page, 'topup-guide-008-id');
  });

  for (const { language, width, height } of SCREENS) {
    it(`looks right at ${width} px in ${language}`, async () => {
      const page = await browser.signedIn('partner@demo.id', {
        language,
        width,
        height,
        at: '/topup',
      });
      await page.getByTestId('va-item-014').waitFor();
      await screenshot(page, `topup-va-${language}-${width}`);
      await page.getByTestId('tab-manual').click();
      await page.getByTestId('topup-form').waitFor();
      await page.getByTestId('topup-bank').click();
      await page.getByRole('option', { name: '008 - Bank Mandiri' }).click();
      await page.getByTestId('topup-nominal').fill('500000');
      await page.getByTestId('topup-password').fill(DEMO_PASSWORD);
      await screenshot(page, `topup-manual-${language}-${width}`);
      await page.getByTestId('topup-submit').click();
      await page.getByTestId('topup-success').waitFor();
      await screenshot(page, `topup-success-${language}-${width}`);
      // Paid in the simulator: the open order flips to "received" in the page's language.
      const total = digits(await page.getByTestId('topup-total').textContent());
      await simulatorPay(page, {
        channel: 'bank_transfer',
        number: '1230009876543',
        amount: total,
      });
      await page
        .getByTestId('topup-paid')
        .getByText(language === 'id' ? 'Top up diterima' : 'Top-up received')
        // The live `topup` event flips it within 2 s (the 3 s poll is the fallback).
        .waitFor({ timeout: 2_000 });
      await screenshot(page, `topup-paid-${language}-${width}`);
      await page.goto('/topup/guide/014');
      await page.getByTestId('guide-steps-atm').waitFor();
      await screenshot(page, `topup-guide-${language}-${width}`);
    });
  }
});
