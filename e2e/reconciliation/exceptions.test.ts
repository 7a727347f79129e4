import { wibDate } from '@gerbang/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mt940Movement } from '../../apps/server/src/rails/simulator/statement-files';
import { englishWordsIn, visibleText } from '../i18n/english-words';
import { animationsDone, hasBrowser, screenshot, useBrowser } from '../support/browser';

const DAY_MS = 86_400_000;

/** One :61:/:86: movement of a simulator MT940 statement, as text and as numbers. */
interface Movement {
  text: string;
  amount: number;
  reference: string;
}

/** A simulator MT940 statement taken apart: head (to :60F:), movements, and the opening balance. */
function parseStatement(mt940: string) {
  const rows = mt940.split('\r\n');
  const firstMovement = rows.findIndex((r) => r.startsWith(':61:'));
  const tail = rows.findIndex((r) => r.startsWith(':62F:'));
  const headEnd = firstMovement < 0 ? tail : firstMovement;
  const opening = /^:60F:([CD])\d{6}IDR(\d+),00$/.exec(rows[headEnd - 1] ?? '');
  if (!opening) throw new Error(`no opening balance in\n${mt940}`);
  const movements: Movement[] = [];
  for (let i = headEnd; i < tail; i += 2) {
    const m = /^:61:\d{10}([CD])(\d+),00NTRF/.exec(rows[i] ?? '');
    if (!m) throw new Error(`unexpected MT940 row ${rows[i]}`);
    const amount = (m[1] === 'D' ? -1 : 1) * Number(m[2]);
    const reference = /^:86:(\S+)/.exec(rows[i + 1] ?? '')?.[1] ?? '';
    movements.push({ text: `${rows[i]}\r\n${rows[i + 1]}`, amount, reference });
  }
  return {
    head: rows.slice(0, headEnd).join('\r\n'),
    opening: (opening[1] === 'D' ? -1 : 1) * Number(opening[2]),
    movements,
  };
}

/** Writes a (changed) statement back, its closing balance the sum of what it now holds. */
function writeStatement(day: string, s: ReturnType<typeof parseStatement>): string {
  const closing = s.movements.reduce((sum, m) => sum + m.amount, s.opening);
  const dc = closing < 0 ? 'D' : 'C';
  const body = [s.head, ...s.movements.map((m) => m.text)].join('\r\n');
  return `${body}\r\n:62F:${dc}${day.slice(2).replace(/-/g, '')}IDR${Math.abs(closing)},00\r\n-\r\n`;
}

/** The simulator bank's MT940 statement of the payout clearing account for one day. */
async function simulatorStatement(page: Page, day: string): Promise<string> {
  const res = await page.request.get(
    `/api/reconciliation/simulator_statement?account=payout&format=mt940&day=${day}`,
  );
  expect(res.status()).toBe(200);
  return res.text();
}

const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * A day of demo payouts with three differences injected: day D's statement loses one
 * line and has one amount changed; the statement of D+3 (when the missing item counts as late under
 * the default "late after 3 days") carries the lost payout again under a reference of the bank's
 * own, too late to pair by amount and date. Returned as one MT940 file of both statements.
 */
async function injectedFile(page: Page) {
  for (let back = 8; back <= 30; back++) {
    const day = wibDate(new Date(Date.now() - back * DAY_MS));
    const late = shiftDay(day, 3);
    const first = parseStatement(await simulatorStatement(page, day));
    const later = await Promise.all(
      [1, 2, 3].map(async (n) => parseStatement(await simulatorStatement(page, shiftDay(day, n)))),
    );
    // The lost payout's amount must name no other payout near the late line, or rule 2 pairs it.
    const nearAmounts = later.flatMap((s) => s.movements.map((m) => m.amount));
    const sameDay = (m: Movement) => first.movements.filter((o) => o.amount === m.amount).length;
    const lost = first.movements.find((m) => !nearAmounts.includes(m.amount) && sameDay(m) === 1);
    const changed = first.movements.find((m) => m !== lost);
    const third = later[2];
    if (!lost || !changed || !third || first.movements.length < 3) continue;
    const changedAmount = changed.amount - 1_000;
    const changedText = changed.text.replace(
      /([CD])(\d+),00NTRF/,
      (_all, dc: string) => `${dc}${Math.abs(changedAmount)},00NTRF`,
    );
    first.movements = first.movements
      .filter((m) => m !== lost)
      .map((m) => (m === changed ? { ...m, text: changedText, amount: changedAmount } : m));
    const bankOwn = {
      bookedOn: late,
      amount: lost.amount,
      reference: 'KOREKSI0001',
      bankReference: 'SBKOREKSI0001',
      description: 'KOREKSI0001 PEMINDAHBUKUAN',
    };
    third.movements.push({ text: mt940Movement(bankOwn), amount: lost.amount, reference: '' });
    return {
      day,
      late,
      lost,
      changed,
      file: `${writeStatement(day, first)}\r\n${writeStatement(late, third)}`,
    };
  }
  throw new Error('no demo day with three payouts of a distinct amount');
}

