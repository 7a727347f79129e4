import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  animationsDone,
  DEMO_PASSWORD,
  hasBrowser,
  screenshot,
  setServerClock,
  useBrowser,
  useServerClockAt,
} from '../support/browser';

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
    const code = mails
      .find((m) => m.kind === 'otp' && m.id > after)
      ?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await page.waitForTimeout(250);
  }
  throw new Error('no OTP mail arrived');
}

async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A checked INR remittance on the remittance page, up to its result. */
async function toResult(page: Page, account: string, purpose: string) {
  await page.goto('/transfer_money/international');
  await page.getByTestId('remittance-form').waitFor();
  await pick(page, 'remittance-currency', 'India - INR');
  await page.getByTestId('remittance-nominal').fill('500000');
  await pick(page, 'remittance-bank', 'State Bank of India');
  await page.getByTestId('remittance-account-number').fill(account);
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

async function schedules(page: Page) {
  const res = await page.request.get('/api/schedules');
  return (await res.json()).data.items as Array<{
    id: number;
    kind: string;
    account_number: string;
  }>;
}

describe.skipIf(!hasBrowser())('a scheduled remittance in Chromium', () => {
  afterAll(async () => {
    await setServerClock(null);
  });
  const browser = useBrowser();
  useServerClockAt('10:00');

  it('"Schedule instead" on a checked remittance, confirmed with its mailed code, shows as a remittance schedule', async () => {
    // The simulated partner knows this beneficiary (its check answers the name).
    const account = '0012345678';
    const page = await browser.signedIn('partner@demo.id', {
      language: 'en',
      width: 1366,
      height: 900,
    });
    const known = new Set((await schedules(page)).map((s) => s.id));
    const before = await newestMailId(page);
    await toResult(page, account, 'Family support');
    await page.getByTestId('remittance-schedule').click();
    await page.getByTestId('schedule-form').waitFor();
    await page.getByText('Code from your e-mail').waitFor();
    await page.getByTestId('schedule-frequency').getByText('Monthly').click();
    await page.getByTestId('schedule-pin').fill(await latestOtp(page, before));
    await animationsDone(page);
    await screenshot(page, 'remittance-schedule-form-1366-en');
    await page.getByTestId('schedule-save').click();
    await page.getByText('Payout scheduled').waitFor();
    await page.getByTestId('error-dialog-ok').click();
    await page.waitForURL('**/transaction/scheduled');
    const mine = (await schedules(page)).find((s) => !known.has(s.id));
    expect(mine?.kind).toBe('remittance');
    const card = page.getByTestId(`schedule-${mine?.id}`);
    await card.getByTestId('schedule-kind').getByText('Remittance').waitFor();
    await screenshot(page, 'remittance-schedules-1366-en');
    // Its amount is fixed in the foreign currency by its inquiry: editing offers the rule only.
    await card.getByTestId('schedule-edit').click();
    await page.getByTestId('schedule-form').waitFor();
    expect(await page.getByTestId('schedule-amount').count()).toBe(0);
    await screenshot(page, 'remittance-schedule-edit-1366-en');
    await page.keyboard.press('Escape');
    await page.getByTestId('schedule-form').waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'remittance-schedules-390-en');

    const id = await browser.signedIn('partner@demo.id', {
      language: 'id',
      width: 390,
      height: 844,
    });
    await id.goto('/transaction/scheduled');
    await id
      .getByTestId(`schedule-${mine?.id}`)
      .getByTestId('schedule-kind')
      .getByText('Remitansi')
      .waitFor();
    await screenshot(id, 'remittance-schedules-390-id');
    await id.setViewportSize({ width: 1366, height: 900 });
    await screenshot(id, 'remittance-schedules-1366-id');
    await toResult(id, account, 'Biaya hidup keluarga');
    await id.getByTestId('remittance-schedule').getByText('Jadwalkan saja').waitFor();
    await id.getByTestId('remittance-schedule').click();
    await id.getByText('Kode dari e-mail Anda').waitFor();
    await id.setViewportSize({ width: 390, height: 844 });
    await animationsDone(id);
    await screenshot(id, 'remittance-schedule-form-390-id');
  });
});
