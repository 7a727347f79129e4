import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_TRANSACTION_PIN } from '../../apps/server/src/seed/seed-transaction-pins';
import {
  DEMO_PASSWORD,
  type E2EBrowser,
  hasBrowser,
  screenshot,
  useBrowser,
} from '../support/browser';
import { ENGLISH_PHONE, type Screen } from '../support/screens';

const HEADER =
  'kode_bank,amount,customer_id,customer_name,customer_phone,customer_email,expired,type,send_mail,description';

/** A few rows; the customer names carry a run id so this run's rows can be found on the data page. */
function csv(run: string): string {
  return `${HEADER}
014,150000,E2E-1,Andi ${run},081234567801,andi@example.com,2030-12-31 23:59,close,1,Tagihan Desember
009,275.000,E2E-2,Budi ${run},081234567802,,2030-12-31,close,0,Iuran bulanan
008,,E2E-3,Citra ${run},,citra@example.com,,open,1,Tabungan
`;
}

async function openPage(browser: E2EBrowser, screen: Partial<Screen>) {
  const page = await browser.signedIn('partner@demo.id', { ...screen, at: '/register_va/bulk' });
  await page.getByTestId('bulkva-page').waitFor();
  return page;
}

async function uploadByInput(page: Page, content: string, name = 'tagihan.csv') {
  await page.getByTestId('bulkva-file').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(content),
  });
}

/** Drops a file on the drop zone the way a browser does (a DataTransfer with the file). */
async function dropFile(page: Page, content: string, name = 'tagihan.csv') {
  await page.getByTestId('bulkva-drop').evaluate(
    (zone, file) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([file.content], file.name, { type: 'text/csv' }));
      zone.dispatchEvent(new DragEvent('dragover', { bubbles: true, dataTransfer: transfer }));
      zone.dispatchEvent(new DragEvent('drop', { bubbles: true, dataTransfer: transfer }));
    },
    { content, name },
  );
}

async function dismissDialog(page: Page, text: string) {
  await page.getByTestId('error-dialog-message').getByText(text).waitFor();
  await page.getByTestId('error-dialog-ok').click();
  await page.getByTestId('error-dialog-message').waitFor({ state: 'detached' });
}

