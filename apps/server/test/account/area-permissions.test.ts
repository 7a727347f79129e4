import { findModule } from '@gerbang/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';
import { addSubAccount, loginWith, userIdOf } from './helpers';

/**
 * The areas a main user may deny a sub-user as a whole in the permission editor: virtual
 * account (module 9), callback (module 24) and report. Each denial must refuse the area's calls
 * with the spec's no-permission answer at the sub-user's next call, and leave the main user and
 * the rest of the sub-user's access as they were.
 */
const NOT_ALLOWED = 'You Not Allowed to Access This Page';

describe.each(testDatabases())('area permissions on %s', (kind) => {
  let t: TestApp;
  let partner: TestClient;
  let partnerId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    partner = await t.loginAs('partner@demo.id', { lang: 'en' });
    partnerId = await userIdOf(t, 'partner@demo.id');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** A fresh sub-user of the partner (nothing denied yet), logged in in English. */
  async function freshSubUser() {
    const sub = await addSubAccount(t, partner);
    return { ...sub, client: await loginWith(t, sub.email, sub.password, 'en') };
  }

  async function deny(userId: number, moduleName: string, actions: string[]) {
    const module = findModule(moduleName);
    if (!module) throw new Error(`no module ${moduleName}`);
    const res = await partner.post('/data/modul_access_user', {
      id_user: partnerId,
      id_user_updated: userId,
      added_not_allow_access: actions.map((access) => ({ idModul: module.id, access })),
      delete_not_allow_access: [],
    });
    expect(res.rc, res.rd).toBe('00');
  }

  const expectRefused = (res: { rc: string; rd: string }, what: string) => {
    expect(res.rc, what).toBe('403');
    expect(res.rd, what).toBe(NOT_ALLOWED);
  };

  async function otp(c: TestClient, brand: string, to: string) {
    // Tests ask for many OTP mails; the per-hour request budget has a test of its own.
    await t.services.db
      .deleteFrom('guess_tries')
      .where('scope', '=', 'credential_otp_request')
      .execute();
    const res = await c.post('/control/create_otp', { captcha: '', brand });
    if (res.rc !== '00') return { res, confirm: null };
    const mail = await t.services.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', to)
      .where('kind', '=', 'otp')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const code = /(\d{6})/.exec(mail.subject)?.[1] ?? '';
    return { res, confirm: { id_otp: res.data.idOtp as string, otp: code, captcha: '' } };
  }

  const VA_PAGES = [
    'virtual_account_transaction',
    'virtual_account_reserved',
    'bulk_virtual_account',
  ];

  it('module 9 (virtual account): a denied sub-user is refused every VA data page and its export; the main user keeps them', async () => {
    const sub = await freshSubUser();
    for (const path of VA_PAGES)
      expect((await sub.client.get(`/data/${path}`)).rc, path).toBe('00');

    await deny(sub.id, 'virtual_account', ['READ']);
    for (const path of VA_PAGES) {
      expectRefused(await sub.client.get(`/data/${path}`), path);
      expectRefused(await sub.client.get(`/data/${path}`, { exportCsv: '1' }), `${path} export`);
    }
    // Only the VA area: other data pages stay open to the sub-user.
    expect((await sub.client.get('/data/transaction')).rc).toBe('00');
    for (const path of VA_PAGES) expect((await partner.get(`/data/${path}`)).rc, path).toBe('00');
    // The main user's bulk VA check still reaches validation (no rows), not the refusal.
    const check = await partner.post('/transaction/va_bulk_check', { data: [], password: '' });
    expect(check.rc).not.toBe('403');
  });

  it('module 24 (callback): UPDATE denied keeps the URLs readable but refuses changes and their OTP; READ denied refuses the list', async () => {
    const sub = await freshSubUser();
    expect((await sub.client.get('/control/setting_callback_url', { list: 'all' })).rc).toBe('00');
    const allowed = await otp(sub.client, 'callback', sub.email);
    expect(allowed.res.rc, allowed.res.rd).toBe('00');
    const set = await sub.client.post('/control/setting_callback_url', {
      ...allowed.confirm,
      id: 1,
      url: '',
    });
    expect(set.rc, set.rd).toBe('00');

    await deny(sub.id, 'callback', ['UPDATE']);
    expect((await sub.client.get('/control/setting_callback_url', { list: 'all' })).rc).toBe('00');
    expectRefused((await otp(sub.client, 'callback', sub.email)).res, 'callback OTP');
    const fake = { id_otp: allowed.confirm?.id_otp, otp: '123456', captcha: '' };
    expectRefused(
      await sub.client.post('/control/setting_callback_url', { ...fake, id: 1, url: '' }),
      'set callback URL',
    );
    expectRefused(
      await sub.client.post('/control/generate_setting_callback_url', fake),
      'generate callback URLs',
    );
    // The credential actions are not module 24: their OTP is still given.
    expect((await otp(sub.client, 'pin', sub.email)).res.rc).toBe('00');

    await deny(sub.id, 'callback', ['READ']);
    expectRefused(
      await sub.client.get('/control/setting_callback_url', { list: 'all' }),
      'callback list',
    );
    expect((await sub.client.get('/control/credential_server')).rc).toBe('00');

    // The main user keeps both.
    expect((await partner.get('/control/setting_callback_url', { list: 'all' })).rc).toBe('00');
    expect((await otp(partner, 'callback', 'partner@demo.id')).res.rc).toBe('00');
  });

  it('report: a denied sub-user is refused every monthly report and its Excel file, in both languages; the main user keeps them', async () => {
    const sub = await freshSubUser();
    const period = { period: '202601' };
    for (const key of ['daily_success_trx', 'daily_omzet', 'daily_callback']) {
      expect((await sub.client.get(`/report/${key}`, period)).rc, key).toBe('00');
    }

    await deny(sub.id, 'report', ['READ']);
    for (const key of ['daily_success_trx', 'daily_omzet', 'daily_callback']) {
      expectRefused(await sub.client.get(`/report/${key}`, period), key);
      expectRefused(await sub.client.get(`/report/${key}/xlsx`, period), `${key} xlsx`);
    }
    const inIndonesian = await loginWith(t, sub.email, sub.password, 'id');
    const refusedId = await inIndonesian.get('/report/daily_success_trx', period);
    expect(refusedId.rc).toBe('403');
    expect(refusedId.rd).not.toBe(NOT_ALLOWED);
    // Other modules of the sub-user are untouched; the main user keeps the reports.
    expect((await sub.client.get('/data/balance')).rc).toBe('00');
    expect((await partner.get('/report/daily_success_trx', period)).rc).toBe('00');
  });

  it('the main user cannot be denied anything: the editor only edits sub-accounts', async () => {
    const module = findModule('report');
    const res = await partner.post('/data/modul_access_user', {
      id_user: partnerId,
      id_user_updated: partnerId,
      added_not_allow_access: [{ idModul: module?.id, access: 'READ' }],
      delete_not_allow_access: [],
    });
    expect(res.rc).not.toBe('00');
    expect((await partner.get('/report/daily_success_trx', { period: '202601' })).rc).toBe('00');
  });
});
