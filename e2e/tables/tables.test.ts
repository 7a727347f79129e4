import { readFileSync } from 'node:fs';
import type { Page, Response as PlaywrightResponse } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, loginAs, screenshot, useBrowser } from '../support/browser';
import { waitForTable } from '../support/data-table';
import { ENGLISH_PHONE, INDONESIAN_WIDE, SCREENS } from '../support/screens';

/**
 * Tables and pages people use all day: reading order and what stays in view
 * at 1366 px, cards per row at 390 px, the invoice toolbar, empty states, sidebar icons and
 * balance skeleton, the withdraw amount, and a login page without console errors; both languages
 * (the shared SCREENS: the wide table in Indonesian, the longer headers; the cards in English).
 */

/** Seven days back, so the seeded history fills the tables. */
function weekRange(): string {
  const wib = (offset: number) =>
    new Date(Date.now() + 7 * 3_600_000 - offset * 86_400_000).toISOString().slice(0, 10);
  return `${wib(6)},${wib(0)}`;
}

const rangeOf = (column: string) =>
  `filters=${encodeURIComponent(JSON.stringify([{ column, operator: 'between', value: weekRange() }]))}`;

/** Console errors and uncaught page errors from now on. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Header names in the order shown. */
async function headerOrder(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid="data-table"] thead th[data-column]')
    .evaluateAll((ths) => ths.map((th) => th.getAttribute('data-column') ?? ''));
}

/** The right edge of a header cell, in page pixels, with the table scrolled to its start. */
async function rightEdge(page: Page, column: string): Promise<number> {
  const box = await page.locator(`th[data-column="${column}"]`).boundingBox();
  if (!box) throw new Error(`no header ${column}`);
  return box.x + box.width;
}

