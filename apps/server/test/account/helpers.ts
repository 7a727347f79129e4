import { DEMO_PASSWORD, TEST_KEY, type TestApp, type TestClient } from '../helpers/test-app';

export const STRONG_PASSWORD = 'Kopi-Tubruk#2026';

let counter = 0;
/** A unique e-mail per call, so tests never collide with each other or the demo users. */
export function uniqueEmail(prefix = 'sub'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@contoh.co.id`;
}

/** Adds a sub-account as `main` (partner by default) and returns its id and e-mail. */
export async function addSubAccount(
  t: TestApp,
  main: TestClient,
  overrides: { name?: string; email?: string; password?: string } = {},
): Promise<{ id: number; email: string; password: string }> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? STRONG_PASSWORD;
  const res = await main.post('/data/account_store', {
    id: '',
    name: overrides.name ?? 'Sub Akun Uji',
    email,
    password,
    confirmpassword: password,
    userpw: DEMO_PASSWORD,
  });
  if (res.rc !== '00') throw new Error(`adding ${email} failed: ${res.rc} ${res.rd}`);
  const row = await t.services.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', email)
    .executeTakeFirstOrThrow();
  return { id: row.id, email, password };
}

/** Logs in as any user with the test key (the helper's loginAs assumes the demo password). */
export async function loginWith(
  t: TestApp,
  username: string,
  password: string,
  lang?: 'id' | 'en',
): Promise<TestClient> {
  const c = t.client({ lang });
  const res = await c.post('/auth/login', { username, password, captcha: TEST_KEY });
  if (res.rc !== '00') throw new Error(`login as ${username} failed: ${res.rc} ${res.rd}`);
  return c;
}

export async function userIdOf(t: TestApp, username: string): Promise<number> {
  const row = await t.services.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function auditRows(t: TestApp, action: string, target?: string) {
  let q = t.services.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .orderBy('id');
  if (target) q = q.where('target', '=', target);
  return q.execute();
}
