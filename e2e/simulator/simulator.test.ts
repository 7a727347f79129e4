import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { formatRupiah } from '@gerbang/shared';
import { findPayinChannel } from '@gerbang/shared/domain/payin-channels';
import type { Page } from 'playwright-core';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import {
  animationsDone,
  artifactsDir,
  hasBrowser,
  screenshot,
  useBrowser,
  useServerClockAt,
} from '../support/browser';
import { ENGLISH_PHONE } from '../support/screens';

const PARTNER = 'partner@demo.id';

/** The channel catalog's fee (admin fee + percent, rounded half up, + service fee). */
function catalogFee(code: string, amount: number): number {
  const channel = findPayinChannel(code);
  if (!channel) throw new Error(`no channel ${code}`);
  const percent = Math.floor(
    (amount * Math.round(channel.adminFeePercent * 1000) + 50_000) / 100_000,
  );
  return channel.adminFee + percent + channel.serviceFee;
}

/** A POST the way the web app sends it (CSRF token from the cookie endpoint). */
async function apiPost<T>(page: Page, url: string, body: unknown): Promise<T> {
  const token = await page.request.get('/api/auth/csrf_token');
  const csrf = ((await token.json()) as { data: { csrf: string } }).data.csrf;
  const res = await page.request.post(`/api${url}`, {
    headers: { 'x-csrf-token': csrf },
    data: body,
  });
  const json = (await res.json()) as { rc: string; rd: string; data: T };
  if (json.rc !== '00') throw new Error(`${url}: ${json.rc} ${json.rd}`);
  return json.data;
}

async function apiBalance(page: Page): Promise<number> {
  const res = await page.request.get('/api/data/app_info_web');
  return (await res.json()).data.balance as number;
}

/** Waits until the sidebar shows `amount` (it loads, and refreshes after a reload). */
async function expectSidebarBalance(page: Page, amount: number) {
  const money = page.getByTestId('sidebar-balance').locator('.money');
  const want = formatRupiah(amount);
  for (let attempt = 0; attempt < 40; attempt++) {
    if ((await money.textContent().catch(() => null)) === want) return;
    await page.waitForTimeout(250);
  }
  await expect(money.textContent()).resolves.toBe(want);
}

async function payOnPage(page: Page, number: string, amount: string) {
  await page.getByTestId('simulator-number').fill(number);
  await page.getByTestId('simulator-amount').fill(amount);
  await page.getByTestId('simulator-pay').click();
}

async function resultStatus(page: Page, status: 'SUCCESS' | 'REFUSED', message: string) {
  await page
    .getByTestId('simulator-result-status')
    .and(page.locator(`[data-status="${status}"]`))
    .waitFor();
  await page.getByTestId('simulator-result-message').getByText(message).waitFor();
}

async function chooseChannel(page: Page, label: string) {
  await page.getByTestId('simulator-channel').getByText(label, { exact: true }).click();
}

