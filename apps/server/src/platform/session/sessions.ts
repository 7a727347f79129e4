import { DEFAULT_CURRENCY } from '@gerbang/ledger';
import { type Environment, SESSION_TTL_MS } from '@gerbang/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { AgentRow, AuthContext } from '../../http/auth-context';
import { accessListFrom } from '../access/access-list';
import { type BalanceAccountRow, balancesFromAccounts } from '../balance/ledger-balance-reader';
import { perOwner } from '../per-owner';
import { deviceLabel, placeOf } from './device';
import { hashToken, newToken } from './tokens';

export const SESSION_COOKIE = 'gerbang_session';

export interface NewSession {
  token: string;
  expiresAt: Date;
  id: number;
  /** The browser and OS label stored with it (the new-device check compares it). */
  device: string;
}

/** A session lasts one day from login (absolute), whatever the activity (spec 01 §9). */
export async function createSession(
  db: Kysely<Database>,
  input: {
    userId: number;
    isTest: boolean;
    ip: string;
    userAgent: string;
    now: Date;
    /** A second factor still to pass ('verify') or to enrol ('enrol'): a half session (ADR 010). */
    factorState?: 'verify' | 'enrol' | null;
  },
): Promise<NewSession> {
  const token = newToken();
  const expiresAt = new Date(input.now.getTime() + SESSION_TTL_MS);
  const device = deviceLabel(input.userAgent);
  const row = await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: input.userId,
      is_test: input.isTest,
      ip: input.ip,
      user_agent: input.userAgent.slice(0, 500),
      created_at: input.now,
      expires_at: expiresAt,
      last_seen_at: input.now,
      device,
      place: placeOf(input.ip),
      factor_state: input.factorState ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token, expiresAt, id: Number(row.id), device };
}

/**
 * Session, user, agent and access list of many sessions in one round trip: this runs
 * on every request, the 10 s balance poll included. The agent comes as JSON (its one timestamp
 * turned back into a Date by `agentFromJson`); grants and denials as JSON arrays.
 */
function selectSessionRows(db: Kysely<Database>, tokenHashes: string[], balances: boolean) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('agents as a', 'a.id', 'u.agent_id')
    .selectAll('u')
    .select([
      's.token_hash as session_token_hash',
      's.id as session_id',
      's.environment as session_environment',
      's.is_test as session_is_test',
      's.expires_at as session_expires_at',
      's.revoked_at as session_revoked_at',
      's.last_seen_at as session_last_seen_at',
      's.reauth_at as session_reauth_at',
      's.factor_state as session_factor_state',
      's.stepped_up_until as session_stepped_up_until',
      sql<boolean>`exists(select 1 from second_factors f where f.owner_kind = 'user'
        and f.owner_id = u.id and f.confirmed_at is not null)`.as('session_has_factor'),
      sql<unknown>`to_jsonb(a)`.as('session_agent'),
      sql<unknown>`(select coalesce(json_agg(json_build_array(m.id, m.name, g.actions) order by m.id), '[]'::json)
        from group_module_access g join modules m on m.id = g.module_id
        where g.id_grup = a.id_grup)`.as('session_granted'),
      sql<unknown>`(select coalesce(json_agg(json_build_array(d.module_id, d.action)), '[]'::json)
        from user_module_denials d where d.user_id = u.id)`.as('session_denied'),
      balances
        ? sql<unknown>`(select coalesce(json_agg(json_build_object('kind', la.kind,
              'normal_side', la.normal_side, 'debits_posted', la.debits_posted,
              'credits_posted', la.credits_posted, 'debits_pending', la.debits_pending,
              'credits_pending', la.credits_pending)), '[]'::json)
            from ledger_accounts la
            where la.agent_id = a.id and la.environment = s.environment
              and la.currency = ${DEFAULT_CURRENCY} and la.subkey = ''
              and la.kind in ('merchant_available', 'merchant_held'))`.as('session_balances')
        : sql<unknown>`null`.as('session_balances'),
    ])
    .where('s.token_hash', 'in', tokenHashes)
    .execute();
}

type SessionRow = Awaited<ReturnType<typeof selectSessionRows>>[number];

/**
 * Coalesces session lookups: every request that asks in the same turn of the event loop is answered
 * by ONE statement, run on the next turn (setImmediate). Under load (thousands of balance polls a
 * second) a statement serves many requests, and the round trip to the database, not the query,
 * is what a request costs; with one request at a time nothing waits longer than a turn. Nothing
 * is cached: each request's row is read after the request arrived, so a revoked session or a new
 * balance is seen exactly as before.
 */
