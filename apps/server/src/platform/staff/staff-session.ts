import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { cookieOptions } from '../session/cookies';
import { CSRF_HEADER, csrfForSession } from '../session/csrf';
import { hashToken, newToken } from '../session/tokens';
import { type StaffAccess, staffAccessFrom } from './permissions';

/**
 * Staff sessions: their own table and cookie (`gerbang_console`), so a merchant's session cookie
 * gives nothing here and a staff cookie gives nothing on merchant routes. Shorter than a
 * merchant's: 8 hours absolute, 15 minutes idle (PCI DSS 8.2.8 for administrative access).
 */
export const CONSOLE_COOKIE = 'gerbang_console';
export const STAFF_SESSION_TTL_MS = 8 * 60 * 60_000;
export const STAFF_IDLE_MS = 15 * 60_000;

export interface StaffContext {
  sessionId: number;
  staffId: number;
  email: string;
  nama: string;
  access: StaffAccess;
  /** As a merchant session's (ADR 010): second factor still to pass or to enrol. */
  factorState: 'verify' | 'enrol' | null;
  steppedUpUntil: Date | null;
  hasFactor: boolean;
  /** The last password re-entry on this session (platform/session/reauth.ts). */
  reauthAt: Date | null;
}

export function consoleCookieName(mode: string): string {
  return mode === 'production' ? `__Host-${CONSOLE_COOKIE}` : CONSOLE_COOKIE;
}

/** The staff cookie of a new (or renewed) session; answers its CSRF token, also sent as a header. */
export function setStaffSessionCookie(
  reply: FastifyReply,
  mode: Config['mode'],
  session: { token: string; expiresAt: Date },
): string {
  reply.setCookie(consoleCookieName(mode), session.token, {
    ...cookieOptions(mode),
    expires: session.expiresAt,
  });
  const csrf = csrfForSession(session.token);
  reply.header(CSRF_HEADER, csrf);
  return csrf;
}

export async function createStaffSession(
  db: Kysely<Database>,
  input: {
    staffId: number;
    ip: string;
    userAgent: string;
    now: Date;
    factorState?: 'verify' | 'enrol' | null;
  },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(input.now.getTime() + STAFF_SESSION_TTL_MS);
  await db
    .insertInto('staff_sessions')
    .values({
      token_hash: hashToken(token),
      staff_id: input.staffId,
      ip: input.ip,
      user_agent: input.userAgent.slice(0, 500),
      created_at: input.now,
      expires_at: expiresAt,
      last_seen_at: input.now,
      factor_state: input.factorState ?? null,
    })
    .execute();
  return { token, expiresAt };
}

export async function loadStaffSession(
  db: Kysely<Database>,
  token: string,
  now: Date,
): Promise<StaffContext | null> {
  const row = await db
    .selectFrom('staff_sessions as s')
    .innerJoin('staff_users as u', 'u.id', 's.staff_id')
    .select([
      's.id as session_id',
      's.expires_at',
      's.revoked_at',
      's.last_seen_at',
      's.factor_state',
      's.stepped_up_until',
      's.reauth_at',
      'u.id as staff_id',
      'u.email',
      'u.nama',
      'u.role',
      'u.disabled',
    ])
    .where('s.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || row.revoked_at !== null || row.disabled) return null;
  if (row.expires_at.getTime() <= now.getTime()) return null;
  const idleFor = now.getTime() - row.last_seen_at.getTime();
  if (idleFor > STAFF_IDLE_MS) return null;
  if (idleFor > 60_000) {
    await db
      .updateTable('staff_sessions')
      .set({ last_seen_at: now })
      .where('id', '=', row.session_id)
      .execute();
  }
  const [granted, denied, factor] = await Promise.all([
    db
      .selectFrom('staff_role_access')
      .select(['module', 'actions'])
      .where('role', '=', row.role)
      .execute(),
    db
      .selectFrom('staff_denials')
      .select(['module', 'action'])
      .where('staff_id', '=', row.staff_id)
      .execute(),
    db
      .selectFrom('second_factors')
      .select('id')
      .where('owner_kind', '=', 'staff')
      .where('owner_id', '=', row.staff_id)
      .where('confirmed_at', 'is not', null)
      .executeTakeFirst(),
  ]);
  return {
    sessionId: row.session_id,
    staffId: row.staff_id,
    email: row.email,
    nama: row.nama,
    access: staffAccessFrom(granted, denied),
    factorState: row.factor_state,
    steppedUpUntil: row.stepped_up_until,
    hasFactor: factor !== undefined,
    reauthAt: row.reauth_at,
  };
}
