import dayjs from 'dayjs';
import 'dayjs/locale/id';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, screenshot, useBrowser } from '../support/browser';
import { waitForTable } from '../support/data-table';
import { SCREENS } from '../support/screens';

/**
 * The statement in Chromium: a week-long date range picked with two clicks on a history page
 * (the field then shows both dates), the calendar in the page's language, and the statement's
 * header (opening, credits, debits, closing) that the rows add up to — at 1366 and 390 px, in
 * Indonesian and English.
 */
const wibDay = (offsetDays: number) =>
  new Date(Date.now() + 7 * 3_600_000 - offsetDays * 86_400_000).toISOString().slice(0, 10);
const shown = (date: string) => date.split('-').reverse().join('-');

/** Clicks a day of the open calendar, going back a month when it is not shown. */
async function clickDay(page: Page, date: string, locale: 'id' | 'en') {
  const label = dayjs(date).locale(locale).format('D MMMM YYYY');
  const day = page.locator(`table button[aria-label="${label}"]:not([data-outside])`);
  if ((await day.count()) === 0) {
    await page.locator('[data-dates-dropdown="true"] [data-direction="previous"]').first().click();
  }
  await day.first().click();
}

describe.skipIf(!hasBrowser())('date ranges and the statement', () => {
  const browser = useBrowser();

  for (const { language, width, height } of SCREENS) {
    it(`week-long range on history and the statement header (${language}, ${width} px)`, async () => {
      const page = await browser.signedIn('partner@demo.id', {
        language,
        width,
        height,
        at: '/data/transaction',
      });
      await waitForTable(page);

      // Two clicks: a start and an end, a week apart.
      const start = wibDay(6);
      const end = wibDay(0);
      await page.getByTestId('filter-daterange').click();
      const dropdown = page.locator('[data-dates-dropdown="true"]');
      await dropdown.waitFor();
      // The calendar speaks the page's language, presets included.
      const calendarText = (await dropdown.textContent()) ?? '';
      if (language === 'id') {
        expect(calendarText).toMatch(/Sen.*Sel.*Rab.*Kam.*Jum.*Sab.*Min/);
        expect(calendarText).toContain('Bulan lalu');
        expect(calendarText).not.toMatch(/\b(Mo|Tu|We|Th|Fr|Sa|Su)\b/);
      } else {
        expect(calendarText).toContain('Last month');
      }
      await clickDay(page, start, language);
      // After the first click the range is not finished: the calendar stays open.
      await expect(dropdown.isVisible()).resolves.toBe(true);
      await screenshot(page, `range-first-click-${language}-${width}`);
      await clickDay(page, end, language);
      await dropdown.waitFor({ state: 'hidden' });
      const field = page.getByTestId('filter-daterange');
      const text = (await field.textContent()) ?? '';
      expect(text).toContain(shown(start));
      expect(text).toContain(shown(end));
      await page.getByTestId('filter-search').click();
      await page.waitForURL((url) =>
        (url.searchParams.get('filters') ?? '').includes(`${start},${end}`),
      );
      await waitForTable(page);
      expect(await field.getAttribute('data-from')).toBe(start);
      expect(await field.getAttribute('data-to')).toBe(end);
      await screenshot(page, `range-week-history-${language}-${width}`);

      // A preset: 30 days.
      await field.click();
      await page.getByRole('button', { name: language === 'id' ? '30 hari' : '30 days' }).click();
      await dropdown.waitFor({ state: 'hidden' });
      expect((await field.textContent()) ?? '').toContain(shown(wibDay(29)));

      // The statement over the same week: its header, and the rows summed against it.
      const range = JSON.stringify([
        { column: 'tanggal_mutasi', operator: 'between', value: `${start},${end}` },
      ]);
      await page.goto(`/data/balance?filters=${encodeURIComponent(range)}`);
      await waitForTable(page);
      const summary = page.getByTestId('statement-summary');
      await summary.waitFor();
      await page.getByTestId('statement-closing').waitFor();
      const figure = async (id: string) =>
        Number(await page.getByTestId(id).getAttribute('data-value'));
      const opening = await figure('statement-opening');
      const credit = await figure('statement-credit');
      const debit = await figure('statement-debit');
      const closing = await figure('statement-closing');
      expect(opening + credit - debit).toBe(closing);
      expect(await page.getByTestId('statement-period').textContent()).toContain(shown(start));
      // Every row of the range, from the API the page uses, adds up to the header.
      const rows = await page.evaluate(async (filters) => {
        const res = await fetch(
          `/api/data/balance?limit=5000&filters=${encodeURIComponent(filters)}`,
          { headers: { 'X-Requested-With': 'XMLHttpRequest' } },
        );
        const body = await res.json();
        return body.data.data as Array<{ debet: number; kredit: number; keterangan: string }>;
      }, range);
      expect(rows.length).toBeGreaterThan(0);
      const net = rows.reduce((sum, r) => sum + Number(r.kredit) - Number(r.debet), 0);
      expect(net).toBe(closing - opening);
      expect(rows.every((r) => Number(r.kredit) + Number(r.debet) > 0)).toBe(true);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(1);
      if (width < 500) {
        // Phone cards: each row's movement is its filled side, signed (credit +, debit −).
        const cards = await page
          .getByTestId('card-movement')
          .evaluateAll((els) =>
            els.map((el) => ({ sign: el.getAttribute('data-sign'), text: el.textContent ?? '' })),
          );
        expect(cards.length).toBeGreaterThan(0);
        for (const card of cards) {
          expect(card.text).toMatch(
            card.sign === 'credit' ? /^\+Rp\. [1-9][\d.]*$/ : /^\u2212Rp\. [1-9][\d.]*$/,
          );
        }
        expect(cards.some((c) => c.sign === 'credit')).toBe(true);
        expect(cards.some((c) => c.sign === 'debit')).toBe(true);
        await page.goto(`/data/balance_detail?filters=${encodeURIComponent(range)}`);
        await waitForTable(page);
        const detail = await page
          .getByTestId('card-movement')
          .evaluateAll((els) => els.map((el) => el.textContent ?? ''));
        expect(detail.length).toBeGreaterThan(0);
        expect(detail.every((text) => /^[+\u2212]Rp\. [1-9][\d.]*$/.test(text))).toBe(true);
        await screenshot(page, `statement-detail-${language}-${width}`);
        await page.goto(`/data/balance?filters=${encodeURIComponent(range)}`);
        await waitForTable(page);
      }
      await screenshot(page, `statement-${language}-${width}`);
    });
  }
});
