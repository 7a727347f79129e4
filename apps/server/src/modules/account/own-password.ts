import { RC } from '@gerbang/shared';
import { ApiError, refused } from '../../http/errors';
import type { RouteContext } from '../../http/route';
import { writeAudit } from '../../platform/audit/audit';
import {
  type GuessRule,
  recordFailure,
  releaseTry,
  reserveTryWhenFree,
} from '../../platform/guess-budget';
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
 * session left open is not enough to take over an account: at most five wrong ones in 15 minutes.
 */
export function requireOwnPassword(
  ctx: OwnSecretContext,
  password: string,
  purpose: string,
): Promise<void> {
  return requireOwnSecret(ctx, {
    rule: OWN_PASSWORD_RULE,
    hash: ctx.auth.user.password_hash,
    secret: password,
    purpose,
    failureAction: FAILURE_ACTION,
    wrongKey: 'account.ownPasswordWrong',
  });
}

type OwnSecretContext = Pick<
  RouteContext<unknown, unknown, unknown>,
  'services' | 'auth' | 'ip' | 'userAgent'
>;

/**
 * The one check of a secret of the caller's own (account password, transaction PIN). A try is
 * reserved before the secret is compared (parallel guesses cannot all be compared), so
 * at most `rule.limit` wrong ones are compared in the window, then 429 without comparing. A right
 * secret gives back its own try only, and a check that finds the budget full of tries still being
 * compared waits for them rather than counting them as guesses. Failures are audited, never with the secret.
 */
export async function requireOwnSecret(
  ctx: OwnSecretContext,
  check: {
    rule: GuessRule;
    hash: string;
    secret: string;
    purpose: string;
    failureAction: string;
    /** Catalog key of the "wrong secret" refusal. */
    wrongKey: string;
  },
): Promise<void> {
  const { services, auth } = ctx;
  const now = services.now();
  // A full budget of tries still being compared is waited for, not refused: right secrets sent
  // together (a double click, parallel requests) each get compared; wrong ones stay bounded.
  const reservation = await reserveTryWhenFree(services.db, check.rule, auth.user.id, () =>
    services.now(),
  );
  if (!reservation.ok) throw new ApiError(RC.THROTTLED, 'common.errors.tooManyRequests');
  if (await verifyPassword(check.hash, check.secret)) {
    await releaseTry(services.db, reservation);
    return;
  }
  const { failures } = await recordFailure(services.db, reservation, now);
  await writeAudit(services.db, {
    at: now,
    agentId: auth.agent.id,
    userId: auth.user.id,
    username: auth.user.username,
    action: check.failureAction,
    target: auth.user.username,
    detail: { purpose: check.purpose, failures },
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    environment: auth.environment,
  });
  throw refused(check.wrongKey);
}