/** The queue's rows: the last table (the per-day summary above it is a table too). */
const rowsOf = (page: Page) => page.locator('table').last().locator('tbody tr');

/**
 * Reconciliation in Chromium: the demo partner takes the simulator bank's statements,
 * three differences are injected into the file, the page imports it and runs the matcher, and the
 * exceptions queue shows exactly those three; the partner pairs the late line with the missing
 * payout by hand (with a note) and writes the changed amount off, after which nothing is open.
 * The page in both languages at 1366 and 390 px.
 */
describe.skipIf(!hasBrowser())('reconciliation in Chromium', () => {
  const browser = useBrowser();

  it('finds the three injected differences and resolves them in the queue', async () => {
    const page = await browser.signedIn('partner@demo.id', {
      language: 'en',
      at: '/reconciliation',
    });
    await page.getByRole('heading', { name: 'Reconciliation' }).waitFor();
    const injected = await injectedFile(page);

    await page.locator('input[type="file"]').setInputFiles({
      name: `statement-payout-${injected.day}.sta`,
      mimeType: 'text/plain',
      buffer: Buffer.from(injected.file),
    });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText(/lines read, 0 already known/).waitFor();
    await page.getByRole('button', { name: 'Run matching' }).click();

    const rows = rowsOf(page);
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(3);
    const texts = (await rows.allInnerTexts()).join('\n');
    expect(texts).toContain('Amount mismatch');
    expect(texts).toContain('Statement line not matched');
    expect(texts).toContain('Ledger item not on statement');
    expect(texts).toContain('Unknown reference');
    expect(texts).toContain(injected.changed.reference);
    expect(texts).toContain(injected.lost.reference);
    const mismatch = rows.filter({ hasText: 'Amount mismatch' });
    await expect.poll(() => mismatch.innerText()).toMatch(/Rp\. -1\.000/);
    await animationsDone(page);
    await screenshot(page, 'reconciliation-1366-en');
    await page.setViewportSize({ width: 390, height: 844 });
    await animationsDone(page);
    await screenshot(page, 'reconciliation-390-en');
    await page.setViewportSize({ width: 1366, height: 860 });

    // The late line is the missing payout under the bank's own reference: matched by hand.
    await rows.filter({ hasText: 'Statement line not matched' }).getByRole('checkbox').check();
    await rows.filter({ hasText: 'Ledger item not on statement' }).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Match selected' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByLabel('Note (why)')
      .fill('Dibukukan bank terlambat dengan referensinya sendiri');
    await animationsDone(page);
    await screenshot(page, 'reconciliation-match-1366-en');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => rows.count()).toBe(1);

    // The changed amount is accepted as it is: written off with a note.
    await mismatch.getByRole('button', { name: 'Write off' }).click();
    await dialog.getByLabel('Note (why)').fill('Selisih biaya bank, diterima');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => rows.count()).toBe(0);

    // Both decisions are in the results, with their notes.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Written off' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => rows.first().innerText()).toContain('Selisih biaya bank, diterima');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Matched', exact: true }).click();
    await page.getByText('Dibukukan bank terlambat dengan referensinya sendiri').waitFor();

    const id = await browser.signedIn('partner@demo.id', { language: 'id', at: '/reconciliation' });
    await id.getByRole('heading', { name: 'Rekonsiliasi' }).waitFor();
    await id.getByRole('combobox', { name: 'Status' }).click();
    await id.getByRole('option', { name: 'Dihapusbukukan' }).click();
    await expect.poll(() => rowsOf(id).count()).toBe(1);
    expect(englishWordsIn(await visibleText(id))).toEqual([]);
    await animationsDone(id);
    await screenshot(id, 'reconciliation-1366-id');
    await id.setViewportSize({ width: 390, height: 844 });
    await animationsDone(id);
    await screenshot(id, 'reconciliation-390-id');
  });
});