describe.skipIf(!hasBrowser())('bulk virtual accounts in Chromium', () => {
  const browser = useBrowser();

  it('drops a CSV, edits the table, saves the group and lands on the bulk VA data page', async () => {
    const run = `R${Date.now().toString(36)}`;
    const page = await openPage(browser, { language: 'en' });
    await screenshot(page, 'bulkva-1366-en-empty');
    await page.getByTestId('bulkva-sample').waitFor();
    const sample = await page.request.get('/sample/bulkva.csv');
    expect(sample.status()).toBe(200);
    expect((await sample.text()).split('\n')[0]).toBe(HEADER);

    await dropFile(page, csv(run));
    await page.getByTestId('bulkva-row-3').waitFor();
    await expect(page.getByTestId('bulkva-count').textContent()).resolves.toBe(
      '3 rows read from tagihan.csv',
    );
    // Check-all follows the rows: rows 1 and 3 send mail, so it is indeterminate.
    const all = page.getByTestId('bulkva-mail-all');
    expect(await all.isChecked()).toBe(false);
    expect(await all.getAttribute('data-indeterminate')).toBe('true');
    await page.getByTestId('bulkva-mail-2').check();
    expect(await all.isChecked()).toBe(true);
    await all.click();
    for (const n of [1, 2, 3])
      expect(await page.getByTestId(`bulkva-mail-${n}`).isChecked()).toBe(false);
    await all.click();
    for (const n of [1, 2, 3])
      expect(await page.getByTestId(`bulkva-mail-${n}`).isChecked()).toBe(true);
    // Row 2 has no e-mail: sending it mail is refused in place, with the row and column.
    await page.getByTestId('bulkva-password').fill(DEMO_PASSWORD);
    await page.getByTestId('bulkva-check').click();
    await dismissDialog(
      page,
      'Row 2, column customer_email: an e-mail address is needed to send mail',
    );
    await page.getByTestId('bulkva-problem').waitFor();
    await page.getByTestId('bulkva-mail-2').uncheck();
    expect(await all.getAttribute('data-indeterminate')).toBe('true');
    await screenshot(page, 'bulkva-1366-en-table');

    await page.getByTestId('bulkva-check').click();
    await page.getByTestId('bulkva-group-save').waitFor();
    await page.getByTestId('bulkva-group-save').click();
    await dismissDialog(page, 'Please fill group name');
    await page.getByTestId('bulkva-group-name').fill(`Group ${run}`);
    await page.getByTestId('bulkva-group-save').click();
    await dismissDialog(page, 'Please fill group description');
    await page.getByTestId('bulkva-group-desc').fill('Browser test group');
    await page.getByTestId('bulkva-group-save').click();
    await dismissDialog(page, 'Please input your transaction PIN');
    await page.getByTestId('bulkva-group-pin').fill(DEMO_TRANSACTION_PIN);
    await screenshot(page, 'bulkva-1366-en-group');
    await page.getByTestId('bulkva-group-save').click();
    await page
      .getByTestId('bulkva-success')
      .getByText(`3 virtual accounts created in group Group ${run}`)
      .waitFor();
    await page.getByTestId('bulkva-success-ok').click();
    await page.waitForURL((url) => url.pathname === '/data/bulk_virtual_account');
    await page.getByText(`Andi ${run}`).first().waitFor();
    await screenshot(page, 'bulkva-1366-en-data');
  });

  it('names the row and column of a bad file (Indonesian), at 1366 px', async () => {
    const page = await openPage(browser, { language: 'id' });
    await screenshot(page, 'bulkva-1366-id-empty');
    await uploadByInput(page, csv('X').replace('275.000', '27x5'));
    await dismissDialog(page, 'Baris 3, kolom amount: nominal harus bilangan bulat rupiah');
    expect(await page.getByTestId('bulkva-table').count()).toBe(0);
    await uploadByInput(page, csv('ID'));
    await page.getByTestId('bulkva-row-3').waitFor();
    await screenshot(page, 'bulkva-1366-id-table');
    await page.getByTestId('bulkva-check').click();
    await dismissDialog(page, 'Masukkan kata sandi akun untuk melanjutkan');
  });

  it('stays usable with 5,000 rows: pages, check-all, check', async () => {
    const lines = Array.from(
      { length: 5_000 },
      (_, i) =>
        `014,${10_000 + i},BIG-${i},Pelanggan ${i},0812${i},p${i}@example.com,2030-12-31 23:59,close,0,Baris ${i}`,
    );
    const page = await openPage(browser, { language: 'en' });
    await uploadByInput(page, `${HEADER}\n${lines.join('\n')}\n`, 'big.csv');
    await page.getByTestId('bulkva-row-50').waitFor();
    await page.getByText('Page 1 of 100').waitFor();
    expect(await page.locator('[data-testid^="bulkva-row-"]').count()).toBe(50);
    const all = page.getByTestId('bulkva-mail-all');
    await all.click();
    expect(await all.isChecked()).toBe(true);
    await page.getByTestId('bulkva-pages').getByRole('button', { name: '100' }).click();
    await page.getByTestId('bulkva-row-5000').waitFor();
    expect(await page.getByTestId('bulkva-mail-5000').isChecked()).toBe(true);
    await page.getByTestId('bulkva-mail-5000').uncheck();
    expect(await all.getAttribute('data-indeterminate')).toBe('true');
    await page.getByTestId('bulkva-password').fill(DEMO_PASSWORD);
    await page.getByTestId('bulkva-check').click();
    await page.getByTestId('bulkva-group-save').waitFor();
    await page.getByText('5000 virtual accounts will be created.').waitFor();
    await screenshot(page, 'bulkva-1366-en-5000');
  });

  {
    const { language } = ENGLISH_PHONE;
    it(`fits a 390 px phone (${language})`, async () => {
      const page = await openPage(browser, ENGLISH_PHONE);
      await screenshot(page, `bulkva-390-${language}-empty`);
      await uploadByInput(page, csv('M'));
      await page.getByTestId('bulkva-row-3').waitFor();
      await screenshot(page, `bulkva-390-${language}-table`);
      // The page itself does not scroll sideways: the table scrolls in its own box.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
