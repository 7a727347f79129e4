import { findModule, MODULES } from '@gerbang/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers/test-app';
import { addSubAccount, auditRows, loginWith, userIdOf } from './helpers';

interface AccessEntry {
  id_modul: number;
  nama_modul: string;
  hak_akses: string;
  hak_akses_dilarang: string;
}

const entry = (list: AccessEntry[], name: string) => {
  const found = list.find((m) => m.nama_modul === name);
  if (!found) throw new Error(`module ${name} missing from the list`);
  return found;
};

describe.each(testDatabases())('module access on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("GET /data/modul_access answers the caller's group, and refuses another group", async () => {
    const partner = await t.loginAs('partner@demo.id');
    const own = await partner.get('/data/modul_access', { id_grup: 6 });
    expect(own.rc).toBe('00');
    expect(own.data).toEqual(
      expect.arrayContaining([
        { id_modul: 101, nama_modul: 'account_management', hak_akses: 'READ|ADD|UPDATE' },
        { id_modul: 21, nama_modul: 'reset_password', hak_akses: 'UPDATE' },
      ]),
    );
    // Aggregator-only modules are not in group 6.
    expect(own.data.map((m: { nama_modul: string }) => m.nama_modul)).not.toContain(
      'data_merchant_member',
    );
    expect((await partner.get('/data/modul_access')).data).toEqual(own.data);
    expect((await partner.get('/data/modul_access', { id_grup: 11 })).rc).toBe('403');
    const aggregator = await t.loginAs('aggregator@demo.id');
    const agg = await aggregator.get('/data/modul_access', { id_grup: 11 });
    expect(agg.data.map((m: { nama_modul: string }) => m.nama_modul)).toContain(
      'data_merchant_member',
    );
  });

  it("GET /data/modul_access_user: own list for anyone; a sub-user's list for its main user only", async () => {
    const staffId = await userIdOf(t, 'staff@demo.id');
    const partnerId = await userIdOf(t, 'partner@demo.id');
    const partner = await t.loginAs('partner@demo.id');
    const staffList = await partner.get('/data/modul_access_user', { id_user: staffId });
    expect(staffList.rc).toBe('00');
    expect(entry(staffList.data, 'credential').hak_akses_dilarang).toBe('READ|UPDATE');
    expect(entry(staffList.data, 'reset_password').hak_akses_dilarang).toBe('UPDATE');
    expect(entry(staffList.data, 'home').hak_akses_dilarang).toBe('');

    const staff = await t.loginAs('staff@demo.id');
    expect((await staff.get('/data/modul_access_user', { id_user: staffId })).rc).toBe('00');
    expect((await staff.get('/data/modul_access_user')).data).toEqual(staffList.data);
    // Not the main user's list, not a sibling's, not another agent's.
    const sibling = await addSubAccount(t, partner);
    for (const id of [partnerId, sibling.id, await userIdOf(t, 'aggregator@demo.id')]) {
      expect((await staff.get('/data/modul_access_user', { id_user: id })).rc, String(id)).toBe(
        '403',
      );
    }
  });

  it("a denial by the main user refuses the sub-user's NEXT call, shows in hak_akses_dilarang, and can be lifted", async () => {
    const staffId = await userIdOf(t, 'staff@demo.id');
    const partnerId = await userIdOf(t, 'partner@demo.id');
    const partner = await t.loginAs('partner@demo.id', { lang: 'en' });
    const staff = await t.loginAs('staff@demo.id', { lang: 'en' });
    expect((await staff.get('/data/account_profile')).rc).toBe('00');

    const accountModule = findModule('account')!;
    const balanceModule = findModule('data_balance')!;
    const saved = await partner.post('/data/modul_access_user', {
      id_user: partnerId,
      id_user_updated: staffId,
      added_not_allow_access: [
        { idModul: accountModule.id, access: 'READ' },
        { idModul: balanceModule.id, access: 'READ' },
      ],
      delete_not_allow_access: [],
    });
    expect(saved.rc).toBe('00');
    expect(saved.rd).toBe('Access rights successfully updated');
    expect(entry(saved.data, 'account').hak_akses_dilarang).toBe('READ');

    // Same session, next call: refused.
    const refused = await staff.get('/data/account_profile');
    expect(refused.rc).toBe('403');
    expect(refused.rd).toBe('You Not Allowed to Access This Page');
    const own = await staff.get('/data/modul_access_user');
    expect(entry(own.data, 'account').hak_akses_dilarang).toBe('READ');
    expect(entry(own.data, 'data_balance').hak_akses_dilarang).toBe('READ');
    // The refreshed session state the page reads carries it too.
    const datauser = await staff.post('/auth/datauser');
    expect(entry(datauser.data.access_data, 'data_balance').hak_akses_dilarang).toBe('READ');

    // Lift the demo's reset_password denial and the new account denial: both calls work again.
    expect((await staff.post('/data/account_change_pass', {})).rc).toBe('403');
    const lifted = await partner.post('/data/modul_access_user', {
      id_user: partnerId,
      id_user_updated: staffId,
      added_not_allow_access: [],
      delete_not_allow_access: [
        { idModul: accountModule.id, access: 'READ' },
        { idModul: 21, access: 'UPDATE' },
      ],
    });
    expect(lifted.rc).toBe('00');
    expect((await staff.get('/data/account_profile')).rc).toBe('00');
    // Reaches validation now (empty body), no longer refused.
    const change = await staff.post('/data/account_change_pass', {});
    expect(change.rc).toBe('400');
    expect(change.rd).toBe('password must be at least 12 characters');
    expect(
      entry((await staff.get('/data/modul_access_user')).data, 'data_balance').hak_akses_dilarang,
    ).toBe('READ');

    const audit = await auditRows(t, 'permissions_update', 'staff@demo.id');
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ user_id: partnerId, username: 'partner@demo.id' });
    expect(audit[0].detail).toMatchObject({
      denied: ['account:READ', 'data_balance:READ'],
      allowed_again: [],
    });
    expect(audit[1].detail).toMatchObject({
      denied: [],
      allowed_again: ['account:READ', 'reset_password:UPDATE'],
    });
    expect(audit[0].ip).toBeTruthy();
  });

  it('re-sending a denial or lifting one that is not there changes nothing and audits nothing extra', async () => {
    const partner = await t.loginAs('partner@demo.id');
    const sub = await addSubAccount(t, partner);
    const body = {
      id_user_updated: sub.id,
      added_not_allow_access: [{ idModul: 5, access: 'read' }],
      delete_not_allow_access: [{ idModul: 17, access: 'READ' }],
    };
    expect((await partner.post('/data/modul_access_user', body)).rc).toBe('00');
    const again = await partner.post('/data/modul_access_user', body);
    expect(again.rc).toBe('00');
    expect(entry(again.data, 'home').hak_akses_dilarang).toBe('READ');
    const audit = await auditRows(t, 'permissions_update', sub.email);
    expect(audit.map((r) => r.detail)).toEqual([
      expect.objectContaining({ denied: ['home:READ'], allowed_again: [] }),
      expect.objectContaining({ denied: [], allowed_again: [] }),
    ]);
    // The sub-account's home is denied: its login result lists the denial.
    const subSession = await loginWith(t, sub.email, sub.password);
    const me = await subSession.post('/auth/datauser');
    expect(entry(me.data.access_data, 'home').hak_akses_dilarang).toBe('READ');
  });

  it('validates module ids and actions against the catalogue and the group', async () => {
    const partner = await t.loginAs('partner@demo.id', { lang: 'en' });
    const sub = await addSubAccount(t, partner);
    const save = (added: unknown, removed: unknown = []) =>
      partner.post('/data/modul_access_user', {
        id_user_updated: sub.id,
        added_not_allow_access: added,
        delete_not_allow_access: removed,
      });
    const aggregatorOnly = MODULES.find((m) => m.groups?.includes(11) && !m.groups.includes(6))!;
    const bad: unknown[] = [
      [{ idModul: 99_999, access: 'READ' }],
      [{ idModul: 21, access: 'READ' }],
      [{ idModul: 21, access: 'DELETE' }],
      [{ idModul: aggregatorOnly.id, access: 'READ' }],
      [{ idModul: 'abc', access: 'READ' }],
      [{ access: 'READ' }],
      'READ',
    ];
    for (const added of bad) {
      const res = await save(added);
      expect([res.rc, res.rd], JSON.stringify(added)).toEqual([
        '400',
        'module access is not valid',
      ]);
    }
    const both = await save([{ idModul: 5, access: 'READ' }], [{ idModul: 5, access: 'READ' }]);
    expect(both.rd).toBe('module access is not valid');
    const tooMany = await save(Array.from({ length: 501 }, () => ({ idModul: 5, access: 'READ' })));
    expect(tooMany.rc).toBe('400');
    expect((await partner.post('/data/modul_access_user', {})).rd).toBe('choose a sub-account');
    // Nothing was stored by any refused save.
    const denials = await t.services.db
      .selectFrom('user_module_denials')
      .selectAll()
      .where('user_id', '=', sub.id)
      .execute();
    expect(denials).toEqual([]);
    // The id_user field, when sent, must be the caller.
    const staffId = await userIdOf(t, 'staff@demo.id');
    const spoof = await partner.post('/data/modul_access_user', {
      id_user: staffId,
      id_user_updated: sub.id,
      added_not_allow_access: [{ idModul: 5, access: 'READ' }],
    });
    expect(spoof.rc).toBe('403');
  });

  it('is main-user only and refused in sandbox', async () => {
    const partner = await t.loginAs('partner@demo.id', { lang: 'en' });
    const sub = await addSubAccount(t, partner);
    const subSession = await loginWith(t, sub.email, sub.password, 'en');
    const body = {
      id_user_updated: sub.id,
      added_not_allow_access: [],
      delete_not_allow_access: [],
    };
    expect((await subSession.post('/data/modul_access_user', body)).rc).toBe('403');
    await partner.post('/control/change_environment_sandbox');
    const sandbox = await partner.post('/data/modul_access_user', body);
    expect(sandbox.rc).toBe('403');
    expect(sandbox.rd).toBe(
      'You are in Sandbox Mode. This feature can only be run in Production Mode.',
    );
    expect((await partner.get('/data/modul_access_user', { id_user: sub.id })).rc).toBe('403');
    // Its own list stays readable in sandbox.
    expect((await partner.get('/data/modul_access_user')).rc).toBe('00');
    await loginWith(t, 'partner@demo.id', DEMO_PASSWORD);
  });
});
