import { RC, REAUTH_VALID_MINUTES } from '@gerbang/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth-context';
import { ApiError } from '../../http/errors';

/**
 * Re-authentication before e-mail, password, factor and key changes (ASVS 5.0 V7.5.1): a password
 * re-entry (`POST /auth/reauth`) stamps `sessions.reauth_at`; the proof is bound to that session
 * (another browser, or a new login, has none) and lasts REAUTH_VALID_MINUTES. The one place that
 * decides it: the second-factor work extends `recordReauth`'s callers to ask the
 * factor too, and every change keeps calling `requireReauth`.
 */
export const REAUTH_VALID_MS = REAUTH_VALID_MINUTES * 60_000;

/** Throws 428 (`RC.REAUTH`) unless this session re-authenticated within the window. */
export function requireReauth(auth: Pick<AuthContext, 'reauthAt'>, now: Date): void {
  const at = auth.reauthAt;
  if (at && now.getTime() - at.getTime() <= REAUTH_VALID_MS && at.getTime() <= now.getTime()) {
    return;
  }
  throw new ApiError(RC.REAUTH, 'sessions.reauth.required');
}

/** Stamps the proof on the session; answers until when it holds. */
export async function recordReauth(
  db: Kysely<Database>,
  sessionId: number,
  now: Date,
  /** `staff_sessions` for a console staff member's session. */
  table: 'sessions' | 'staff_sessions' = 'sessions',
): Promise<Date> {
  await db.updateTable(table).set({ reauth_at: now }).where('id', '=', sessionId).execute();
  return new Date(now.getTime() + REAUTH_VALID_MS);
}
