import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, hasBrowser, loginAs, screenshot, useBrowser } from '../support/browser';
import { ENGLISH_PHONE } from '../support/screens';

const SUB_PASSWORD = 'Kopi-Tubruk#2026';
let counter = 0;
const uniqueEmail = (prefix: string) =>
  `${prefix}.${Date.now().toString(36)}${++counter}@contoh.co.id`;

/** Calls the API from the page, the way the app does (session cookie + CSRF header). */
async function apiCall(page: Page, method: 'GET' | 'POST', path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const headers: Record<string, string> = {
        'X-Requested-With': 'XMLHttpRequest',
        'X-Language': localStorage.getItem('gerbang.language') ?? 'id',
      };
      if (method === 'POST') {
        const token = await (await fetch('/api/auth/csrf_token')).json();
        headers['X-CSRF-Token'] = token.data.csrf;
        headers['Content-Type'] = 'application/json';
      }
      const res = await fetch(`/api${path}`, {
        method,
        headers,
        body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      });
      return (await res.json()) as { rc: string; rd: string; data: any };
    },
    { method, path, body },
  );
}

/** Adds a sub-account through the API as the logged-in main user (for tests that need one ready). */
async function addSubAccountViaApi(page: Page, name: string) {
  const email = uniqueEmail('e2e');
  const res = await apiCall(page, 'POST', '/data/account_store', {
    id: '',
    name,
    email,
    password: SUB_PASSWORD,
    confirmpassword: SUB_PASSWORD,
    userpw: DEMO_PASSWORD,
  });
  expect(res.rc, res.rd).toBe('00');
  return email;
}

async function closeDialog(page: Page, text: string) {
  await page.getByTestId('error-dialog-message').getByText(text).waitFor();
  await page.getByTestId('error-dialog-ok').click();
  await page.getByTestId('error-dialog-message').waitFor({ state: 'detached' });
}

async function openReportGroup(page: Page) {
  await page.getByTestId('sidebar-menu').waitFor();
  const group = page.getByTestId('menu-report');
  await group.waitFor();
  if ((await group.getAttribute('data-expanded')) === null) await group.click();
}

