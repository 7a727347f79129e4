import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { setStaffSessionCookie } from '../staff/staff-session';
import { setSessionCookies } from './cookies';
import { hashToken, newToken } from './tokens';

/**
 * A new token for a session whose authentication just completed (ASVS 5.0 V7.2.4, session
 * fixation): the row keeps its id (its audit trail, proofs and challenges stay), its token hash is
 * replaced in one UPDATE, so the token used before — the half session's, from before the second
 * factor — finds no row on its next request, on any process. Answers the new token (for the
 * cookie) and the row's unchanged absolute expiry; null when the row is gone or ended.
 */
export async function renewSessionToken(
  db: Kysely<Database>,
  table: 'sessions' | 'staff_sessions',
  sessionId: number,
): Promise<{ token: string; expiresAt: Date } | null> {
  const token = newToken();
  const row = await db
    .updateTable(table)
    .set({ token_hash: hashToken(token) })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .returning('expires_at')
    .executeTakeFirst();
  return row ? { token, expiresAt: row.expires_at } : null;
}

/**
 * The portal's renewal: a new token in the session cookie and the CSRF token rotated with it (the
 * answer's `X-CSRF-Token`, as at login).
 */
export async function renewPortalSession(
  db: Kysely<Database>,
  reply: FastifyReply,
  mode: Config['mode'],
  sessionId: number,
): Promise<void> {
  const renewed = await renewSessionToken(db, 'sessions', sessionId);
  if (renewed) setSessionCookies(reply, mode, renewed);
}

/** The console's renewal: a new staff cookie; answers the CSRF token bound to it. */
export async function renewStaffSession(
  db: Kysely<Database>,
  reply: FastifyReply,
  mode: Config['mode'],
  sessionId: number,
): Promise<string | null> {
  const renewed = await renewSessionToken(db, 'staff_sessions', sessionId);
  if (!renewed) return null;
  return setStaffSessionCookie(reply, mode, renewed);
}
