import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, screenshot, useBrowser } from '../support/browser';
import { columnTexts, waitForTable } from '../support/data-table';
import { ENGLISH_PHONE } from '../support/screens';

/**
 * The generic data pages in Chromium against the demo server (90 days of seeded history):
 * filter, sort, page, popup, table state in the URL, row actions and export to download, in
 * Indonesian and English, wide and narrow.
 */

const digits = (text: string) => Number(text.replace(/[^\d]/g, ''));

async function pickOption(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Seven days back: the seed writes rows every day, so ranges over a week have many rows. */
function weekRange(): string {
  const wib = (offset: number) =>
    new Date(Date.now() + 7 * 3_600_000 - offset * 86_400_000).toISOString().slice(0, 10);
  return `${wib(6)},${wib(0)}`;
}

describe.skipIf(!hasBrowser())('data pages', () => {
  const browser = useBrowser();

  it('filters by amount greater than a value, sorts, opens the popup (Indonesian)', async () => {
    const page = await browser.signedIn('partner@demo.id', { language: 'id' });
    const range = encodeURIComponent(
      JSON.stringify([{ column: 'time_request', operator: 'between', value: weekRange() }]),
    );
    await page.goto(`/data/transaction?filters=${range}`);
    await waitForTable(page);
    expect(await page.getByTestId('data-title').textContent()).toBe('Transaksi API');
    const before = Number(await page.getByTestId('data-total').getAttribute('data-total'));
    expect(before).toBeGreaterThan(10);

    await page.getByTestId('filter-add').click();
    await pickOption(page, 'filter-column-1', 'Nominal');
    await pickOption(page, 'filter-operator-1', 'lebih dari');
    await page.getByTestId('filter-value-1').fill('500000');
    await page.getByTestId('filter-search').click();
    await page.waitForURL((url) => url.searchParams.get('filters')?.includes('500000') === true);
    await waitForTable(page);
    const after = Number(await page.getByTestId('data-total').getAttribute('data-total'));
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThan(before);
    const amounts = (await columnTexts(page, 'nominal_origin')).map(digits);
    expect(amounts.length).toBeGreaterThan(0);
    expect(amounts.every((a) => a > 500_000)).toBe(true);

    // Sort by amount: ascending, then descending.
    await page.getByTestId('sort-nominal_origin').click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'nominal_origin:asc');
    await waitForTable(page);
    const ascending = (await columnTexts(page, 'nominal_origin')).map(digits);
    expect([...ascending].sort((a, b) => a - b)).toEqual(ascending);
    await page.getByTestId('sort-nominal_origin').click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'nominal_origin:desc');
    await waitForTable(page);
    const descending = (await columnTexts(page, 'nominal_origin')).map(digits);
    expect([...descending].sort((a, b) => b - a)).toEqual(descending);
    expect(await page.locator('[data-testid="data-row"]').first().textContent()).toMatch(
      /Rp\. [\d.]+/,
    );

    // The state is in the URL: a reload shows the same table.
    await page.reload();
    await waitForTable(page);
    expect(Number(await page.getByTestId('data-total').getAttribute('data-total'))).toBe(after);
    expect(await page.getByTestId('sort-nominal_origin').getAttribute('data-sort')).toBe('desc');

    await page.locator('[data-testid="data-row"]').first().click();
    const popup = page.getByTestId('data-popup-table');
    await popup.waitFor();
    expect(await popup.textContent()).toContain('ID Transaksi');
    expect(await popup.textContent()).toContain('Nominal Admin');
    await screenshot(page, 'data-transaction-popup-id');
    await page.getByTestId('popup-close').click();
    await popup.waitFor({ state: 'detached' });
    await screenshot(page, 'data-transaction-filtered-id');
  });

  it('pages through the mutation page and keeps page and size in the URL', async () => {
    const page = await browser.signedIn('partner@demo.id', { language: 'id' });
    const range = encodeURIComponent(
      JSON.stringify([{ column: 'tanggal_mutasi', operator: 'between', value: weekRange() }]),
    );
    await page.goto(`/data/balance?filters=${range}`);
    await waitForTable(page);
    await page.getByTestId('balance-card').waitFor();
    expect(await page.getByTestId('balance-available').textContent()).toMatch(/^Rp\. [\d.]+$/);
    const firstPage = await columnTexts(page, 'id_mutasi');
    expect(firstPage).toHaveLength(10);
    await page.getByTestId('pagination').getByRole('button', { name: '2', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await waitForTable(page);
    const secondPage = await columnTexts(page, 'id_mutasi');
    expect(secondPage.some((id) => firstPage.includes(id))).toBe(false);

    await pickOption(page, 'page-size', '50');
    await page.waitForURL(
      (url) => url.searchParams.get('limit') === '50' && url.searchParams.get('page') === '1',
    );
    await waitForTable(page);
    expect((await columnTexts(page, 'id_mutasi')).length).toBeGreaterThan(10);
    // Sub-navigation tabs of the balance group.
    await page.getByTestId('tab-balance_detail_hold').click();
    await page.waitForURL('**/data/balance_detail_hold');
    await page.getByTestId('data-page-balance_detail_hold').waitFor();
    await page.getByTestId('balance-card').waitFor();
  });

  it('exports a filtered page and downloads the file from the export list', async () => {
    const page = await browser.signedIn('partner@demo.id', { language: 'id' });
    const filters = [
      { column: 'time_request', operator: 'between', value: weekRange() },
      { column: 'jenis_trx', operator: 'equal', value: 'CASH IN' },
    ];
    await page.goto(`/data/transaction?filters=${encodeURIComponent(JSON.stringify(filters))}`);
    await waitForTable(page);
    const total = Number(await page.getByTestId('data-total').getAttribute('data-total'));
    expect(total).toBeGreaterThan(10);

    await page.getByTestId('data-download').click();
    await page.getByTestId('export-created').waitFor();
    await page.getByTestId('open-export-list').click();
    await page.waitForURL('**/data/export_data');
    await waitForTable(page);
    // The worker polls every 2 s; reload until the newest job offers its download.
    const newest = page.locator('[data-testid="data-row"]').first();
    for (let attempt = 0; attempt < 30; attempt++) {
      if (
        await newest
          .getByTestId('action-download')
          .isEnabled()
          .catch(() => false)
      )
        break;
      await page.waitForTimeout(1_000);
      await page.reload();
      await waitForTable(page);
    }
    expect(await newest.textContent()).toContain('Transaksi API');
    await newest.getByTestId('action-download').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('download-csv').click(),
    ]);
    const file = await download.path();
    const lines = readFileSync(file, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines[0]).toContain('ID Transaksi');
    expect(lines).toHaveLength(total + 1);
    await screenshot(page, 'data-export-list-id');
  });

  it('works in English: labels, operators, no-data text, row-action links', async () => {
    const page = await browser.signedIn('partner@demo.id', { language: 'en', at: '/data/deposit' });
    await waitForTable(page);
    expect(await page.getByTestId('data-title').textContent()).toBe('Top-up History');
    await page.getByTestId('filter-add').click();
    await pickOption(page, 'filter-column-1', 'Deposit ID');
    await page.getByTestId('filter-operator-1').click();
    const operators = await page.getByRole('listbox').getByRole('option').allInnerTexts();
    expect(operators).toEqual(['like', 'starts with', 'ends with', 'equal', 'not equal']);
    await page.getByRole('option', { name: 'starts with', exact: true }).click();
    await page.getByTestId('filter-value-1').fill('NO-SUCH-DEPOSIT');
    await page.getByTestId('filter-search').click();
    await page.getByTestId('no-data').waitFor();
    expect(await page.getByTestId('no-data').textContent()).toBe('No data');
    await screenshot(page, 'data-deposit-empty-en');

    // Bulk transfer → detail (key/value/date pre-filter) → back.
    await page.goto('/data/disbursement');
    await waitForTable(page);
    await page.locator('[data-testid="data-row"]').first().getByTestId('action-detail').click();
    await page.waitForURL(
      (url) => url.pathname === '/data/disbursement_detail' && url.searchParams.get('key') === '0',
    );
    await waitForTable(page);
    expect(Number(await page.getByTestId('data-total').getAttribute('data-total'))).toBeGreaterThan(
      0,
    );
    const groups = new Set(await columnTexts(page, 'group_id'));
    expect(groups.size).toBe(1);
    await page.getByTestId('data-back').click();
    await page.waitForURL('**/data/disbursement');

    // Transaction → callback monitor for that transaction.
    await page.goto('/data/transaction');
    await waitForTable(page);
    const id = (await columnTexts(page, 'id_transaksi'))[0];
    await page.locator('[data-testid="data-row"]').first().getByTestId('action-callback').click();
    await page.waitForURL(
      (url) => url.pathname === '/data/callback' && url.searchParams.get('value') === id,
    );
    await waitForTable(page);
    for (const text of await columnTexts(page, 'id_transaksi')) expect(text).toBe(id);
    await screenshot(page, 'data-callback-prefiltered-en');
  });

  it('the API flag, end user and aggregator rules show on the pages', async () => {
    const enduser = await browser.signedIn('enduser@demo.id', {
      language: 'id',
      at: '/data/transaction',
    });
    await enduser.getByTestId('access-denied').waitFor();
    await enduser.goto('/data/transfer');
    await waitForTable(enduser);
    // The end user's transaction tabs leave out the API and bulk VA pages.
    expect(await enduser.getByTestId('tab-transaction').count()).toBe(0);

    const aggregator = await browser.signedIn('aggregator@demo.id', {
      language: 'en',
      at: '/data/aggregator_fee_monthly',
    });
    await waitForTable(aggregator);
    expect(
      Number(await aggregator.getByTestId('data-total').getAttribute('data-total')),
    ).toBeGreaterThan(0);
    await aggregator.getByTestId('tab-resume_share_profit_by_mitra_daily').click();
    await aggregator.waitForURL('**/data/resume_share_profit_by_mitra_daily');
    await waitForTable(aggregator);
    await screenshot(aggregator, 'data-aggregator-mitra-daily-en');
  });

  // The phone in English; the Indonesian pages are the wide ones above.
  it('narrow screens (390 px)', async () => {
    {
      const { language } = ENGLISH_PHONE;
      const page = await browser.signedIn('partner@demo.id', {
        ...ENGLISH_PHONE,
        at: '/data/balance',
      });
      await waitForTable(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(1);
      await screenshot(page, `data-balance-390-${language}`);
      await page.goto('/data/virtual_account_transaction');
      await waitForTable(page);
      await page.getByTestId('bank-selector').waitFor();
      await screenshot(page, `data-va-390-${language}`);
      // The bank selector lists the server's VA banks (data/list_va) and narrows the table.
      const listed = await (await page.request.get('/api/data/list_va?type=open')).json();
      const bank = listed.data[0] as { kodeBank: string; namaBank: string };
      await page.getByTestId('bank-selector').click();
      await page.getByRole('option', { name: bank.namaBank, exact: true }).click();
      await page.waitForURL(new RegExp(`param=${bank.kodeBank}`));
      await waitForTable(page);
    }
  });
});
