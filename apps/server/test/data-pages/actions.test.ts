import { wibDate } from '@gerbang/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';
import { agentOf, insertCallbacks } from './factories';

/** The row actions' calls (spec 03 §7.1): scoped to the caller's agent and permission-checked. */
describe.each(testDatabases())('data page row actions (%s)', (kind) => {
  let t: TestApp;
  let partner: TestClient;
  let partnerAgent: number;
  let otherAgent: number;

  /** Mutating GETs need the header our client sends (a cross-site link cannot). */
  const xhrGet = async (client: TestClient, url: string, query: Record<string, string>) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api${url}`,
      query,
      headers: {
        cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-requested-with': 'XMLHttpRequest',
      },
    });
    return res.json() as { rc: string; rd: string; data: any };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    partner = await t.loginAs('partner@demo.id');
    partnerAgent = (await agentOf(t.services, 'partner@demo.id')).agentId;
    otherAgent = (await agentOf(t.services, 'h2h@demo.id')).agentId;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('retry_callback queues the caller’s own sent or failed callback once', async () => {
    const [own] = await insertCallbacks(t.services, partnerAgent, [{ status_sent: 2 }]);
    const [foreign] = await insertCallbacks(t.services, otherAgent, [{ status_sent: 2 }]);
    const first = await partner.post('/control/retry_callback', { id_callback: own });
    expect(first.rc, first.rd).toBe('00');
    expect(first.data.status_sent).toBe(3);
    const again = await partner.post('/control/retry_callback', { id_callback: own });
    expect(again.rc).toBe('01');
    const other = await partner.post('/control/retry_callback', { id_callback: foreign });
    expect(other.rc).toBe('404');
    const row = await t.services.db
      .selectFrom('callbacks')
      .select('status_sent')
      .where('id_callback', '=', foreign as number)
      .executeTakeFirstOrThrow();
    expect(row.status_sent).toBe(2);
    // No CSRF token, no change.
    const noCsrf = await partner.post(
      '/control/retry_callback',
      { id_callback: own },
      { csrf: false },
    );
    expect(noCsrf.rc).toBe('403');
  });

  it('retry_callback is refused to a user without the callback monitor', async () => {
    const staff = await t.loginAs('staff@demo.id');
    const [own] = await insertCallbacks(t.services, partnerAgent, [{ status_sent: 1 }]);
    const res = await staff.post('/control/retry_callback', { id_callback: own });
    expect(res.rc).toBe('403');
  });

  it('toggles a favourite account of the caller only, and only from our client', async () => {
    const favourite = await t.services.db
      .selectFrom('favourite_accounts')
      .select(['id', 'is_active'])
      .where('agent_id', '=', partnerAgent)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const plain = await partner.get('/data/set_change_status_account_favourite', {
      id: String(favourite.id),
    });
    expect(plain.rc).toBe('403');
    const toggled = await xhrGet(partner, '/data/set_change_status_account_favourite', {
      id: String(favourite.id),
    });
    expect(toggled.rc, toggled.rd).toBe('00');
    expect(toggled.data.is_active).toBe(!favourite.is_active);
    const back = await xhrGet(partner, '/data/set_change_status_account_favourite', {
      id: String(favourite.id),
    });
    expect(back.data.is_active).toBe(favourite.is_active);
    const h2h = await t.loginAs('h2h@demo.id');
    const foreign = await xhrGet(h2h, '/data/set_change_status_account_favourite', {
      id: String(favourite.id),
    });
    expect(foreign.rc).toBe('404');
    const bad = await xhrGet(partner, '/data/set_change_status_account_favourite', {
      id: '1 or 1=1',
    });
    expect(bad.rc).toBe('400');
  });

  it('deletes a new advance-funds request; processed or foreign ones stay', async () => {
    const now = t.clock.now;
    const base = {
      environment: 'production' as const,
      username: 'partner@demo.id',
      date_from: wibDate(now),
      date_to: wibDate(now),
      id_produk: 'VA014',
      nama_produk: 'Virtual Account Bank BCA',
      created_date: wibDate(now),
    };
    const [fresh, approved, foreign] = await t.services.db
      .insertInto('dana_talangan_requests')
      .values([
        { ...base, agent_id: partnerAgent, status: 0 },
        { ...base, agent_id: partnerAgent, status: 1 },
        { ...base, agent_id: otherAgent, status: 0 },
      ])
      .returning('id')
      .execute();
    const before = await partner.get('/data/dana_talangan');
    expect(before.data.total).toBe(2);
    const deleted = await xhrGet(partner, '/data/delete_talangan', { id: String(fresh?.id) });
    expect(deleted.rc, deleted.rd).toBe('00');
    const after = await partner.get('/data/dana_talangan');
    expect(after.data.total).toBe(1);
    expect((await xhrGet(partner, '/data/delete_talangan', { id: String(approved?.id) })).rc).toBe(
      '01',
    );
    expect((await xhrGet(partner, '/data/delete_talangan', { id: String(foreign?.id) })).rc).toBe(
      '404',
    );
    expect((await xhrGet(partner, '/data/delete_talangan', { id: String(fresh?.id) })).rc).toBe(
      '404',
    );
    const audit = await t.services.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'dana_talangan_delete')
      .execute();
    expect(audit).toHaveLength(1);
  });
});