describe.skipIf(!hasBrowser())('payer simulator in Chromium', () => {
  const browser = useBrowser();
  // Settlement never runs 23:00–06:00 WIB: the server's clock is put at 10:00 WIB.
  useServerClockAt('10:00');

  it('pays a deposit VA and an uploaded QRIS image, settles all, and the partner balance rises by amount − fee', async () => {
    const partner = await browser.signedIn(PARTNER, { language: 'en' });
    // The demo history may leave payments waiting: settle them first, so the balance below moves
    // by this test's payments only.
    await apiPost(partner, '/dev/simulator/settle', { all: true });
    await partner.reload();
    const before = await apiBalance(partner);
    await expectSidebarBalance(partner, before);

    // Something to pay, issued to the partner through the pay-in block: an open deposit VA at BCA
    // and a dynamic QRIS bill, rendered to a PNG as a phone would show it.
    const va = await apiPost<{ number: string }>(partner, '/dev/simulator/issue', {
      channel: '014',
      agent: PARTNER,
    });
    const qris = await apiPost<{ number: string }>(partner, '/dev/simulator/issue', {
      channel: 'QRIS',
      agent: PARTNER,
      amount: 100_000,
    });
    mkdirSync(artifactsDir, { recursive: true });
    const qrPng = path.join(artifactsDir, 'simulator-qris-bill.png');
    await QRCode.toFile(qrPng, qris.number, { width: 360, margin: 4 });

    // A payer, not logged in, in Indonesian.
    const payer = await browser.newPage({ language: 'id' });
    await payer.goto('/dev/mailbox');
    await payer.getByTestId('mailbox-simulator-link').click();
    await payer.waitForURL((url) => url.pathname === '/dev/simulator');
    await payer.getByTestId('simulator-pay-form').waitFor();

    // The rules in the server's order, in place.
    await payer.getByTestId('simulator-pay').click();
    await payer.getByText('Masukkan nomor yang dibayar').waitFor();
    await payer.getByTestId('simulator-number').fill(va.number);
    await payer.getByTestId('simulator-pay').click();
    await payer.getByText('Masukkan nominal lebih dari 0').waitFor();

    // A VA nobody issued: refused, with the reason in Indonesian.
    await payOnPage(payer, '8014999900000001', '50000');
    await resultStatus(payer, 'REFUSED', 'Tagihan dengan nomor ini tidak ditemukan');
    await expect(payer.getByTestId('simulator-result-status').textContent()).resolves.toBe(
      'Ditolak',
    );

    // The deposit VA, any amount.
    await payOnPage(payer, va.number, '250000');
    await resultStatus(payer, 'SUCCESS', 'Pembayaran diterima');
    await expect(payer.getByTestId('simulator-result-reference').textContent()).resolves.toMatch(
      /^SIM[0-9A-F]{16}$/,
    );
    await payer.getByText('Saldo tertahan (menunggu settlement)').waitFor();
    await screenshot(payer, 'simulator-va-paid-1366-id');

    // The QRIS bill from its QR image: the payload and its amount are read in the browser.
    await chooseChannel(payer, 'QRIS');
    await payer.locator('input[type="file"]').setInputFiles(qrPng);
    await payer.getByTestId('simulator-qr-note').getByText('Kode QR terbaca dari').waitFor();
    await expect(payer.getByTestId('simulator-number').inputValue()).resolves.toBe(qris.number);
    await expect(payer.getByTestId('simulator-amount').inputValue()).resolves.toBe('100.000');
    await payer.getByTestId('simulator-qris-merchant').waitFor();
    await screenshot(payer, 'simulator-qris-read-1366-id');
    await payer.getByTestId('simulator-pay').click();
    await resultStatus(payer, 'SUCCESS', 'Pembayaran diterima');

    // Settle due: today's payments settle D+1 and D+2, nothing is due yet.
    await payer.getByTestId('simulator-settle-due').click();
    await payer
      .getByTestId('simulator-settle-message')
      .getByText('0 pembayaran disettle')
      .waitFor();
    await partner.reload();
    await expectSidebarBalance(partner, before);

    // Settle all: both payments move to the available balance, net of the catalog fees.
    await payer.getByTestId('simulator-settle-all').click();
    await payer
      .getByTestId('simulator-settle-message')
      .getByText('2 pembayaran disettle')
      .waitFor();
    await payer.locator('[data-testid="simulator-settle-all"]:not([data-loading])').waitFor();
    await animationsDone(payer);
    await screenshot(payer, 'simulator-settled-1366-id');

    const expected =
      before + 250_000 - catalogFee('014', 250_000) + 100_000 - catalogFee('QRIS', 100_000);
    expect(expected).toBe(before + 246_000 + 99_300);
    await partner.reload();
    await expectSidebarBalance(partner, expected);
    await expect(apiBalance(partner)).resolves.toBe(expected);
    await screenshot(partner, 'simulator-partner-balance-1366-en');
  });

  it('answers in English, and fits a 390 px phone', async () => {
    const page = await browser.newPage({ language: 'en' });
    await page.goto('/dev/simulator');
    await page.getByTestId('simulator-pay-form').waitFor();
    await payOnPage(page, '8014999900000002', '50000');
    await resultStatus(page, 'REFUSED', 'No bill with this number was found');
    await expect(page.getByTestId('simulator-result-status').textContent()).resolves.toBe(
      'Refused',
    );
    await screenshot(page, 'simulator-refused-1366-en');

    {
      const { language } = ENGLISH_PHONE;
      const phone = await browser.newPage(ENGLISH_PHONE);
      await phone.goto('/dev/simulator');
      await phone.getByTestId('simulator-pay-form').waitFor();
      await chooseChannel(phone, 'QRIS');
      await phone.getByTestId('simulator-upload-qr').waitFor();
      await payOnPage(phone, '00020101021226', '10000');
      await phone.getByTestId('simulator-result').waitFor();
      const overflow = await phone.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `horizontal scroll at 390 px (${language})`).toBe(0);
      await screenshot(phone, `simulator-390-${language}`);
    }
  });
});
