import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  formatIndonesianDate,
  RELATED_ARTICLES,
  REPORT_YEARS_BACK,
  wibDate,
} from '@gerbang/shared';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifactsDir, hasBrowser, screenshot, useBrowser } from '../support/browser';

async function apiGet(page: Page, url: string, query: Record<string, string | number> = {}) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await page.request.get(`/api${url}?${search}`);
  return (await res.json()) as { rc: string; rd: string; data: any };
}

describe.skipIf(!hasBrowser())('news and monthly reports in Chromium', () => {
  const browser = useBrowser();

  it('opens a news article from the dashboard: title, Diperbarui date, body, 4 related articles', async () => {
    const page = await browser.signedIn('partner@demo.id');
    const first = page.getByTestId('news-item').first();
    await first.waitFor();
    const list = await apiGet(page, '/kategori/data', { id: 1598, page: 6 });
    await first.click();
    await page.waitForURL((url) => url.pathname === `/news/${list.data[0].id}`);
    const title = page.getByTestId('news-title');
    await title.waitFor();
    expect(await title.textContent()).toBe(list.data[0].title);
    expect(await page.getByTestId('news-updated').textContent()).toBe(
      `Diperbarui ${formatIndonesianDate(new Date(list.data[0].date))}`,
    );
    expect(await page.getByTestId('news-body').locator('p').count()).toBeGreaterThan(0);
    await expect(page.getByTestId('news-body').locator('script').count()).resolves.toBe(0);
    const related = page.getByTestId('related-item');
    await related.first().waitFor();
    expect(await related.count()).toBe(RELATED_ARTICLES);
    const href = await related.nth(1).getAttribute('href');
    expect(href).toMatch(/^\/news\/\d+$/);
    await screenshot(page, 'news-article-id');
    await related.nth(1).click();
    await page.waitForURL((url) => url.pathname === href);
    await page.getByTestId('news-title').waitFor();
  });

  it('shows a skeleton while the article loads, in English too', async () => {
    const page = await browser.signedIn('partner@demo.id', {
      language: 'en',
      width: 390,
      height: 844,
    });
    const list = await apiGet(page, '/kategori/data', { page: 1 });
    // Hold the article call back until the loading state has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/kategori/konten**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/news/${list.data[0].id}`);
    await page.getByTestId('news-skeleton').waitFor();
    release();
    await page.getByTestId('news-title').waitFor();
    expect(await page.getByTestId('news-updated').textContent()).toMatch(
      /^Updated \d{1,2} [A-Z][a-z]+ \d{4}$/,
    );
    await screenshot(page, 'news-article-en-390');
  });

  it('says "Gagal menampilkan data ..." for an article that cannot be shown', async () => {
    const page = await browser.signedIn('partner@demo.id', { at: '/news/987654' });
    const failed = page.getByTestId('news-failed');
    await failed.waitFor();
    expect(await failed.textContent()).toBe('Gagal menampilkan data ...');
  });

  it('monthly report: tabs, month and year pickers, chart and table or the warning, Excel download', async () => {
    const page = await browser.signedIn('partner@demo.id', { at: '/report/daily_success_trx' });
    await page.getByTestId('report-page').waitFor();
    for (const key of ['daily_success_trx', 'daily_omzet', 'daily_callback'])
      await page.getByTestId(`report-tab-${key}`).waitFor();
    await expect(
      page.getByTestId('report-tab-report_transaction_payment_success_by_agen').count(),
    ).resolves.toBe(0);

    // Years: this year and the 5 before.
    const year = Number(wibDate(new Date()).slice(0, 4));
    await page.getByTestId('report-year').click();
    const options = page.getByRole('listbox').getByRole('option');
    await options.first().waitFor();
    expect(await options.allInnerTexts()).toEqual(
      Array.from({ length: REPORT_YEARS_BACK + 1 }, (_, i) => String(year - i)),
    );
    await page.keyboard.press('Escape');

    const period = wibDate(new Date()).slice(0, 7).replace('-', '');
    const answer = await apiGet(page, '/report/daily_success_trx', { period });
    expect(answer.rc).toBe('00');
    if (answer.data.length > 0) {
      await page.getByTestId('report-table').waitFor();
      await page.getByTestId('report-chart').locator('.chart-surface').first().waitFor();
      const days = new Set(answer.data.map((r: { date: string }) => r.date)).size;
      expect(await page.getByTestId('report-row').count()).toBe(days);
    } else {
      expect(await page.getByTestId('report-empty').textContent()).toBe('Data tidak tersedia');
    }
    await screenshot(page, 'report-daily-success-id');

    // The Excel export downloads a workbook with the report's rows.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('report-export').click(),
    ]);
    expect(download.suggestedFilename()).toBe(`daily_success_trx_${period}.xlsx`);
    const file = path.join(artifactsDir, download.suggestedFilename());
    await download.saveAs(file);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync(file) as unknown as ArrayBuffer);
    const values = book.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
    expect(values[0][1]).toBe('Laporan Transaksi Sukses Harian');
    const header = values.findIndex((row) => row[1] === 'Tanggal');
    expect(header).toBeGreaterThan(0);
    expect(values.length - header - 2).toBe(answer.data.length);
  });

  it('monthly report: "data not available" for an empty month, in English', async () => {
    const page = await browser.signedIn('partner@demo.id', { language: 'en' });
    const oldest = `${Number(wibDate(new Date()).slice(0, 4)) - REPORT_YEARS_BACK}01`;
    await page.goto(`/report/daily_omzet?period=${oldest}`);
    const empty = page.getByTestId('report-empty');
    await empty.waitFor();
    expect(await empty.textContent()).toBe('data not available');
    await screenshot(page, 'report-empty-en');
  });

  it('monthly report: group 11 tabs for the aggregator; no daily_callback without the API flag', async () => {
    const page = await browser.signedIn('aggregator@demo.id', {
      language: 'en',
      at: '/report/report_transaction_payment_success_by_agen',
    });
    await page.getByTestId('report-tab-report_transaction_payment_success_by_product').waitFor();
    await expect(page.getByTestId('report-tab-daily_success_trx').count()).resolves.toBe(0);
    await page.getByTestId('report-tab-report_transaction_payment_success_by_product').click();
    await page.waitForURL(
      (url) => url.pathname === '/report/report_transaction_payment_success_by_product',
    );
    await page
      .locator('[data-testid="report-table"], [data-testid="report-empty"]')
      .first()
      .waitFor();
    await screenshot(page, 'report-aggregator-en');

    const newbiz = await browser.signedIn('newbiz@demo.id', { at: '/report/daily_success_trx' });
    await newbiz.getByTestId('report-tab-daily_omzet').waitFor();
    await expect(newbiz.getByTestId('report-tab-daily_callback').count()).resolves.toBe(0);
    await newbiz.goto('/report/daily_callback');
    await newbiz.getByTestId('access-denied').waitFor();
  });
});
