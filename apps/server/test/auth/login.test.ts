import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases';
import { createTestApp, DEMO_PASSWORD, TEST_KEY, type TestApp } from '../helpers/test-app';

describe.each(testDatabases())('login on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the login result of spec 01 §3 and keeps the session in an HttpOnly cookie', async () => {
    const c = t.client();
    await c.get('/auth/csrf_token');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'partner@demo.id', password: DEMO_PASSWORD, captcha: TEST_KEY },
      headers: {
        cookie: `gerbang_csrf=${c.cookies.get('gerbang_csrf')}`,
        'x-csrf-token': c.cookies.get('gerbang_csrf')!,
      },
    });
    const body = res.json();
    expect(body.rc).toBe('00');
    expect(body.data.user.username).toBe('partner@demo.id');
    expect(body.data.agent).toMatchObject({ id_grup: 6, enable_api: true });
    expect(body.data.user_type).toBe('Business');
    expect(body.data.is_user_parent).toBe(true);
    expect(body.data.is_approved_kyc).toBe(true);
    expect(body.data.rule_show_balance).toBe(1);
    expect(body.data.status_reg.status).toBe(true);
    expect(body.data.access_data.length).toBeGreaterThan(10);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/gerbang_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // The token is stored hashed: the raw token is nowhere in the sessions table.
    const rows = await t.services.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === body.data.access_token)).toBe(false);
  });

  it('validates fields in the spec order with the spec messages, in the user language', async () => {
    const en = t.client({ lang: 'en' });
    expect((await en.post('/auth/login', { username: '', password: '', captcha: '' })).rd).toBe(
      'Enter your username',
    );
    expect(
      (await en.post('/auth/login', { username: 'a@b.c', password: '', captcha: '' })).rd,
    ).toBe('Enter your password');
    expect(
      (await en.post('/auth/login', { username: 'a@b.c', password: 'x', captcha: '' })).rd,
    ).toBe('Please submit captcha verification');
    const id = t.client();
    expect((await id.post('/auth/login', { username: '', password: 'x' })).rd).toBe(
      'Masukkan email Anda',
    );
  });

  it('refuses a login whose captcha is neither solved nor the test key', async () => {
    const c = t.client({ lang: 'en' });
    const res = await c.post('/auth/login', {
      username: 'partner@demo.id',
      password: DEMO_PASSWORD,
      captcha: 'bm90LWEtc29sdXRpb24=',
    });
    expect(res.rc).not.toBe('00');
    expect(res.rd).toMatch(/captcha/i);
    const wrongKey = await c.post('/auth/login', {
      username: 'partner@demo.id',
      password: DEMO_PASSWORD,
      captcha: `${TEST_KEY}x`,
    });
    expect(wrongKey.rc).not.toBe('00');
  });

  it('accepts a real solved altcha challenge once, and refuses its replay', async () => {
    const { solveChallenge } = await import('altcha-lib');
    const { deriveKey } = await import('altcha-lib/algorithms/sha');
    const c = t.client();
    const challengeRes = await t.app.inject({ method: 'GET', url: '/api/auth/captcha_challenge' });
    const challenge = challengeRes.json();
    const solution = await solveChallenge({ challenge, deriveKey } as any);
    expect(solution).not.toBeNull();
    const payload = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const first = await c.post('/auth/login', {
      username: 'h2h@demo.id',
      password: DEMO_PASSWORD,
      captcha: payload,
    });
    expect(first.rc).toBe('00');
    expect(first.data.is_test_user).toBe(false);
    const replay = await t
      .client()
      .post('/auth/login', { username: 'h2h@demo.id', password: DEMO_PASSWORD, captcha: payload });
    expect(replay.rc).not.toBe('00');
  });

  it('times a challenge by the server clock: valid for 10 minutes of it, whatever the machine clock says', async () => {
    const { solveChallenge } = await import('altcha-lib');
    const { deriveKey } = await import('altcha-lib/algorithms/sha');
    const solved = async () => {
      const challenge = (
        await t.app.inject({ method: 'GET', url: '/api/auth/captcha_challenge' })
      ).json();
      const solution = await solveChallenge({ challenge, deriveKey } as any);
      return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    };
    const login = (captcha: string) =>
      t.client().post('/auth/login', { username: 'h2h@demo.id', password: DEMO_PASSWORD, captcha });
    const started = t.clock.now;
    try {
      // A server clock a day behind the machine (a pinned or demo clock) still accepts a fresh one.
      t.clock.set(new Date(Date.now() - 24 * 3600_000));
      expect((await login(await solved())).rc).toBe('00');
      const stale = await solved();
      t.clock.advance(11 * 60_000);
      expect((await login(stale)).rc).not.toBe('00');
    } finally {
      t.clock.set(started);
    }
  });
  it('locks the account after 10 wrong passwords, even for the right password, for 30 minutes', async () => {
    const c = t.client({ lang: 'en' });
    for (let i = 0; i < 10; i++) {
      const res = await c.post('/auth/login', {
        username: 'agent5@demo.id',
        password: 'wrong-password',
        captcha: TEST_KEY,
      });
      expect(res.rd).toBe('Wrong username or password.');
    }
    const locked = await c.post('/auth/login', {
      username: 'agent5@demo.id',
      password: DEMO_PASSWORD,
      captcha: TEST_KEY,
    });
    expect(locked.rc).toBe('429');
    expect(locked.rd).toMatch(/locked/);
    t.clock.advance(31 * 60_000);
    const after = await c.post('/auth/login', {
      username: 'agent5@demo.id',
      password: DEMO_PASSWORD,
      captcha: TEST_KEY,
    });
    expect(after.rc).toBe('00');
    const audit = await t.services.db
      .selectFrom('audit_log')
      .select(['action'])
      .where('username', '=', 'agent5@demo.id')
      .execute();
    expect(audit.filter((a) => a.action === 'login_failure').length).toBe(11);
    expect(audit.filter((a) => a.action === 'login_success').length).toBe(1);
  });

  it('counts parallel wrong passwords one by one, so a burst cannot dodge the lockout', async () => {
    const c = t.client({ lang: 'en' });
    await Promise.all(
      Array.from({ length: 12 }, () =>
        c.post('/auth/login', {
          username: 'enduser@demo.id',
          password: 'wrong-password',
          captcha: TEST_KEY,
        }),
      ),
    );
    const locked = await c.post('/auth/login', {
      username: 'enduser@demo.id',
      password: DEMO_PASSWORD,
      captcha: TEST_KEY,
    });
    expect(locked.rc).toBe('429');
    t.clock.advance(31 * 60_000);
  });

  it('ends a session left idle longer than the idle timeout, and gives scripts no usable token', async () => {
    const c = await t.loginAs('aggregator@demo.id');
    const me = await c.post('/auth/datauser');
    expect(me.data.access_token).toMatch(/^session-\d+$/);
    expect(c.cookies.get('gerbang_session')).not.toContain(me.data.access_token);
    t.clock.advance(3 * 60 * 60_000);
    expect((await c.post('/auth/datauser')).rc).toBe('401');
  });

  it('answers 303 with the account-access message for a user who may not use the portal', async () => {
    await t.services.db
      .updateTable('users')
      .set({ portal_access: false })
      .where('username', '=', 'newbiz@demo.id')
      .execute();
    const res = await t.client({ lang: 'en' }).post('/auth/login', {
      username: 'newbiz@demo.id',
      password: DEMO_PASSWORD,
      captcha: TEST_KEY,
    });
    expect(res.rc).toBe('303');
    expect(res.rd).toMatch(/no access to this portal/);
    await t.services.db
      .updateTable('users')
      .set({ portal_access: true })
      .where('username', '=', 'newbiz@demo.id')
      .execute();
  });

  it('answers 401 without a session and after logout', async () => {
    const anonymous = await t.client().post('/auth/datauser');
    expect(anonymous.rc).toBe('401');
    const c = await t.loginAs('partner@demo.id');
    expect((await c.post('/auth/datauser')).rc).toBe('00');
    expect((await c.post('/auth/logout')).rc).toBe('00');
    expect((await c.post('/auth/datauser')).rc).toBe('401');
  });

  it('switches environment on the server and reports it in datauser', async () => {
    const c = await t.loginAs('partner@demo.id');
    expect((await c.post('/control/change_environment_sandbox')).rc).toBe('00');
    expect((await c.post('/auth/datauser')).data.environment).toBe('sandbox');
    expect((await c.post('/control/change_environment_production')).rc).toBe('00');
    expect((await c.post('/auth/datauser')).data.environment).toBe('production');
    const switches = await t.services.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'environment_switch')
      .execute();
    expect(switches.length).toBeGreaterThanOrEqual(2);
  });

  it('sends a reset link by mail and sets a new password from it, ending other sessions', async () => {
    const other = await t.loginAs('h2h@demo.id');
    const c = t.client({ lang: 'en' });
    expect((await c.post('/auth/reset_password', { email: '', captcha: '' })).rd).toBe(
      'Enter your email for reset password',
    );
    expect((await c.post('/auth/reset_password', { email: 'h2h@demo.id', captcha: '' })).rd).toBe(
      'Please submit captcha verification',
    );
    const res = await c.post('/auth/reset_password', { email: 'h2h@demo.id', captcha: TEST_KEY });
    expect(res.rc).toBe('00');
    const unknown = await c.post('/auth/reset_password', {
      email: 'nobody@demo.id',
      captcha: TEST_KEY,
    });
    expect(unknown.rd).toBe(res.rd);
    const mails = await c.get('/dev/mailbox', { to: 'h2h@demo.id' });
    const token = /token=([\w-]+)/.exec(mails.data[0].text)?.[1];
    expect(token).toBeTruthy();
    expect(
      (
        await c.post('/auth/reset_password/confirm', {
          token,
          password: 'short',
          confirmation: 'short',
        })
      ).rd,
    ).toBe('password must be at least 12 characters');
    expect(
      (
        await c.post('/auth/reset_password/confirm', {
          token,
          password: 'a-long-password-1',
          confirmation: 'different-pass-1',
        })
      ).rd,
    ).toBe("confirm password doesn't match");
    const done = await c.post('/auth/reset_password/confirm', {
      token,
      password: 'New#Password2026',
      confirmation: 'New#Password2026',
    });
    expect(done.rd).toBe('Account password successfully updated');
    expect((await other.post('/auth/datauser')).rc).toBe('401');
    const again = await c.post('/auth/reset_password/confirm', {
      token,
      password: 'New#Password2027',
      confirmation: 'New#Password2027',
    });
    expect(again.rc).not.toBe('00');
    const login = await t.client().post('/auth/login', {
      username: 'h2h@demo.id',
      password: 'New#Password2026',
      captcha: TEST_KEY,
    });
    expect(login.rc).toBe('00');
  });

  it('takes `in` (spec 01’s stored form of Indonesian) wherever a language is taken', async () => {
    // The header: `in` answers in Indonesian, like `id`, over a user who chose English.
    await t.services.db
      .updateTable('users')
      .set({ language: 'en' })
      .where('username', '=', 'fresh@demo.id')
      .execute();
    const c = await t.loginAs('fresh@demo.id', { lang: 'en' });
    const header = await c.post(
      '/auth/language',
      { language: 'xx' },
      { headers: { 'x-language': 'in' } },
    );
    expect(header.status).toBe(400);
    expect(header.rd).toBe('Data yang dikirim tidak valid.');
    // The profile: `in` is saved as Indonesian.
    const saved = await c.post('/auth/language', { language: 'in' });
    expect(saved.rc).toBe('00');
    expect(saved.data).toEqual({ language: 'id' });
    const row = await t.services.db
      .selectFrom('users')
      .select('language')
      .where('username', '=', 'fresh@demo.id')
      .executeTakeFirstOrThrow();
    expect(row.language).toBe('id');
    // The session: a user stored with `in` is answered in Indonesian when no header says otherwise.
    await t.services.db
      .updateTable('users')
      .set({ language: 'in' })
      .where('username', '=', 'fresh@demo.id')
      .execute();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/language',
      payload: { language: 'xx' },
      headers: {
        cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrf-token': c.cookies.get('gerbang_csrf') ?? '',
      },
    });
    expect(res.json().rd).toBe('Data yang dikirim tidak valid.');
    const english = await c.post('/auth/language', { language: 'EN' });
    expect(english.data).toEqual({ language: 'en' });
  });
});
