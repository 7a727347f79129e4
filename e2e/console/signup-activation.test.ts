import { describe, expect, it } from 'vitest';
import {
  DEMO_PASSWORD,
  E2E_TEST_KEY,
  hasBrowser,
  loginAs,
  screenshot,
  useBrowser,
} from '../support/browser';

/** A tiny PNG (signature, IHDR, IDAT, IEND): an image by its bytes. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c63000100000500010d0a2db40000000049454e44ae426082',
  'hex',
);

/**
 * Sign-up and activation end to end: sign-up from the login page's link → verification from the dev mailbox →
 * business registration → activation request → approval by ops@demo.id in the console → the new
 * merchant's first login shows the full sidebar.
 */
describe.skipIf(!hasBrowser())('sign-up, activation and the console', () => {
  const browser = useBrowser();
  const email = `kopi.${Date.now().toString(36)}@contoh.co.id`;

  it('signs up, is activated by ops in the console, and sees the full sidebar', async () => {
    const page = await browser.newPage({ language: 'en' });
    await page.goto(`/auth/login?test=${E2E_TEST_KEY}`);
    await page.getByTestId('signup-link').click();
    await page.waitForURL((u) => u.pathname === '/auth/signup');
    await page.getByTestId('signup-email').fill(email);
    await page.getByTestId('signup-password').fill('short');
    await page.getByTestId('signup-confirmation').fill('short');
    await page.getByTestId('signup-submit').click();
    await page.getByTestId('signup-error').waitFor();
    await page.getByTestId('signup-password').fill(DEMO_PASSWORD);
    await page.getByTestId('signup-confirmation').fill(DEMO_PASSWORD);
    await screenshot(page, 'console-signup-form');
    await page.getByTestId('signup-submit').click();
    await page.getByTestId('signup-sent').waitFor();

    // The dev mailbox shows the verification mail; its link is followed once.
    await page.goto('/dev/mailbox');
    const mail = page.getByTestId('mail').filter({ hasText: email }).first();
    await mail.waitFor();
    const text = (await mail.textContent()) ?? '';
    const link = /https?:\/\/[^\s]+\/signup\/verify\?token=[A-Za-z0-9_%-]+/.exec(text)?.[0];
    expect(link).toBeDefined();
    const target = new URL(link!);
    await page.goto(target.pathname + target.search);
    await expect(page.getByTestId('signup-verified').textContent()).resolves.toContain('verified');

    // First login: the signup landing; BUSINESS opens the registration fields.
    await loginAs(page, email);
    await page.getByTestId('signup-landing').waitFor();
    await page.getByTestId('signup-business-action').click();
    await page.waitForURL((u) => u.pathname === '/signup/business');
    const fields: Record<string, string> = {
      nama: 'Budi Santoso',
      tempat_lahir: 'Bandung',
      tgl_lahir: '1990-04-12',
      no_ktp: '3273011204900001',
      no_hp: '081234567890',
      nama_usaha: 'PT Kopi Nusantara',
      jenis_usaha: 'Kedai kopi',
      no_npwp: '012345678901234',
      alamat_usaha: 'Jl. Braga 10',
      kabupaten: 'Kota Bandung',
      kode_pos: '40111',
    };
    for (const [name, value] of Object.entries(fields))
      await page.getByTestId(`reg-${name}`).fill(value);
    const inputs = page.locator('input[type="file"]');
    // A text file renamed .png is refused by its bytes.
    await inputs.nth(0).setInputFiles({
      name: 'ktp.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not an image'),
    });
    await inputs.nth(1).setInputFiles({ name: 'npwp.png', mimeType: 'image/png', buffer: PNG });
    await inputs.nth(2).setInputFiles({ name: 'akta.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('reg-submit').click();
    await expect(page.getByTestId('reg-error').textContent()).resolves.toContain('not an image');
    await inputs.nth(0).setInputFiles({ name: 'ktp.png', mimeType: 'image/png', buffer: PNG });
    await screenshot(page, 'console-business-registration');
    await page.getByTestId('reg-submit').click();
    await page.waitForURL((u) => u.pathname === '/');

    // The unactivated business sees its activation prompt, not submitted yet, and submits it.
    await page.getByTestId('activation-notice').waitFor();
    await expect(page.getByTestId('activation-state').textContent()).resolves.toContain(
      'Not submitted',
    );
    await page.getByTestId('activation-submit').click();
    await expect
      .poll(async () => page.getByTestId('activation-state').textContent())
      .toContain('Waiting for review');
    await screenshot(page, 'console-activation-waiting');

    // A merchant session gets nothing from the console's API.
    const refused = await page.evaluate(
      async () => (await (await fetch('/api/console/queues')).json()).rc,
    );
    expect(refused).toBe('403');

    // ops@demo.id approves the request in the console.
    const ops = await browser.newPage({ language: 'en' });
    await ops.goto(`/console?test=${E2E_TEST_KEY}`);
    await ops.getByTestId('console-email').fill('ops@demo.id');
    await ops.getByTestId('console-password').fill(DEMO_PASSWORD);
    await ops.getByTestId('console-login').click();
    const row = ops.getByTestId(`registration-${email}`);
    await row.waitFor();
    await screenshot(ops, 'console-queues');
    await row.locator('[data-testid$="-approve"]').click();
    await ops.getByText('Approved.').waitFor();
    await expect.poll(async () => row.count()).toBe(0);

    // The new merchant's first login after approval: the full sidebar.
    const merchant = await browser.signedIn(email, { language: 'en' });
    await merchant.getByTestId('sidebar-menu').waitFor();
    for (const group of await merchant
      .locator('[data-testid="sidebar-menu"] > [data-testid^="menu-"]')
      .all()) {
      const expanded = await group.getAttribute('data-expanded');
      if (expanded === null && (await group.getAttribute('href')) === null) await group.click();
    }
    for (const id of [
      'menu-home',
      'menu-withdraw',
      'menu-credential',
      'menu-request-payment',
      'menu-topup',
    ])
      await merchant.getByTestId(id).first().waitFor({ state: 'attached' });
    await expect(merchant.getByTestId('activation-notice').count()).resolves.toBe(0);
    await screenshot(merchant, 'console-activated-merchant');
  });

  it('shows the console at 390 px in Indonesian, and the merchant page', async () => {
    const ops = await browser.newPage({ width: 390, height: 844, language: 'id' });
    await ops.goto(`/console?test=${E2E_TEST_KEY}`);
    await ops.getByTestId('console-email').fill('ops@demo.id');
    await ops.getByTestId('console-password').fill(DEMO_PASSWORD);
    await ops.getByTestId('console-login').click();
    await ops.getByTestId('queue-registrations').waitFor();
    await screenshot(ops, 'console-queues-390-id');
    await ops.goto('/console/merchants');
    await ops.getByTestId('merchant-partner@demo.id').click();
    await ops.getByTestId('merchant-page').waitFor();
    await screenshot(ops, 'console-merchant-390-id');
  });

  it('news written in the console is shown by /news/{id} once published, sanitised', async () => {
    const ops = await browser.newPage({ language: 'en' });
    await ops.goto(`/console?test=${E2E_TEST_KEY}`);
    await ops.getByTestId('console-email').fill('ops@demo.id');
    await ops.getByTestId('console-password').fill(DEMO_PASSWORD);
    await ops.getByTestId('console-login').click();
    await ops.getByTestId('queue-registrations').waitFor();
    await ops.goto('/console/news');
    const title = `Konsol ${Date.now().toString(36)}`;
    await ops.getByTestId('console-news-title').fill(title);
    await ops
      .getByTestId('console-news-body')
      .fill('<p>Berita dari konsol.</p><script>window.hacked = 1</script>');
    await ops.getByTestId('console-news-save').click();
    await ops.getByText('Saved.').first().waitFor();
    await ops.keyboard.press('Escape');
    const row = ops.locator('tr', { hasText: title });
    const publish = row.locator('[data-testid^="console-news-publish-"]');
    const id = (await publish.getAttribute('data-testid'))!.replace('console-news-publish-', '');
    await publish.click();
    await screenshot(ops, 'console-news-en-1366');
    await ops.goto('/console/demo');
    await ops.getByTestId('demo-downtime').waitFor({ state: 'attached' });
    await screenshot(ops, 'console-demo-en-1366');

    const partner = await browser.signedIn('partner@demo.id', {
      language: 'id',
      at: `/news/${id}`,
    });
    await expect(partner.getByTestId('news-title').textContent()).resolves.toBe(title);
    await expect(partner.getByTestId('news-body').innerHTML()).resolves.not.toContain('script');
  });

  it('the sign-up page in Indonesian at 390 px', async () => {
    const page = await browser.newPage({ width: 390, height: 844, language: 'id' });
    await page.goto(`/auth/signup?test=${E2E_TEST_KEY}`);
    await page.getByTestId('signup-email').fill('baru@contoh.co.id');
    await page.getByTestId('signup-password').fill('Gerbang#Demo');
    await screenshot(page, 'console-signup-id-390');
  });
});
