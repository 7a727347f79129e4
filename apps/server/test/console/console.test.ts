import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases';
import { createTestApp, DEMO_PASSWORD, TEST_KEY, type TestApp } from '../helpers/test-app';
import { consoleLogin } from '../signup/helpers';

describe.each(testDatabases())('provider console on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('staff log in only with a staff account; merchants cannot log in or reuse their session', async () => {
    const c = t.client({ lang: 'en' });
    const wrong = await c.post('/console/auth/login', {
      email: 'partner@demo.id',
      password: DEMO_PASSWORD,
      captcha: TEST_KEY,
    });
    expect(wrong.rc).toBe('01');
    expect(wrong.rd).toBe('Wrong e-mail or password.');
    const merchant = await t.loginAs('partner@demo.id', { lang: 'en' });
    expect((await merchant.get('/console/queues')).rc).toBe('403');
    // The staff session does not open merchant routes either.
    const ops = await consoleLogin(t);
    expect((await ops.client.post('/auth/datauser', {})).rc).toBe('401');
    expect((await ops.get('/console/queues')).rc).toBe('00');
  });

  it('disabling portal login refuses logins and ends open sessions; enabling it again lets them in', async () => {
    const ops = await consoleLogin(t);
    const merchant = await t.loginAs('fresh@demo.id', { lang: 'en' });
    expect((await merchant.post('/auth/datauser', {})).rc).toBe('00');
    const agent = await t.services.db
      .selectFrom('agents')
      .select('id')
      .where('username', '=', 'fresh@demo.id')
      .executeTakeFirstOrThrow();
    expect((await ops.post(`/console/merchants/${agent.id}/access`, { portal: false })).rc).toBe(
      '00',
    );
    expect((await merchant.post('/auth/datauser', {})).rc).toBe('401');
    const again = await t.client({ lang: 'en' }).post('/auth/login', {
      username: 'fresh@demo.id',
      password: DEMO_PASSWORD,
      captcha: TEST_KEY,
    });
    expect(again.rc).toBe('303');
    expect((await ops.post(`/console/merchants/${agent.id}/access`, { portal: true })).rc).toBe(
      '00',
    );
    expect((await t.loginAs('fresh@demo.id')).cookies.size).toBeGreaterThan(0);
    const audit = await t.services.db
      .selectFrom('audit_log')
      .select('action')
      .where('agent_id', '=', agent.id)
      .where('action', '=', 'console_merchant_access')
      .execute();
    expect(audit).toHaveLength(2);
  });

  it('disabling API access refuses API-enabled rules', async () => {
    const ops = await consoleLogin(t);
    const agent = await t.services.db
      .selectFrom('agents')
      .select('id')
      .where('username', '=', 'h2h@demo.id')
      .executeTakeFirstOrThrow();
    const merchant = await t.loginAs('h2h@demo.id', { lang: 'en' });
    const date = new Date(t.services.now().getTime() + 7 * 3600_000).toISOString().slice(0, 10);
    expect((await merchant.get('/resume/balance', { date })).rc).toBe('00');
    expect((await ops.post(`/console/merchants/${agent.id}/access`, { api: false })).rc).toBe('00');
    expect((await merchant.get('/resume/balance', { date })).rc).toBe('403');
    await ops.post(`/console/merchants/${agent.id}/access`, { api: true });
    const page = await ops.get(`/console/merchants/${agent.id}`);
    expect(page.data.agent.enable_api).toBe(true);
    expect(page.data.balances.production).toHaveProperty('balance');
  });

  it('news: created sanitised, shown to merchants only once published', async () => {
    const ops = await consoleLogin(t);
    const created = await ops.post('/console/news', {
      title: 'Konsol baru',
      category_id: 1598,
      foto: '',
      konten: '<p>Halo <script>alert(1)</script><a href="javascript:alert(1)">x</a></p>',
    });
    expect(created.rc).toBe('00');
    const id = created.data.id as number;
    const stored = await t.services.db
      .selectFrom('news_articles')
      .select('konten')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.konten).not.toContain('script');
    expect(stored.konten).not.toContain('javascript:');
    const merchant = await t.loginAs('partner@demo.id', { lang: 'en' });
    expect((await merchant.get('/kategori/konten', { id })).rc).toBe('404');
    expect((await ops.post(`/console/news/${id}/publish`, { published: true })).rc).toBe('00');
    const shown = await merchant.get('/kategori/konten', { id });
    expect(shown.rc).toBe('00');
  });

  it('a staff member denied a console permission is refused', async () => {
    const ops = await consoleLogin(t);
    const staff = await t.services.db
      .selectFrom('staff_users')
      .select('id')
      .where('email', '=', 'ops@demo.id')
      .executeTakeFirstOrThrow();
    await t.services.db
      .insertInto('staff_denials')
      .values({ staff_id: staff.id, module: 'console_content', action: 'UPDATE' })
      .execute();
    const res = await ops.post('/console/news', {
      title: 'x',
      category_id: 1598,
      foto: '',
      konten: '<p>x</p>',
    });
    expect(res.rc).toBe('403');
    // Queue counts follow READ too: a queue the staff member may not read has no count.
    await t.services.db
      .insertInto('staff_denials')
      .values({ staff_id: staff.id, module: 'console_advance', action: 'READ' })
      .execute();
    const queues = await ops.get('/console/queues');
    expect(queues.data.advance).toBeNull();
    expect(typeof queues.data.registrations).toBe('number');
    await t.services.db.deleteFrom('staff_denials').where('staff_id', '=', staff.id).execute();
  });

  it('audits failed staff logins and what a news change said, by the staff e-mail', async () => {
    const c = t.client({ lang: 'en' });
    const wrong = await c.post('/console/auth/login', {
      email: 'ops@demo.id',
      password: 'not-the-password',
      captcha: TEST_KEY,
    });
    expect(wrong.rc).toBe('01');
    const ops = await consoleLogin(t);
    const created = await ops.post('/console/news', {
      title: 'Jadwal pemeliharaan',
      category_id: 1598,
      foto: '',
      konten: '<p>Sabtu malam</p>',
    });
    expect(created.rc).toBe('00');
    const rows = await t.services.db
      .selectFrom('audit_log')
      .select(['action', 'username', 'detail'])
      .where('action', 'in', ['console_login_failure', 'console_news_create'])
      .orderBy('id')
      .execute();
    const failure = rows.find(
      (r) => r.action === 'console_login_failure' && r.username === 'console:ops@demo.id',
    );
    expect(failure).toBeDefined();
    expect(JSON.stringify(failure?.detail)).toContain('password');
    const news = rows.filter((r) => r.action === 'console_news_create').at(-1);
    expect(news?.username).toBe('console:ops@demo.id');
    expect(JSON.stringify(news?.detail)).toContain('Jadwal pemeliharaan');
  });

  it("demo switches: bank downtime off and on, a new rate, the clock; the other areas' queues answer", async () => {
    const ops = await consoleLogin(t);
    expect(
      (await ops.post('/console/demo/downtime', { enabled: false })).data.bankDowntime,
    ).toBeNull();
    expect(t.services.rails.simulatorSettings.bankDowntime).toBeNull();
    const on = await ops.post('/console/demo/downtime', { enabled: true });
    expect(on.data.bankDowntime).toEqual({ startsAtWib: '23:00', endsAtWib: '06:00' });
    expect((await ops.post('/console/demo/rates', { currency: 'XXX', selling_rate: 1 })).rc).toBe(
      '400',
    );
    const rate = await ops.post('/console/demo/rates', { currency: 'SGD', selling_rate: 12_345 });
    expect(rate.rc).toBe('00');
    expect(rate.data.rates).toEqual(
      expect.arrayContaining([expect.objectContaining({ currency: 'SGD', sellingRate: 12_345 })]),
    );
    const at = '2026-03-02T16:30:00.000Z';
    expect((await ops.post('/console/demo/clock', { at })).data.now.slice(0, 16)).toBe(
      at.slice(0, 16),
    );
    expect((await ops.post('/console/demo/clock', { at: null })).rc).toBe('00');
    for (const path of [
      '/console/nmid',
      '/console/advance',
      '/console/callbacks/failing',
      '/console/queues',
    ])
      expect((await ops.get(path)).rc, path).toBe('00');
    const actions = await t.services.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'console_demo_%')
      .execute();
    expect(actions.length).toBeGreaterThanOrEqual(5);
  });
});
