import { readFileSync } from 'node:fs';
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

const HEADER = 'bankCode,accountNumber,phone,email,nominal,note';

/** 50 rows; rows 10 and 40 go to simulator accounts ending 9999, which the bank fails. */
function csv(): string {
  const lines = [HEADER];
  for (let i = 1; i <= 50; i++) {
    const account =
      i === 10 || i === 40
        ? `77${String(i).padStart(4, '0')}9999`
        : `31${String(i).padStart(8, '0')}`;
    lines.push(`014,${account},08120000${i},p${i}@contoh.co.id,${10_000 + i},gaji ${i}`);
  }
  return `${lines.join('\n')}\n`;
}

async function upload(page: Page, content: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('bulk-upload').click();
  await (await chooser).setFiles({
    name: 'gaji.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(content),
  });
  await page.getByTestId('bulk-row-1').waitFor();
  await page.getByTestId('bulk-read').waitFor();
}

/** Six rows, four of them broken: line 3 bank code, 4 account, 5 e-mail, 6 nominal. */
function csvWithErrors(): string {
  return `${[
    HEADER,
    '014,3100000001,081200001,a@contoh.co.id,10000,gaji 1',
    '999,3100000002,081200002,b@contoh.co.id,10000,gaji 2',
    '014,31AB0003,081200003,c@contoh.co.id,10000,gaji 3',
    '014,3100000004,081200004,bukan-email,10000,gaji 4',
    '014,3100000005,081200005,e@contoh.co.id,0,gaji 5',
    '014,3100000006,081200006,f@contoh.co.id,10000,gaji 6',
  ].join('\n')}\n`;
}

/** 20,000 rows; with `brokenEvery`, every n-th row has an unknown bank code. */
function bigCsv(brokenEvery = 0): string {
  const lines = [HEADER];
  for (let i = 1; i <= 20_000; i++) {
    const bank = brokenEvery > 0 && i % brokenEvery === 0 ? '999' : '014';
    lines.push(`${bank},32${String(i).padStart(8, '0')},,,${10_000 + i},gaji ${i}`);
  }
  return `${lines.join('\n')}\n`;
}

async function chooseFile(page: Page, name: string, content: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('bulk-upload').click();
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
  await page.getByTestId('bulk-read').waitFor();
}

/** Scrolls a virtualised list to its end and waits for the row with that test id. */
async function scrollToEnd(page: Page, scroller: string, lastRow: string) {
  await page.getByTestId(scroller).evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  await page.getByTestId(lastRow).waitFor();
}

/**
 * The approval policy that replaced the page's on/off switch: with `on`, any group
 * waits for one approver (set through the policy call; e2e/approvals tests the policy page).
 */
