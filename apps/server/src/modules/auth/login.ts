import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES, RC } from '@gerbang/shared';
import { sql } from 'kysely';
import { ApiError, refused, validationError } from '../../http/errors';
import type { RouteContext } from '../../http/route';
import { writeAudit } from '../audit/audit';
import { buildLoginResult } from './login-result';
import { dummyPasswordHash, verifyPassword } from './passwords';
import { createSession, loadSession, SESSION_COOKIE } from './sessions';

/** Failed logins from one address within the window before that address is throttled. */
const IP_FAILURE_LIMIT = 100;
const IP_WINDOW_MS = 15 * 60 * 1000;

type LoginContext = RouteContext<
  { username: string; password: string; captcha: string },
  unknown,
  unknown
>;

async function recordAttempt(ctx: LoginContext, success: boolean) {
  await ctx.services.db
    .insertInto('login_attempts')
    .values({
      username: ctx.body.username.toLowerCase(),
      ip: ctx.ip,
      success,
      created_at: ctx.services.now(),
    })
    .execute();
}

async function ipIsThrottled(ctx: LoginContext): Promise<boolean> {
  const since = new Date(ctx.services.now().getTime() - IP_WINDOW_MS);
  const row = await ctx.services.db
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.countAll<number>().as('failures'))
    .where('ip', '=', ctx.ip)
    .where('success', '=', false)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return row.failures >= IP_FAILURE_LIMIT;
}

/**
 * Counts one failed password in a single UPDATE, so parallel wrong guesses each count; the
 * tenth locks the account for 30 minutes. A lock that has run out starts a fresh count.
 */
async function countFailure(ctx: LoginContext, userId: number, now: Date) {
  const lockUntil = new Date(now.getTime() + LOGIN_LOCK_MINUTES * 60_000);
  const row = await ctx.services.db
    .updateTable('users')
    .set({
      // An expired lock starts a fresh count; a live one (set by a parallel request) stays.
      failed_login_count: sql<number>`CASE WHEN locked_until IS NOT NULL AND locked_until <= ${now} THEN 1 ELSE failed_login_count + 1 END`,
      locked_until: sql<Date | null>`CASE WHEN locked_until <= ${now} THEN NULL ELSE locked_until END`,
    })
    .where('id', '=', userId)
    .returning('failed_login_count')
    .executeTakeFirstOrThrow();
  if (row.failed_login_count < LOGIN_MAX_FAILURES)
    return { failures: row.failed_login_count, locked: false };
  await ctx.services.db
    .updateTable('users')
    .set({ failed_login_count: 0, locked_until: lockUntil })
    .where('id', '=', userId)
    .execute();
  return { failures: row.failed_login_count, locked: true };
}

/**
 * POST /auth/login. Order of refusals: field validation (zod, spec order), captcha, address
 * throttle, account lockout, password, portal access (303). Every failure is recorded.
 */
export async function login(ctx: LoginContext) {
  const { services, body } = ctx;
  const now = services.now();
  if (!body.captcha) throw validationError('auth.submitCaptcha');
  const captchaOk = await services.captcha.verify(body.captcha, { now, allowTestKey: true });
  if (!captchaOk) throw refused('auth.invalidCaptcha');
  if (await ipIsThrottled(ctx)) throw new ApiError(RC.THROTTLED, 'auth.ipThrottled');

  const user = await services.db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(username)`, '=', body.username.toLowerCase())
    .executeTakeFirst();

  if (!user) {
    await verifyPassword(await dummyPasswordHash(), body.password);
    await recordAttempt(ctx, false);
    throw refused('auth.invalidCredentials');
  }

  const audit = (action: string, detail: Record<string, unknown> = {}) =>
    writeAudit(services.db, {
      agentId: user.agent_id,
      userId: user.id,
      username: user.username,
      action,
      detail,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
    });

  if (user.locked_until && user.locked_until.getTime() > now.getTime()) {
    await recordAttempt(ctx, false);
    await audit('login_failure', { reason: 'locked' });
    const minutes = Math.ceil((user.locked_until.getTime() - now.getTime()) / 60_000);
    throw new ApiError(RC.THROTTLED, 'auth.accountLocked', { minutes });
  }

  const passwordOk = await verifyPassword(user.password_hash, body.password);
  if (!passwordOk) {
    const { failures, locked } = await countFailure(ctx, user.id, now);
    await recordAttempt(ctx, false);
    await audit('login_failure', { reason: 'wrong_password', failures, locked });
    throw refused('auth.invalidCredentials');
  }

  if (!user.portal_access) {
    await recordAttempt(ctx, false);
    await audit('login_failure', { reason: 'no_portal_access' });
    throw new ApiError(RC.LOGIN_ACCESS, 'auth.accountAccessDenied');
  }

  await services.db
    .updateTable('users')
    .set({ failed_login_count: 0, locked_until: null })
    .where('id', '=', user.id)
    .execute();
  const isTest = services.captcha.isTestKey(body.captcha);
  const session = await createSession(services.db, {
    userId: user.id,
    isTest,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    now,
  });
  await recordAttempt(ctx, true);
  await audit('login_success', { test: isTest });

  ctx.reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: services.config.mode === 'production',
    expires: session.expiresAt,
  });
  const auth = await loadSession(services.db, session.token, now);
  if (!auth) throw new ApiError(RC.GENERIC, 'common.errors.generic');
  return buildLoginResult(auth, services);
}
