import { wibDate } from '@gerbang/shared';
import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { englishWordsIn, visibleText } from '../i18n/english-words';
import { animationsDone, hasBrowser, screenshot, useBrowser } from '../support/browser';
import { waitForTable } from '../support/data-table';

const DAY_MS = 86_400_000;

/** A hold's legs in the XLSX, in either language. */
const LEG_LABELS = ['Amount', 'Fee', 'Nominal', 'Biaya'];

const rupiah = (text: string) => Number(text.replace(/[^\d-]/g, ''));

/**
 * Opens, from its row on a data page, the breakdown of the first row of a recent day that offers
 * one (`rowText` narrows the rows: a withdrawal's row carries its WD invoice number).
 */
async function openFromRow(page: Page, dataPath: string, target: string, rowText?: RegExp) {
  for (let back = 0; back <= 10; back++) {
    const day = wibDate(new Date(Date.now() - back * DAY_MS));
    await page.goto(`/data/${dataPath}?date=${day}`);
    await waitForTable(page);
    const rows = page.getByTestId('data-row').filter(rowText ? { hasText: rowText } : {});
    const action = rows.getByTestId('action-breakdown').and(page.locator(':enabled')).first();
    if ((await action.count()) === 0) continue;
    await action.scrollIntoViewIfNeeded();
    await action.click();
    await page.waitForURL((url) => url.pathname.startsWith(target));
    await page.getByTestId('breakdown-totals').waitFor();
    return;
  }
  throw new Error(`no row with a breakdown on ${dataPath} in the last ten days`);
}

async function figure(page: Page, key: string) {
  return rupiah(await page.getByTestId(`total-${key}`).innerText());
}

async function cellsOf(download: Download) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const cells: ExcelJS.CellValue[][] = [];
  book.worksheets[0]?.eachRow((row) => {
    cells.push((row.values as ExcelJS.CellValue[]).slice(1));
  });
  return cells;
}

async function shoot(page: Page, name: string) {
  await animationsDone(page);
  await screenshot(page, `${name}-1366`);
  await page.setViewportSize({ width: 390, height: 844 });
  await animationsDone(page);
  await screenshot(page, `${name}-390`);
}

/** Both pages in Indonesian at 1366 and 390 px, with no English word left on them. */
async function inIndonesian(browser: ReturnType<typeof useBrowser>, at: string, name: string) {
  const id = await browser.signedIn('partner@demo.id', { language: 'id', at });
  await id.getByTestId('breakdown-totals').waitFor();
  expect(englishWordsIn(await visibleText(id))).toEqual([]);
  await shoot(id, `${name}-id`);
}

/**
 * Payout breakdowns in Chromium: from a withdrawal's row of the transactions page the partner
 * opens what the payout took from the balance and through which ledger transfers; from a row of
 * the bulk groups page, every row of the group with gross, fees, refunds and net debited. The
 * figures add up on the page and in the downloaded XLSX and CSV. Both languages at 1366 and 390 px.
 */
describe.skipIf(!hasBrowser())('payout breakdown in Chromium', () => {
  const browser = useBrowser();

  it("opens a withdrawal's breakdown from its row; the page and its XLSX add up", async () => {
    const page = await browser.signedIn('partner@demo.id', { language: 'en' });
    await openFromRow(page, 'transaction', '/payout-breakdown/', /WD\d/);
    const amount = await figure(page, 'amount');
    const fee = await figure(page, 'fee');
    const total = await figure(page, 'total');
    const returned = await figure(page, 'returned');
    const net = await figure(page, 'net');
    expect(amount).toBeGreaterThan(0);
    expect(amount + fee).toBe(total);
    expect(total - returned).toBe(net);
    const status = await page.getByTestId('payout-status').innerText();
    expect(net).toBe(status === 'Failed' ? 0 : total);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('breakdown-xlsx').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const cells = await cellsOf(download);
    // The file is in the user's saved language: read it by its shape, not its labels. The
    // totals end the sheet with the net; the transfers are the rows with an amount and a time.
    expect(cells.at(-1)?.[1]).toBe(net);
    expect(cells.filter((r) => r[1] instanceof Date)).toHaveLength(1);
    const transfers = cells.filter((r) => typeof r[3] === 'number' && r[4] instanceof Date);
    expect(transfers.length).toBeGreaterThanOrEqual(1);
    const legs = transfers.filter((r) => LEG_LABELS.includes(String(r[1])));
    if (status !== 'Failed') expect(legs.reduce((s, r) => s + Number(r[3]), 0)).toBe(total);

    await shoot(page, 'payout-breakdown-en');
    await inIndonesian(browser, page.url(), 'payout-breakdown');
  });

  it("opens a bulk group's breakdown from its row; rows, CSV and XLSX add up", async () => {
    const page = await browser.signedIn('partner@demo.id', { language: 'en' });
    await openFromRow(page, 'disbursement', '/bulk-breakdown/');
    const gross = await figure(page, 'gross');
    const fees = await figure(page, 'fees');
    const held = await figure(page, 'held');
    const refunded = await figure(page, 'refunded');
    const released = await figure(page, 'released');
    const net = await figure(page, 'net');
    expect(gross).toBeGreaterThan(0);
    expect(held - refunded - released).toBe(net);
    const rows = page.getByTestId('breakdown-rows').locator('tbody tr');
    const amounts = await rows.evaluateAll((trs) =>
      trs.map((r) => [r.children[4]?.textContent ?? '', r.children[5]?.textContent ?? '']),
    );
    expect(amounts.reduce((s, [a]) => s + rupiah(a ?? ''), 0)).toBe(gross);
    expect(amounts.reduce((s, [, f]) => s + rupiah(f ?? ''), 0)).toBe(fees);

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('breakdown-csv').click(),
    ]);
    const { readFile } = await import('node:fs/promises');
    const lines = (await readFile(await csv.path(), 'utf8')).trim().split('\r\n');
    expect(lines[0]).toBe(
      'row_no,id_transaksi,name,bank,account_number,amount,fee,status,refunded',
    );
    expect(lines).toContain(`net,${net}`);
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('breakdown-xlsx').click(),
    ]);
    const cells = await cellsOf(xlsx);
    expect(cells.at(-1)?.[1]).toBe(net);
    const table = cells.filter((r) => typeof r[0] === 'number' && typeof r[5] === 'number');
    expect(table).toHaveLength(amounts.length);
    expect(table.reduce((s, r) => s + Number(r[5]), 0)).toBe(gross);

    await shoot(page, 'bulk-breakdown-en');
    await inIndonesian(browser, page.url(), 'bulk-breakdown');

    // A row of the group opens as a payout of its own, which links back to its group.
    await page.setViewportSize({ width: 1366, height: 900 });
    const group = new URL(page.url()).pathname.split('/').at(-1);
    await page.getByTestId('breakdown-rows').locator('tbody a').first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/payout-breakdown/'));
    await page.getByTestId('breakdown-transfers').waitFor();
    const total = await figure(page, 'total');
    expect(total - (await figure(page, 'returned'))).toBe(await figure(page, 'net'));
    await page.getByRole('link', { name: `BULK${group}` }).waitFor();
  });
});
