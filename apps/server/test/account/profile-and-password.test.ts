import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers/test-app';
import { addSubAccount, auditRows, loginWith, STRONG_PASSWORD } from './helpers';

describe.each(testDatabases())('account area on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('GET data/account_profile (my data)', () => {
    it('shows a business partner as Bisnis with its business data, referral code and affiliation links', async () => {
      const c = await t.loginAs('partner@demo.id');
      const res = await c.get('/data/account_profile');
      expect(res.rc).toBe('00');
      expect(res.data.account_type).toBe('Bisnis');
      expect(res.data.business).toMatchObject({
        nama_perusahaan: 'PT Nusantara Digital Niaga',
        npwp_perusahaan: '01.234.567.8-012.000',
        nama_bank: 'BCA',
        status: 2,
      });
      expect(Object.keys(res.data.business)).toEqual(
        expect.arrayContaining([
          'nama_perusahaan',
          'alamat_perusahaan',
          'telp_perusahaan',
          'email_perusahaan',
          'npwp_perusahaan',
          'website_produk',
          'no_ktp_pemilik',
          'npwp_pemilik',
          'nama_cp',
          'jabatan_cp',
          'no_telp_cp',
          'email_cp',
          'nama_bank',
          'cabang_bank',
          'nama_rek_bank',
          'no_rek_bank',
          'status',
        ]),
      );
      expect(res.data.upgrade_prompt).toBe(false);
      expect(res.data.referral_code).toBe('NDN2026');
      expect(res.data.affiliation.web).toContain('ref=NDN2026');
      expect(res.data.affiliation.android).toMatch(/^https:\/\/play\.google\.com\/.*NDN2026/);
      expect(res.data.user).toMatchObject({ username: 'partner@demo.id', is_main_user: true });
    });

    it('prompts an upgrade when business data exists with a status other than 2 (newbiz)', async () => {
      const res = await (await t.loginAs('newbiz@demo.id')).get('/data/account_profile');
      expect(res.data.account_type).toBe('Bisnis');
      expect(res.data.business.status).toBe(1);
      expect(res.data.upgrade_prompt).toBe(true);
    });

    it('shows Personal for a personal end user and Personal H2H otherwise, with personal data', async () => {
      const end = await (await t.loginAs('enduser@demo.id')).get('/data/account_profile');
      expect(end.data.account_type).toBe('Personal');
      expect(end.data.business).toBeNull();
      expect(end.data.personal).toEqual({
        nama_customer: 'Siti Rahmawati',
        email: 'enduser@demo.id',
        no_hp: '0812-8765-4321',
        tgl_lahir: '1994-08-17',
        alamat_lengkap: expect.stringContaining('Sleman'),
        max_limit: 10_000_000,
        mgm_ref_code: 'NDN2026',
      });
      const h2h = await (await t.loginAs('h2h@demo.id')).get('/data/account_profile');
      expect(h2h.data.account_type).toBe('Personal H2H');
      expect(h2h.data.upgrade_prompt).toBe(false);
    });

    it('shows a sub-user the data of the business it works for', async () => {
      const res = await (await t.loginAs('staff@demo.id')).get('/data/account_profile');
      expect(res.data.account_type).toBe('Bisnis');
      expect(res.data.user).toMatchObject({ username: 'staff@demo.id', is_main_user: false });
    });

    it('shows a Business account without business data yet (fresh) its empty My Data', async () => {
      const res = await (await t.loginAs('fresh@demo.id', { lang: 'en' })).get(
        '/data/account_profile',
      );
      expect(res.rc, res.rd).toBe('00');
      expect(res.data.account_type).toBe('Bisnis');
      expect(res.data.business).toMatchObject({
        nama_perusahaan: 'PT Kusuma Baru Mandiri',
        npwp_perusahaan: null,
        no_rek_bank: null,
        status: 2,
      });
      expect(res.data.upgrade_prompt).toBe(false);
    });

    it('answers "Data Not Found" (rc 404) when the account has no data', async () => {
      const en = await (await t.loginAs('signup@demo.id', { lang: 'en' })).get(
        '/data/account_profile',
      );
      expect(en.rc).toBe('404');
      expect(en.rd).toBe('Data Not Found');
      const id = await (await t.loginAs('signup@demo.id')).get('/data/account_profile');
      expect(id.rd).toBe('Data Tidak Ditemukan');
    });
  });

  describe('POST data/account_change_pass', () => {
    const change = (over: Record<string, unknown> = {}) => ({
      newaccountpw: 'Sate-Padang#77',
      confirmaccountpw: 'Sate-Padang#77',
      userpw: STRONG_PASSWORD,
      ...over,
    });

    it('validates in the spec order with the spec messages, in both languages', async () => {
      const partner = await t.loginAs('partner@demo.id');
      const sub = await addSubAccount(t, partner);
      const en = await loginWith(t, sub.email, sub.password, 'en');
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ newaccountpw: '' }, 'password must be at least 12 characters'],
        // An 11-character password is refused (spec 01 §9: minimum 12).
        [
          { newaccountpw: 'Abcdefgh#12', confirmaccountpw: 'Abcdefgh#12' },
          'password must be at least 12 characters',
        ],
        [{ confirmaccountpw: 'Sate-Padang#78' }, "confirm password doesn't match"],
        [{ userpw: '' }, 'enter your password'],
      ];
      for (const [over, message] of cases) {
        const res = await en.post('/data/account_change_pass', change(over));
        expect(res.rc, message).toBe('400');
        expect(res.rd).toBe(message);
      }
      const wrong = await en.post(
        '/data/account_change_pass',
        change({ userpw: 'not-my-password' }),
      );
      expect(wrong.rc).toBe('01');
      expect(wrong.rd).toBe('your password is wrong');
      const id = await loginWith(t, sub.email, sub.password);
      expect(
        (await id.post('/data/account_change_pass', change({ newaccountpw: 'pendek' }))).rd,
      ).toBe('kata sandi minimal 12 karakter');
      expect(
        (await id.post('/data/account_change_pass', change({ confirmaccountpw: 'x' }))).rd,
      ).toBe('konfirmasi kata sandi tidak sama');
      // The password did not change.
      await loginWith(t, sub.email, sub.password);
    });

    it('changes the password, keeps this session, ends the other sessions, and audits without secrets', async () => {
      const partner = await t.loginAs('partner@demo.id');
      const sub = await addSubAccount(t, partner);
      const here = await loginWith(t, sub.email, sub.password, 'en');
      const elsewhere = await loginWith(t, sub.email, sub.password);
      const me = (await here.post('/auth/datauser')).data.user;
      const res = await here.post(
        '/data/account_change_pass',
        change({ id: me.id, email: sub.email, username: sub.email }),
      );
      expect(res.rc).toBe('00');
      expect(res.rd).toBe('Account password successfully updated');
      expect((await here.get('/data/account_profile')).rc).toBe('00');
      expect((await elsewhere.get('/data/account_profile')).rc).toBe('401');
      await expect(loginWith(t, sub.email, sub.password)).rejects.toThrow(/failed/);
      await loginWith(t, sub.email, 'Sate-Padang#77');

      const rows = await auditRows(t, 'password_change', sub.email);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ user_id: me.id, environment: 'production' });
      expect(rows[0].ip).toBeTruthy();
      expect(rows[0].user_agent).not.toBeNull();
      const stored = JSON.stringify(rows[0]);
      expect(stored).not.toContain('Sate-Padang');
      expect(stored).not.toContain(sub.password);
    });

    it("refuses to change another user's password through the identity fields", async () => {
      const staff = await t.loginAs('partner@demo.id');
      const sub = await addSubAccount(t, staff);
      const c = await loginWith(t, sub.email, sub.password, 'en');
      const res = await c.post(
        '/data/account_change_pass',
        change({ username: 'partner@demo.id' }),
      );
      expect(res.rc).toBe('403');
      const byId = await c.post('/data/account_change_pass', change({ id: 1 }));
      expect(byId.rc).toBe('403');
      await loginWith(t, 'partner@demo.id', DEMO_PASSWORD);
    });

    it('locks the own-password check after 5 wrong attempts in 15 minutes', async () => {
      const partner = await t.loginAs('partner@demo.id');
      const sub = await addSubAccount(t, partner);
      const c = await loginWith(t, sub.email, sub.password, 'en');
      for (let i = 0; i < 5; i++) {
        const res = await c.post('/data/account_change_pass', change({ userpw: `wrong-${i}` }));
        expect(res.rd).toBe('your password is wrong');
      }
      const locked = await c.post('/data/account_change_pass', change());
      expect(locked.rc).toBe('429');
      expect(await auditRows(t, 'own_password_failure', sub.email)).toHaveLength(5);
      t.clock.advance(16 * 60_000);
      expect((await c.post('/data/account_change_pass', change())).rc).toBe('00');
    });

    it('is refused in sandbox with the sandbox message', async () => {
      const c = await t.loginAs('h2h@demo.id', { lang: 'en' });
      await c.post('/control/change_environment_sandbox');
      const res = await c.post('/data/account_change_pass', change({ userpw: DEMO_PASSWORD }));
      expect(res.rc).toBe('403');
      expect(res.rd).toBe(
        'You are in Sandbox Mode. This feature can only be run in Production Mode.',
      );
      const id = await t.loginAs('h2h@demo.id');
      await id.post('/control/change_environment_sandbox');
      expect((await id.post('/data/account_change_pass', {})).rd).toBe(
        'Anda di dalam Mode Sandbox. Fitur ini hanya bisa dijalankan di dalam Mode Production.',
      );
    });

    it('is refused without UPDATE on reset_password (staff is denied it in the demo)', async () => {
      const staff = await t.loginAs('staff@demo.id', { lang: 'en' });
      const res = await staff.post('/data/account_change_pass', change({ userpw: DEMO_PASSWORD }));
      expect(res.rc).toBe('403');
      expect(res.rd).toBe('You Not Allowed to Access This Page');
    });
  });
});