class SessionRowLoader {
  private pending = new Map<
    string,
    Array<(row: SessionRow | undefined, error?: unknown) => void>
  >();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly balances: boolean,
  ) {}

  load(tokenHash: string): Promise<SessionRow | undefined> {
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) setImmediate(() => this.flush());
      const waiters = this.pending.get(tokenHash) ?? [];
      waiters.push((row, error) => (error === undefined ? resolve(row) : reject(error)));
      this.pending.set(tokenHash, waiters);
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    try {
      const rows = await selectSessionRows(this.db, [...batch.keys()], this.balances);
      const byHash = new Map(rows.map((row) => [row.session_token_hash, row]));
      for (const [hash, waiters] of batch) for (const done of waiters) done(byHash.get(hash));
    } catch (error) {
      for (const waiters of batch.values()) for (const done of waiters) done(undefined, error);
    }
  }
}

/** One loader per database handle for each shape (with or without the balances). */
const sessionRowLoaders = perOwner((db: Kysely<Database>) => ({
  withBalances: new SessionRowLoader(db, true),
  plain: new SessionRowLoader(db, false),
}));

function sessionRowLoader(db: Kysely<Database>, balances: boolean): SessionRowLoader {
  const loaders = sessionRowLoaders(db);
  return balances ? loaders.withBalances : loaders.plain;
}

export async function loadSession(
  db: Kysely<Database>,
  token: string,
  now: Date,
  idleMs: number = Number.POSITIVE_INFINITY,
  /** Also read the agent's balances for the session's environment, in the same statement. */
  opts: { balances?: boolean } = {},
): Promise<AuthContext | null> {
  const row = await sessionRowLoader(db, opts.balances === true).load(hashToken(token));
  if (!row || row.session_revoked_at !== null) return null;
  if (row.session_expires_at.getTime() <= now.getTime()) return null;
  const {
    session_token_hash: _tokenHash,
    session_id: sessionId,
    session_environment: environment,
    session_is_test: isTest,
    session_expires_at: _expiresAt,
    session_revoked_at: _revokedAt,
    session_last_seen_at: lastSeenAt,
    session_reauth_at: reauthAt,
    session_factor_state: factorState,
    session_stepped_up_until: steppedUpUntil,
    session_has_factor: hasFactor,
    session_agent: agentJson,
    session_granted: grantedJson,
    session_denied: deniedJson,
    session_balances: balancesJson,
    ...user
  } = row;
  if (!user.portal_access) return null;
  const agent = agentFromJson(fromJson(agentJson));
  // The console disabled the merchant's portal login: its open sessions end too.
  if (agent.portal_disabled) return null;
  // Idle timeout (PCI DSS 8.2.8): the one the agent's main user chose, else the installation's.
  const idleForMs = now.getTime() - lastSeenAt.getTime();
  const agentIdleMs =
    agent.portal_idle_minutes === null ? idleMs : Number(agent.portal_idle_minutes) * 60_000;
  if (idleForMs > agentIdleMs) return null;
  // Touch at most once a minute: the balance poll every 10 s must not write on every call.
  if (idleForMs > 60_000) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: now })
      .where('id', '=', sessionId)
      .execute();
  }
  const granted = (fromJson(grantedJson) as Array<[number, string, string]>).map(
    ([id, name, actions]) => ({ id: Number(id), name, actions }),
  );
  const denied = (fromJson(deniedJson) as Array<[number, string]>).map(([module_id, action]) => ({
    module_id: Number(module_id),
    action,
  }));
  return {
    sessionId,
    reauthAt,
    environment,
    isTest,
    factorState,
    steppedUpUntil: steppedUpUntil ? new Date(steppedUpUntil) : null,
    hasFactor: hasFactor === true || String(hasFactor) === 'true',
    user,
    agent,
    access: accessListFrom(granted, denied),
    ...(opts.balances
      ? { balances: balancesFromAccounts(fromJson(balancesJson) as BalanceAccountRow[]) }
      : {}),
  };
}

/** json/jsonb arrive parsed from both drivers; text is parsed for safety. */
function fromJson(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}

/** An agents row from `to_jsonb(a)`: timestamps (`*_at`) back to Dates, as the row reader gives. */
function agentFromJson(value: unknown): AgentRow {
  const agent = { ...(value as Record<string, unknown>) };
  for (const [key, field] of Object.entries(agent)) {
    if (key.endsWith('_at') && typeof field === 'string') agent[key] = new Date(field);
  }
  return agent as unknown as AgentRow;
}

export async function revokeSession(
  db: Kysely<Database>,
  sessionId: number,
  now: Date,
): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', sessionId).execute();
}

/** Ends every other session of the user, e.g. after a password change. */
export async function revokeOtherSessions(
  db: Kysely<Database>,
  userId: number,
  keepSessionId: number | null,
  now: Date,
) {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId !== null) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}

export async function setSessionEnvironment(
  db: Kysely<Database>,
  sessionId: number,
  environment: Environment,
) {
  await db.updateTable('sessions').set({ environment }).where('id', '=', sessionId).execute();
}
