import { wibDate } from '@gerbang/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { englishWordsIn, visibleText } from '../i18n/english-words';
import {
  animationsDone,
  DEMO_PASSWORD,
  E2E_TEST_KEY,
  hasBrowser,
  screenshot,
  useBrowser,
} from '../support/browser';

const DAY_MS = 86_400_000;

async function consoleLogin(page: Page) {
  await page.goto(`/console?test=${E2E_TEST_KEY}`);
  await page.getByTestId('console-email').fill('ops@demo.id');
  await page.getByTestId('console-password').fill(DEMO_PASSWORD);
  await page.getByTestId('console-login').click();
  await page.getByTestId('console-logout').waitFor();
}

/** The simulator bank's MT940 statement of the provider's payout clearing account for a day. */
async function providerStatement(page: Page, day: string): Promise<string> {
  const res = await page.request.get(
    `/api/console/reconciliation/simulator_statement?environment=production&account=payout&format=mt940&day=${day}`,
  );
  expect(res.status()).toBe(200);
  return res.text();
}

/**
 * A past day's statement with one difference injected: the first movement's amount grows by
 * Rp 1.000 (its closing balance follows, so the file stays balanced). Answers the file and the
 * changed line's reference.
 */
async function changedStatement(page: Page) {
  for (let back = 8; back <= 30; back++) {
    const day = wibDate(new Date(Date.now() - back * DAY_MS));
    const rows = (await providerStatement(page, day)).split('\r\n');
    const first = rows.findIndex((r) => r.startsWith(':61:'));
    if (first < 0 || rows.filter((r) => r.startsWith(':61:')).length < 3) continue;
    const m = /^(:61:\d{10})([CD])(\d+)(,00NTRF.*)$/.exec(rows[first] ?? '');
    const closing = rows.findIndex((r) => r.startsWith(':62F:'));
    const c = /^:62F:([CD])(\d{6})IDR(\d+),00$/.exec(rows[closing] ?? '');
    if (!m || !c) continue;
    const sign = m[2] === 'D' ? -1 : 1;
    rows[first] = `${m[1]}${m[2]}${Number(m[3]) + 1_000}${m[4]}`;
    const total = (c[1] === 'D' ? -1 : 1) * Number(c[3]) + sign * 1_000;
    rows[closing] = `:62F:${total < 0 ? 'D' : 'C'}${c[2]}IDR${Math.abs(total)},00`;
    const reference = /^:86:(\S+)/.exec(rows[first + 1] ?? '')?.[1] ?? '';
    return { day, file: rows.join('\r\n'), reference };
  }
  throw new Error('no demo day with three payouts on the provider account');
}

/** The queue's rows: the last table (the per-day summary above it is a table too). */
const rowsOf = (page: Page) => page.locator('table').last().locator('tbody tr');

/**
 * The provider's reconciliation in Chromium: ops@demo.id takes the simulator bank's statement of
 * the provider's payout clearing account (every merchant's payouts of a past day), one amount is
 * changed, the console imports and matches it, and the queue shows exactly that exception with
 * its merchant; ops writes it off with a note and nothing is open. Both languages, 1366 and 390 px.
 */
describe.skipIf(!hasBrowser())('provider reconciliation in the console', () => {
  const browser = useBrowser();

  it('imports a provider statement and resolves its exception', async () => {
    const page = await browser.newPage({ language: 'en' });
    await consoleLogin(page);
    await page.getByRole('link', { name: 'Reconciliation' }).click();
    await page.getByRole('heading', { name: 'Provider account reconciliation' }).waitFor();
    const injected = await changedStatement(page);

    await page.locator('input[type="file"]').setInputFiles({
      name: `provider-payout-${injected.day}.sta`,
      mimeType: 'text/plain',
      buffer: Buffer.from(injected.file),
    });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText(/lines read, 0 already known/).waitFor();
    await page.getByRole('button', { name: 'Run matching' }).click();

    const rows = rowsOf(page);
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(1);
    const row = rows.first();
    await expect.poll(() => row.innerText()).toContain('Amount mismatch');
    expect(await row.innerText()).toContain(injected.reference);
    await page.getByRole('columnheader', { name: 'Merchant' }).waitFor();
    await animationsDone(page);
    await screenshot(page, 'console-reconciliation-1366-en');
    await page.setViewportSize({ width: 390, height: 844 });
    await animationsDone(page);
    await screenshot(page, 'console-reconciliation-390-en');
    await page.setViewportSize({ width: 1366, height: 860 });

    await row.getByRole('button', { name: 'Write off' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Note (why)').fill('Selisih biaya bank, diterima');
    await animationsDone(page);
    await screenshot(page, 'console-reconciliation-write-off-1366-en');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => rows.count()).toBe(0);

    const id = await browser.newPage({ language: 'id' });
    await consoleLogin(id);
    await id.goto('/console/reconciliation');
    await id.getByRole('heading', { name: 'Rekonsiliasi rekening penyedia' }).waitFor();
    await id.getByRole('combobox', { name: 'Status' }).click();
    await id.getByRole('option', { name: 'Dihapusbukukan' }).click();
    await expect.poll(() => rowsOf(id).count()).toBe(1);
    await expect.poll(() => rowsOf(id).first().innerText()).toContain('Selisih biaya bank');
    expect(englishWordsIn(await visibleText(id))).toEqual([]);
    await animationsDone(id);
    await screenshot(id, 'console-reconciliation-1366-id');
    await id.setViewportSize({ width: 390, height: 844 });
    await animationsDone(id);
    await screenshot(id, 'console-reconciliation-390-id');
  });
});
