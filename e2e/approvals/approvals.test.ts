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
const CSV = `${[
  HEADER,
  '014,3300000001,,,10000,gaji 1',
  '014,3300000002,,,20000,gaji 2',
  '014,3300000003,,,30000,gaji 3',
].join('\n')}\n`;
const NO_POLICY = {
  expiry_hours: 24,
  applies_to_api: false,
  tiers: { withdraw: [], bulk: [], remittance: [] },
};

async function apiPost(page: Page, path: string, body: unknown) {
  return page.evaluate(
    async ({ path, body }) => {
      const token = await (await fetch('/api/auth/csrf_token')).json();
      const res = await fetch(`/api${path}`, {
        method: 'POST',
        headers: {
          'X-Requested-With': 'XMLHttpRequest',
          'X-CSRF-Token': token.data.csrf,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(body),
      });
      return (await res.json()) as { rc: string; rd: string };
    },
    { path, body },
  );
}

/** The main user's policy page: bulk groups of any amount need two different approvers. */
async function twoApproversForBulk(page: Page) {
  await page.getByTestId('approval-policy-page').waitFor();
  await page.getByTestId('policy-bulk-add').click();
  await page.getByTestId('tier-bulk-0-approvers').click();
  await page.getByRole('option', { name: '2 different approvers' }).click();
  await page.getByTestId('policy-save').click();
  await page.getByText('Approval policy saved').waitFor();
  await page.getByTestId('error-dialog-ok').click();
  await page.getByTestId('policy-updated').waitFor();
}

/** Upload → check → save a three-row group; the page goes to the groups list. */
async function saveGroup(page: Page, name: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('bulk-upload').click();
  await (await chooser).setFiles({
    name: 'gaji.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(CSV),
  });
  await page.getByTestId('bulk-row-3').waitFor();
  await page.getByTestId('bulk-password').fill(DEMO_PASSWORD);
  await page.getByTestId('bulk-check').click();
  await page.getByTestId('bulk-counts').getByText('3 rows ready, 0 with errors').waitFor();
  await page.getByTestId('bulk-group-name').fill(name);
  await page.getByTestId('bulk-group-desc').fill('Gaji E2E');
  await page.getByTestId('bulk-pin').fill(DEMO_TRANSACTION_PIN);
  await page.getByTestId('bulk-save').click();
  await page.getByTestId('money-confirm-ok').click();
  await page.waitForURL('**/data/disbursement');
}

/** Approves the queue's row of `name` (one row or the selection) with the PIN. */
async function approve(page: Page, name: string, how: 'row' | 'selected') {
  // The table from 768 px, cards on a phone: the same test ids inside.
  const wide = (page.viewportSize()?.width ?? 1366) >= 768;
  const row = wide
    ? page.getByTestId('approvals-table').locator('tr', { hasText: name })
    : page.getByTestId('approvals-cards').locator('[data-testid^="approval-"]', { hasText: name });
  await row.waitFor();
  if (how === 'row') await row.getByTestId('approval-approve').click();
  else {
    await row.getByRole('checkbox').check();
    await page.getByTestId('approvals-approve-selected').click();
  }
  await page.getByTestId('money-confirm-ok').click();
  await page.getByTestId('approval-pin').fill(DEMO_TRANSACTION_PIN);
  await page.getByTestId('approval-send').click();
}

describe.skipIf(!hasBrowser())('approval policies in Chromium', () => {
  const browser = useBrowser();
  useServerClockAt('10:00');

  it('a bulk group waits with its money held and runs after two different approvers', async () => {
    const run = `APR${Date.now().toString(36)}`;
    const maker = await browser.signedIn('partner@demo.id', {
      language: 'en',
      at: '/setting/approval-policy',
    });
    try {
      await twoApproversForBulk(maker);
      await screenshot(maker, 'approvals-policy-1366-en');
      await maker.setViewportSize({ width: 390, height: 844 });
      await screenshot(maker, 'approvals-policy-390-en');
      await maker.setViewportSize({ width: 1366, height: 860 });
      await maker.goto('/transfer_money/bulk');
      await maker.getByTestId('bulk-rule').getByText('Groups wait for approval').waitFor();
      await saveGroup(maker, run);

      // The maker sees the group as their own: only cancel, never approve.
      await maker.goto('/approvals');
      const own = maker.getByTestId('approvals-table').locator('tr', { hasText: run });
      await own.getByText('Your own payout').waitFor();
      expect(await own.getByTestId('approval-approve').count()).toBe(0);

      const first = await browser.signedIn('staff@demo.id', { language: 'id', at: '/approvals' });
      await approve(first, run, 'row');
      await first.getByText('1 persetujuan tercatat').waitFor();
      await first.getByTestId('error-dialog-ok').click();
      const waiting = first.getByTestId('approvals-table').locator('tr', { hasText: run });
      await waiting.getByText('1 dari 2').waitFor();
      await waiting.getByText('Sudah Anda setujui').waitFor();
      await screenshot(first, 'approvals-1366-id-one-of-two');
      const groupId = Number(
        (await waiting.getAttribute('data-testid'))?.replace('approval-BULK', ''),
      );
      await first.setViewportSize({ width: 390, height: 844 });
      await screenshot(first, 'approvals-390-id-one-of-two');
      await first.goto('/setting/approval-policy');
      await first.getByTestId('policy-updated').waitFor();
      await screenshot(first, 'approvals-policy-390-id');

      const second = await browser.signedIn('finance@demo.id', {
        language: 'en',
        width: 390,
        height: 844,
        at: '/approvals',
      });
      await second.getByTestId('approvals-cards').getByText(run).waitFor();
      await screenshot(second, 'approvals-390-en-queue');
      await approve(second, run, 'selected');
      await animationsDone(second);
      await second.getByText('1 approval recorded').waitFor();

      await expect
        .poll(
          async () => {
            const res = await maker.request.get(
              `/api/transaction/disbursement_group?group_id=${groupId}`,
            );
            return (await res.json()).data?.status;
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toBe('DONE');
    } finally {
      await apiPost(maker, '/approvals/policy', NO_POLICY);
    }
  });
});
