import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { UserActor } from '../actor';

export interface AuditEntry {
  agentId: number | null;
  userId: number | null;
  username: string | null;
  /** What happened, e.g. login_success, login_failure, password_change, subaccount_create. */
  action: string;
  target?: string | null;
  /** What changed; never secrets (no passwords, OTPs or tokens). */
  detail?: Record<string, unknown>;
  ip?: string | null;
  userAgent?: string | null;
  environment?: string | null;
  /**
   * When it happened: `services.now()`, so the activity log's dates and any window that counts
   * audit rows follow the one clock (the database's own `now()` would not, once it is moved).
   */
  at: Date;
}

/** Appends to the audit log (the table refuses updates and deletes). Pass `trx` to commit with the change. */
export async function writeAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await writeAudits(db, [entry]);
}

/** Appends several rows in one insert (a batch of payouts opened together). */
export async function writeAudits(db: Kysely<Database>, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insertInto('audit_log').values(entries.map(auditRow)).execute();
}

/** The audit_log row of an entry (for a caller that inserts it inside a larger statement). */
export function auditRow(entry: AuditEntry) {
  return {
    agent_id: entry.agentId,
    user_id: entry.userId,
    username: entry.username,
    action: entry.action,
    target: entry.target ?? null,
    detail: JSON.stringify(entry.detail ?? {}),
    ip: entry.ip ?? null,
    user_agent: entry.userAgent?.slice(0, 500) ?? null,
    environment: entry.environment ?? null,
    created_at: entry.at,
  };
}

/** The entry of a logged-in user's own action: who, from where, in which environment. */
export function userAuditEntry(
  actor: Pick<UserActor, 'auth' | 'ip' | 'userAgent'>,
  at: Date,
  entry: { action: string; target: string; detail: Record<string, unknown> },
): AuditEntry {
  const { auth } = actor;
  return {
    at,
    agentId: auth.agent.id,
    userId: auth.user.id,
    username: auth.user.username,
    ...entry,
    ip: actor.ip,
    userAgent: actor.userAgent,
    environment: auth.environment,
  };
}
