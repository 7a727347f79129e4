import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_TRANSACTION_PIN } from '../../apps/server/src/seed/seed-transaction-pins';
import {
  DEMO_PASSWORD,
  hasBrowser,
  loginAs,
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

async function setRule(page: Page, on: boolean) {
  const rule = page.getByTestId('bulk-rule');
  await rule.waitFor();
  if ((await rule.isChecked()) !== on) {
    await rule.click();
  }
  await expect.poll(() => rule.isChecked()).toBe(on);
}

describe.skipIf(!hasBrowser())('bulk transfer in Chromium', () => {
  const browser = useBrowser();
  // Daytime on the server: from 23:00 to 06:00 WIB the bank simulator queues transfers until
  // morning, and the group would not finish while the test watches.
  useServerClockAt('10:00');

  it('uploads 50 rows, checks and saves them, an approver approves, and the group finishes', async () => {
    const run = `E2E${Date.now().toString(36)}`;
    const maker = await browser.newPage({ language: 'en' });
    await loginAs(maker, 'partner@demo.id');
    await maker.goto('/transfer_money/domestic');
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

    const checker = await browser.newPage({ language: 'id' });
    await loginAs(checker, 'staff@demo.id');
    await checker.goto('/data/disbursement');
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
    await checker.waitForTimeout(400); // the modal's opening transition
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

    const small = await browser.newPage({ language: 'id', width: 390, height: 844 });
    await loginAs(small, 'partner@demo.id');
    await small.goto('/transfer_money/bulk');
    await upload(small, csv());
    await screenshot(small, 'bulk-390-id-table');
  });
});
