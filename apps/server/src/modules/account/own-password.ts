import { RC } from '@gerbang/shared';
import { ApiError, refused } from '../../http/errors';
import type { RouteContext } from '../../http/route';
import { type GuessRule, recordFailure, releaseTry, reserveTry } from '../../platform/guess-budget';
import { writeAudit } from '../audit/audit';
import { verifyPassword } from '../auth/passwords';

/** Wrong own-password attempts a user may make within the window before sensitive changes lock. */
export const OWN_PASSWORD_MAX_FAILURES = 5;
export const OWN_PASSWORD_WINDOW_MS = 15 * 60 * 1000;
const FAILURE_ACTION = 'own_password_failure';

/** One budget per user for every own-password check (account, team, withdraw). */
export const OWN_PASSWORD_RULE: GuessRule = {
  scope: 'own_password',
  limit: OWN_PASSWORD_MAX_FAILURES,
  windowMs: OWN_PASSWORD_WINDOW_MS,
};

/**
 * Sensitive changes (password, sub-accounts, withdrawals) ask for the caller's own password, so a
 * session left open is not enough to take over an account. A try is reserved before the password
 * is compared (issue 9: parallel guesses cannot all be compared): at most five wrong ones in 15
 * minutes, then 429 without comparing. A right password gives back its own try only. Failures
 * are audited.
 */
export async function requireOwnPassword(
  ctx: Pick<RouteContext<unknown, unknown, unknown>, 'services' | 'auth' | 'ip' | 'userAgent'>,
  password: string,
  purpose: string,
): Promise<void> {
  const { services, auth } = ctx;
  const now = services.now();
  const reservation = await reserveTry(services.db, OWN_PASSWORD_RULE, auth.user.id, now);
  if (!reservation.ok) throw new ApiError(RC.THROTTLED, 'common.errors.tooManyRequests');
  if (await verifyPassword(auth.user.password_hash, password)) {
    await releaseTry(services.db, reservation);
    return;
  }
  const { failures } = await recordFailure(services.db, reservation, now);
  await writeAudit(services.db, {
    at: services.now(),
    agentId: auth.agent.id,
    userId: auth.user.id,
    username: auth.user.username,
    action: FAILURE_ACTION,
    target: auth.user.username,
    detail: { purpose, failures },
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    environment: auth.environment,
  });
  throw refused('account.ownPasswordWrong');
}
