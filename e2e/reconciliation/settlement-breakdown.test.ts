import { wibDate } from '@gerbang/shared';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { englishWordsIn, visibleText } from '../i18n/english-words';
import { animationsDone, hasBrowser, screenshot, useBrowser } from '../support/browser';
import { waitForTable } from '../support/data-table';

const DAY_MS = 86_400_000;

/** Opens the first settlement sent on a recent day that has one, from its row, at its breakdown. */
async function openBreakdown(page: Page) {
  for (let back = 1; back <= 10; back++) {
    const day = wibDate(new Date(Date.now() - back * DAY_MS));
    await page.goto(`/data/settlement_merchant_sent?date=${day}`);
    await waitForTable(page);
    const action = page.getByTestId('action-breakdown').first();
    if ((await action.count()) === 0) continue;
    await action.scrollIntoViewIfNeeded();
    await action.click();
    await page.waitForURL((url) => url.pathname.startsWith('/settlement-breakdown/'));
    await page.getByTestId('breakdown-totals').waitFor();
    return;
  }
  throw new Error('no settlement sent in the last ten days');
}

const rupiah = (text: string) => Number(text.replace(/[^\d-]/g, ''));

/**
 * A settlement's breakdown in Chromium: from a row of the sent-settlements page the
 * partner opens what the settlement is made of; the payments' gross − fees is what was settled,
 * and the XLSX downloaded from the page says the same with real numbers and dates. Both languages
 * at 1366 and 390 px.
 */
describe.skipIf(!hasBrowser())('settlement breakdown in Chromium', () => {
  const browser = useBrowser();

  it('opens a settlement from its row; the page and its XLSX add up', async () => {
    const page = await browser.signedIn('partner@demo.id', { language: 'en' });
    await openBreakdown(page);
    const figure = async (key: string) =>
      rupiah(await page.getByTestId(`total-${key}`).innerText());
    const gross = await figure('gross');
    const fees = await figure('fees');
    const settled = await figure('settled');
    expect(gross).toBeGreaterThan(0);
    expect(gross - fees).toBe(settled);
    const payments = page.getByTestId('breakdown-payments').locator('tbody tr');
    const grossCells = await payments.evaluateAll((rows) =>
      rows.map((r) => r.children[1]?.textContent ?? ''),
    );
    expect(grossCells.map(rupiah).reduce((a, b) => a + b, 0)).toBe(gross);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('breakdown-xlsx').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const cells: ExcelJS.CellValue[][] = [];
    book.worksheets[0]?.eachRow((row) => {
      cells.push((row.values as ExcelJS.CellValue[]).slice(1));
    });
    // The file is in the user's saved language: read it by its cells' types, not its labels.
    const dates = cells.filter((r) => r[1] instanceof Date);
    expect(dates).toHaveLength(2);
    expect(cells.filter((r) => r[1] === settled).length).toBeGreaterThanOrEqual(1);
    const paymentRows = cells.filter((r) => typeof r[1] === 'number' && r.length === 5);
    expect(paymentRows.reduce((sum, r) => sum + Number(r[1]), 0)).toBe(gross);

    await animationsDone(page);
    await screenshot(page, 'settlement-breakdown-1366-en');
    await page.setViewportSize({ width: 390, height: 844 });
    await animationsDone(page);
    await screenshot(page, 'settlement-breakdown-390-en');

    const id = await browser.signedIn('partner@demo.id', { language: 'id', at: page.url() });
    await id.getByText('Rincian settlement').first().waitFor();
    await id.getByTestId('breakdown-totals').waitFor();
    expect(englishWordsIn(await visibleText(id))).toEqual([]);
    await animationsDone(id);
    await screenshot(id, 'settlement-breakdown-1366-id');
    await id.setViewportSize({ width: 390, height: 844 });
    await animationsDone(id);
    await screenshot(id, 'settlement-breakdown-390-id');
  });
});
