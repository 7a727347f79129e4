import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  animationsDone,
  DEMO_PASSWORD,
  hasBrowser,
  loginAs,
  screenshot,
  setServerClock,
  useBrowser,
  useServerClockAt,
  wibTodayAt,
} from '../support/browser';

async function balanceOf(page: Page): Promise<number> {
  const res = await page.request.get('/api/data/app_info_web');
  return (await res.json()).data.balance as number;
}

/** The newest OTP mailed to the partner, read from the dev mailbox as a person would. */
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

async function newestMailId(page: Page): Promise<number> {
  const res = await page.request.get('/api/dev/mailbox?limit=1');
  const mails = (await res.json()).data as Array<{ id: number }>;
  return mails[0]?.id ?? 0;
}

async function chooseDestination(page: Page, search: string, option: string) {
  await page.getByTestId('withdraw-bank').click();
  await page.getByTestId('withdraw-bank').fill(search);
  await page.getByRole('option', { name: option }).click();
}

async function fillAndCheck(page: Page, number: string, amount: string) {
  await page.getByTestId('withdraw-number').fill(number);
  await page.getByTestId('withdraw-amount').fill(amount);
  await page.getByTestId('withdraw-password').fill(DEMO_PASSWORD);
  const before = await newestMailId(page);
  await page.getByTestId('withdraw-check').click();
  await page.getByTestId('withdraw-result').waitFor();
  return latestOtp(page, before);
}

