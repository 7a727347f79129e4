import { sql } from 'kysely';
import { notFound } from '../../http/errors';
import type { Services } from '../../http/services';
import { endSessions } from '../../platform/session/session-admin';
import { revokeOtherSessions } from '../../platform/session/sessions';
import type { ConsoleReviewer } from '../../platform/staff/reviewer';
import { auditConsole } from './audit';

/**
 * Merchant search and page. Balances come from the ledger (services.balances), read
 * only; nothing here moves money. The two switches are enforced by the server: `enable_api` off
 * refuses every `apiEnabled` rule, `portal_disabled` refuses logins and ends open sessions.
 */
type Db = Services['db'];

/** JSON sends a Date as its ISO string; the answers (contract/console.ts) say so. */
const iso = (value: Date | string) => new Date(value).toISOString();

export async function searchMerchants(db: Db, q: string) {
  const term = `%${q
    .trim()
    .toLowerCase()
    .replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  let query = db
    .selectFrom('agents')
    .select([
      'id',
      'username',
      'nama_agen',
      'id_grup',
      'user_type',
      'enable_api',
      'portal_disabled',
      'business_activated',
      'is_approved_kyc',
    ])
    .orderBy('id', 'asc')
    .limit(50);
  if (q.trim()) {
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`lower(username)`, 'like', term),
        eb(sql<string>`lower(nama_agen)`, 'like', term),
        eb(sql<string>`lower(email)`, 'like', term),
      ]),
    );
  }
  return query.execute();
}

export async function merchantPage(services: Pick<Services, 'db' | 'balances'>, agentId: number) {
  const db = services.db;
  const agent = await db
    .selectFrom('agents')
    .select([
      'id',
      'username',
      'nama_agen',
      'email',
      'id_grup',
      'user_type',
      'enable_api',
      'portal_disabled',
      'business_activated',
      'is_approved_kyc',
      'status_reg',
      'created_at',
    ])
    .where('id', '=', agentId)
    .executeTakeFirst();
  if (!agent) throw notFound('console.errors.merchantNotFound');
  const [users, production, sandbox, transactions, callbacks] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'username', 'nama', 'parent_user_id', 'portal_access', 'deleted_at'])
      .where('agent_id', '=', agentId)
      .orderBy('id')
      .execute(),
    services.balances.read(agentId, 'production'),
    services.balances.read(agentId, 'sandbox'),
    db
      .selectFrom('transactions')
      .select([
        'id_transaksi',
        'environment',
        'kind',
        'jenis_trx',
        'status_trx',
        'nominal_origin',
        'nama_produk',
        'time_request',
      ])
      .where('agent_id', '=', agentId)
      .orderBy('time_request', 'desc')
      .limit(20)
      .execute(),
    db
      .selectFrom('callbacks')
      .select([
        'status_sent',
        sql<number>`count(*)::int`.as('count'),
        sql<Date | null>`max(date_created)`.as('last'),
      ])
      .where('agent_id', '=', agentId)
      .groupBy('status_sent')
      .execute(),
  ]);
  return {
    agent: { ...agent, created_at: iso(agent.created_at) },
    users: users.map((u) => ({
      ...u,
      deleted_at: u.deleted_at === null ? null : iso(u.deleted_at),
      main: u.parent_user_id === null,
    })),
    balances: { production, sandbox },
    transactions: transactions.map((x) => ({ ...x, time_request: iso(x.time_request) })),
    callbacks: callbacks.map((c) => ({
      status: c.status_sent,
      count: Number(c.count),
      last: c.last === null ? null : iso(c.last),
    })),
  };
}

/** The console's switches: API access (`enable_api`) and portal login (`portal_disabled`). */
export async function setMerchantAccess(
  services: Pick<Services, 'db' | 'now' | 'balances'>,
  reviewer: ConsoleReviewer,
  input: { agentId: number; api?: boolean; portal?: boolean },
) {
  const now = services.now();
  await services.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('agents')
      .select(['enable_api', 'portal_disabled'])
      .where('id', '=', input.agentId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound('console.errors.merchantNotFound');
    const change: { enable_api?: boolean; portal_disabled?: boolean } = {};
    if (input.api !== undefined) change.enable_api = input.api;
    if (input.portal !== undefined) change.portal_disabled = !input.portal;
    if (Object.keys(change).length === 0) return;
    await trx.updateTable('agents').set(change).where('id', '=', input.agentId).execute();
    await auditConsole(trx, reviewer, {
      action: 'merchant_access',
      agentId: input.agentId,
      target: String(input.agentId),
      detail: { before, after: change },
      at: now,
    });
  });
  if (input.portal === false) {
    // Open sessions end at once (loadSession also refuses them while the switch is off).
    const users = await services.db
      .selectFrom('users')
      .select('id')
      .where('agent_id', '=', input.agentId)
      .execute();
    for (const u of users) await revokeOtherSessions(services.db, u.id, null, now);
  }
  return merchantPage(services, input.agentId);
}

/** Merchants whose callbacks are failing (status 2), most failures first. */
export async function failingCallbacks(db: Db) {
  const rows = await db
    .selectFrom('callbacks as c')
    .innerJoin('agents as a', 'a.id', 'c.agent_id')
    .select([
      'a.id as agentId',
      'a.username',
      'a.nama_agen',
      sql<number>`count(*)::int`.as('failed'),
      sql<Date>`max(c.date_created)`.as('last'),
    ])
    .where('c.status_sent', '=', 2)
    .groupBy(['a.id', 'a.username', 'a.nama_agen'])
    .orderBy(sql`count(*)`, 'desc')
    .limit(100)
    .execute();
  return rows.map((r) => ({ ...r, last: iso(r.last) }));
}

/**
 * Console staff end every open portal session of a merchant's users, with a
 * reason in the audit: each answers 401 at its next request, on every server process.
 */
export async function endMerchantSessions(
  services: Pick<Services, 'db' | 'now'>,
  reviewer: ConsoleReviewer,
  input: { agentId: number; reason: string },
): Promise<number> {
  const now = services.now();
  const users = await services.db
    .selectFrom('users')
    .select('id')
    .where('agent_id', '=', input.agentId)
    .execute();
  if (users.length === 0) throw notFound('console.errors.merchantNotFound');
  const ended = await endSessions(services.db, { userIds: users.map((u) => Number(u.id)) }, now);
  await auditConsole(services.db, reviewer, {
    action: 'merchant_sessions_end',
    agentId: input.agentId,
    target: String(input.agentId),
    detail: { reason: input.reason, ended },
    at: now,
  });
  return ended;
}
