import { randomUUID } from 'node:crypto';
import {
  CREDENTIAL_ACCESS,
  type Language,
  OTP_ACTIONS,
  OTP_TTL_MS,
  type OtpAction,
  type OtpConfirm,
  type OtpResponse,
  RC,
  translate,
} from '@gerbang/shared';
import { ApiError, refused, validationError } from '../../http/errors';
import { enforceAccess } from '../../http/guard';
import type { RouteContext } from '../../http/route';
import { writeAudit } from '../../platform/audit/audit';
import { maskEmail } from '../../platform/binding';
import { type GuessRule, spendTry } from '../../platform/guess-budget';
import {
  checkOtp,
  consumeOtp,
  issueOtp,
  type OtpChallenge,
  type OtpPurpose,
  otpByPublicId,
  otpRefusalMessage,
} from '../../platform/otp/challenges';

/**
 * The sensitive-change OTP (spec 03 §4, §5.2): `control/create_otp` mails a 6-digit code to the
 * user's login address, valid 10 minutes, bound to the user, the environment and the action
 * (`brand`), usable once.
 * Five wrong codes lock it: each guess reserves a try of the OTP BEFORE the code is compared
 * (platform/otp), so parallel guesses cannot get more than five compared.
 */

type Ctx = RouteContext<unknown, unknown, unknown>;

/**
 * The credential OTP: its subject is the action (`brand`), and its HMAC binds the user and the
 * action too (no inquiry row binds them).
 */
export const CREDENTIAL_OTP: OtpPurpose = {
  name: 'credential',
  hashBindsOwner: true,
  lockedBeforeExpired: false,
  messages: {
    used: 'credentials.otp.used',
    locked: 'credentials.otp.locked',
    expired: 'credentials.otp.expired',
    wrong: 'credentials.otp.wrong',
  },
};

/** OTP mails a user may ask for per hour (each needs a captcha too). */
export const OTP_REQUEST_RULE: GuessRule = {
  scope: 'credential_otp_request',
  limit: 10,
  windowMs: 60 * 60 * 1000,
};

/** A test session skips captchas (spec 03 §6); others must bring a valid, unused one. */
export async function checkCaptcha(ctx: Ctx, captcha: string, missingKey: string): Promise<void> {
  if (ctx.auth.isTest) return;
  if (!captcha) throw validationError(missingKey);
  const ok = await ctx.services.captcha.verify(captcha, {
    now: ctx.services.now(),
    allowTestKey: false,
  });
  if (!ok) throw refused('credentials.otp.captchaInvalid');
}

export function isOtpAction(brand: string): brand is OtpAction {
  return (OTP_ACTIONS as readonly string[]).includes(brand);
}

export async function createCredentialOtp(
  ctx: Ctx,
  input: { brand: string; captcha: string },
): Promise<OtpResponse> {
  const { services, auth } = ctx;
  if (!isOtpAction(input.brand)) throw refused('credentials.otp.invalidType');
  // A code only for an action the caller may take: callback URLs are module 24 (callback UPDATE,
  // production only: spec 03 §6), the other actions credential UPDATE.
  enforceAccess(
    input.brand === 'callback' ? CREDENTIAL_ACCESS.callbackChange : CREDENTIAL_ACCESS.change,
    auth,
  );
  await checkCaptcha(ctx, input.captcha, 'credentials.otp.captchaRequired');
  const now = services.now();
  const budget = await spendTry(services.db, OTP_REQUEST_RULE, auth.user.id, now);
  if (!budget.ok) throw new ApiError(RC.THROTTLED, 'common.errors.tooManyRequests');

  // A newer code for the same action replaces the older one.
  const { code, publicId, expiresAt } = await issueOtp(services.db, services.config.sessionSecret, {
    purpose: CREDENTIAL_OTP,
    subject: input.brand,
    userId: auth.user.id,
    environment: auth.environment,
    now,
    publicId: randomUUID(),
  });
  const email = auth.user.username;
  const lang = ctx.lang as Language;
  await services.mail.send({
    to: email,
    kind: 'otp',
    subject: translate(lang, 'credentials.mail.otpSubject', { code }),
    text: translate(lang, 'credentials.mail.otpBody', {
      name: auth.user.nama,
      code,
      action: translate(lang, `credentials.actions.${input.brand}`),
      minutes: Math.round(OTP_TTL_MS / 60_000),
    }),
  });
  return { email: maskEmail(email), idOtp: publicId, expiresAt: expiresAt.toISOString() };
}

/** The OTP the dialog names, when it is this user's in this environment; else a wrong code. */
async function ownOtp(ctx: Ctx, action: OtpAction, idOtp: string): Promise<OtpChallenge> {
  const { services, auth } = ctx;
  const otp = await otpByPublicId(services.db, CREDENTIAL_OTP, idOtp);
  // Bound to the environment it was asked for in: a sandbox code does not work in production.
  if (!otp || otp.user_id !== auth.user.id || otp.environment !== auth.environment) {
    throw refused('credentials.otp.wrong');
  }
  if (otp.subject !== action) throw refused('credentials.otp.invalidType');
  return otp;
}

/** A compared wrong code is audited with the OTP's wrong codes so far. */
async function auditWrongCode(ctx: Ctx, action: OtpAction, failures: number, now: Date) {
  const { services, auth } = ctx;
  await writeAudit(services.db, {
    at: now,
    agentId: auth.agent.id,
    userId: auth.user.id,
    username: auth.user.username,
    action: 'credential_otp_failure',
    target: action,
    detail: { failures },
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    environment: auth.environment,
  });
}

/**
 * Checks the captcha and the OTP of a sensitive post and uses the OTP up. Throws the refusal the
 * dialog shows; on success the OTP can never be used again (a conditional update: of two
 * parallel right answers only one passes).
 */
export async function consumeCredentialOtp(
  ctx: Ctx,
  action: OtpAction,
  body: OtpConfirm,
): Promise<void> {
  const { services } = ctx;
  await checkCaptcha(ctx, body.captcha, 'credentials.otp.captchaMissing');
  const now = services.now();
  const otp = await ownOtp(ctx, action, body.id_otp);
  const secret = services.config.sessionSecret;
  const check = await checkOtp(services.db, secret, CREDENTIAL_OTP, otp, body.otp, now);
  if (!check.ok) {
    if (check.reason === 'wrong') await auditWrongCode(ctx, action, check.wrongTries, now);
    const { key, vars } = otpRefusalMessage(CREDENTIAL_OTP, check);
    throw refused(key, vars);
  }
  if (!(await consumeOtp(services.db, check.otpId, now))) throw refused('credentials.otp.used');
}