async function setRule(page: Page, on: boolean) {
  const res = await page.evaluate(async (on) => {
    const token = await (await fetch('/api/auth/csrf_token')).json();
    const bulk = on ? [{ up_to: null, approvers: 1 }] : [];
    const body = {
      expiry_hours: 24,
      applies_to_api: false,
      tiers: { withdraw: [], bulk, remittance: [] },
    };
    const answer = await fetch('/api/approvals/policy', {
      method: 'POST',
      headers: {
        'X-Requested-With': 'XMLHttpRequest',
        'X-CSRF-Token': token.data.csrf,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    return (await answer.json()) as { rc: string };
  }, on);
  expect(res.rc).toBe('00');
}

describe.skipIf(!hasBrowser())('bulk transfer in Chromium', () => {
  const browser = useBrowser();
  // Daytime on the server: from 23:00 to 06:00 WIB the bank simulator queues transfers until
  // morning, and the group would not finish while the test watches.
  useServerClockAt('10:00');

  it('uploads 50 rows, checks and saves them, an approver approves, and the group finishes', async () => {
    const run = `E2E${Date.now().toString(36)}`;
    const maker = await browser.signedIn('partner@demo.id', {
      language: 'en',
      at: '/transfer_money/domestic',
    });
    await maker.getByTestId('card-bulk').click();
    await maker.waitForURL('**/transfer_money/bulk');
    await maker.getByTestId('bulk-page').waitFor();
    const sample = await maker.request.get('/sample/disbursement.csv');
    expect((await sample.text()).split('\n')[0]).toBe(HEADER);
    await setRule(maker, true);
    await screenshot(maker, 'bulk-1366-en-empty');

    await upload(maker, csv());
    await expect(maker.getByTestId('bulk-read').textContent()).resolves.toBe(
      '50 rows read from gaji.csv',
    );
    // The table names the bank, not its code.
    await expect(
      maker.getByTestId('bulk-row-1').getByTestId('bulk-row-bank').textContent(),
    ).resolves.toBe('Bank BCA');
    await maker.getByTestId('bulk-check').click();
    await maker
      .getByTestId('error-dialog-message')
      .getByText('Input account password to continue')
      .waitFor();
    await maker.getByTestId('error-dialog-ok').click();
    await maker.getByTestId('bulk-password').fill(DEMO_PASSWORD);
    await maker.getByTestId('bulk-check').click();
    await maker.getByTestId('bulk-counts').getByText('50 rows ready, 0 with errors').waitFor();
    // Every row is paid: the Check button hides.
    await maker.getByTestId('bulk-check').waitFor({ state: 'detached' });
    const subtotal = Array.from({ length: 50 }, (_, i) => 10_001 + i).reduce((a, b) => a + b, 0);
    await expect(maker.getByTestId('bulk-total').textContent()).resolves.toContain(
      (subtotal + 50 * 2_500).toLocaleString('id-ID'),
    );
    await maker.getByTestId('bulk-save').click();
    await maker.getByTestId('error-dialog-message').getByText('Please fill group name').waitFor();
    await maker.getByTestId('error-dialog-ok').click();
    await maker.getByTestId('bulk-group-name').fill(run);
    await maker.getByTestId('bulk-group-desc').fill('Gaji E2E');
    await maker.getByTestId('bulk-pin').fill(DEMO_TRANSACTION_PIN);
    await screenshot(maker, 'bulk-1366-en-checked');
    // Saving asks first, with the totals; cancel sends nothing.
    const saves: string[] = [];
    maker.on('request', (req) => {
      if (req.url().includes('/api/transaction/cashout_save')) saves.push(req.url());
    });
    await maker.getByTestId('bulk-save').click();
    const dialog = maker.getByTestId('money-confirm');
    await dialog.waitFor();
    await maker.getByText('Confirm transaction').waitFor();
    await expect(maker.getByTestId('money-confirm-count').textContent()).resolves.toBe('50');
    await expect(maker.getByTestId('money-confirm-amount').textContent()).resolves.toBe(
      `Rp. ${subtotal.toLocaleString('id-ID')}`,
    );
    await expect(maker.getByTestId('money-confirm-fees').textContent()).resolves.toBe(
      `Rp. ${(50 * 2_500).toLocaleString('id-ID')}`,
    );
    await expect(maker.getByTestId('money-confirm-total').textContent()).resolves.toBe(
      `Rp. ${(subtotal + 50 * 2_500).toLocaleString('id-ID')}`,
    );
    await screenshot(maker, 'bulk-1366-en-confirm');
    await maker.setViewportSize({ width: 390, height: 844 });
    await screenshot(maker, 'bulk-390-en-confirm');
    await maker.setViewportSize({ width: 1366, height: 860 });
    await maker.getByTestId('money-confirm-cancel').click();
    await dialog.waitFor({ state: 'detached' });
    await maker.waitForTimeout(300);
    expect(saves).toEqual([]);
    expect(maker.url()).toContain('/transfer_money/bulk');
    await maker.getByTestId('bulk-save').click();
    await maker.getByTestId('money-confirm-ok').click();
    await maker.waitForURL('**/data/disbursement');
    expect(saves.length).toBe(1);
    await maker.getByTestId('bulk-waiting').getByText(run).waitFor();
    await screenshot(maker, 'bulk-1366-en-waiting');

    const checker = await browser.signedIn('staff@demo.id', {
      language: 'id',
      at: '/data/disbursement',
    });
    const row = checker.getByTestId('bulk-waiting').locator('tr', { hasText: run });
    await row.waitFor();
    const groupId = Number((await row.getAttribute('data-testid'))?.replace('bulk-waiting-', ''));
    await row.getByTestId('bulk-open').click();
    await checker.getByTestId('bulk-decide-pin').fill(DEMO_TRANSACTION_PIN);
    await screenshot(checker, 'bulk-1366-id-approve');
    await checker.getByTestId('bulk-approve').click();
    // The approver confirms the group's totals too (Indonesian).
    await checker.getByText('Konfirmasi transaksi').waitFor();
    await expect(checker.getByTestId('money-confirm-count').textContent()).resolves.toBe('50');
    await checker.getByText('Ya, kirim').waitFor();
    await animationsDone(checker); // the modal's opening transition
    await screenshot(checker, 'bulk-1366-id-approve-confirm');
    await checker.getByTestId('money-confirm-ok').click();
    await checker.getByText(`Grup ${run} disetujui: transfernya sedang dikirim`).waitFor();

    await expect
      .poll(
        async () => {
          const res = await checker.request.get(
            `/api/transaction/disbursement_group?group_id=${groupId}`,
          );
          const body = await res.json();
          return body.data?.status === 'DONE' ? body.data.counts : null;
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toEqual({ '1': 48, '2': 2 });
    // The groups table says where each group stands.
    await checker.goto('/data/disbursement');
    await checker.getByText('Selesai', { exact: true }).first().waitFor();
    await screenshot(checker, 'bulk-1366-id-groups');

    await maker.goto('/transfer_money/bulk');
    await setRule(maker, false);

    const small = await browser.signedIn('partner@demo.id', {
      language: 'id',
      width: 390,
      height: 844,
      at: '/transfer_money/bulk',
    });
    await upload(small, csv());
    await screenshot(small, 'bulk-390-id-table');
  });

  it('shows four bad rows at once; one is fixed in place, one dropped, the rest too; re-check passes', async () => {
    const page = await browser.signedIn('partner@demo.id', {
      language: 'en',
      at: '/transfer_money/bulk',
    });
    await chooseFile(page, 'gaji.csv', csvWithErrors());
    await page.getByTestId('bulk-fix-summary').getByText('4 rows have errors.').waitFor();
    await expect(page.getByTestId('bulk-fix-errors-3').textContent()).resolves.toBe(
      'Row 3, column bankCode: unknown bank code',
    );
    await expect(page.getByTestId('bulk-fix-errors-4').textContent()).resolves.toBe(
      'Row 4, column accountNumber: the account number may contain only digits and hyphens',
    );
    await expect(page.getByTestId('bulk-fix-errors-5').textContent()).resolves.toBe(
      'Row 5, column email: this is not a valid e-mail address',
    );
    await expect(page.getByTestId('bulk-fix-errors-6').textContent()).resolves.toBe(
      'Row 6, column nominal: the nominal must be a whole number greater than 0, at most 20 digits',
    );
    // The good rows are in the table; the check waits for the broken ones.
    await page.getByTestId('bulk-row-2').waitFor();
    await expect(page.getByTestId('bulk-check').isDisabled()).resolves.toBe(true);
    await screenshot(page, 'bulk-fix-1366-en-four');

    // The error list as a CSV download.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('bulk-fix-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe('gaji-errors.csv');
    const listed = readFileSync((await download.path()) ?? '', 'utf8');
    expect(listed.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'row,column,value,reason',
      '3,bankCode,999,"Row 3, column bankCode: unknown bank code"',
      '4,accountNumber,31AB0003,"Row 4, column accountNumber: the account number may contain only digits and hyphens"',
      '5,email,bukan-email,"Row 5, column email: this is not a valid e-mail address"',
      '6,nominal,0,"Row 6, column nominal: the nominal must be a whole number greater than 0, at most 20 digits"',
      '',
    ]);

    // Row 3 fixed in place, row 4 dropped: re-check leaves two.
    await page.getByTestId('bulk-fix-3-bankCode').fill('014');
    await page.getByTestId('bulk-fix-drop-4').click();
    await page.getByTestId('bulk-fix-recheck').click();
    await page.getByTestId('bulk-fix-passed').getByText('1 fixed row passes').waitFor();
    await page.getByTestId('bulk-fix-summary').getByText('2 rows have errors.').waitFor();
    await expect(page.getByTestId('bulk-fix-row-3').count()).resolves.toBe(0);
    await expect(page.getByTestId('bulk-fix-row-4').count()).resolves.toBe(0);
    // A fix that is still wrong stays, with its reason.
    await page.getByTestId('bulk-fix-5-email').fill('masih salah');
    await page.getByTestId('bulk-fix-6-nominal').fill('15000');
    await page.getByTestId('bulk-fix-recheck').click();
    await page.getByTestId('bulk-fix-summary').getByText('1 row has errors.').waitFor();
    await page.getByTestId('bulk-fix-5-email').fill('d@contoh.co.id');
    await page.getByTestId('bulk-fix-recheck').click();
    await page.getByTestId('bulk-fix-passed').getByText('1 fixed row passes').waitFor();
    await expect(page.getByTestId('bulk-fix').count()).resolves.toBe(0);
    // Five rows in the file's order; the check is open.
    await page.getByTestId('bulk-selected').getByText('5 of 5 rows selected').waitFor();
    await page.getByTestId('bulk-row-5').waitFor();
    await expect(page.getByTestId('bulk-check').isDisabled()).resolves.toBe(false);
    await screenshot(page, 'bulk-fix-1366-en-passed');

    // The same file in Indonesian on a phone.
    const small = await browser.signedIn('partner@demo.id', {
      language: 'id',
      width: 390,
      height: 844,
      at: '/transfer_money/bulk',
    });
    await chooseFile(small, 'gaji.csv', csvWithErrors());
    await small.getByTestId('bulk-fix-summary').getByText('4 baris berisi kesalahan.').waitFor();
    await expect(small.getByTestId('bulk-fix-errors-3').textContent()).resolves.toBe(
      'Baris 3, kolom bankCode: kode bank tidak dikenal',
    );
    await small.getByTestId('bulk-fix').scrollIntoViewIfNeeded();
    await screenshot(small, 'bulk-fix-390-id-four');
    await small.getByTestId('bulk-fix-3-bankCode').fill('014');
    await small.getByTestId('bulk-fix-drop-4').click();
    await small.getByTestId('bulk-fix-drop-5').click();
    await small.getByTestId('bulk-fix-drop-6').click();
    await small.getByTestId('bulk-fix-recheck').click();
    await small
      .getByTestId('bulk-fix-passed')
      .getByText('1 baris yang diperbaiki lolos pemeriksaan')
      .waitFor();
    await small.getByTestId('bulk-selected').getByText('3 dari 3 baris dipilih').waitFor();
    await screenshot(small, 'bulk-fix-390-id-passed');
  });

  it('renders and scrolls 20,000 rows, and 2,000 broken ones among them', async () => {
    const page = await browser.signedIn('partner@demo.id', {
      language: 'en',
      at: '/transfer_money/bulk',
    });
    await chooseFile(page, 'besar.csv', bigCsv());
    await page.getByTestId('bulk-read').getByText('20000 rows read from besar.csv').waitFor();
    await scrollToEnd(page, 'bulk-scroll', 'bulk-row-20000');
    // Virtualised: only the rows in view are in the page.
    expect(await page.locator('[data-testid^="bulk-row-"]').count()).toBeLessThan(100);
    await screenshot(page, 'bulk-20000-1366-en');

    await chooseFile(page, 'besar-salah.csv', bigCsv(10));
    await page.getByTestId('bulk-fix-summary').getByText('2000 rows have errors').waitFor();
    await scrollToEnd(page, 'bulk-fix-scroll', 'bulk-fix-row-20001');
    expect(await page.locator('[data-testid^="bulk-fix-row-"]').count()).toBeLessThan(100);
    await scrollToEnd(page, 'bulk-scroll', 'bulk-row-18000');
    await screenshot(page, 'bulk-20000-broken-1366-en');
  });
});
