import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, screenshot, useBrowser } from '../support/browser';
import { SCREENS, screenName } from '../support/screens';

/**
 * The webhook console seen by a person: on the callback page, "send test event" sends
 * a signed test event that reaches the demo receiver marked as a test, and "resend" of the
 * window queues it once more — the dialog says how many, and the receiver gets attempt 2 of the
 * same event id. Indonesian at 1366 px, English at 390 px.
 */

interface SinkEntry {
  event_id: string | null;
  headers: Record<string, string>;
  body: string;
  signature_valid: boolean | null;
}

async function sinkEntries(page: Page, idTransaksi: string): Promise<SinkEntry[]> {
  const res = await page.request.get('/api/dev/callback_sink');
  const list = ((await res.json()) as { data: SinkEntry[] }).data;
  return list.filter((e) => e.body.includes(`"${idTransaksi}"`));
}

async function waitForEntries(page: Page, idTransaksi: string, n: number) {
  let got: SinkEntry[] = [];
  for (let i = 0; i < 60 && got.length < n; i++) {
    got = await sinkEntries(page, idTransaksi);
    if (got.length < n) await new Promise((r) => setTimeout(r, 500));
  }
  return got;
}

async function dialogText(page: Page): Promise<string> {
  const message = page.getByTestId('error-dialog-message');
  await message.waitFor();
  const text = (await message.textContent()) ?? '';
  await page.getByTestId('error-dialog-ok').click();
  await message.waitFor({ state: 'detached' });
  return text;
}

describe.skipIf(!hasBrowser())('webhook console', () => {
  const browser = useBrowser();

  for (const screen of SCREENS) {
    it(`sends a test event and resends it by time window (${screenName(screen)})`, async () => {
      const page = await browser.signedIn('partner@demo.id', {
        ...screen,
        at: '/tools/credential_server',
      });
      const panel = page.getByTestId('webhook-console');
      await panel.waitFor();
      await page.getByTestId('callback-test-send').click();
      const sent = await dialogText(page);
      const idTransaksi = /TEST-[0-9A-F]{8}/.exec(sent)?.[0] ?? '';
      expect(idTransaksi, sent).not.toBe('');

      const [first] = await waitForEntries(page, idTransaksi, 1);
      expect(first, 'test event not received').toBeTruthy();
      expect(first?.headers['x-callback-test']).toBe('true');
      expect(first?.signature_valid).not.toBe(false);
      expect(JSON.parse(first?.body ?? '{}')).toMatchObject({ type: 'VA_PAID', test: true });

      // Resend the window's delivered VA_PAID test events: the dialog counts them, and the
      // receiver gets the same event again (attempt 2, same event id).
      await page.getByTestId('undelivered-type').click();
      await page.getByRole('option', { name: 'VA_PAID', exact: true }).click();
      await panel.getByRole('checkbox').last().check();
      await screenshot(page, `webhook-console-${screen.width}-${screen.language}`);
      await page.getByTestId('undelivered-resend').click();
      const resent = await dialogText(page);
      expect(resent).toMatch(
        screen.language === 'en' ? /\d+ events queued/ : /\d+ event diantrekan/,
      );
      const again = await waitForEntries(page, idTransaksi, 2);
      expect(again).toHaveLength(2);
      expect(new Set(again.map((e) => e.event_id)).size).toBe(1);
      expect(again.map((e) => e.headers['x-callback-attempt']).sort()).toEqual(['1', '2']);
    });
  }
});
