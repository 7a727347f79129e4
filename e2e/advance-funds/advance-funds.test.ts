import { describe, expect, it } from 'vitest';
import { hasBrowser, loginAs, screenshot, useBrowser } from '../support/browser';

const PARTNER = 'partner@demo.id';

/** The WIB date `days` from today (negative: past). */
function wibDay(days: number): string {
  return new Date(Date.now() + 7 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Advance funds `/add-item` (issue 17 §1): the messages of spec 03 §5.8 in order, then a request
 * whose dates the server rejects (yesterday is already in the demo's open request, tomorrow is in
 * the future): the panel lists them and "Tetap Simpan" saves the request, which the data page shows.
 * In Indonesian and English, at 1366 and 390 px.
 */
describe.skipIf(!hasBrowser())('advance funds in Chromium', () => {
  const browser = useBrowser();

  for (const language of ['id', 'en'] as const) {
    for (const width of [1366, 390]) {
      it(`shows rejected dates and saves anyway (${language}, ${width} px)`, async () => {
        const page = await browser.newPage({ width, height: 900, language });
        await loginAs(page, PARTNER);
        await page.goto('/add-item');
        const error = page.getByTestId('talangan-error');
        await page.getByTestId('talangan-submit').click();
        await expect(error.textContent()).resolves.toBe(
          language === 'id'
            ? 'Anda belum memilih kode produk'
            : 'You have not chosen a product code',
        );
        await page.getByTestId('talangan-product').click();
        await page.getByRole('option', { name: /^VA014/ }).click();
        await page.getByTestId('talangan-submit').click();
        await expect(error.textContent()).resolves.toBe(
          language === 'id'
            ? 'Anda belum memasukkan tanggal from'
            : 'You have not entered the from date',
        );
        await page.getByTestId('talangan-from').fill(wibDay(1));
        await page.getByTestId('talangan-submit').click();
        await expect(error.textContent()).resolves.toBe(
          language === 'id'
            ? 'Anda belum memasukkan tanggal to'
            : 'You have not entered the to date',
        );
        // A To date before From is cleared with its message.
        await page.getByTestId('talangan-to').fill(wibDay(-1));
        await expect(error.textContent()).resolves.toBe(
          language === 'id'
            ? 'Tanggal To tidak boleh lebih awal dari tanggal From'
            : 'The To date cannot be earlier than the From date',
        );
        await expect(page.getByTestId('talangan-to').inputValue()).resolves.toBe('');

        await page.getByTestId('talangan-from').fill(wibDay(-1));
        await page.getByTestId('talangan-to').fill(wibDay(1));
        await page.getByTestId('talangan-submit').click();
        const panel = page.getByTestId('talangan-rejected');
        await panel.waitFor();
        const text = await panel.textContent();
        expect(text).toContain(
          language === 'id'
            ? 'Beberapa tanggal ditolak sistem silahkan hubungi admin'
            : 'Some dates were rejected by the system, please contact the admin',
        );
        expect(text).toContain(wibDay(-1));
        expect(text).toContain(wibDay(1));
        await screenshot(page, `advance-funds-rejected-${language}-${width}`);

        await page.getByTestId('talangan-save-anyway').click();
        await page.waitForURL((url) => url.pathname === '/data/dana_talangan');
        const saved = page.getByRole('dialog');
        await saved
          .getByText(
            language === 'id'
              ? 'Pengajuan dana talangan berhasil disimpan.'
              : 'Advance-funds request saved.',
          )
          .waitFor();
        await saved.getByRole('button', { name: 'OK' }).click();
        if (width > 800) {
          // The table shows dates as dd-mm-yyyy (the phone layout shows rows as cards).
          await page.getByText(wibDay(1).split('-').reverse().join('-')).first().waitFor();
        }
        await screenshot(page, `advance-funds-saved-${language}-${width}`);
      });
    }
  }
});
