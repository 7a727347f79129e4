import { RC } from '@gerbang/shared';
import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { ApiError, refused, validationError } from '../../http/errors';
import type { Services } from '../../http/services';
import {
  factorStateAtLogin,
  type SecondFactorStepInfo,
  secondFactorStep,
} from '../../platform/factors/state';
import { type GuessRule, recordFailure, releaseTry, reserveTry } from '../../platform/guess-budget';
import {
  createStaffSession,
  loadStaffSession,
  type StaffContext,
  setStaffSessionCookie,
} from '../../platform/staff/staff-session';
import { dummyPasswordHash, verifyPassword } from '../auth/passwords';
import { auditConsole } from './audit';

/** A staff session's second step still to take, if any (ADR 010). */
export async function staffSecondFactor(
  services: Services,
  staff: StaffContext,
): Promise<SecondFactorStepInfo | null> {
  if (!staff.factorState) return null;
  return secondFactorStep(services.db, { kind: 'staff', id: staff.staffId }, staff.factorState);
}

/** Staff logins per e-mail: five failures in 30 minutes lock it for 30 minutes. */
export const STAFF_LOGIN_RULE: GuessRule = {
  scope: 'console_login',
  limit: 5,
  windowMs: 30 * 60_000,
  lockMs: 30 * 60_000,
};

export interface StaffView {
  id: number;
  email: string;
  nama: string;
  access: StaffContext['access'];
}

export const staffView = (s: StaffContext): StaffView => ({
  id: s.staffId,
  email: s.email,
  nama: s.nama,
  access: s.access,
});

/** POST /console/auth/login: captcha, lockout budget, password; a staff session in its own cookie. */
export async function staffLogin(
  services: Services,
  reply: FastifyReply,
  caller: { ip: string; userAgent: string },
  body: { email: string; password: string; captcha: string },
): Promise<{ staff: StaffView; csrf: string; second_factor: SecondFactorStepInfo | null }> {
  const now = services.now();
  if (!body.email.trim()) throw validationError('console.errors.emailRequired');
  if (!body.password) throw validationError('console.errors.passwordRequired');
  if (!body.captcha) throw validationError('auth.submitCaptcha');
  if (!(await services.captcha.verify(body.captcha, { now, allowTestKey: true })))
    throw refused('auth.invalidCaptcha');
  const email = body.email.trim().toLowerCase();
  const tried = await reserveTry(services.db, STAFF_LOGIN_RULE, email, now);
  if (!tried.ok) throw new ApiError(RC.THROTTLED, 'console.errors.locked');
  const staff = await services.db
    .selectFrom('staff_users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email)
    .executeTakeFirst();
  const hash = staff?.password_hash ?? (await dummyPasswordHash());
  const passwordOk = (await verifyPassword(hash, body.password)) && staff !== undefined;
  if (!staff || !passwordOk || staff.disabled) {
    await recordFailure(services.db, tried, now);
    await auditConsole(
      services.db,
      { staffId: staff?.id ?? 0, name: email, email, ...caller },
      {
        action: 'login_failure',
        agentId: null,
        detail: { reason: !staff ? 'unknown' : !passwordOk ? 'password' : 'disabled' },
        at: now,
      },
    );
    throw refused('console.errors.invalidCredentials');
  }
  await releaseTry(services.db, tried);
  const factorState = await factorStateAtLogin(services.db, { kind: 'staff', id: staff.id });
  const session = await createStaffSession(services.db, {
    staffId: staff.id,
    ip: caller.ip,
    userAgent: caller.userAgent,
    now,
    factorState,
  });
  const csrf = setStaffSessionCookie(reply, services.config.mode, session);
  const ctx = await loadStaffSession(services.db, session.token, now);
  if (!ctx) throw new ApiError(RC.GENERIC, 'common.errors.generic');
  await auditConsole(
    services.db,
    { staffId: staff.id, name: staff.nama, email: staff.email, ...caller },
    { action: factorState ? 'login_password_passed' : 'login', agentId: null, at: now },
  );
  return { staff: staffView(ctx), csrf, second_factor: await staffSecondFactor(services, ctx) };
}
