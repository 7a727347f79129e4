import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  hasBrowser,
  loginAs,
  screenshot,
  useBrowser,
  useServerClockAt,
} from '../support/browser';

async function balanceOf(page: Page): Promise<number> {
  const res = await page.request.get('/api/data/app_info_web');
  return (await res.json()).data.balance as number;
}

async function newestMailId(page: Page): Promise<number> {
  const res = await page.request.get('/api/dev/mailbox?limit=1');
  const mails = (await res.json()).data as Array<{ id: number }>;
  return mails[0]?.id ?? 0;
}

/** The newest OTP mailed to the partner after `after`, read from the dev mailbox. */
async function latestOtp(page: Page, after: number): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const res = await page.request.get('/api/dev/mailbox?to=partner@demo.id&limit=5');
    const mails = (await res.json()).data as Array<{ id: number; kind: string; text: string }>;
    const mail = mails.find((m) => m.kind === 'otp' && m.id > after);
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await page.waitForTimeout(250);
  }
  throw new Error('no OTP mail arrived');
}

async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function dismiss(page: Page, message: string) {
  await page.getByTestId('error-dialog-message').getByText(message).waitFor();
  await page.getByTestId('error-dialog-ok').click();
}

describe.skipIf(!hasBrowser())('international remittance in Chromium', () => {
  const browser = useBrowser();
  useServerClockAt('10:00');

  it('sends SGD with the e-mailed OTP: conversion, receipt with rate, balance drops once', async () => {
    const page = await browser.newPage({ language: 'en' });
    await loginAs(page, 'partner@demo.id');
    await page.goto('/transfer_money/international');
    await page.getByTestId('remittance-form').waitFor();
    // An amount before the country asks for the country (spec 02 §5).
    await page.getByTestId('remittance-nominal').fill('1000000');
    await dismiss(page, 'Choose destination country name');
    await page.getByTestId('remittance-check').click();
    await dismiss(page, 'Choose destination country name');

    await pick(page, 'remittance-currency', 'Singapore - SGD');
    const rateText = (await page.getByTestId('remittance-rate').textContent()) ?? '';
    const rate = Number((rateText.match(/Rp\.?\s?([\d.]+)/)?.[1] ?? '').replace(/\./g, ''));
    expect(rate).toBeGreaterThan(10_000);
    await page.getByTestId('remittance-nominal').fill('1000000');
    await expect(page.getByTestId('remittance-nominal-destination').inputValue()).resolves.toBe(
      Math.floor(1_000_000 / rate).toLocaleString('de-DE'),
    );
    // Typing the destination amount gives IDR = destination × rate.
    await page.getByTestId('remittance-nominal-destination').fill('80');
    await expect(page.getByTestId('remittance-nominal').inputValue()).resolves.toBe(
      (80 * rate).toLocaleString('de-DE'),
    );
    await page.getByTestId('remittance-phone').waitFor();
    await page.getByTestId('remittance-nationality').waitFor();
    await expect(page.getByTestId('remittance-ifsc').count()).resolves.toBe(0);

    await pick(page, 'remittance-bank', 'DBS Bank');
    await page.getByTestId('remittance-account-number').fill('0012345678');
    await page.getByTestId('remittance-account-name').fill('Tan Wei Ming');
    await page.getByTestId('remittance-city').fill('Singapore');
    await page.getByTestId('remittance-id-number').fill('S1234567D');
    await page.getByTestId('remittance-address').fill('1 Raffles Place');
    await page.getByTestId('remittance-swift').fill('DBSSSGSG');
    await page.getByTestId('remittance-phone').fill('+65 9123 4567');
    await pick(page, 'remittance-nationality', 'Singapore');
    await page.getByTestId('remittance-password').fill(DEMO_PASSWORD);
    await page.getByTestId('remittance-check').click();
    await dismiss(page, 'Choose the transfer purpose');
    await pick(page, 'remittance-purpose', 'Family support');
    await screenshot(page, 'remittance-form-en');

    const balanceBefore = await balanceOf(page);
    const mailBefore = await newestMailId(page);
    await page.getByTestId('remittance-check').click();
    await page.getByTestId('remittance-result').waitFor();
    const otp = await latestOtp(page, mailBefore);
    await expect(page.getByTestId('result-destination').textContent()).resolves.toBe('SGD 80');
    await expect(page.getByTestId('result-amount').textContent()).resolves.toBe(
      `Rp. ${(80 * rate).toLocaleString('de-DE')}`,
    );
    await page.getByTestId('remittance-otp-notice').getByText('p***r@demo.id').waitFor();
    await screenshot(page, 'remittance-result-en');
    // The PIN is required.
    await page.getByTestId('remittance-withdraw').click();
    await dismiss(page, 'Enter OTP');

    await page.getByTestId('remittance-pin').fill(otp);
    await page.getByTestId('remittance-withdraw').click();
    await page.getByTestId('remittance-receipt').waitFor();
    const orderId = (await page.getByTestId('receipt-order-id').textContent()) ?? '';
    expect(orderId).toMatch(/^IR\d{18}$/);
    await expect(page.getByTestId('receipt-date').textContent()).resolves.toMatch(/WIB$/);
    expect(await page.getByTestId('receipt-status').textContent()).toBe('Success');
    await expect(page.getByTestId('receipt-destination').textContent()).resolves.toBe('SGD 80');
    const fee = Number(
      ((await page.getByTestId('receipt-fee').textContent()) ?? '').replace(/\D/g, ''),
    );
    await screenshot(page, 'remittance-receipt-en');
    expect(await balanceOf(page)).toBe(balanceBefore - 80 * rate - fee);

    // Back to a fresh inquiry.
    await page.getByTestId('receipt-reset').click();
    await page.getByTestId('remittance-form').waitFor();
  });

  it('asks INR for the IFS code (Indonesian, narrow screen)', async () => {
    const page = await browser.newPage({ language: 'id', width: 390, height: 844 });
    await loginAs(page, 'partner@demo.id');
    await page.goto('/transfer_money/international');
    await page.getByTestId('remittance-form').waitFor();
    await pick(page, 'remittance-currency', 'India - INR');
    await page.getByTestId('remittance-ifsc').waitFor();
    await expect(page.getByTestId('remittance-phone').count()).resolves.toBe(0);
    await page.getByTestId('remittance-percent-25').click();
    await expect(page.getByTestId('remittance-nominal-destination').inputValue()).resolves.not.toBe(
      '',
    );
    await screenshot(page, 'remittance-form-id-narrow');
    await page.getByTestId('remittance-faq-open').click();
    await page.getByTestId('remittance-faq').waitFor();
    await screenshot(page, 'remittance-faq-id-narrow');
  });
});
