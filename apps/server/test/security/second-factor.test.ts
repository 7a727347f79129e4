import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSubAccount } from '../account/helpers';
import { testDatabases } from '../helpers/databases';
import {
  createTestApp,
  DEMO_PASSWORD,
  type Envelope,
  TEST_KEY,
  type TestApp,
  type TestClient,
} from '../helpers/test-app';
import { consoleLogin } from '../signup/helpers';
import { SoftAuthenticator } from './soft-authenticator';

/**
 * ADR 010: TOTP and passkeys as a second factor, the half-logged-in session,
 * step-up, recovery codes, lost-factor resets and the provider's and main user's rules. TOTP codes
 * are computed here with otplib on the server's clock; passkeys come from a software authenticator.
 */

const parallel = <T>(n: number, run: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => run(i)));
const count = (answers: Envelope[], rc: string) => answers.filter((a) => a.rc === rc).length;

describe.each(testDatabases())('second factor on %s', (kind) => {
  let t: TestApp;
  let partner: TestClient;
  beforeAll(async () => {
    t = await createTestApp(kind);
    partner = await t.loginAs('partner@demo.id', { lang: 'en' });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The code an authenticator app shows now (on the server's clock), `steps` periods later. */
  const totp = (secret: string, steps = 0) =>
    generate({ secret, epoch: Math.floor(t.clock.now.getTime() / 1000) + steps * 30 });

  const passwordLogin = async (email: string, password: string) => {
    const c = t.client({ lang: 'en' });
    const res = await c.post('/auth/login', { username: email, password, captcha: TEST_KEY });
    return { c, res };
  };

  /** A new sub-user of partner@demo.id with a confirmed TOTP; answers its secret and codes. */
  async function userWithTotp() {
    const sub = await addSubAccount(t, partner);
    const { c } = await passwordLogin(sub.email, sub.password);
    // Enrolling is a change of how one logs in: the password again first (428 without it).
    expect((await c.post('/security/totp/start', {})).rc).toBe('428');
    expect((await c.post('/auth/reauth', { password: sub.password })).rc).toBe('00');
    const started = await c.post('/security/totp/start', {});
    expect(started.rc).toBe('00');
    expect(started.data.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(started.data.qr).toMatch(/^data:image\/png;base64,/);
    const confirmed = await c.post('/security/totp/confirm', {
      factor_id: started.data.factor_id,
      code: await totp(started.data.secret),
    });
    expect(confirmed.rc).toBe('00');
    const codes: string[] = confirmed.data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    return { ...sub, secret: started.data.secret as string, codes, client: c };
  }

  it('a demo user without a factor logs in as before; the login answer is the full result', async () => {
    const { res } = await passwordLogin('partner@demo.id', DEMO_PASSWORD);
    expect(res.rc).toBe('00');
    expect(res.data.access_token).toBeTruthy();
    expect(res.data.second_factor).toBeUndefined();
  });

  it('after the password a user with TOTP is half-logged-in: refused everywhere until the code', async () => {
    const user = await userWithTotp();
    t.clock.advance(31_000); // the enrolment's code is spent; the next step's code is fresh
    const { c, res } = await passwordLogin(user.email, user.password);
    expect(res.rc).toBe('00');
    expect(res.data).toEqual({ second_factor: { state: 'verify', methods: ['totp', 'recovery'] } });
    // Every other call refuses the half session, and the session probe sees nobody.
    const refused = await c.post('/auth/datauser', {});
    expect([refused.rc, refused.status]).toEqual(['2FA', 403]);
    expect((await c.get('/security/factors')).rc).toBe('2FA');
    expect((await c.post('/transaction/cashout_payment', {})).rc).toBe('2FA');
    expect((await c.get('/auth/session')).data).toBeNull();
    const halfToken = c.cookies.get('gerbang_session');
    const passed = await c.post('/auth/second_factor', { code: await totp(user.secret) });
    expect(passed.rc).toBe('00');
    expect(passed.data.user.username).toBe(user.email);
    expect((await c.post('/auth/datauser', {})).rc).toBe('00');
    // Session fixation: the full session has a new token; the half session's is dead at once.
    expect(c.cookies.get('gerbang_session')).not.toBe(halfToken);
    const fixed = t.client({ lang: 'en' });
    fixed.cookies.set('gerbang_session', halfToken ?? '');
    expect((await fixed.post('/auth/datauser', {})).rc).toBe('401');
  });

  it('a TOTP code is accepted once: replayed inside its window (even on another session) it is refused', async () => {
    const user = await userWithTotp();
    t.clock.advance(31_000);
    const code = await totp(user.secret);
    const first = await passwordLogin(user.email, user.password);
    expect((await first.c.post('/auth/second_factor', { code })).rc).toBe('00');
    const second = await passwordLogin(user.email, user.password);
    const replay = await second.c.post('/auth/second_factor', { code });
    expect(replay.rc).toBe('01');
    expect(replay.rd).toMatch(/Wrong code/);
    // The same code sent twice at once on two sessions: one passes.
    t.clock.advance(30_000);
    const next = await totp(user.secret);
    const third = await passwordLogin(user.email, user.password);
    const answers = await Promise.all([
      second.c.post('/auth/second_factor', { code: next }),
      third.c.post('/auth/second_factor', { code: next }),
    ]);
    expect(count(answers, '00')).toBe(1);
  });

  it('20 parallel wrong codes: at most 5 compared, then locked 15 minutes even for the right code', async () => {
    const user = await userWithTotp();
    t.clock.advance(31_000);
    const { c } = await passwordLogin(user.email, user.password);
    const answers = await parallel(20, (i) =>
      c.post('/auth/second_factor', { code: String(100000 + i) }),
    );
    expect(count(answers, '01')).toBeLessThanOrEqual(5);
    expect(count(answers, '01') + count(answers, '429')).toBe(20);
    const right = await c.post('/auth/second_factor', { code: await totp(user.secret) });
    expect(right.rc).toBe('429');
    expect(right.rd).toMatch(/Try again in \d+ minutes/);
    // A recovery code is locked out too (the lock is on the owner's codes).
    expect((await c.post('/auth/second_factor', { code: user.codes[0] })).rc).toBe('429');
    t.clock.advance(16 * 60_000);
    expect((await c.post('/auth/second_factor', { code: await totp(user.secret) })).rc).toBe('00');
  });

  it('a recovery code works once', async () => {
    const user = await userWithTotp();
    const first = await passwordLogin(user.email, user.password);
    expect((await first.c.post('/auth/second_factor', { code: user.codes[3] })).rc).toBe('00');
    const factors = await first.c.get('/security/factors');
    expect(factors.data.recovery_codes_left).toBe(9);
    const second = await passwordLogin(user.email, user.password);
    // Typed in upper case with spaces: the same code, already used.
    const again = user.codes[3]?.toUpperCase().replace('-', ' ');
    expect((await second.c.post('/auth/second_factor', { code: again })).rc).toBe('01');
    expect((await second.c.post('/auth/second_factor', { code: user.codes[4] })).rc).toBe('00');
  });

  it('step-up: security settings and money moves ask the factor again, bound to the session, 5 minutes', async () => {
    const user = await userWithTotp();
    t.clock.advance(6 * 60_000); // the enrolment's proof is over
    const a = user.client;
    const refused = await a.post('/security/recovery_codes', {});
    expect(refused.rc).toBe('SU');
    // Another session of the same user, logged in now: its own proof does not help session a.
    t.clock.advance(31_000);
    const b = await passwordLogin(user.email, user.password);
    expect((await b.c.post('/auth/second_factor', { code: await totp(user.secret) })).rc).toBe(
      '00',
    );
    // New recovery codes are recovery information: the password again too (ASVS 5.0 V7.5.1).
    expect((await b.c.post('/security/recovery_codes', {})).rc).toBe('428');
    await b.c.post('/auth/reauth', { password: user.password });
    expect((await b.c.post('/security/recovery_codes', {})).rc).toBe('00');
    expect((await a.post('/security/recovery_codes', {})).rc).toBe('SU');
    // A wrong code is no proof; a right one is, for 5 minutes.
    expect((await a.post('/security/step_up', { code: '000000' })).rc).toBe('01');
    t.clock.advance(30_000);
    expect((await a.post('/security/step_up', { code: await totp(user.secret) })).rc).toBe('00');
    await a.post('/auth/reauth', { password: user.password });
    const regenerated = await a.post('/security/recovery_codes', {});
    expect(regenerated.rc).toBe('00');
    expect(regenerated.data.recovery_codes).toHaveLength(10);
    t.clock.advance(5 * 60_000 + 1000);
    expect((await a.post('/security/recovery_codes', {})).rc).toBe('SU');
  });

  it('removing a factor asks the factor (step-up) and the password again (428), each on this session', async () => {
    const user = await userWithTotp();
    const c = user.client;
    t.clock.advance(6 * 60_000); // the enrolment's proofs are over
    const { factors } = (await c.get('/security/factors')).data;
    const remove = () => c.post('/security/factors/remove', { id: factors[0].id });
    expect((await remove()).rc).toBe('SU');
    t.clock.advance(30_000);
    expect((await c.post('/security/step_up', { code: await totp(user.secret) })).rc).toBe('00');
    const needsPassword = await remove();
    expect([needsPassword.rc, needsPassword.status]).toEqual(['428', 428]);
    expect((await c.post('/auth/reauth', { password: 'wrong password' })).rc).not.toBe('00');
    expect((await remove()).rc).toBe('428');
    expect((await c.post('/auth/reauth', { password: user.password })).rc).toBe('00');
    expect((await remove()).rc).toBe('00');
    expect((await c.get('/security/factors')).data.factors).toHaveLength(0);
  });

  it('a money move with a factor asks step-up before anything is read or changed', async () => {
    // The main user enrols (its own database: other files keep the demo user without a factor).
    await partner.post('/auth/reauth', { password: DEMO_PASSWORD });
    const started = await partner.post('/security/totp/start', {});
    const secret: string = started.data.secret;
    const confirm = await partner.post('/security/totp/confirm', {
      factor_id: started.data.factor_id,
      code: await totp(secret),
    });
    expect(confirm.rc).toBe('00');
    t.clock.advance(6 * 60_000);
    for (const path of [
      '/transaction/cashout_payment',
      '/transaction/ewallet_payment',
      '/transaction/order_create',
      '/transaction/cashout_save',
      '/transaction/disbursement_approve',
      '/control/update_credential',
      '/control/setting_callback_url',
      '/security/agent_policy',
    ]) {
      const res = await partner.post(path, {});
      expect([path, res.rc]).toEqual([path, 'SU']);
    }
    // Reading is not a move: no step-up.
    expect((await partner.get('/security/factors')).rc).toBe('00');
    t.clock.advance(30_000);
    expect((await partner.post('/security/step_up', { code: await totp(secret) })).rc).toBe('00');
    // Past the step-up the call's own checks answer (here: the empty body's validation).
    expect((await partner.post('/transaction/cashout_payment', {})).rc).toBe('400');
    // Lost factor on the main user: the provider's staff reset it (audited, e-mailed).
    const ops = await consoleLogin(t);
    const agent = await t.services.db
      .selectFrom('agents')
      .select('id')
      .where('username', '=', 'partner@demo.id')
      .executeTakeFirstOrThrow();
    const short = await ops.post(`/console/merchants/${agent.id}/reset_factors`, { reason: 'x' });
    expect(short.rc).toBe('400');
    const reset = await ops.post(`/console/merchants/${agent.id}/reset_factors`, {
      reason: 'Phone lost, identity checked by call',
    });
    expect(reset.rc).toBe('00');
    // Its sessions ended; the next login is a plain one again.
    expect((await partner.post('/auth/datauser', {})).rc).toBe('401');
    partner = await t.loginAs('partner@demo.id', { lang: 'en' });
    const audit = await t.services.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('action', '=', 'console_second_factor_reset')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.detail)).toContain('Phone lost');
    const mail = await t.services.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('kind', '=', 'second_factor_reset')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toMatch(/Faktor kedua/); // the user's language (Indonesian)
  });

  it('passkeys: registration, login; a lowered counter, another origin or a used challenge are refused', async () => {
    const { webauthnRpId, webauthnOrigins } = t.services.config;
    const key = new SoftAuthenticator(webauthnRpId, webauthnOrigins[0] ?? '');
    const sub = await addSubAccount(t, partner);
    const { c } = await passwordLogin(sub.email, sub.password);
    expect((await c.post('/security/passkey/options', {})).rc).toBe('428');
    await c.post('/auth/reauth', { password: sub.password });
    const options = await c.post('/security/passkey/options', {});
    expect(options.data.rp.id).toBe(webauthnRpId);
    const registered = await c.post('/security/passkey/register', {
      name: 'Laptop',
      response: key.register(options.data),
    });
    expect(registered.rc).toBe('00');
    expect(registered.data.recovery_codes).toHaveLength(10);

    const login = async () => {
      const session = await passwordLogin(sub.email, sub.password);
      expect(session.res.data.second_factor.methods).toEqual(['passkey', 'recovery']);
      const challenge = await session.c.post('/auth/second_factor/passkey_options', {});
      return { c: session.c, challenge: challenge.data };
    };
    const ok1 = await login();
    const assertion = key.assert(ok1.challenge);
    expect((await ok1.c.post('/auth/second_factor/passkey', { response: assertion })).rc).toBe(
      '00',
    );
    // The same assertion again: its challenge is used.
    const replay = await login();
    const replayed = await replay.c.post('/auth/second_factor/passkey', { response: assertion });
    expect(replayed.rc).toBe('01');
    // A cloned key with a lower counter.
    const clone = await login();
    const lowered = key.assert(clone.challenge, { counter: 0 });
    const cloned = await clone.c.post('/auth/second_factor/passkey', { response: lowered });
    expect(cloned.rc).toBe('01');
    expect(cloned.rd).toMatch(/counter/);
    // Signed for another site.
    const phish = await login();
    const foreign = key.assert(phish.challenge, { counter: 50, origin: 'https://evil.example' });
    expect((await phish.c.post('/auth/second_factor/passkey', { response: foreign })).rc).toBe(
      '01',
    );
    expect((await phish.c.post('/auth/datauser', {})).rc).toBe('2FA');
  });

  it("the main user's rule leads a user without a factor to enrol at login; the main user resets a sub-user", async () => {
    const sub = await addSubAccount(t, partner);
    expect((await partner.post('/security/agent_policy', { require: true })).rc).toBe('00');
    const { c, res } = await passwordLogin(sub.email, sub.password);
    expect(res.data).toEqual({ second_factor: { state: 'enrol', methods: [] } });
    expect((await c.post('/auth/datauser', {})).rc).toBe('2FA');
    // Enrolment is what the half session may do.
    expect((await c.get('/security/factors')).data.required).toBe(true);
    const started = await c.post('/security/totp/start', {});
    const confirmed = await c.post('/security/totp/confirm', {
      factor_id: started.data.factor_id,
      code: await totp(started.data.secret),
    });
    expect(confirmed.rc).toBe('00');
    expect((await c.post('/auth/datauser', {})).rc).toBe('00');
    // The last factor of a user who must have one cannot be removed.
    const list = await c.get('/security/factors');
    await c.post('/auth/reauth', { password: sub.password });
    const removed = await c.post('/security/factors/remove', { id: list.data.factors[0].id });
    expect(removed.rd).toMatch(/required/);
    // Lost factor: the main user resets it; the sub-user's session ends, the next login enrols again.
    const reset = await partner.post('/security/reset_user_factors', { user_id: sub.id });
    expect(reset.rc).toBe('00');
    expect((await c.post('/auth/datauser', {})).rc).toBe('401');
    expect((await passwordLogin(sub.email, sub.password)).res.data.second_factor.state).toBe(
      'enrol',
    );
    // Another agent's user is not the main user's to reset.
    const other = await t.services.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'fresh@demo.id')
      .executeTakeFirstOrThrow();
    expect((await partner.post('/security/reset_user_factors', { user_id: other.id })).rc).toBe(
      '404',
    );
    expect((await partner.post('/security/agent_policy', { require: false })).rc).toBe('00');
  });

  it('console staff: the provider requires a factor for staff, who enrol at login and pass it after', async () => {
    const ops = await consoleLogin(t);
    expect(
      (await ops.post('/console/security/policy', { agents_require: false, staff_require: true }))
        .rc,
    ).toBe('00');
    const c = t.client({ lang: 'en' });
    const login = await c.post('/console/auth/login', {
      email: 'ops@demo.id',
      password: DEMO_PASSWORD,
      captcha: TEST_KEY,
    });
    expect(login.data.second_factor).toEqual({ state: 'enrol', methods: [] });
    const csrf = { headers: { 'x-csrf-token': login.data.csrf } };
    expect((await c.get('/console/queues')).rc).toBe('2FA');
    const started = await c.post('/console/security/totp/start', {}, csrf);
    expect(started.rc).toBe('00');
    const halfToken = c.cookies.get('gerbang_console') ?? '';
    const confirmed = await c.post(
      '/console/security/totp/confirm',
      { factor_id: started.data.factor_id, code: await totp(started.data.secret) },
      csrf,
    );
    expect(confirmed.rc).toBe('00');
    expect((await c.get('/console/queues')).rc).toBe('00');
    // The enrolment completed the login: a new staff token, the half session's refused at once.
    expect(c.cookies.get('gerbang_console')).not.toBe(halfToken);
    const fixed = t.client({ lang: 'en' });
    fixed.cookies.set('gerbang_console', halfToken);
    expect((await fixed.get('/console/queues')).rc).toBe('401');
    t.clock.advance(31_000);
    const again = t.client({ lang: 'en' });
    const second = await again.post('/console/auth/login', {
      email: 'ops@demo.id',
      password: DEMO_PASSWORD,
      captcha: TEST_KEY,
    });
    expect(second.data.second_factor.state).toBe('verify');
    const h = { headers: { 'x-csrf-token': second.data.csrf } };
    expect((await again.get('/console/queues')).rc).toBe('2FA');
    const passed = await again.post(
      '/console/auth/second_factor',
      { code: await totp(started.data.secret) },
      h,
    );
    expect(passed.rc).toBe('00');
    expect((await again.get('/console/queues')).rc).toBe('00');
    // The CSRF token is bound to the new token: the answer carries it.
    const full = { headers: { 'x-csrf-token': passed.data.csrf } };
    expect(passed.data.csrf).not.toBe(second.data.csrf);
    // Removing the factor asks the staff password again (the login's step-up is not enough).
    const { factors } = (await again.get('/console/security/factors')).data;
    const remove = () =>
      again.post('/console/security/factors/remove', { id: factors[0].id }, full);
    expect((await remove()).rc).toBe('428');
    const reset = await again.post(
      '/console/security/policy',
      { agents_require: false, staff_require: false },
      full,
    );
    expect(reset.rc).toBe('00');
  });
});