describe.skipIf(!hasBrowser())('tables and everyday pages', () => {
  const browser = useBrowser();

  it('the login page logs no console error (no 401 session probe), in both languages', async () => {
    for (const screen of SCREENS) {
      const page = await browser.newPage(screen);
      const errors = collectErrors(page);
      const statuses: number[] = [];
      page.on('response', (res) => {
        if (res.url().includes('/api/')) statuses.push(res.status());
      });
      await page.goto('/auth/login', { waitUntil: 'networkidle' });
      await page.getByTestId('login-username').waitFor();
      expect(errors).toEqual([]);
      expect(statuses.filter((s) => s >= 400)).toEqual([]);
    }
  });

  {
    const { language, width } = INDONESIAN_WIDE;
    it(`1366 px (${language}): id, time, amount, status first and in view; cut text has a title; actions do not float`, async () => {
      const page = await browser.signedIn('partner@demo.id', {
        ...INDONESIAN_WIDE,
        at: `/data/transaction?${rangeOf('time_request')}`,
      });
      await waitForTable(page);
      expect((await headerOrder(page)).slice(0, 5)).toEqual([
        'id_transaksi',
        'time_request',
        'nominal_origin',
        'nominal_admin',
        'status_trx',
      ]);
      expect(await rightEdge(page, 'nominal_origin')).toBeLessThanOrEqual(width);
      expect(await rightEdge(page, 'status_trx')).toBeLessThanOrEqual(width);
      // Row actions are an ordinary column (never sticky over the data).
      const actionCell = page.locator('[data-testid="data-row"] td').last();
      expect(await actionCell.evaluate((td) => getComputedStyle(td).position)).toBe('static');
      // Every text cell carries its full text as a title and stays on one line.
      const cells = await page
        .locator('[data-testid="data-row"]')
        .first()
        .locator('td[title]')
        .evaluateAll((tds) =>
          tds.map((td) => ({
            title: td.getAttribute('title') ?? '',
            lines: Math.round(td.getBoundingClientRect().height),
          })),
        );
      expect(cells.length).toBeGreaterThan(3);
      expect(cells.every((c) => c.title.length > 0)).toBe(true);
      await screenshot(page, `tables-transaction-1366-${language}`);

      // A truncated value shows with an ellipsis and the whole text on hover.
      await page.goto(`/data/balance?${rangeOf('tanggal_mutasi')}`);
      await waitForTable(page);
      expect((await headerOrder(page)).slice(0, 3)).toEqual([
        'id_mutasi',
        'tanggal_mutasi',
        'debet',
      ]);
      for (const column of await page
        .locator('thead th[data-column]')
        .evaluateAll((ths) =>
          ths
            .filter((th) => /debet|kredit|balance/.test(th.getAttribute('data-column') ?? ''))
            .map((th) => th.getAttribute('data-column') ?? ''),
        ))
        expect(await rightEdge(page, column)).toBeLessThanOrEqual(width);
      const cut = await page
        .locator('[data-testid="data-row"] td[title] .mantine-Text-root')
        .evaluateAll((texts) =>
          texts
            .filter((el) => el.scrollWidth > el.clientWidth)
            .map((el) => ({
              style: getComputedStyle(el).textOverflow,
              title: el.closest('td')?.getAttribute('title') ?? '',
              shown: el.textContent ?? '',
            })),
        );
      for (const c of cut) {
        expect(c.style).toBe('ellipsis');
        expect(c.title).toContain(c.shown.slice(0, 10));
      }
      await screenshot(page, `tables-balance-1366-${language}`);

      await page.goto(`/data/callback?${rangeOf('date_created')}`);
      await waitForTable(page);
      expect((await headerOrder(page)).slice(0, 3)).toEqual([
        'id_callback',
        'date_created',
        'status_sent',
      ]);
      expect(await rightEdge(page, 'status_sent')).toBeLessThanOrEqual(width);
      await screenshot(page, `tables-callback-1366-${language}`);
    });
  }

  {
    const { language } = ENGLISH_PHONE;
    it(`390 px (${language}): a card per row with the key fields, the rest in the popup, no sideways scroll`, async () => {
      const page = await browser.signedIn('partner@demo.id', ENGLISH_PHONE);
      for (const [path, column, amount, status] of [
        ['transaction', 'time_request', 'nominal_origin', 'status_trx'],
        ['virtual_account_transaction', 'created_time', 'amount', null],
        ['transfer', 'time_created', 'amount', 'status'],
      ] as const) {
        await page.goto(`/data/${path}?${rangeOf(column)}`);
        await waitForTable(page);
        const table = page.getByTestId('data-table');
        expect(await table.getAttribute('data-layout')).toBe('cards');
        const cards = page.getByTestId('data-row');
        if ((await cards.count()) === 0) {
          await page.getByTestId('empty-state').waitFor();
          continue;
        }
        const first = cards.first();
        expect(await first.getByTestId(`card-${amount}`).textContent()).toMatch(/Rp\. [\d.]+/);
        if (status) await first.getByTestId(`card-${status}`).waitFor();
        const box = await first.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow).toBeLessThanOrEqual(1);
        await screenshot(page, `tables-${path}-390-${language}`);
      }
      // The rest of the row is in the popup.
      await page.goto(`/data/transaction?${rangeOf('time_request')}`);
      await waitForTable(page);
      await page.getByTestId('data-row').first().click();
      await page.getByTestId('data-popup-table').waitFor();
      await page.getByTestId('popup-responsebiller').waitFor();
      await screenshot(page, `tables-transaction-popup-390-${language}`);
    });
  }

  it('empty states: an empty table and an empty 7-day chart show an icon and words', async () => {
    for (const screen of SCREENS) {
      const { language, width } = screen;
      const filters = encodeURIComponent(
        JSON.stringify([
          { column: 'time_request', operator: 'between', value: weekRange() },
          { column: 'id_transaksi', operator: 'equal', value: 'NO-SUCH-TRX' },
        ]),
      );
      const page = await browser.signedIn('partner@demo.id', {
        ...screen,
        at: `/data/transaction?filters=${filters}`,
      });
      await waitForTable(page);
      const empty = page.getByTestId('empty-state');
      await empty.waitFor();
      expect(await empty.locator('svg').count()).toBe(1);
      expect(await page.getByTestId('no-data').textContent()).toBe(
        language === 'id' ? 'Tidak ada data' : 'No data',
      );
      await screenshot(page, `tables-empty-table-${width}-${language}`);

      // The 7-day chart of a business with no transactions yet (a real empty history, no fakes).
      const fresh = await browser.signedIn('fresh@demo.id', screen);
      // Every answer of the 7-day call from now on; the last one is the reloaded page's (an answer
      // of the page the reload replaced has no body left to read).
      const weekAnswers: PlaywrightResponse[] = [];
      fresh.on('response', (res) => {
        if (res.url().includes('/api/resume/trx_product_date')) weekAnswers.push(res);
      });
      await fresh.goto('/');
      const chart = fresh.getByTestId('chart-success-empty');
      await chart.waitFor();
      await expect.poll(() => weekAnswers.length).toBeGreaterThan(0);
      const week = (await weekAnswers.at(-1)?.json()) as {
        rc: string;
        data: Array<{ value: number }>;
      };
      expect(week.rc).toBe('00');
      expect(week.data.every((d) => d.value === 0)).toBe(true);
      expect(await chart.locator('svg').count()).toBe(1);
      expect(await chart.textContent()).toContain(
        language === 'id' ? 'Belum ada transaksi berhasil' : 'No successful transactions yet',
      );
      await screenshot(fresh, `tables-dashboard-empty-chart-${width}-${language}`);
      // A history with successful transactions draws the chart, not the empty state.
      await page.goto('/');
      await page.getByTestId('dashboard').waitFor();
      // The chart itself, drawn (the live event stream keeps the network from ever being idle).
      await page.getByTestId('chart-success').locator('.chart-surface').first().waitFor();
      expect(await page.getByTestId('chart-success-empty').count()).toBe(0);
    }
  });

  it('sidebar: an icon for every item, full height, a skeleton (not Rp. 0) until the balance answers', async () => {
    const page = await browser.newPage({ language: 'id' });
    // From the first paint of every document, record what the sidebar's balance shows, in order,
    // and when the first balance answer arrives (no answer is held or faked).
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __balanceSeen: string[] }).__balanceSeen = seen;
      const record = () => {
        const box = document.querySelector('[data-testid="sidebar-balance"]');
        if (!box) return;
        const state = box.querySelector('[data-testid="sidebar-balance-loading"]')
          ? 'loading'
          : (box.querySelector('[data-testid="sidebar-balance-value"]')?.textContent ?? '');
        if (seen[seen.length - 1] !== state) seen.push(state);
      };
      new MutationObserver(record).observe(document, {
        subtree: true,
        childList: true,
        characterData: true,
      });
      const original = window.fetch;
      window.fetch = async (...args) => {
        const res = await original(...args);
        const url = String(args[0] instanceof Request ? args[0].url : args[0]);
        // Marked before the page gets the answer, so nothing drawn from it can come earlier.
        if (url.includes('/api/data/app_info_web') && !seen.includes('answered'))
          seen.push('answered');
        return res;
      };
    });
    await loginAs(page, 'partner@demo.id');
    await page.getByTestId('sidebar-balance-value').waitFor();
    const shown = (await page.getByTestId('sidebar-balance-value').textContent()) ?? '';
    expect(shown).toMatch(/^Rp\. [\d.]+$/);
    expect(shown).not.toBe('Rp. 0');
    const seen = await page.evaluate(
      () => (window as unknown as { __balanceSeen: string[] }).__balanceSeen,
    );
    // The sidebar first shows the skeleton, then the real balance; never "Rp. 0" on the way.
    const values = seen.filter((s) => s !== 'answered');
    expect(values[0]).toBe('loading');
    expect(values).not.toContain('Rp. 0');
    expect(values.filter((s) => s.startsWith('Rp'))).toEqual([shown]);
    // No amount was painted before the first balance answer.
    const firstAmount = seen.findIndex((s) => s.startsWith('Rp'));
    expect(seen.indexOf('answered')).toBeGreaterThanOrEqual(0);
    expect(seen.indexOf('answered')).toBeLessThan(firstAmount);

    // Open every group, then every item has an icon.
    const groups = page.locator('[data-testid="sidebar-menu"] button[data-testid^="menu-"]');
    for (let i = 0; i < (await groups.count()); i++) {
      if ((await groups.nth(i).getAttribute('data-expanded')) === null) await groups.nth(i).click();
    }
    const items = page.locator('[data-testid="sidebar-menu"] :is(a, button)[data-testid^="menu-"]');
    const count = await items.count();
    expect(count).toBeGreaterThan(10);
    for (let i = 0; i < count; i++) {
      const testId = await items.nth(i).getAttribute('data-testid');
      expect(
        await items.nth(i).locator('svg[data-testid^="menu-icon-"]').count(),
        testId ?? '',
      ).toBeGreaterThan(0);
    }
    // The sidebar's column reaches the bottom of a long page (a full-page capture included):
    // the bottom-left pixel is the sidebar's white, not the page's grey.
    await page.goto(`/data/transaction?${rangeOf('time_request')}&limit=50`);
    await waitForTable(page);
    const capture = (await page.screenshot({ fullPage: true })).toString('base64');
    const pixel = await page.evaluate(async (png) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d');
      context?.drawImage(image, 0, 0);
      const at = (x: number, y: number) => [...(context?.getImageData(x, y, 1, 1).data ?? [])];
      return {
        height: image.height,
        left: at(20, image.height - 4),
        right: at(image.width - 40, image.height - 4),
      };
    }, capture);
    expect(pixel.height).toBeGreaterThan(1500);
    expect(pixel.left.slice(0, 3)).toEqual([255, 255, 255]);
    expect(pixel.right.slice(0, 3)).not.toEqual([255, 255, 255]);
    await screenshot(page, 'tables-sidebar-long-page-1366-id');
  });

  it('withdraw: the amount starts empty; the percent buttons are off at a zero balance', async () => {
    for (const screen of SCREENS) {
      const { language, width } = screen;
      // A business with no history yet: its balance really is Rp 0.
      const page = await browser.signedIn('fresh@demo.id', { ...screen, height: 900 });
      const balance = await page.evaluate(async () => {
        const res = await fetch('/api/data/app_info_web', {
          headers: { 'X-Requested-With': 'XMLHttpRequest' },
        });
        return ((await res.json()) as { data: { balance: number } }).data.balance;
      });
      expect(balance).toBe(0);
      await page.goto('/transaction/single_disbursement');
      const amount = page.getByTestId('withdraw-amount');
      await amount.waitFor();
      expect(await amount.inputValue()).toBe('');
      await page.getByTestId('withdraw-percent-100').waitFor();
      for (const percent of [25, 50, 75, 100]) {
        const button = page.getByTestId(`withdraw-percent-${percent}`);
        if ((await button.count()) > 0) expect(await button.isDisabled()).toBe(true);
      }
      await amount.fill('150000');
      expect(await amount.inputValue()).toBe('150.000');
      await amount.fill('');
      expect(await amount.inputValue()).toBe('');
      await screenshot(page, `tables-withdraw-${width}-${language}`);
    }
    // With money on the account the same buttons work (the zero state above is not the default).
    const partner = await browser.signedIn('partner@demo.id', {
      language: 'id',
      at: '/transaction/single_disbursement',
    });
    await partner.getByTestId('sidebar-balance-value').waitFor();
    await partner.getByTestId('withdraw-percent-100').waitFor();
    expect(await partner.getByTestId('withdraw-percent-100').isDisabled()).toBe(false);
  });

  it('invoice page: back, download (the PDF) and print buttons, both languages and widths', async () => {
    for (const screen of SCREENS) {
      const { language, width } = screen;
      const page = await browser.signedIn('partner@demo.id', {
        ...screen,
        height: 900,
        at: `/data/transaction?${rangeOf('time_request')}`,
      });
      await waitForTable(page);
      await page.getByTestId('data-row').first().getByTestId('action-print').click();
      await page.waitForURL('**/invoice/**');
      // The invoice drawn as HTML (no PDF viewer): the letterhead and the rows of the PDF.
      await page.getByTestId('invoice-document').waitFor();
      await page.getByTestId('invoice-letterhead').waitFor();
      await expect(
        page.getByTestId('invoice-row-total').locator('dd').textContent(),
      ).resolves.toMatch(/^Rp\. [\d.]+$/);
      await page.getByTestId('invoice-print').waitFor();
      expect(await page.getByTestId('invoice-print').isEnabled()).toBe(true);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('invoice-download').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^invoice-.+\.pdf$/);
      const bytes = readFileSync(await download.path());
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // The button spins while the PDF is fetched, then is ready again.
      await expect.poll(() => page.getByTestId('invoice-download').isEnabled()).toBe(true);
      await screenshot(page, `tables-invoice-${width}-${language}`);
      // Printing prints the invoice alone: no header, sidebar or buttons.
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByTestId('invoice-print').isVisible()).toBe(false);
      expect(await page.locator('.mantine-AppShell-header').isVisible()).toBe(false);
      await page.getByTestId('invoice-document').waitFor({ state: 'visible' });
      expect(await page.getByTestId('invoice-download').isVisible()).toBe(false);
      await screenshot(page, `tables-invoice-print-${width}-${language}`);
      await page.emulateMedia({ media: 'screen' });
      await page.getByTestId('invoice-back').click();
      await page.waitForURL('**/data/transaction**');
    }
  });
});
