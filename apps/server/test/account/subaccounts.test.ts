import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers/test-app';
import {
  addSubAccount,
  auditRows,
  loginWith,
  STRONG_PASSWORD,
  uniqueEmail,
  userIdOf,
} from './helpers';

describe.each(testDatabases())('sub-accounts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const form = (over: Record<string, unknown> = {}) => ({
    id: '',
    name: 'Andi Wijaya',
    email: uniqueEmail('andi'),
    password: STRONG_PASSWORD,
    confirmpassword: STRONG_PASSWORD,
    userpw: DEMO_PASSWORD,
    ...over,
  });

  it('validates an add in the spec order (name, e-mail, password, confirmation, own password)', async () => {
    const en = await t.loginAs('partner@demo.id', { lang: 'en' });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: '  ' }, '400', 'name is required'],
      [{ email: '' }, '400', 'email is required'],
      [{ email: 'andi.wijaya' }, '400', 'email is not valid'],
      [{ email: 'andi @contoh.co.id' }, '400', 'email is not valid'],
      [{ password: '' }, '400', 'password must be at least 12 characters'],
      [
        { password: 'Abcdefgh#12', confirmpassword: 'Abcdefgh#12' },
        '400',
        'password must be at least 12 characters',
      ],
      [{ confirmpassword: 'something-else-entirely' }, '400', "confirm password doesn't match"],
      [{ userpw: '' }, '400', 'enter your password'],
      [{ userpw: 'not-the-main-password' }, '01', 'your password is wrong'],
      [{ email: 'staff@demo.id' }, '400', 'email is already used'],
      [{ email: 'AGGREGATOR@demo.id' }, '400', 'email is already used'],
    ];
    for (const [over, rc, message] of cases) {
      const res = await en.post('/data/account_store', form(over));
      expect([res.rc, res.rd], JSON.stringify(over)).toEqual([rc, message]);
    }
    // Several problems at once: the first in spec order wins.
    const all = await en.post('/data/account_store', {
      id: '',
      name: '',
      email: 'x',
      password: '1',
    });
    expect(all.rd).toBe('name is required');
    const id = await t.loginAs('partner@demo.id');
    expect((await id.post('/data/account_store', form({ name: '' }))).rd).toBe('nama wajib diisi');
    expect((await id.post('/data/account_store', form({ email: 'bukan-email' }))).rd).toBe(
      'email tidak valid',
    );
    expect((await id.post('/data/account_store', form({ email: 'staff@demo.id' }))).rd).toBe(
      'email sudah digunakan',
    );
  });

  it("adds a sub-account that belongs to the caller's agent, can log in, and is listed", async () => {
    const partner = await t.loginAs('partner@demo.id', { lang: 'en' });
    const body = form({ name: 'Andi Wijaya' });
    const res = await partner.post('/data/account_store', body);
    expect(res.rc).toBe('00');
    expect(res.rd).toBe('Account management successfully registered');
    const row = await t.services.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', body.email as string)
      .executeTakeFirstOrThrow();
    const partnerRow = await t.services.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'partner@demo.id')
      .executeTakeFirstOrThrow();
    expect(row.agent_id).toBe(partnerRow.agent_id);
    expect(row.parent_user_id).toBe(partnerRow.id);
    expect(row.password_hash).not.toContain(STRONG_PASSWORD);

    const list = await partner.post('/data/account_all', { iduser: partnerRow.id });
    expect(list.rc).toBe('00');
    expect(list.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: row.id, username: body.email, nama: 'Andi Wijaya' }),
        expect.objectContaining({ username: 'staff@demo.id' }),
      ]),
    );
    // Only this agent's sub-accounts, never its main user or another agent's users.
    const names = list.data.map((r: { username: string }) => r.username);
    expect(names).not.toContain('partner@demo.id');
    expect(names).not.toContain('aggregator@demo.id');

    const sub = await loginWith(t, body.email as string, STRONG_PASSWORD);
    const me = await sub.post('/auth/datauser');
    expect(me.data.is_user_parent).toBe(false);
    expect(me.data.agent.username).toBe('partner@demo.id');

    const audit = await auditRows(t, 'subaccount_create', body.email as string);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ user_id: partnerRow.id, username: 'partner@demo.id' });
    expect(audit[0].detail).toMatchObject({ name: 'Andi Wijaya', email: body.email });
    expect(audit[0].ip).toBeTruthy();
    expect(JSON.stringify(audit[0])).not.toContain(STRONG_PASSWORD);
    expect(JSON.stringify(audit[0])).not.toContain(DEMO_PASSWORD);
  });

  it('edits a sub-account: e-mail fixed, new password optional, own password required', async () => {
    const partner = await t.loginAs('partner@demo.id', { lang: 'en' });
    const sub = await addSubAccount(t, partner, { name: 'Citra Dewi' });
    const subSession = await loginWith(t, sub.email, sub.password);
    const edit = (over: Record<string, unknown>) =>
      partner.post('/data/account_store', {
        id: sub.id,
        name: 'Citra Dewi Anggraini',
        email: sub.email,
        password: '',
        confirmpassword: '',
        userpw: DEMO_PASSWORD,
        ...over,
      });
    expect((await edit({ email: 'lain@contoh.co.id' })).rd).toBe('email cannot be changed');
    expect((await edit({ userpw: '' })).rd).toBe('enter your password');
    expect((await edit({ password: 'short' })).rd).toBe('password must be at least 12 characters');
    expect((await edit({ password: 'Rendang#Padang1', confirmpassword: 'x' })).rd).toBe(
      "confirm password doesn't match",
    );

    // Name only: the password and the sub-account's session stay.
    const nameOnly = await edit({});
    expect(nameOnly.rc).toBe('00');
    expect(nameOnly.rd).toBe('Account management successfully updated');
    expect((await subSession.get('/data/account_profile')).rc).toBe('00');
    await loginWith(t, sub.email, sub.password);

    // A new password: the sub-account's sessions end, the new password works.
    const withPassword = await edit({
      password: 'Rendang#Padang1',
      confirmpassword: 'Rendang#Padang1',
    });
    expect(withPassword.rc).toBe('00');
    expect((await subSession.get('/data/account_profile')).rc).toBe('401');
    await loginWith(t, sub.email, 'Rendang#Padang1');

    const list = await partner.post('/data/account_all', {});
    expect(list.data.find((r: { id: number }) => r.id === sub.id).nama).toBe(
      'Citra Dewi Anggraini',
    );
    const audit = await auditRows(t, 'subaccount_update', sub.email);
    expect(audit).toHaveLength(2);
    expect(audit[0].detail).toMatchObject({
      name: { from: 'Citra Dewi', to: 'Citra Dewi Anggraini' },
    });
    expect(audit[1].detail).toMatchObject({ password_changed: true });
    expect(JSON.stringify(audit)).not.toContain('Rendang#Padang1');
  });

  it('deletes a sub-account: its sessions end, it cannot log in, its e-mail can be used again', async () => {
    const partner = await t.loginAs('partner@demo.id', { lang: 'en' });
    const sub = await addSubAccount(t, partner, { name: 'Eko Saputra' });
    const subSession = await loginWith(t, sub.email, sub.password);
    const res = await partner.post('/data/account_delete', { idaccount: sub.id });
    expect(res.rc).toBe('00');
    expect(res.rd).toBe('Account management successfully delete');
    expect((await subSession.get('/data/account_profile')).rc).toBe('401');
    await expect(loginWith(t, sub.email, sub.password)).rejects.toThrow(/failed/);
    const list = await partner.post('/data/account_all', {});
    expect(list.data.map((r: { id: number }) => r.id)).not.toContain(sub.id);
    // A second delete of the same id is refused like any id that is not the caller's.
    expect((await partner.post('/data/account_delete', { idaccount: sub.id })).rc).toBe('403');
    // The e-mail is free again.
    const again = await addSubAccount(t, partner, { email: sub.email });
    expect(again.id).not.toBe(sub.id);
    const audit = await auditRows(t, 'subaccount_delete', sub.email);
    expect(audit).toHaveLength(1);
    expect(audit[0].detail).toMatchObject({
      id: sub.id,
      name: 'Eko Saputra',
      sessions_ended: true,
    });
    expect((await partner.post('/data/account_delete', {})).rd).toBe('choose a sub-account');
  });

  it('refuses a sub-user (staff) on every account-management call', async () => {
    const staff = await t.loginAs('staff@demo.id', { lang: 'en' });
    const staffId = await userIdOf(t, 'staff@demo.id');
    const calls = [
      staff.post('/data/account_all', { iduser: staffId }),
      staff.post('/data/account_store', form({ userpw: DEMO_PASSWORD })),
      staff.post('/data/account_delete', { idaccount: staffId }),
      staff.post('/data/modul_access_user', {
        id_user: staffId,
        id_user_updated: staffId,
        added_not_allow_access: [],
        delete_not_allow_access: [{ idModul: 21, access: 'UPDATE' }],
      }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.rc).toBe('403');
      expect(res.rd).toBe('You Not Allowed to Access This Page');
    }
    // Staff still has its own denial: the last call changed nothing.
    const own = await staff.get('/data/modul_access_user', { id_user: staffId });
    expect(
      own.data.find((m: { nama_modul: string }) => m.nama_modul === 'reset_password')
        .hak_akses_dilarang,
    ).toBe('UPDATE');
  });

  it('refuses a personal end user and refuses in sandbox', async () => {
    const end = await t.loginAs('enduser@demo.id', { lang: 'en' });
    expect((await end.post('/data/account_all', {})).rc).toBe('403');
    expect((await end.post('/data/account_store', form())).rc).toBe('403');
    const partner = await t.loginAs('partner@demo.id', { lang: 'en' });
    await partner.post('/control/change_environment_sandbox');
    for (const res of [
      await partner.post('/data/account_all', {}),
      await partner.post('/data/account_store', form()),
      await partner.post('/data/account_delete', { idaccount: 1 }),
    ]) {
      expect(res.rc).toBe('403');
      expect(res.rd).toBe(
        'You are in Sandbox Mode. This feature can only be run in Production Mode.',
      );
    }
  });

  it("never touches another agent's users (the aggregator's ids), whatever the ids sent", async () => {
    const partner = await t.loginAs('partner@demo.id', { lang: 'en' });
    const aggregatorId = await userIdOf(t, 'aggregator@demo.id');
    const memberId = await userIdOf(t, 'toko.makmur@demo.id');
    const aggregator = await t.loginAs('aggregator@demo.id');
    const aggSub = await addSubAccount(t, aggregator, { name: 'Staf Agregator' });
    for (const target of [aggregatorId, memberId, aggSub.id, 999_999]) {
      const edit = await partner.post(
        '/data/account_store',
        form({ id: target, email: 'x@contoh.co.id' }),
      );
      expect(edit.rc, `edit ${target}`).toBe('403');
      expect((await partner.post('/data/account_delete', { idaccount: target })).rc).toBe('403');
      expect((await partner.get('/data/modul_access_user', { id_user: target })).rc).toBe('403');
      const save = await partner.post('/data/modul_access_user', {
        id_user_updated: target,
        added_not_allow_access: [{ idModul: 5, access: 'READ' }],
        delete_not_allow_access: [],
      });
      expect(save.rc).toBe('403');
    }
    // Asking for another user's list is refused; the aggregator's sub-account is untouched.
    expect((await partner.post('/data/account_all', { iduser: aggregatorId })).rc).toBe('403');
    await loginWith(t, aggSub.email, aggSub.password);
    const denials = await t.services.db
      .selectFrom('user_module_denials')
      .selectAll()
      .where('user_id', 'in', [aggregatorId, memberId, aggSub.id])
      .execute();
    expect(denials).toEqual([]);
    // The main user cannot be edited or deleted through the sub-account calls either.
    const partnerId = await userIdOf(t, 'partner@demo.id');
    expect((await partner.post('/data/account_delete', { idaccount: partnerId })).rc).toBe('403');
  });

  it('needs ADD to add and UPDATE to edit (a main user with a denial is refused)', async () => {
    const partnerId = await userIdOf(t, 'partner@demo.id');
    const partner = await t.loginAs('partner@demo.id', { lang: 'en' });
    const sub = await addSubAccount(t, partner);
    await t.services.db
      .insertInto('user_module_denials')
      .values([
        { user_id: partnerId, module_id: 101, action: 'ADD' },
        { user_id: partnerId, module_id: 101, action: 'UPDATE' },
      ])
      .execute();
    try {
      expect((await partner.post('/data/account_store', form())).rc).toBe('403');
      const edit = await partner.post(
        '/data/account_store',
        form({ id: sub.id, email: sub.email }),
      );
      expect(edit.rc).toBe('403');
      expect((await partner.post('/data/account_delete', { idaccount: sub.id })).rc).toBe('403');
      expect((await partner.post('/data/account_all', {})).rc).toBe('00');
    } finally {
      await t.services.db
        .deleteFrom('user_module_denials')
        .where('user_id', '=', partnerId)
        .execute();
    }
  });
});
