import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_TRANSACTION_PIN } from '../../apps/server/src/seed/seed-transaction-pins';
import {
  animationsDone,
  DEMO_PASSWORD,
  hasBrowser,
  screenshot,
  setServerClock,
  useBrowser,
  useServerClockAt,
  wibTodayAt,
} from '../support/browser';

const DAY_MS = 86_400_000;

/** The partner's schedules, read through the API as the page reads them. */
async function schedules(page: Page) {
  const res = await page.request.get('/api/schedules');
  return (await res.json()).data.items as Array<{
    id: number;
    kind: string;
    account_name: string;
    rows: number | null;
    account_number: string;
    next_due_at: string | null;
    runs_done: number;
    last_run: { status: string; reference: string | null; group_id: number | null } | null;
  }>;
}

/** Upload the rows on the bulk page and Check them with the account password. */
async function checkRows(page: Page, lines: string[]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('bulk-upload').click();
  await (await chooser).setFiles({
    name: 'honor.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${lines.join('\n')}\n`),
  });
  await page.getByTestId('bulk-read').waitFor();
  await page.getByTestId('bulk-password').fill(DEMO_PASSWORD);
  await page.getByTestId('bulk-check').click();
  await page.getByTestId('bulk-counts').waitFor();
  await page.getByTestId('bulk-check').waitFor({ state: 'detached' });
}

