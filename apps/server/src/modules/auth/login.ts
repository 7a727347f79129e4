import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES, RC } from '@gerbang/shared';
import { sql } from 'kysely';
import { ApiError, refused, validationError } from '../../http/errors';
import type { RouteContext } from '../../http/route';
import { writeAudit } from '../../platform/audit/audit';
import { factorStateAtLogin, secondFactorStep } from '../../platform/factors/state';
import {
  type GuessRule,
  minutesUntil,
  type Reservation,
  recordFailure,
  releaseTry,
  reserveTry,
} from '../../platform/guess-budget';
import { setSessionCookies } from '../../platform/session/cookies';
import { createSession, loadSession } from '../../platform/session/sessions';
import { alertNewDevice } from '../sessions/new-device';
import { buildLoginResult } from './login-result';
import { dummyPasswordHash, verifyPassword } from './passwords';

/** Failed logins from one address within the window before that address is throttled. */
const IP_FAILURE_LIMIT = 100;
const IP_WINDOW_MS = 15 * 60 * 1000;

/** Passwords compared per address; a right one gives its try back. */
export const LOGIN_IP_RULE: GuessRule = {
  scope: 'login_ip',
  limit: IP_FAILURE_LIMIT,
  windowMs: IP_WINDOW_MS,
};

/**
 * Passwords compared per user name (registered or not, so both answer alike): ten failures within
 * 30 minutes lock the name for 30 minutes. A success does not wipe the failures of others.
 */
export const LOGIN_USER_RULE: GuessRule = {
  scope: 'login_user',
  limit: LOGIN_MAX_FAILURES,
  windowMs: LOGIN_LOCK_MINUTES * 60_000,
  lockMs: LOGIN_LOCK_MINUTES * 60_000,
};

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

type Tried = Extract<Reservation, { ok: true }>;

/**
 * Reserves a try for the address and one for the user name BEFORE any password is compared, so
 * parallel guesses cannot all be compared. A name without a try left answers "locked"
 * whether or not it is registered.
 */
async function reserveLoginTries(ctx: LoginContext, now: Date): Promise<[Tried, Tried]> {
  const { services, body } = ctx;
  const ip = await reserveTry(services.db, LOGIN_IP_RULE, ctx.ip, now);
  if (!ip.ok) {
    await recordAttempt(ctx, false);
    throw new ApiError(RC.THROTTLED, 'auth.ipThrottled');
  }
  const name = await reserveTry(services.db, LOGIN_USER_RULE, body.username, now);
  if (!name.ok) {
    // The address's try stays spent: a request refused for the name is still a failure from it.
    await recordFailure(services.db, ip, now);
    await recordAttempt(ctx, false);
    throw new ApiError(RC.THROTTLED, 'auth.accountLocked', {
      minutes: minutesUntil(name.retryAt, now),
    });
  }
  return [ip, name];
}

/**
 * POST /auth/login. Order of refusals: field validation (zod, spec order), captcha, address
 * budget, user-name budget (lockout), password, portal access (303). Every failure is recorded.
 */
export async function login(ctx: LoginContext) {
  const { services, body } = ctx;
  const now = services.now();
  if (!body.captcha) throw validationError('auth.submitCaptcha');
  const captchaOk = await services.captcha.verify(body.captcha, { now, allowTestKey: true });
  if (!captchaOk) throw refused('auth.invalidCaptcha');

  const user = await services.db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(username)`, '=', body.username.toLowerCase())
    .executeTakeFirst();

  const audit = (action: string, detail: Record<string, unknown> = {}) =>
    user
      ? writeAudit(services.db, {
          at: services.now(),
          agentId: user.agent_id,
          userId: user.id,
          username: user.username,
          action,
          detail,
          ip: ctx.ip,
          userAgent: ctx.userAgent,
        })
      : Promise.resolve();

  let tries: [Tried, Tried];
  try {
    tries = await reserveLoginTries(ctx, now);
  } catch (error) {
    if (error instanceof ApiError && error.messageKey === 'auth.accountLocked') {
      await audit('login_failure', { reason: 'locked' });
    }
    throw error;
  }
  const [ipTry, nameTry] = tries;

  // An unknown name is compared against a dummy hash, so timing does not reveal it either.
  const hash = user?.password_hash ?? (await dummyPasswordHash());
  const passwordOk = (await verifyPassword(hash, body.password)) && user !== undefined;
  if (!user || !passwordOk) {
    // Both tries become failures (a try left pending would stop counting after a while).
    await recordFailure(services.db, ipTry, now);
    const { failures, locked } = await recordFailure(services.db, nameTry, now);
    await recordAttempt(ctx, false);
    await audit('login_failure', { reason: 'wrong_password', failures, locked });
    throw refused('auth.invalidCredentials');
  }

  // The password was right: this request's own tries go back; other requests' failures stay.
  await releaseTry(services.db, nameTry);
  await releaseTry(services.db, ipTry);

  // The console can disable a merchant's portal login: refused like a user without
  // portal access.
  const agentDisabled = await services.db
    .selectFrom('agents')
    .select('portal_disabled')
    .where('id', '=', user.agent_id)
    .executeTakeFirst();
  if (!user.portal_access || agentDisabled?.portal_disabled) {
    await recordAttempt(ctx, false);
    await audit('login_failure', { reason: 'no_portal_access' });
    throw new ApiError(RC.LOGIN_ACCESS, 'auth.accountAccessDenied');
  }

  const isTest = services.captcha.isTestKey(body.captcha);
  const factorState = await factorStateAtLogin(services.db, { kind: 'user', id: user.id });
  const session = await createSession(services.db, {
    userId: user.id,
    isTest,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    now,
    factorState,
  });
  await recordAttempt(ctx, true);
  await audit(factorState ? 'login_password_passed' : 'login_success', {
    test: isTest,
    device: session.device,
  });
  await alertNewDevice(services, user, session, ctx);

  // The session cookie, and the CSRF token rotated to the new session's.
  setSessionCookies(ctx.reply, services.config.mode, session);
  // Half logged in: the page asks for the second factor (or an enrolment) before anything else.
  if (factorState) {
    return {
      second_factor: await secondFactorStep(
        services.db,
        { kind: 'user', id: user.id },
        factorState,
      ),
    };
  }
  const auth = await loadSession(services.db, session.token, now);
  if (!auth) throw new ApiError(RC.GENERIC, 'common.errors.generic');
  return buildLoginResult(auth, services);
}
