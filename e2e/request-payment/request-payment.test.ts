import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser, screenshot, useBrowser } from '../support/browser';
import { KIB, kib, measurePage } from '../support/wire-bytes';

const PARTNER = 'partner@demo.id';
/** The JavaScript `/pay/…` loads, gzipped. */
const PAY_JS_BUDGET = 150 * KIB;

function webDist(): string {
  return process.env.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../../apps/web/dist');
}

/** The scripts pay.html loads (its entry and module preloads), gzipped, from the build output. */
function payBuildBytes(): { files: { file: string; gz: number }[]; total: number } {
  const dist = webDist();
  const html = readFileSync(path.join(dist, 'pay.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const files = refs.map((file) => ({
    file,
    gz: gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length,
  }));
  return { files, total: files.reduce((s, f) => s + f.gz, 0) };
}

function dateInDays(days: number): string {
  return new Date(Date.now() + 7 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

async function createLink(page: Page, name: string, uses = 1): Promise<string> {
  await page.goto('/request-payment');
  await page.getByTestId('rp-create').click();
  await page.getByTestId('rp-name').fill(name);
  await page.getByTestId('rp-amount').fill('150000');
  await page.getByTestId('rp-desc').fill('Iuran kebersihan bulan ini');
  await page.getByTestId('rp-expired').fill(dateInDays(3));
  await page.getByTestId('rp-limit').fill(String(uses));
  await page.getByTestId('rp-submit').click();
  // The success dialog, then the detail view of the new link.
  await page.getByRole('dialog').getByRole('button').first().click();
  const href = await page.getByTestId('rp-link').getAttribute('href');
  if (!href) throw new Error('no payment link');
  return new URL(href).pathname;
}

/**
 * Request payment end to end: the partner creates a link; a payer in a fresh phone-sized
 * browser opens it, chooses a VA, confirms, pays it in /dev/simulator; the partner sees the
 * customer row paid and the link then shows the limit message. Plus the JS budget of /pay.
 */
describe.skipIf(!hasBrowser())('request payment in Chromium', () => {
  const browser = useBrowser();

  it('keeps /pay/… within 150 KiB of gzipped JavaScript (build output and wire)', async () => {
    const built = payBuildBytes();
    console.log(`pay.html scripts (build, gzip -9): ${kib(built.total)}`, built.files);
    expect(built.files.length).toBeGreaterThan(0);
    expect(built.total).toBeLessThanOrEqual(PAY_JS_BUDGET);
    const page = await browser.newPage({ width: 390, height: 844 });
    const measured = await measurePage(
      page.context(),
      'pay',
      '/pay/NoSuchSecretAAAAAAAAAAAAAAAAAAAA',
      PAY_JS_BUDGET,
      (p) => p.getByTestId('pay-not-found').waitFor(),
    );
    console.log(`/pay wire JS: ${kib(measured.js)} (decoded ${kib(measured.jsDecoded)})`);
    expect(measured.js).toBeLessThanOrEqual(PAY_JS_BUDGET);
    // Not the back office: no Mantine, no router chunk.
    expect(measured.scripts.some((s) => /ProtectedApp|Box-|schemas-/.test(s.url))).toBe(false);
  });

  it('shows a skeleton before the script runs, and "Data not found" for a guessed link', async () => {
    const page = await browser.newPage({ width: 390, height: 844 });
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/pay/GuessedSecretBBBBBBBBBBBBBBBBBBBB');
    await expect(page.locator('.sk-head').count()).resolves.toBe(1);
    await screenshot(page, 'pay-skeleton-390');
    const live = await browser.newPage({ width: 390, height: 844 });
    await live.goto('/pay/GuessedSecretBBBBBBBBBBBBBBBBBBBB');
    // The spec's English message on an English page; Indonesian on the (default) Indonesian one.
    await live.getByTestId('pay-not-found').getByText('Data tidak ditemukan').waitFor();
    await screenshot(live, 'pay-not-found-390-id');
    await live.getByTestId('pay-lang').click();
    await live.getByTestId('pay-not-found').getByText('Data not found').waitFor();
    await screenshot(live, 'pay-not-found-390-en');
  });

  it('partner creates a link; a phone pays it by VA in the simulator; the row is paid', async () => {
    const partner = await browser.signedIn(PARTNER, { language: 'en' });
    const payPath = await createLink(partner, `Iuran RT ${Date.now() % 100000}`);
    expect(payPath).toMatch(/^\/pay\/[A-Za-z0-9_-]{32}$/);
    await screenshot(partner, 'request-payment-detail-1366-en');

    // The same page at 1366 px, both languages (selection state).
    const wide = await browser.newPage({ width: 1366, height: 860 });
    await wide.goto(payPath);
    await wide.getByTestId('pay-amount').waitFor();
    await screenshot(wide, 'pay-select-1366-id');
    await wide.getByTestId('pay-lang').click();
    await wide.getByText('Choose a payment method').waitFor();
    await screenshot(wide, 'pay-select-1366-en');

    // A payer on a phone, in a fresh context: Indonesian by default.
    const phone = await browser.newPage({ width: 390, height: 844 });
    await phone.goto(payPath);
    await phone.getByTestId('pay-amount').getByText('Rp. 150.000').waitFor();
    await phone.getByText('Invoice Payment Link').waitFor();
    await expect(phone.getByTestId('pay-submit').isDisabled()).resolves.toBe(true);
    await screenshot(phone, 'pay-select-390-id');
    await phone.getByTestId('pay-method-014').check();
    await phone.getByTestId('pay-submit').click();
    await phone.getByText('Nama tidak boleh kosong!').waitFor();
    await phone.getByText('Email tidak boleh kosong!').waitFor();
    await phone.getByText('No Handphone tidak boleh kosong!').waitFor();
    await phone.getByTestId('pay-name').fill('Andi Saputra');
    await phone.getByTestId('pay-email').fill('andi@example.com');
    await phone.getByTestId('pay-phone').fill('081234567890');
    await phone.getByTestId('pay-submit').click();
    await phone.getByText('Are you sure to proceed?').waitFor();
    await phone.getByTestId('pay-confirm').click();
    await phone.getByTestId('pay-generated').waitFor();
    const vaNumber = (await phone.getByTestId('pay-va-number').textContent()) ?? '';
    expect(vaNumber).toMatch(/^\d{10,20}$/);
    await expect(phone.getByTestId('pay-countdown').textContent()).resolves.toMatch(
      /^\d\d:\d\d:\d\d$/,
    );
    await screenshot(phone, 'pay-va-390-id');
    await phone.getByTestId('pay-lang').click();
    await phone.getByText('How to pay').waitFor();
    await screenshot(phone, 'pay-va-390-en');

    // The payer pays the VA in the simulator (another tab): the open page flips to "paid" by
    // itself, without a reload, in either language.
    const bank = await browser.newPage({ width: 390, height: 844 });
    await bank.goto('/dev/simulator');
    await bank.getByTestId('simulator-number').fill(vaNumber);
    await bank.getByTestId('simulator-amount').fill('150000');
    await bank.getByTestId('simulator-pay').click();
    await bank
      .getByTestId('simulator-result-status')
      .and(bank.locator('[data-status="SUCCESS"]'))
      .waitFor();
    // The live stream (public/payment_events) flips it within 2 s of the payment.
    await phone.getByTestId('pay-paid').getByText('Payment received').waitFor({ timeout: 2_000 });
    await expect(phone.getByTestId('pay-paid').textContent()).resolves.toContain('Rp. 150.000');
    await expect(phone.getByTestId('pay-generated').count()).resolves.toBe(0);
    await screenshot(phone, 'pay-paid-390-en');
    await phone.getByTestId('pay-lang').click();
    await phone.getByTestId('pay-paid').getByText('Pembayaran diterima').waitFor();
    await screenshot(phone, 'pay-paid-390-id');
    await phone.setViewportSize({ width: 1366, height: 860 });
    await screenshot(phone, 'pay-paid-1366-id');

    // The partner sees the customer row paid, and the use counted.
    await partner.getByTestId('rp-refresh').click();
    await partner.getByTestId('rp-paid').getByText('Paid').waitFor();
    await partner.getByTestId('rp-uses').getByText('1 / 1').waitFor();
    await screenshot(partner, 'request-payment-paid-1366-en');

    // The link is used up: the limit message, in the language the payer chose above (Indonesian),
    // then in English.
    await phone.goto(payPath);
    await phone.getByTestId('pay-limit').waitFor();
    await expect(phone.getByTestId('pay-limit').textContent()).resolves.toBe(
      'Permintaan pembayaran ini sudah mencapai batas maksimal penggunaan.',
    );
    await screenshot(phone, 'pay-limit-390-id');
    await phone.getByTestId('pay-lang').click();
    await expect(phone.getByTestId('pay-limit').textContent()).resolves.toBe(
      'This Request Payment Already Reached the Maximum Usage Limit.',
    );
    await screenshot(phone, 'pay-limit-390-en');
    const wideLimit = await browser.newPage({ width: 1366, height: 860 });
    await wideLimit.goto(payPath);
    await wideLimit
      .getByTestId('pay-limit')
      .getByText('Permintaan pembayaran ini sudah mencapai batas maksimal penggunaan.')
      .waitFor();
    await screenshot(wideLimit, 'pay-limit-1366-id');

    // The list view, Indonesian, on a phone.
    const idPartner = await browser.signedIn(PARTNER, {
      width: 390,
      height: 844,
      language: 'id',
      at: '/request-payment',
    });
    await idPartner.getByTestId('rp-cards').locator('.mantine-Card-root').first().waitFor();
    await screenshot(idPartner, 'request-payment-list-390-id');
  });

  async function choose(phone: Page, code: string, email: string) {
    await phone.getByTestId(`pay-method-${code}`).check();
    await phone.getByTestId('pay-name').fill('Sari Wulandari');
    await phone.getByTestId('pay-email').fill(email);
    await phone.getByTestId('pay-phone').fill('081298765432');
    await phone.getByTestId('pay-submit').click();
    await phone.getByTestId('pay-confirm').click();
    await phone.getByTestId('pay-generated').waitFor();
  }

  it('shows the QRIS image and the retail barcode, and pays an e-wallet and a card through "Bayar Sekarang"', async () => {
    const partner = await browser.signedIn(PARTNER, { language: 'en' });
    const payPath = await createLink(partner, `Donasi ${Date.now() % 100000}`, 5);

    const qris = await browser.newPage({ width: 390, height: 844 });
    await qris.goto(payPath);
    await choose(qris, 'QRIS', 'qris@example.com');
    await qris.getByTestId('pay-qris').waitFor();
    await screenshot(qris, 'pay-qris-390-id');

    const retail = await browser.newPage({ width: 390, height: 844 });
    await retail.goto(payPath);
    await choose(retail, 'ALFAMART', 'retail@example.com');
    await retail.getByTestId('pay-retail-code').waitFor();
    await screenshot(retail, 'pay-retail-390-id');

    const wallet = await browser.newPage({ width: 390, height: 844 });
    await wallet.goto(payPath);
    await choose(wallet, 'PAYDANA', 'wallet@example.com');
    const href = await wallet.getByRole('link', { name: 'Bayar Sekarang' }).getAttribute('href');
    expect(href).toContain('/dev/simulator?channel=ewallet');
    await wallet.goto(href ?? '');
    await wallet.getByTestId('simulator-pay').click();
    await wallet
      .getByTestId('simulator-result-status')
      .and(wallet.locator('[data-status="SUCCESS"]'))
      .waitFor();
    await partner.getByTestId('rp-refresh').click();
    await partner.getByTestId('rp-uses').getByText('1 / 5').waitFor();

    // A card checkout completes in the same hosted page, on its own channel.
    const card = await browser.newPage({ width: 390, height: 844 });
    await card.goto(payPath);
    await choose(card, 'CREDITCARD', 'card@example.com');
    const cardHref = await card.getByRole('link', { name: 'Bayar Sekarang' }).getAttribute('href');
    expect(cardHref).toContain('/dev/simulator?channel=card');
    await card.goto(cardHref ?? '');
    await expect(
      card.getByTestId('simulator-channel').locator('input:checked').inputValue(),
    ).resolves.toBe('card');
    await screenshot(card, 'simulator-card-390-id');
    const wideCard = await browser.newPage({ width: 1366, height: 860 });
    await wideCard.goto(cardHref ?? '');
    await wideCard.getByTestId('simulator-pay').waitFor();
    await screenshot(wideCard, 'simulator-card-1366-id');
    await card.getByTestId('simulator-pay').click();
    await card
      .getByTestId('simulator-result-status')
      .and(card.locator('[data-status="SUCCESS"]'))
      .waitFor();
    await partner.getByTestId('rp-refresh').click();
    await partner.getByTestId('rp-uses').getByText('2 / 5').waitFor();
  });

  it('a personal merchant\'s link asks the payer for an e-mail only; refusals show "Perhatian"', async () => {
    // h2h@demo.id is a Personal H2H merchant (not BISNIS): no name/e-mail/phone form.
    const merchant = await browser.signedIn('h2h@demo.id', { language: 'en' });
    const payPath = await createLink(merchant, `Arisan ${Date.now() % 100000}`, 1);

    const first = await browser.newPage({ width: 390, height: 844 });
    const late = await browser.newPage({ width: 390, height: 844 });
    for (const page of [first, late]) {
      await page.goto(payPath);
      await page.getByTestId('pay-amount').getByText('Rp. 150.000').waitFor();
    }
    await expect(first.getByTestId('pay-name').count()).resolves.toBe(0);
    await expect(first.getByTestId('pay-phone').count()).resolves.toBe(0);
    await first.getByTestId('pay-method-014').check();
    await first.getByTestId('pay-submit').click();
    const prompt = first.getByRole('dialog', { name: 'Input your Email' });
    await prompt.waitFor();
    await first.getByTestId('pay-email-submit').click();
    await prompt.getByText('Input Your Email First!').waitFor();
    await screenshot(first, 'pay-email-prompt-390-id');
    // An address the server refuses: its message, under "Perhatian"; nothing is issued.
    await first.getByTestId('pay-email-prompt').fill('andi@example');
    await first.getByTestId('pay-email-submit').click();
    await first.getByTestId('pay-confirm').click();
    const attention = first.getByRole('dialog', { name: 'Perhatian' });
    await attention.waitFor();
    await expect(first.getByTestId('pay-attention').textContent()).resolves.toBe(
      'Format email tidak valid',
    );
    await screenshot(first, 'pay-attention-email-390-id');
    await attention.getByRole('button', { name: 'Tutup' }).click();
    await expect(first.getByTestId('pay-generated').count()).resolves.toBe(0);
    // A good address: the VA is issued for this payer.
    await first.getByTestId('pay-submit').click();
    await first.getByTestId('pay-email-prompt').fill('andi@example.com');
    await first.getByTestId('pay-email-submit').click();
    await first.getByTestId('pay-confirm').click();
    await first.getByTestId('pay-generated').waitFor();
    const vaNumber = (await first.getByTestId('pay-va-number').textContent()) ?? '';
    expect(vaNumber).toMatch(/^\d{10,20}$/);

    // The only use is paid in the simulator while another payer still has the page open.
    const bank = await browser.newPage({ width: 390, height: 844 });
    await bank.goto('/dev/simulator');
    await bank.getByTestId('simulator-number').fill(vaNumber);
    await bank.getByTestId('simulator-amount').fill('150000');
    await bank.getByTestId('simulator-pay').click();
    await bank
      .getByTestId('simulator-result-status')
      .and(bank.locator('[data-status="SUCCESS"]'))
      .waitFor();

    // The late payer's page still shows the form; the server refuses, the page says why.
    await late.getByTestId('pay-method-ALFAMART').check();
    await late.getByTestId('pay-submit').click();
    await late.getByTestId('pay-email-prompt').fill('budi@example.com');
    await late.getByTestId('pay-email-submit').click();
    await late.getByTestId('pay-confirm').click();
    await late.getByRole('dialog', { name: 'Perhatian' }).waitFor();
    await expect(late.getByTestId('pay-attention').textContent()).resolves.toBe(
      'Permintaan pembayaran ini sudah mencapai batas maksimal penggunaan.',
    );
    await screenshot(late, 'pay-attention-limit-390-id');
    await expect(late.getByTestId('pay-generated').count()).resolves.toBe(0);
  });
});