describe.skipIf(!hasBrowser())('scheduled payouts in Chromium', () => {
  // The suite shares one server: give the real clock back to the files that run after this one.
  afterAll(async () => {
    await setServerClock(null);
  });

  const browser = useBrowser();
  useServerClockAt('10:00');

  it('a monthly schedule made from the withdraw form runs when the server clock reaches it', async () => {
    const account = `77${Date.now().toString().slice(-8)}`;
    const page = await browser.signedIn('partner@demo.id', {
      language: 'en',
      at: '/transaction/single_disbursement',
    });
    await page.getByTestId('withdraw-bank').click();
    await page.getByTestId('withdraw-bank').fill('BCA');
    await page.getByRole('option', { name: '014 - Bank BCA' }).click();
    await page.getByTestId('withdraw-number').fill(account);
    await page.getByTestId('withdraw-amount').fill('25000');
    await page.getByTestId('withdraw-password').fill(DEMO_PASSWORD);
    await page.getByTestId('withdraw-check').click();
    await page.getByTestId('withdraw-result').waitFor();

    // Monthly on tomorrow's day of the month at 09:00 WIB, twelve times.
    const tomorrow = new Date(wibTodayAt('09:00').getTime() + DAY_MS);
    const day = Number(new Date(tomorrow.getTime() + 7 * 3_600_000).toISOString().slice(8, 10));
    await page.getByTestId('withdraw-schedule').click();
    await page.getByTestId('schedule-form').waitFor();
    await page.getByTestId('schedule-frequency').getByText('Monthly').click();
    await page.getByTestId('schedule-month-day').fill(String(day));
    await page.getByTestId('schedule-pin').fill(DEMO_TRANSACTION_PIN);
    await animationsDone(page);
    await screenshot(page, 'schedules-form-1366-en');
    await page.getByTestId('schedule-save').click();
    await page.getByText('Payout scheduled').waitFor();
    await page.getByTestId('error-dialog-ok').click();
    await page.waitForURL('**/transaction/scheduled');
    const mine = (await schedules(page)).find((s) => s.account_number === account);
    expect(mine?.next_due_at).toBe(tomorrow.toISOString());
    const card = page.getByTestId(`schedule-${mine?.id}`);
    await card.getByText(`Monthly on day ${day} at 09:00 WIB, 12 times`).waitFor();
    await screenshot(page, 'schedules-1366-en');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'schedules-390-en');

    // The clock reaches the due minute: the job runs it once, as the partner's withdrawal.
    await setServerClock(new Date(tomorrow.getTime() + 20_000));
    const later = await browser.signedIn('partner@demo.id', {
      language: 'id',
      fresh: true,
      at: '/transaction/scheduled',
    });
    let ran = null as Awaited<ReturnType<typeof schedules>>[number] | null;
    for (let i = 0; i < 60 && !ran?.last_run; i++) {
      ran = (await schedules(later)).find((s) => s.id === mine?.id) ?? null;
      if (!ran?.last_run) await later.waitForTimeout(1_000);
    }
    expect(ran?.runs_done).toBe(1);
    expect(ran?.last_run?.reference).toMatch(/^WD\d{12}S\d+$/);
    expect(new Date(ran?.next_due_at ?? 0).getTime()).toBeGreaterThan(
      tomorrow.getTime() + 27 * DAY_MS,
    );
    await later.reload();
    const after = later.getByTestId(`schedule-${mine?.id}`);
    await after
      .getByTestId('schedule-last')
      .getByText(/Terkirim|Diproses/)
      .waitFor();
    await screenshot(later, 'schedules-1366-id-ran');
    await later.setViewportSize({ width: 390, height: 844 });
    await screenshot(later, 'schedules-390-id-ran');
    await after.getByRole('button', { name: 'Ubah' }).click();
    await later.getByTestId('schedule-form').waitFor();
    await animationsDone(later);
    await screenshot(later, 'schedules-form-390-id');
    await later.getByRole('button', { name: 'Tutup' }).click();
    await after.getByRole('button', { name: 'Batalkan jadwal' }).click();
    await later.getByTestId('schedule-confirm').click();
    await later.getByText('Jadwal dibatalkan').waitFor();
  });

  it('a bulk group scheduled from the bulk page runs as a new group when the server clock reaches it', async () => {
    await setServerClock(wibTodayAt('10:00'));
    const name = `Jadwal ${Date.now().toString().slice(-6)}`;
    const page = await browser.signedIn('partner@demo.id', {
      language: 'en',
      at: '/transfer_money/bulk',
    });
    const lines = ['bankCode,accountNumber,phone,email,nominal,note'];
    for (let i = 1; i <= 3; i++) {
      lines.push(
        `014,13${Date.now().toString().slice(-6)}0${i},0812000${i},p${i}@contoh.co.id,12000,honor ${i}`,
      );
    }
    await checkRows(page, lines);
    await page.getByTestId('bulk-counts').getByText('3 rows ready, 0 with errors').waitFor();
    // Scheduling asks for the group's name first, as saving does.
    await page.getByTestId('bulk-schedule').click();
    await page.getByText('Fill in the group name and description first').waitFor();
    await page.getByTestId('error-dialog-ok').click();
    await page.getByTestId('bulk-group-name').fill(name);
    await page.getByTestId('bulk-group-desc').fill('Honor harian');
    await page.getByTestId('bulk-schedule').click();
    await page.getByTestId('schedule-form').waitFor();
    await page.getByText('Each run makes a new group of these 3 rows').waitFor();
    await page.getByTestId('schedule-frequency').getByText('Once').click();
    await page.getByTestId('schedule-time').fill('09:30');
    await page.getByTestId('schedule-pin').fill(DEMO_TRANSACTION_PIN);
    await animationsDone(page);
    await screenshot(page, 'schedules-bulk-form-1366-en');
    await page.getByTestId('schedule-save').click();
    await page.getByText('Payout scheduled').waitFor();
    await page.getByTestId('error-dialog-ok').click();
    await page.waitForURL('**/transaction/scheduled');
    const mine = (await schedules(page)).find((s) => s.account_name === name);
    expect(mine).toMatchObject({ kind: 'bulk', rows: 3 });
    const due = new Date(wibTodayAt('09:30').getTime() + DAY_MS);
    expect(mine?.next_due_at).toBe(due.toISOString());
    const card = page.getByTestId(`schedule-${mine?.id}`);
    await card.getByTestId('schedule-kind').getByText('Bulk transfer').waitFor();
    await card.getByText('3 rows').waitFor();
    await screenshot(page, 'schedules-bulk-1366-en');

    // The due minute: the job makes the group and holds it whole, as a save then would.
    await setServerClock(new Date(due.getTime() + 20_000));
    const later = await browser.signedIn('partner@demo.id', {
      language: 'id',
      fresh: true,
      at: '/transaction/scheduled',
    });
    await later.setViewportSize({ width: 390, height: 844 });
    let ran = null as Awaited<ReturnType<typeof schedules>>[number] | null;
    for (let i = 0; i < 60 && !ran?.last_run; i++) {
      ran = (await schedules(later)).find((s) => s.id === mine?.id) ?? null;
      if (!ran?.last_run) await later.waitForTimeout(1_000);
    }
    expect(ran?.runs_done).toBe(1);
    expect(ran?.last_run?.reference).toBe(`BULK${ran?.last_run?.group_id}`);
    await later.reload();
    const after = later.getByTestId(`schedule-${mine?.id}`);
    await after.getByTestId('schedule-kind').getByText('Transfer massal').waitFor();
    await after.getByText('3 baris').waitFor();
    await animationsDone(later);
    await screenshot(later, 'schedules-bulk-390-id-ran');
    await later.setViewportSize({ width: 1366, height: 900 });
    await screenshot(later, 'schedules-bulk-1366-id-ran');

    // The bulk page's schedule form in Indonesian on a phone.
    await later.setViewportSize({ width: 390, height: 844 });
    await later.goto('/transfer_money/bulk');
    await checkRows(later, lines);
    await later.getByTestId('bulk-group-name').fill(`${name} b`);
    await later.getByTestId('bulk-group-desc').fill('Honor harian');
    await later.getByTestId('bulk-schedule').click();
    await later.getByText('Setiap jalannya membuat grup baru dari 3 baris ini').waitFor();
    await animationsDone(later);
    await screenshot(later, 'schedules-bulk-form-390-id');
  });
});
