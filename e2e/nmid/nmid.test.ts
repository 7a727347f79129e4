import { describe, expect, it } from 'vitest';
import { hasBrowser, screenshot, useBrowser } from '../support/browser';
import { SCREENS } from '../support/screens';

const PARTNER = 'partner@demo.id';

/** A real (tiny) PNG: 1×1 transparent pixel. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * NMID registration `/add-nmid`: the form filled in full with a text file renamed
 * `.jpg` as one photo is refused by the server (it reads the bytes), in Indonesian and English, at
 * 1366 and 390 px; nothing is saved.
 */
describe.skipIf(!hasBrowser())('NMID registration in Chromium', () => {
  const browser = useBrowser();

  for (const { language, width } of SCREENS) {
    it(`refuses a text file renamed .jpg (${language}, ${width} px)`, async () => {
      const page = await browser.signedIn(PARTNER, {
        width,
        height: 900,
        language,
        at: '/add-nmid',
      });
      await page.getByTestId('nmid-submit').click();
      await expect(page.getByTestId('nmid-error').textContent()).resolves.toBe(
        language === 'id' ? 'Anda belum memilih NMID' : 'You have not chosen an NMID',
      );
      await page.getByTestId('nmid-type').click();
      await page.getByRole('option', { name: 'QRIS Statis' }).click();
      const values: Record<string, string> = {
        nama: 'Rina Wulandari',
        no_ktp: '3273015704880002',
        tempat_lahir: 'Bandung',
        tgl_lahir: '1988-04-17',
        no_npwp: '093456789012000',
        no_hp: '081234567890',
        email: 'rina@example.co.id',
        jenis_usaha: 'Makanan & Minuman',
        nama_aplikasi: 'Nusantara Pay',
        nama_usaha: 'Kedai Kopi Uji',
        alamat_usaha: 'Jl. Braga No. 88',
        kabupaten: 'Kota Bandung',
        kode_pos: '40111',
        pendapatan: 'Rp 100 - 500 juta per tahun',
      };
      for (const [field, value] of Object.entries(values)) {
        await page.getByTestId(`nmid-${field}`).fill(value);
      }
      await page.getByTestId('nmid-submit').click();
      await expect(page.getByTestId('nmid-error').textContent()).resolves.toBe(
        language === 'id'
          ? 'File foto usaha tampak depan kosong'
          : 'The photo of the shop front is empty',
      );
      const inputs = page.locator('input[type="file"]');
      await inputs.nth(0).setInputFiles({
        name: 'depan.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('I am a text file, not a photo.\n'.repeat(10)),
      });
      for (const i of [1, 2, 3]) {
        await inputs
          .nth(i)
          .setInputFiles({ name: `foto${i}.png`, mimeType: 'image/png', buffer: PNG });
      }
      await page.getByTestId('nmid-submit').click();
      const message =
        language === 'id'
          ? 'File harus berupa gambar (JPG atau PNG).'
          : 'The file must be an image (JPG or PNG).';
      await page.getByRole('dialog').getByText(message).waitFor();
      await screenshot(page, `nmid-refused-${language}-${width}`);
      await page.getByRole('dialog').getByRole('button').first().click();
      await expect(page.getByTestId('nmid-error').textContent()).resolves.toBe(message);
      expect(new URL(page.url()).pathname).toBe('/add-nmid');
    });
  }
});
