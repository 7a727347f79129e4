import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, hasBrowser, screenshot, useBrowser } from '../support/browser';
import { ENGLISH_PHONE, INDONESIAN_WIDE } from '../support/screens';

/**
 * The permission editor's area denials take effect on the page: a sub-user whose main user
 * unticks virtual account (module 9), callback (module 24) and report loses the menu groups,
 * gets the no-access view on their pages and no callback card, while the main user keeps all.
 */
const SUB_PASSWORD = 'Kopi-Tubruk#2026';
const NOT_ALLOWED_EN = 'You Not Allowed to Access This Page';

async function apiPost(page: Page, path: string, body: unknown) {
  return page.evaluate(
    async ({ path, body }) => {
      const token = await (await fetch('/api/auth/csrf_token')).json();
      const res = await fetch(`/api${path}`, {
        method: 'POST',
        headers: {
          'X-Requested-With': 'XMLHttpRequest',
          'X-CSRF-Token': token.data.csrf,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(body),
      });
      return (await res.json()) as { rc: string; rd: string };
    },
    { path, body },
  );
}

async function openGroup(page: Page, key: string) {
  const group = page.getByTestId(`menu-${key}`);
  await group.waitFor();
  if ((await group.getAttribute('data-expanded')) === null) await group.click();
}

describe.skipIf(!hasBrowser())('area denials in the permission editor', () => {
  const browser = useBrowser();
  const email = `e2e.area.${Date.now().toString(36)}@contoh.co.id`;

  it('the main user unticks virtual account, callback and report for a sub-user', async () => {
    const partner = await browser.signedIn('partner@demo.id', {
      language: 'en',
      at: '/account_management',
    });
    const added = await apiPost(partner, '/data/account_store', {
      id: '',
      name: 'Rina Area',
      email,
      password: SUB_PASSWORD,
      confirmpassword: SUB_PASSWORD,
      userpw: DEMO_PASSWORD,
    });
    expect(added.rc, added.rd).toBe('00');
    await partner.reload();

    // Before: the sub-user has both menu groups.
    const before = await browser.signedIn(email, { language: 'en', password: SUB_PASSWORD });
    await before.getByTestId('sidebar-menu').waitFor();
    await before.getByTestId('menu-virtual-account').waitFor();
    await before.getByTestId('menu-report').waitFor();

    await partner.getByTestId(`sub-row-${email}`).getByTestId('sub-permissions').click();
    await partner.getByTestId('permission-editor').waitFor();
    await partner.getByTestId('perm-virtual_account-READ').uncheck();
    await partner.getByTestId('perm-callback-READ').uncheck();
    await partner.getByTestId('perm-callback-UPDATE').uncheck();
    await partner.getByTestId('perm-report-READ').uncheck();
    await partner.getByTestId('perm-save').click();
    await partner
      .getByTestId('error-dialog-message')
      .getByText('Access rights successfully updated')
      .waitFor();
  });

  {
    const lang = INDONESIAN_WIDE.language;
    it(`the sub-user loses the menu groups, the pages and the callback card (${lang}, 1366 px)`, async () => {
      const sub = await browser.signedIn(email, { ...INDONESIAN_WIDE, password: SUB_PASSWORD });
      await sub.getByTestId('sidebar-menu').waitFor();
      // Other groups are still there; the denied ones are gone.
      await sub.getByTestId('menu-history').waitFor();
      await expect(sub.getByTestId('menu-virtual-account').count()).resolves.toBe(0);
      await expect(sub.getByTestId('menu-report').count()).resolves.toBe(0);
      await screenshot(sub, `area-denied-menu-1366-${lang}`);

      const paths = [
        '/data/virtual_account_transaction',
        '/register_va/bulk',
        '/report/daily_success_trx',
      ];
      for (const path of paths) {
        await sub.goto(path);
        await sub.getByTestId('access-denied').waitFor();
      }
      await screenshot(sub, `area-denied-report-1366-${lang}`);
      // The credential page stays (credential is not denied) without the callback card.
      await sub.goto('/tools/credential_server');
      await sub.getByTestId('credential-card').waitFor();
      await expect(sub.getByTestId('callback-card').count()).resolves.toBe(0);
      await screenshot(sub, `area-denied-credential-1366-${lang}`);
    });
  }

  {
    const lang = ENGLISH_PHONE.language;
    it(`the VA page says no access on a narrow screen (${lang}, 390 px)`, async () => {
      const narrow = await browser.signedIn(email, {
        ...ENGLISH_PHONE,
        password: SUB_PASSWORD,
        at: '/data/virtual_account_transaction',
      });
      await narrow.getByTestId('access-denied').getByText(NOT_ALLOWED_EN).waitFor();
      await screenshot(narrow, `area-denied-va-390-${lang}`);
    });
  }

  it('the main user keeps every area', async () => {
    const partner = await browser.signedIn('partner@demo.id', { language: 'en' });
    await partner.getByTestId('sidebar-menu').waitFor();
    await openGroup(partner, 'virtual-account');
    await partner.getByTestId('menu-va-history').waitFor();
    await openGroup(partner, 'report');
    await partner.getByTestId('menu-report-daily').waitFor();
    await partner.goto('/tools/credential_server');
    await partner.getByTestId('callback-card').waitFor();
    await partner.goto('/report/daily_success_trx');
    await partner.getByTestId('report-page').waitFor();
    await expect(partner.getByTestId('access-denied').count()).resolves.toBe(0);
  });
});