describe.skipIf(!hasBrowser())('withdraw in Chromium', () => {
  const browser = useBrowser();
  // partner@demo.id is under the 23:45–00:15 WIB cut-off and banks are down 23:00–06:00 WIB: the
  // server's clock is put at 10:00 WIB for the flows, and inside the windows where a test says so.
  useServerClockAt('10:00');

  it('withdraws to a bank account with the e-mailed OTP; the balance drops by amount + fee; the invoice renders', async () => {
    const page = await browser.signedIn('partner@demo.id', {
      language: 'en',
      at: '/transaction/single_disbursement',
    });
    await page.getByTestId('withdraw-form').waitFor();
    // The spec's first rule, in a "Perhatian"/Attention dialog.
    await page.getByTestId('withdraw-check').click();
    await page
      .getByTestId('error-dialog-message')
      .getByText('Choose destination bank name')
      .waitFor();
    await page.getByTestId('error-dialog-ok').click();

    const balanceBefore = await balanceOf(page);
    await chooseDestination(page, 'BCA', '014 - Bank BCA');
    await page.getByTestId('withdraw-balance').waitFor();
    const otp = await fillAndCheck(page, '1234567890', '150000');
    await expect(page.getByTestId('withdraw-amount').count()).resolves.toBe(0);
    await expect(page.getByTestId('result-account-number').textContent()).resolves.toBe(
      '1234567890',
    );
    await expect(page.getByTestId('result-amount').textContent()).resolves.toBe('Rp. 150.000');
    const feeText = (await page.getByTestId('result-fee').textContent()) ?? '';
    const fee = Number(feeText.replace(/\D/g, ''));
    await expect(page.getByTestId('result-total').textContent()).resolves.toBe(
      `Rp. ${(150_000 + fee).toLocaleString('de-DE')}`,
    );
    await page.getByTestId('otp-notice').getByText('p***r@demo.id').waitFor();
    await screenshot(page, 'withdraw-result-en');

    await page.getByTestId('withdraw-otp').fill(otp);
    await page.getByTestId('withdraw-proceed').click();
    await page.getByTestId('money-confirm-ok').click();
    await page.getByTestId('withdraw-receipt').waitFor();
    const orderId = (await page.getByTestId('receipt-order-id').textContent()) ?? '';
    expect(orderId).toMatch(/^WD\d{18}$/);
    await expect(page.getByTestId('receipt-date').textContent()).resolves.toMatch(/WIB$/);
    await expect(page.getByTestId('receipt-total').textContent()).resolves.toBe(
      `Rp. ${(150_000 + fee).toLocaleString('de-DE')}`,
    );
    // 10:00 WIB: the simulated bank answers at once.
    expect(await page.getByTestId('receipt-status').textContent()).toBe('Success');
    await screenshot(page, 'withdraw-receipt-en');
    expect(await balanceOf(page)).toBe(balanceBefore - 150_000 - fee);

    await page.getByTestId('receipt-invoice').click();
    await page.waitForURL(`**/invoice/${orderId}/*`);
    await page.getByTestId('invoice-document').waitFor({ state: 'visible', timeout: 30_000 });
    const box = await page.getByTestId('invoice-document').boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(300);
    await expect(
      page.getByTestId('invoice-row-transactionId').locator('dd').textContent(),
    ).resolves.toBe(orderId);
    await page.getByTestId('invoice-row-status').waitFor();
    await screenshot(page, 'withdraw-invoice-en');
  });

  it('withdraws cash at Indomaret: customer number, pickup code and how to collect (Indonesian, narrow screen)', async () => {
    const page = await browser.signedIn('partner@demo.id', {
      language: 'id',
      width: 390,
      height: 844,
      at: '/transaction/single_disbursement',
    });
    await page.getByTestId('withdraw-form').waitFor();
    await screenshot(page, 'withdraw-form-id-narrow');
    const balanceBefore = await balanceOf(page);
    await chooseDestination(page, 'Indomaret', 'Indomaret Tarik Tunai');
    await page.getByText('Nomor pelanggan').waitFor();
    const otp = await fillAndCheck(page, '081298765432', '100000');
    const fee = Number(
      ((await page.getByTestId('result-fee').textContent()) ?? '').replace(/\D/g, ''),
    );
    await screenshot(page, 'withdraw-result-id-narrow');
    await page.getByTestId('withdraw-otp').fill(otp);
    await page.getByTestId('withdraw-proceed').click();
    await page.getByTestId('money-confirm-ok').click();
    await page.getByTestId('withdraw-receipt').waitFor();
    const code = (await page.getByTestId('receipt-pickup-code').textContent()) ?? '';
    expect(code).toMatch(/^\d{12}$/);
    await expect(page.getByTestId('receipt-how-to-pay').textContent()).resolves.toContain(code);
    await page.getByText('KODE PENGAMBILAN', { exact: true }).waitFor();
    await page.getByText('CARA BAYAR', { exact: true }).waitFor();
    await screenshot(page, 'withdraw-receipt-retail-id-narrow');
    expect(await balanceOf(page)).toBe(balanceBefore - 100_000 - fee);

    await page.getByTestId('copy-total').click();
    await page
      .getByTestId('error-dialog-message')
      .getByText('Total tagihan berhasil disalin')
      .waitFor();
    await page.getByTestId('error-dialog-ok').click();
    await page.getByTestId('receipt-reset').click();
    await page.getByTestId('withdraw-form').waitFor();
    await expect(page.getByTestId('withdraw-number').inputValue()).resolves.toBe('');
  });

  it('shows the English form on a narrow screen, the FAQ, and the favourites; a sub-user sees access denied', async () => {
    const page = await browser.signedIn('partner@demo.id', {
      language: 'en',
      width: 390,
      height: 844,
      at: '/transaction/single_disbursement',
    });
    await page.getByTestId('withdraw-form').waitFor();
    await page.getByTestId('type-favourite').click();
    await page.getByTestId('withdraw-favourite').click();
    await page.getByRole('option', { name: /Bank BCA - 1234567890/ }).click();
    await expect(page.getByTestId('withdraw-number').inputValue()).resolves.toBe('1234-5678-90');
    await screenshot(page, 'withdraw-form-en-narrow');
    await page.getByTestId('withdraw-faq-open').click();
    await page.getByText('Frequently asked questions').waitFor();
    await animationsDone(page); // the modal's opening transition
    await screenshot(page, 'withdraw-faq-en-narrow');

    // An invoice that is not the caller's (or does not exist) shows the server's message.
    await page.goto('/invoice/WD000000000000000000/2020-01-01');
    await page.getByTestId('invoice-error').getByText('Invoice not found.').waitFor();

    const staff = await browser.signedIn('staff@demo.id', {
      language: 'en',
      at: '/transaction/single_disbursement',
    });
    await staff.getByTestId('access-denied').waitFor();
  });

  it('inside the cut-off (23:50 WIB) shows the notice and the server refuses; in bank downtime (23:30 WIB) the transfer waits as Processing', async () => {
    const page = await browser.newPage({ language: 'en' });
    await setServerClock(wibTodayAt('23:50'));
    try {
      await loginAs(page, 'partner@demo.id');
      await page.goto('/transaction/single_disbursement');
      await page.getByTestId('withdraw-form').waitFor();
      await page.getByTestId('withdraw-cutoff').waitFor();
      await chooseDestination(page, 'BCA', '014 - Bank BCA');
      await page.getByTestId('withdraw-number').fill('1234567890');
      await page.getByTestId('withdraw-amount').fill('150000');
      await page.getByTestId('withdraw-password').fill(DEMO_PASSWORD);
      await page.getByTestId('withdraw-check').click();
      await page
        .getByTestId('error-dialog-message')
        .getByText(
          'Transactions cannot be made right now because it is the cut-off time 23:45 - 00:15.',
        )
        .waitFor();
      await screenshot(page, 'withdraw-cutoff-en');
      await page.getByTestId('error-dialog-ok').click();

      await setServerClock(wibTodayAt('23:30'));
      await page.reload();
      await page.getByTestId('withdraw-form').waitFor();
      expect(await page.getByTestId('withdraw-cutoff').count()).toBe(0);
      const balanceBefore = await balanceOf(page);
      await chooseDestination(page, 'BCA', '014 - Bank BCA');
      const otp = await fillAndCheck(page, '1234567890', '150000');
      const fee = Number(
        ((await page.getByTestId('result-fee').textContent()) ?? '').replace(/\D/g, ''),
      );
      await page.getByTestId('withdraw-otp').fill(otp);
      await page.getByTestId('withdraw-proceed').click();
      await page.getByTestId('money-confirm-ok').click();
      await page.getByTestId('withdraw-receipt').waitFor();
      expect(await page.getByTestId('receipt-status').textContent()).toBe('Processing');
      // The money is held while the bank is down: it has left the available balance.
      expect(await balanceOf(page)).toBe(balanceBefore - 150_000 - fee);
    } finally {
      await setServerClock(wibTodayAt('10:00'));
    }
  });
});