describe.skipIf(!hasBrowser())('account area in Chromium', () => {
  const browser = useBrowser();

  it('shows the three tabs to a main user, each rendering its content (Indonesian and English)', async () => {
    const page = await browser.newPage();
    page.on('pageerror', (e) => console.log('pageerror', e.message));
    await loginAs(page, 'partner@demo.id');
    await page.getByTestId('profile-menu').click();
    await page.getByTestId('menu-account').click();
    await page.waitForURL('**/account');
    await page.getByTestId('account-type').getByText('Bisnis').waitFor();
    await page
      .getByTestId('business-nama_perusahaan')
      .getByText('PT Nusantara Digital Niaga')
      .waitFor();
    await page.getByTestId('referral-code').getByText('NDN2026').waitFor();
    await expect(page.getByTestId('affiliation-web').textContent()).resolves.toContain(
      'ref=NDN2026',
    );
    await expect(page.getByTestId('upgrade-prompt').count()).resolves.toBe(0);
    for (const tab of ['data', 'password', 'management'])
      await page.getByTestId(`account-tab-${tab}`).waitFor();
    await screenshot(page, 'account-data-id');

    await page.getByTestId('account-tab-password').click();
    await page.waitForURL('**/account/reset_password');
    await page.getByTestId('change-password-form').waitFor();
    await screenshot(page, 'account-password-id');

    await page.getByTestId('account-tab-management').click();
    await page.waitForURL('**/account_management');
    await page.getByTestId('sub-row-staff@demo.id').waitFor();
    await screenshot(page, 'account-management-id');

    const en = await browser.signedIn('partner@demo.id', { language: 'en', at: '/account' });
    await en.getByTestId('account-type').getByText('Business').waitFor();
    await en.getByText('Contact person').waitFor();
    await screenshot(en, 'account-data-en');
    await en.goto('/account_management');
    await en.getByText('Add sub-account').waitFor();
    await screenshot(en, 'account-management-en');
  });

  it('shows the upgrade prompt to newbiz, personal data to an end user, and "Data Not Found" when there is none', async () => {
    const page = await browser.signedIn('newbiz@demo.id', { language: 'en', at: '/account' });
    await page.getByTestId('upgrade-prompt').getByText('Upgrade your business account').waitFor();
    await page.getByTestId('business-status').getByText('Waiting for activation').waitFor();
    await screenshot(page, 'account-newbiz-upgrade-en');

    const end = await browser.signedIn('enduser@demo.id', { at: '/account' });
    await end.getByTestId('account-type').getByText('Personal').waitFor();
    await end.getByTestId('personal-nama_customer').getByText('Siti Rahmawati').waitFor();
    await end.getByTestId('personal-max_limit').getByText('Rp. 10.000.000').waitFor();
    // An end user has no account-management tab (spec 01 §2).
    await end.getByTestId('account-tab-password').waitFor();
    await expect(end.getByTestId('account-tab-management').count()).resolves.toBe(0);
    await screenshot(end, 'account-enduser-id');

    const signup = await browser.signedIn('signup@demo.id', { language: 'en', at: '/account' });
    await signup.getByTestId('account-not-found').getByText('Data Not Found').waitFor();
  });

  it('hides the tabs a sub-user or sandbox may not use, and the routes say so', async () => {
    const staff = await browser.signedIn('staff@demo.id', { language: 'en', at: '/account' });
    await staff.getByTestId('account-data').waitFor();
    // Staff is denied reset_password UPDATE in the demo and is not a main user.
    await expect(staff.getByTestId('account-tab-password').count()).resolves.toBe(0);
    await expect(staff.getByTestId('account-tab-management').count()).resolves.toBe(0);
    await staff.goto('/account_management');
    await staff
      .getByTestId('access-denied')
      .getByText('You Not Allowed to Access This Page')
      .waitFor();
    await staff.goto('/account/reset_password');
    await staff.getByTestId('access-denied').waitFor();

    // A session of its own: the environment belongs to the session.
    const partner = await browser.signedIn('partner@demo.id', {
      language: 'en',
      at: '/account',
      fresh: true,
    });
    await partner.getByTestId('account-tab-management').waitFor();
    await partner.getByTestId('environment-switch').getByText('Sandbox').click();
    await partner.getByTestId('confirm-environment-switch').click();
    await partner.getByTestId('sandbox-banner').waitFor();
    await partner.getByTestId('account-data').waitFor();
    await expect(partner.getByTestId('account-tab-password').count()).resolves.toBe(0);
    await expect(partner.getByTestId('account-tab-management').count()).resolves.toBe(0);
    await partner.goto('/account_management');
    await partner.getByTestId('sandbox-notice').waitFor();
    await screenshot(partner, 'account-management-sandbox-en');
    await partner.getByTestId('environment-switch').getByText('Production').click();
    await partner.getByTestId('confirm-environment-switch').click();
    await partner.getByTestId('sub-add').waitFor();
  });

  it('adds, edits and deletes a sub-account through the dialogs', async () => {
    const page = await browser.signedIn('partner@demo.id', {
      language: 'en',
      at: '/account_management',
    });
    await page.getByTestId('sub-add').click();
    const form = page.getByTestId('subaccount-form');
    await form.waitFor();
    // Validation in the spec's order, shown under the field.
    await page.getByTestId('sub-submit').click();
    await form.getByText('name is required').waitFor();
    await page.getByTestId('sub-name').fill('Wulan Kusuma');
    await page.getByTestId('sub-email').fill('wulan.kusuma');
    await page.getByTestId('sub-submit').click();
    await form.getByText('email is not valid').waitFor();
    const email = uniqueEmail('wulan');
    await page.getByTestId('sub-email').fill(email);
    await page.getByTestId('sub-password').fill('Pendek#123');
    await page.getByTestId('sub-submit').click();
    await form.getByText('password must be at least 12 characters').waitFor();
    await page.getByTestId('sub-password').fill(SUB_PASSWORD);
    await page.getByTestId('password-strength').getByText('Strong').waitFor();
    await page.getByTestId('sub-confirm').fill('Kopi-Tubruk#2025');
    await page.getByTestId('sub-submit').click();
    await form.getByText("confirm password doesn't match").waitFor();
    await page.getByTestId('sub-confirm').fill(SUB_PASSWORD);
    await page.getByTestId('sub-submit').click();
    await form.getByText('enter your password').waitFor();
    await page.getByTestId('sub-own-password').fill('wrong-own-password');
    await page.getByTestId('sub-submit').click();
    await closeDialog(page, 'your password is wrong');
    await page.getByTestId('sub-own-password').fill(DEMO_PASSWORD);
    await screenshot(page, 'subaccount-add-dialog-en');
    await page.getByTestId('sub-submit').click();
    await closeDialog(page, 'Account management successfully registered');
    const row = page.getByTestId(`sub-row-${email}`);
    await row.getByText('Wulan Kusuma').waitFor();

    // Edit: e-mail read-only, password optional, own password required.
    await row.getByTestId('sub-edit').click();
    await expect(page.getByTestId('sub-email').isDisabled()).resolves.toBe(true);
    await expect(page.getByTestId('sub-email').inputValue()).resolves.toBe(email);
    await page.getByTestId('sub-name').fill('Wulan Kusumawati');
    await page.getByTestId('sub-submit').click();
    await page.getByTestId('subaccount-form').getByText('enter your password').waitFor();
    await page.getByTestId('sub-own-password').fill(DEMO_PASSWORD);
    await screenshot(page, 'subaccount-edit-dialog-en');
    await page.getByTestId('sub-submit').click();
    await closeDialog(page, 'Account management successfully updated');
    await row.getByText('Wulan Kusumawati').waitFor();

    // The sub-account logs in with the password it was given.
    const sub = await browser.newPage();
    await loginAs(sub, email, SUB_PASSWORD);

    await row.getByTestId('sub-delete').click();
    await page.getByText(`Delete Wulan Kusumawati (${email})?`).waitFor();
    await page.getByTestId('confirm-delete').click();
    await closeDialog(page, 'Account management successfully delete');
    await row.waitFor({ state: 'detached' });
    // Its session ended: the next page load goes to the login page.
    await sub.goto('/account');
    await sub.waitForURL('**/auth/login');
  });

  it('a permission change by the main user hides the menu item for the sub-user and the server refuses the call', async () => {
    const partner = await browser.signedIn('partner@demo.id', {
      language: 'en',
      at: '/account_management',
    });
    const email = await addSubAccountViaApi(partner, 'Joko Susilo');
    await partner.reload();

    // Before: the sub-user sees the account statement in the menu and may read it.
    const sub = await browser.signedIn(email, { language: 'en', password: SUB_PASSWORD });
    await openReportGroup(sub);
    await sub.getByTestId('menu-report-balance').waitFor();
    expect((await apiCall(sub, 'GET', '/data/account_profile')).rc).toBe('00');

    // The main user unticks "Account statement: View" and "My profile: View", then saves.
    await partner.getByTestId(`sub-row-${email}`).getByTestId('sub-permissions').click();
    await partner.getByTestId('permission-editor').waitFor();
    await partner.getByTestId('perm-data_balance-READ').uncheck();
    await partner.getByTestId('perm-account-READ').uncheck();
    await partner.getByTestId('perm-pending').getByText('2 unsaved changes').waitFor();
    await screenshot(partner, 'permission-editor-en');
    await partner.getByTestId('perm-save').click();
    await closeDialog(partner, 'Access rights successfully updated');
    // Reloaded from the server: still unticked.
    await expect(partner.getByTestId('perm-data_balance-READ').isChecked()).resolves.toBe(false);

    // The sub-user's next calls are refused, and after a reload the menu item is gone.
    const refused = await apiCall(sub, 'GET', '/data/account_profile');
    expect([refused.rc, refused.rd]).toEqual(['403', 'You Not Allowed to Access This Page']);
    expect((await apiCall(sub, 'GET', '/data/balance')).rc).toBe('403');
    await sub.reload();
    await sub.getByTestId('sidebar-menu').waitFor();
    await openReportGroup(sub);
    await sub.getByTestId('menu-report-daily').waitFor();
    await expect(sub.getByTestId('menu-report-balance').count()).resolves.toBe(0);
    await sub.goto('/account');
    await sub.getByTestId('access-denied').waitFor();
    await screenshot(sub, 'subuser-denied-account-en');

    // Ticking them again (the delete list) gives the access back.
    await partner.getByTestId('perm-data_balance-READ').check();
    await partner.getByTestId('perm-account-READ').check();
    await partner.getByTestId('perm-save').click();
    await closeDialog(partner, 'Access rights successfully updated');
    expect((await apiCall(sub, 'GET', '/data/account_profile')).rc).toBe('00');
    await sub.goto('/');
    await openReportGroup(sub);
    await sub.getByTestId('menu-report-balance').waitFor();
  });

  it('changes the own password with the strength meter, submit disabled while a rule fails', async () => {
    const partner = await browser.signedIn('partner@demo.id');
    const email = await addSubAccountViaApi(partner, 'Nanda Putri');
    const page = await browser.signedIn(email, {
      language: 'en',
      password: SUB_PASSWORD,
      at: '/account/reset_password',
    });
    const submit = page.getByTestId('change-submit');
    await expect(submit.isDisabled()).resolves.toBe(true);
    await page.getByTestId('change-new').fill('abcdefghijk');
    await page.getByText('password must be at least 12 characters').waitFor();
    await page.getByTestId('password-strength').getByText('Very Weak').waitFor();
    await page.getByTestId('change-new').fill('Satepadang77x');
    await page.getByTestId('password-strength').getByText('Good').waitFor();
    await page.getByTestId('change-new').fill('Sate-Padang#77');
    await page.getByTestId('password-strength').getByText('Strong').waitFor();
    await page.getByTestId('change-confirm').fill('Sate-Padang#7');
    await page.getByText("confirm password doesn't match").waitFor();
    await expect(submit.isDisabled()).resolves.toBe(true);
    await page.getByTestId('change-confirm').fill('Sate-Padang#77');
    await expect(submit.isDisabled()).resolves.toBe(true);
    await page.getByTestId('change-own').fill(SUB_PASSWORD);
    await expect(submit.isDisabled()).resolves.toBe(false);
    await screenshot(page, 'change-password-en');
    await submit.click();
    await closeDialog(page, 'Account password successfully updated');
    await expect(page.getByTestId('change-new').inputValue()).resolves.toBe('');

    const again = await browser.newPage();
    await loginAs(again, email, 'Sate-Padang#77');
  });

  it('fits a phone screen (390 px): tabs, table and permission editor', async () => {
    {
      const { language } = ENGLISH_PHONE;
      const page = await browser.signedIn('partner@demo.id', { ...ENGLISH_PHONE, at: '/account' });
      await page.getByTestId('account-data').waitFor();
      await screenshot(page, `account-data-narrow-${language}`);
      await page.goto('/account_management');
      await page.getByTestId('sub-row-staff@demo.id').waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, 'no sideways scrolling of the whole page').toBeLessThanOrEqual(0);
      await screenshot(page, `account-management-narrow-${language}`);
      await page.getByTestId('sub-row-staff@demo.id').getByTestId('sub-permissions').click();
      await page.getByTestId('permission-editor').waitFor();
      await screenshot(page, `permission-editor-narrow-${language}`);
    }
  });
});
