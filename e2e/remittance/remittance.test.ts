import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  animationsDone,
  DEMO_PASSWORD,
  hasBrowser,
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
    const page = await browser.signedIn('partner@demo.id', {
      language: 'en',
      at: '/transfer_money/international',
    });
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
    // Rp 500.000 buys only whole SGD: the result shows the rounding and charges what is sent.
    await page.getByTestId('remittance-nominal').fill('500000');
    const sent = Math.floor(500_000 / rate);
    const rounding = 500_000 - sent * rate;
    expect(rounding).toBeGreaterThan(0);
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
    const rp = (n: number) => `Rp. ${n.toLocaleString('de-DE')}`;
    await expect(page.getByTestId('result-destination').textContent()).resolves.toBe(`SGD ${sent}`);
    await expect(page.getByTestId('result-requested').textContent()).resolves.toBe(rp(500_000));
    await expect(page.getByTestId('result-rounding').textContent()).resolves.toBe(
      `− ${rp(rounding)}`,
    );
    await expect(page.getByTestId('result-amount').textContent()).resolves.toBe(rp(sent * rate));
    await expect(page.getByTestId('result-calculation').textContent()).resolves.toBe(
      `SGD ${sent} × ${rp(rate)} = ${rp(sent * rate)}`,
    );
    await page
      .getByTestId('result-rounding-note')
      .getByText(`the remaining ${rp(rounding)} stays in your balance`, { exact: false })
      .waitFor();
    await page.getByTestId('remittance-otp-notice').getByText('p***r@demo.id').waitFor();
    await screenshot(page, 'remittance-result-en');
    // The PIN is required.
    await page.getByTestId('remittance-withdraw').click();
    await dismiss(page, 'Enter OTP');

    await page.getByTestId('remittance-pin').fill(otp);
    // The totals are confirmed first; cancel sends nothing.
    const payments: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/cashout_payment_remittance')) payments.push(req.url());
    });
    await page.getByTestId('remittance-withdraw').click();
    await page.getByTestId('money-confirm').waitFor();
    await expect(page.getByTestId('money-confirm-detail').textContent()).resolves.toBe(
      `SGD ${sent}`,
    );
    await expect(page.getByTestId('money-confirm-amount').textContent()).resolves.toBe(
      rp(sent * rate),
    );
    await screenshot(page, 'remittance-confirm-en');
    await page.getByTestId('money-confirm-cancel').click();
    await page.getByTestId('money-confirm').waitFor({ state: 'detached' });
    await page.waitForTimeout(300);
    expect(payments).toEqual([]);
    expect(await balanceOf(page)).toBe(balanceBefore);
    await page.getByTestId('remittance-withdraw').click();
    await page.getByTestId('money-confirm-ok').click();
    await page.getByTestId('remittance-receipt').waitFor();
    expect(payments.length).toBe(1);
    const orderId = (await page.getByTestId('receipt-order-id').textContent()) ?? '';
    expect(orderId).toMatch(/^IR\d{18}$/);
    await expect(page.getByTestId('receipt-date').textContent()).resolves.toMatch(/WIB$/);
    expect(await page.getByTestId('receipt-status').textContent()).toBe('Success');
    await expect(page.getByTestId('receipt-destination').textContent()).resolves.toBe(
      `SGD ${sent}`,
    );
    await expect(page.getByTestId('receipt-calculation').textContent()).resolves.toBe(
      `SGD ${sent} × ${rp(rate)} = ${rp(sent * rate)}`,
    );
    const fee = Number(
      ((await page.getByTestId('receipt-fee').textContent()) ?? '').replace(/\D/g, ''),
    );
    await screenshot(page, 'remittance-receipt-en');
    // The balance drops by exactly what was sent plus the fee: the rounding stayed.
    expect(await balanceOf(page)).toBe(balanceBefore - sent * rate - fee);

    // Back to a fresh inquiry.
    await page.getByTestId('receipt-reset').click();
    await page.getByTestId('remittance-form').waitFor();
  });

  it('asks INR for the IFS code (Indonesian, narrow screen)', async () => {
    const page = await browser.signedIn('partner@demo.id', {
      language: 'id',
      width: 390,
      height: 844,
      at: '/transfer_money/international',
    });
    await page.getByTestId('remittance-form').waitFor();
    // Proper labels in Indonesian, also before a currency is chosen.
    await page.getByText('Negara - mata uang', { exact: true }).waitFor();
    await page.getByText('Nominal mata uang tujuan', { exact: true }).waitFor();
    await expect(page.getByText('Nominal (-)').count()).resolves.toBe(0);
    await pick(page, 'remittance-currency', 'India - INR');
    await page.getByText('Nominal (INR)', { exact: true }).waitFor();
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
    await page.keyboard.press('Escape');
    await page.getByTestId('remittance-faq').waitFor({ state: 'detached' });

    // The rounding, the confirmation and the receipt in Indonesian on a narrow screen.
    await page.getByTestId('remittance-nominal').fill('500000');
    await pick(page, 'remittance-bank', 'State Bank of India');
    await page.getByTestId('remittance-account-number').fill('0012345678');
    await page.getByTestId('remittance-account-name').fill('Raj Kumar');
    await page.getByTestId('remittance-city').fill('Mumbai');
    await page.getByTestId('remittance-id-number').fill('ABCDE1234F');
    await page.getByTestId('remittance-address').fill('1 Marine Drive');
    await page.getByTestId('remittance-swift').fill('SBININBB');
    await page.getByTestId('remittance-ifsc').fill('SBIN0001234');
    await page.getByTestId('remittance-password').fill(DEMO_PASSWORD);
    await pick(page, 'remittance-purpose', 'Biaya hidup keluarga');
    const mailBefore = await newestMailId(page);
    await page.getByTestId('remittance-check').click();
    await page.getByTestId('remittance-result').waitFor();
    const otp = await latestOtp(page, mailBefore);
    await page.getByText('Pembulatan (tidak didebit)').waitFor();
    await page
      .getByTestId('result-rounding-note')
      .getByText('tetap di saldo Anda', { exact: false })
      .waitFor();
    await screenshot(page, 'remittance-result-id-narrow');
    await page.getByTestId('remittance-pin').fill(otp);
    await page.getByTestId('remittance-withdraw').click();
    await page.getByText('Konfirmasi transaksi').waitFor();
    await animationsDone(page); // the modal's opening transition
    await screenshot(page, 'remittance-confirm-id-narrow');
    await page.getByTestId('money-confirm-ok').click();
    await page.getByTestId('remittance-receipt').waitFor();
    await page.getByText('ID PESANAN', { exact: true }).waitFor();
    await expect(page.getByText('ORDER ID').count()).resolves.toBe(0);
    await screenshot(page, 'remittance-receipt-id-narrow');
  });
});
