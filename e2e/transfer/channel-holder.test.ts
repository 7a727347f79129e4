import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import {
  DEMO_PASSWORD,
  hasBrowser,
  screenshot,
  useBrowser,
  useServerClockAt,
} from '../support/browser';

const HOLDER = 'PT GERBANG PEMBAYARAN NUSANTARA';

/** Inquiry → result → the method step, manual-transfer channels shown. */
async function toManualChannels(page: Page) {
  await page.goto('/transfer_money/domestic');
  await page.getByTestId('card-manual').click();
  await page.getByTestId('domestic-form').waitFor();
  await page.getByTestId('domestic-bank').click();
  await page.getByRole('option', { name: /^014 - / }).click();
  await page.getByTestId('domestic-account-kind').waitFor();
  await page.getByTestId('domestic-number').fill('4444-5555');
  await page.getByTestId('domestic-amount').fill('40000');
  await page.getByTestId('domestic-password').fill(DEMO_PASSWORD);
  await page.getByTestId('domestic-check').click();
  await page.getByTestId('domestic-result').waitFor();
  await page.getByTestId('domestic-next').click();
  await page.getByTestId('channel-VA014').waitFor();
  // A VA number is issued per order: no holder under a VA channel.
  await page.getByTestId('channel-holder-VA014').waitFor({ state: 'detached' });
  await page.getByTestId('channel-type').locator('label').nth(1).click();
  await page.getByTestId('channel-TRF014').waitFor();
}

describe.skipIf(!hasBrowser())('channel_payment account_number_name on the domestic page', () => {
  const browser = useBrowser();
  useServerClockAt('10:00');

  it('shows the receiving account holder under a manual-transfer channel (en 1366 px), then on the order', async () => {
    const page = await browser.signedIn('partner@demo.id', { language: 'en' });
    await toManualChannels(page);
    await page.getByTestId('channel-holder-TRF014').getByText(`Account name: ${HOLDER}`).waitFor();
    await screenshot(page, 'channel-holder-1366-en');
    await page.getByTestId('channel-TRF014').click();
    await page.getByTestId('terms').click();
    await page.getByTestId('method-next').click();
    await page.getByTestId('money-confirm-ok').click();
    await page.getByTestId('order-pay-number').waitFor();
    await page.getByText(HOLDER, { exact: false }).first().waitFor();
  });

  it('reads "Atas nama" in Indonesian on a narrow screen (id 390 px)', async () => {
    const page = await browser.signedIn('partner@demo.id', {
      language: 'id',
      width: 390,
      height: 844,
    });
    await toManualChannels(page);
    await page.getByTestId('channel-holder-TRF014').getByText(`Atas nama: ${HOLDER}`).waitFor();
    await screenshot(page, 'channel-holder-390-id');
  });
});
