import { RC } from '@gerbang/shared';
import { ApiError, refused } from '../../http/errors';
import type { RouteContext } from '../../http/route';
import { writeAudit } from '../audit/audit';
import { verifyPassword } from '../auth/passwords';

/** Wrong own-password attempts a user may make within the window before sensitive changes lock. */
export const OWN_PASSWORD_MAX_FAILURES = 5;
export const OWN_PASSWORD_WINDOW_MS = 15 * 60 * 1000;
const FAILURE_ACTION = 'own_password_failure';

/**
 * Sensitive changes (password, sub-accounts) ask for the caller's own password, so a session left
 * open is not enough to take over an account. Failures are audited and, past a small number in a
 * window, the check refuses without verifying, so an open session cannot be used to guess it.
 */
export async function requireOwnPassword(
  ctx: RouteContext<unknown, unknown, unknown>,
  password: string,
  purpose: string,
): Promise<void> {
  const { services, auth } = ctx;
  const since = new Date(services.now().getTime() - OWN_PASSWORD_WINDOW_MS);
  const { failures } = await services.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('failures'))
    .where('agent_id', '=', auth.agent.id)
    .where('user_id', '=', auth.user.id)
    .where('action', '=', FAILURE_ACTION)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  if (failures >= OWN_PASSWORD_MAX_FAILURES) {
    throw new ApiError(RC.THROTTLED, 'common.errors.tooManyRequests');
  }
  if (await verifyPassword(auth.user.password_hash, password)) return;
  await writeAudit(services.db, {
    agentId: auth.agent.id,
    userId: auth.user.id,
    username: auth.user.username,
    action: FAILURE_ACTION,
    target: auth.user.username,
    detail: { purpose, failures: failures + 1 },
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    environment: auth.environment,
  });
  throw refused('account.ownPasswordWrong');
}
