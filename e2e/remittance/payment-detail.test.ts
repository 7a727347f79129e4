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

async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** An INR inquiry up to the result step. */
async function toResult(page: Page, purpose: string) {
  await page.goto('/transfer_money/international');
  await page.getByTestId('remittance-form').waitFor();
  await pick(page, 'remittance-currency', 'India - INR');
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
  await pick(page, 'remittance-purpose', purpose);
  await page.getByTestId('remittance-check').click();
  await page.getByTestId('remittance-result').waitFor();
}

const LANGS = [
  {
    lang: 'en',
    width: 1366,
    height: 860,
    purpose: 'Family support',
    fee: 'ADMIN FEE',
    total: 'TOTAL PAYMENT',
    reset: 'Reset',
  },
  {
    lang: 'id',
    width: 390,
    height: 844,
    purpose: 'Biaya hidup keluarga',
    fee: 'BIAYA ADMIN',
    total: 'TOTAL PEMBAYARAN',
    reset: 'Atur Ulang',
  },
] as const;

describe.skipIf(!hasBrowser())('the generic payment-detail table (spec 02 §2.4)', () => {
  const browser = useBrowser();
  useServerClockAt('10:00');

  for (const l of LANGS) {
    it(`lists the inquiry's rows, ADMIN FEE and TOTAL PAYMENT; Transfer asks to confirm, Reset goes back (${l.lang}, ${l.width} px)`, async () => {
      const page = await browser.signedIn('partner@demo.id', {
        language: l.lang,
        width: l.width,
        height: l.height,
      });
      await toResult(page, l.purpose);
      const total = await page.getByTestId('result-total').textContent();
      await page.getByTestId('remittance-details').click();
      const table = page.getByTestId('payment-detail');
      await table.waitFor();
      await table.getByText(l.fee, { exact: true }).waitFor();
      await table.getByText(l.total, { exact: true }).waitFor();
      await page.getByTestId('payment-detail-row-NAMA PELANGGAN').getByText('Raj Kumar').waitFor();
      await page.getByTestId('payment-detail-row-NO PELANGGAN').getByText('0012345678').waitFor();
      expect(await page.getByTestId('payment-detail-total').textContent()).toBe(total);
      await animationsDone(page); // the modal's opening transition
      await screenshot(page, `payment-detail-${l.width}-${l.lang}`);

      // Transfer is the step's own withdraw: the totals are confirmed first; cancel sends nothing.
      await page.getByTestId('payment-detail-pin').fill('123456');
      await page.getByTestId('payment-detail-transfer').click();
      await page.getByTestId('money-confirm').waitFor();
      await page.getByTestId('money-confirm-cancel').click();
      await page.getByTestId('money-confirm').waitFor({ state: 'detached' });
      await page.getByTestId('remittance-result').waitFor();

      await page.getByTestId('remittance-details').click();
      await page.getByTestId('payment-detail-reset').getByText(l.reset).click();
      await page.getByTestId('remittance-form').waitFor();
    });
  }
});
