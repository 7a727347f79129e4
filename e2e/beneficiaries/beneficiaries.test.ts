import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_TRANSACTION_PIN } from '../../apps/server/src/seed/seed-transaction-pins';
import {
  animationsDone,
  DEMO_PASSWORD,
  hasBrowser,
  screenshot,
  useBrowser,
  useServerClockAt,
} from '../support/browser';

/** The newest OTP mailed to the partner after mail `after`, read from the dev mailbox. */
async function latestOtp(page: Page, after: number): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const res = await page.request.get('/api/dev/mailbox?to=partner@demo.id&limit=5');
    const mails = (await res.json()).data as Array<{ id: number; kind: string; text: string }>;
    const code = mails
      .find((m) => m.kind === 'otp' && m.id > after)
      ?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await page.waitForTimeout(250);
  }
  throw new Error('no OTP mail arrived');
}

async function newestMailId(page: Page): Promise<number> {
  const res = await page.request.get('/api/dev/mailbox?limit=1');
  return ((await res.json()).data as Array<{ id: number }>)[0]?.id ?? 0;
}

/** Adds a BCA beneficiary on the book page: the server asks the rail for its name. */
async function addBeneficiary(page: Page, number: string, label: string) {
  await page.getByTestId('beneficiary-add').click();
  await page.getByTestId('beneficiary-code').click();
  await page.getByTestId('beneficiary-code').fill('BCA');
  await page.getByRole('option', { name: '014 - Bank BCA' }).click();
  await page.getByTestId('beneficiary-number').fill(number);
  await page.getByTestId('beneficiary-tags').fill('vendor');
  await page.getByTestId('beneficiary-tags').press('Enter');
  // Leaving the tags field closes its suggestions.
  await page.getByTestId('beneficiary-label').click();
  await page.getByTestId('beneficiary-label').fill(label);
  await page.getByTestId('beneficiary-save').click();
  await page.getByTestId(`beneficiary-row-${number}`).waitFor();
}

/** The simulator page's control: the bank now answers another name for the account. */
async function renameInSimulator(page: Page, number: string, name: string) {
  await page.goto('/dev/simulator');
  await page.getByTestId('simulator-rename').waitFor();
  await page.getByTestId('simulator-rename-code').click();
  await page.getByTestId('simulator-rename-code').fill('BCA');
  await page.getByRole('option', { name: '014 - Bank BCA' }).click();
  await page.getByTestId('simulator-rename-number').fill(number);
  await page.getByTestId('simulator-rename-name').fill(name);
  await page.getByTestId('simulator-rename-submit').click();
  await page.getByTestId('simulator-rename-message').getByText(name.toUpperCase()).waitFor();
}

/** Withdraws to the saved beneficiary labelled `label`; answers the payment's receipt. */
async function withdrawToSaved(page: Page, label: string, amount: string) {
  await page.goto('/transaction/single_disbursement');
  await page.getByTestId('type-favourite').click();
  await page.getByTestId('withdraw-favourite').click();
  await page.getByTestId('withdraw-favourite').fill(label);
  await page.getByRole('option', { name: new RegExp(label) }).click();
  await page.getByTestId('withdraw-amount').fill(amount);
  await page.getByTestId('withdraw-password').fill(DEMO_PASSWORD);
  const before = await newestMailId(page);
  await page.getByTestId('withdraw-check').click();
  await page.getByTestId('withdraw-result').waitFor();
  await page.getByTestId('withdraw-otp').fill(await latestOtp(page, before));
  await page.getByTestId('withdraw-proceed').click();
  const paid = page.waitForResponse((r) => r.url().includes('/api/transaction/cashout_payment'));
  await page.getByTestId('money-confirm-ok').click();
  await page.getByTestId('withdraw-receipt').waitFor();
  return (await (await paid).json()).data as {
    id_transaksi: string;
    checksum: string;
    uuid_user: string;
  };
}

describe.skipIf(!hasBrowser())('beneficiary book in Chromium', () => {
  const browser = useBrowser();
  useServerClockAt('10:00');

  it('a saved beneficiary renamed in the simulator is held, then released by a user with the override right', async () => {
    const number = `77${Date.now().toString().slice(-8)}`;
    const label = `E2E vendor ${number.slice(-4)}`;
    const maker = await browser.signedIn('partner@demo.id', {
      language: 'en',
      at: '/beneficiaries',
    });
    await maker.getByTestId('beneficiaries-page').waitFor();
    await addBeneficiary(maker, number, label);
    await screenshot(maker, 'beneficiaries-1366-en');

    await renameInSimulator(maker, number, 'Nama Berbeda');
    const receipt = await withdrawToSaved(maker, label, '75000');
    const reference = receipt.id_transaksi;
    expect(await maker.getByTestId('receipt-status').textContent()).toBe('Processing');
    await maker
      .getByText(/NAMA BERBEDA/)
      .first()
      .waitFor();
    await screenshot(maker, 'beneficiaries-withdraw-held-receipt-1366-en');

    // Staff may see the held payout but not release it (no override right).
    const staff = await browser.signedIn('staff@demo.id', {
      language: 'en',
      width: 390,
      height: 844,
      at: '/beneficiaries',
    });
    await staff.getByTestId(`name-hold-${reference}`).waitFor();
    await staff.getByTestId('name-holds-no-permission').waitFor();
    expect(await staff.getByTestId('hold-release').count()).toBe(0);
    await screenshot(staff, 'beneficiaries-390-en-staff');

    const finance = await browser.signedIn('finance@demo.id', {
      language: 'id',
      at: '/beneficiaries',
    });
    const hold = finance.getByTestId(`name-hold-${reference}`);
    await hold.getByTestId('hold-found-name').getByText('NAMA BERBEDA').waitFor();
    await screenshot(finance, 'beneficiaries-1366-id-hold');
    await finance.setViewportSize({ width: 390, height: 844 });
    await screenshot(finance, 'beneficiaries-390-id-hold');
    // Choosing holds offers one decision for all of them (one PIN entry).
    await hold.getByTestId('hold-choose').click();
    await finance.getByTestId('hold-release-chosen').getByText('Lepaskan 1 terpilih').waitFor();
    await screenshot(finance, 'beneficiaries-390-id-hold-chosen');
    await hold.getByTestId('hold-choose').click();
    await finance.setViewportSize({ width: 1366, height: 860 });
    await hold.getByTestId('hold-release').click();
    await animationsDone(finance);
    await screenshot(finance, 'beneficiaries-1366-id-hold-decision');
    await finance.getByTestId('hold-pin').fill(DEMO_TRANSACTION_PIN);
    await finance.getByTestId('hold-send').click();
    await animationsDone(finance);
    await finance.getByTestId('error-dialog-message').getByText('Dilepaskan').waitFor();
    await finance.getByTestId('error-dialog-ok').click();
    await finance.getByTestId(`beneficiary-row-${number}`).getByText('NAMA BERBEDA').waitFor();

    // Released: the payout goes to the rail and succeeds (the receipt's status call says so).
    const statusUrl = `/api/transaction/status?reff_id=${reference}&checksum=${receipt.checksum}&uuid_user=${receipt.uuid_user}`;
    await expect
      .poll(async () => (await (await maker.request.get(statusUrl)).json()).data?.status_trx, {
        timeout: 40_000,
        interval: 1_000,
      })
      .toBe('SUCCESS');
  });
});
