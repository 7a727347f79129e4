import type { SessionItem } from '@gerbang/shared';
import type { AuthContext } from '../../http/auth-context';
import { isMainUser } from '../../http/auth-context';
import { notFound } from '../../http/errors';
import type { Services } from '../../http/services';
import type { UserActor } from '../../platform/actor';
import { userAuditEntry, writeAudit } from '../../platform/audit/audit';
import { requireReauth } from '../../platform/session/reauth';
import { endSessions, openSessionsOf } from '../../platform/session/session-admin';

/**
 * The sessions page: a user sees and ends their own sessions; the agent's main
 * user also its sub-users' (spec 01 §6: the main user manages the sub-accounts). The server
 * decides whose: an id outside that set is "not found", never ended.
 */
export type SessionActor = Pick<UserActor, 'auth' | 'ip' | 'userAgent'>;

/** The users whose sessions the caller sees: itself, and for a main user its sub-users. */
async function visibleUserIds(services: Services, auth: AuthContext): Promise<number[]> {
  if (!isMainUser(auth)) return [auth.user.id];
  const rows = await services.db
    .selectFrom('users')
    .select('id')
    .where('agent_id', '=', auth.agent.id)
    .where((eb) => eb.or([eb('id', '=', auth.user.id), eb('parent_user_id', '=', auth.user.id)]))
    .execute();
  return rows.map((r) => Number(r.id));
}

export async function listSessions(services: Services, auth: AuthContext) {
  const now = services.now();
  const rows = await openSessionsOf(services.db, await visibleUserIds(services, auth), now);
  const idleMinutes = auth.agent.portal_idle_minutes;
  const defaultIdleMinutes = Math.round(services.config.sessionIdleMs / 60_000);
  const idleMs = (idleMinutes ?? defaultIdleMinutes) * 60_000;
  const items: SessionItem[] = rows
    // A session idle past the timeout is already over (loadSession refuses it): not listed.
    .filter((r) => now.getTime() - r.last_seen_at.getTime() <= idleMs)
    .map((r) => ({
      id: Number(r.id),
      userId: Number(r.user_id),
      username: r.username,
      name: r.nama,
      current: Number(r.id) === auth.sessionId,
      device: r.device,
      ip: r.ip ?? '',
      place: r.place,
      createdAt: r.created_at.toISOString(),
      lastSeenAt: r.last_seen_at.toISOString(),
    }));
  return {
    items,
    idleMinutes: idleMinutes === null ? null : Number(idleMinutes),
    defaultIdleMinutes,
    idleEditable: isMainUser(auth),
  };
}

/**
 * Ends one visible session. Ending another session asks a fresh re-authentication (ASVS 5.0
 * V7.5.2: a stolen session cannot end its owner's); ending one's own is a logout and does not.
 */
export async function endOneSession(services: Services, actor: SessionActor, id: number) {
  if (id !== actor.auth.sessionId) requireReauth(actor.auth, services.now());
  const userIds = await visibleUserIds(services, actor.auth);
  const ended = await endSessions(services.db, { userIds, sessionIds: [id] }, services.now());
  if (ended === 0) throw notFound('sessions.notFound');
  await audit(services, actor, 'session_end', { session_id: id });
  return ended;
}

/** Ends every visible session but the caller's own (after a fresh re-authentication). */
export async function endOtherSessions(services: Services, actor: SessionActor) {
  requireReauth(actor.auth, services.now());
  const userIds = await visibleUserIds(services, actor.auth);
  const ended = await endSessions(
    services.db,
    { userIds, exceptId: actor.auth.sessionId },
    services.now(),
  );
  await audit(services, actor, 'session_end_others', { ended });
  return ended;
}

/** The main user's idle timeout for the agent's users (null: the installation's default). */
export async function setIdleTimeout(
  services: Services,
  actor: SessionActor,
  minutes: number | null,
) {
  requireReauth(actor.auth, services.now());
  await services.db
    .updateTable('agents')
    .set({ portal_idle_minutes: minutes })
    .where('id', '=', actor.auth.agent.id)
    .execute();
  await audit(services, actor, 'session_idle_timeout', {
    from: actor.auth.agent.portal_idle_minutes,
    to: minutes,
  });
  return minutes;
}

export function audit(
  services: Services,
  actor: SessionActor,
  action: string,
  detail: Record<string, unknown>,
) {
  const target = actor.auth.user.username;
  return writeAudit(services.db, userAuditEntry(actor, services.now(), { action, target, detail }));
}
