import { createHmac, randomUUID } from 'node:crypto';
import {
  type Language,
  OTP_ACTIONS,
  OTP_MAX_WRONG,
  OTP_TTL_MS,
  type OtpAction,
  type OtpConfirm,
  type OtpResponse,
  RC,
  translate,
} from '@gerbang/shared';
import { ApiError, refused, validationError } from '../../http/errors';
import type { RouteContext } from '../../http/route';
import { writeAudit } from '../../platform/audit/audit';
import {
  type GuessRule,
  recordFailure,
  releaseTry,
  reserveTry,
  spendTry,
} from '../../platform/guess-budget';
import { safeEqual } from '../../platform/session/tokens';
import { maskEmail, newOtpCode } from '../withdraw/security';

/**
 * The sensitive-change OTP (spec 03 §4, §5.2): `control/create_otp` mails a 6-digit code to the
 * user's login address, valid 10 minutes, bound to the user, the environment and the action
 * (`brand`), usable once.
 * Five wrong codes lock it: each guess reserves a try of the OTP's budget BEFORE the code is
 * compared (platform/guess-budget.ts), so parallel guesses cannot get more than five compared.
 */

type Ctx = RouteContext<unknown, unknown, unknown>;

/** Wrong codes per OTP; the window outlives the OTP, so a locked OTP stays locked. */
export const OTP_GUESS_RULE: GuessRule = {
  scope: 'credential_otp',
  limit: OTP_MAX_WRONG,
  windowMs: OTP_TTL_MS * 2,
};

/** OTP mails a user may ask for per hour (each needs a captcha too). */
export const OTP_REQUEST_RULE: GuessRule = {
  scope: 'credential_otp_request',
  limit: 10,
  windowMs: 60 * 60 * 1000,
};

function hashCode(secret: string, idOtp: string, userId: number, action: string, code: string) {
  return createHmac('sha256', secret)
    .update(`credential-otp-v1|${idOtp}|${userId}|${action}|${code}`)
    .digest('hex');
}

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
  // The callback URL change only exists in production (spec 03 §6).
  if (input.brand === 'callback' && auth.environment !== 'production')
    throw new ApiError(RC.ACCESS_DENIED, 'common.sandboxNotice');
  await checkCaptcha(ctx, input.captcha, 'credentials.otp.captchaRequired');
  const now = services.now();
  const budget = await spendTry(services.db, OTP_REQUEST_RULE, auth.user.id, now);
  if (!budget.ok) throw new ApiError(RC.THROTTLED, 'common.errors.tooManyRequests');

  const code = newOtpCode();
  const idOtp = randomUUID();
  const expiresAt = new Date(now.getTime() + OTP_TTL_MS);
  const email = auth.user.username;
  await services.db.transaction().execute(async (trx) => {
    // A newer code for the same action replaces the older one.
    await trx
      .updateTable('credential_otps')
      .set({ expires_at: now })
      .where('user_id', '=', auth.user.id)
      .where('environment', '=', auth.environment)
      .where('action', '=', input.brand)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .execute();
    await trx
      .insertInto('credential_otps')
      .values({
        id_otp: idOtp,
        user_id: auth.user.id,
        agent_id: auth.agent.id,
        environment: auth.environment,
        action: input.brand,
        code_hash: hashCode(services.config.sessionSecret, idOtp, auth.user.id, input.brand, code),
        email,
        expires_at: expiresAt,
        created_at: now,
      })
      .execute();
  });
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
  return { email: maskEmail(email), idOtp, expiresAt: expiresAt.toISOString() };
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
  const { services, auth } = ctx;
  await checkCaptcha(ctx, body.captcha, 'credentials.otp.captchaMissing');
  const now = services.now();
  const otp = await services.db
    .selectFrom('credential_otps')
    .selectAll()
    .where('id_otp', '=', body.id_otp)
    .where('user_id', '=', auth.user.id)
    // Bound to the environment it was asked for in: a sandbox code does not work in production.
    .where('environment', '=', auth.environment)
    .executeTakeFirst();
  if (!otp) throw refused('credentials.otp.wrong');
  if (otp.action !== action) throw refused('credentials.otp.invalidType');
  if (otp.used_at) throw refused('credentials.otp.used');
  if (new Date(otp.expires_at).getTime() <= now.getTime()) throw refused('credentials.otp.expired');

  const reservation = await reserveTry(services.db, OTP_GUESS_RULE, otp.id_otp, now);
  if (!reservation.ok) throw refused('credentials.otp.locked');
  const expected = hashCode(
    services.config.sessionSecret,
    otp.id_otp,
    auth.user.id,
    action,
    body.otp,
  );
  if (!safeEqual(expected, otp.code_hash)) {
    const { failures } = await recordFailure(services.db, reservation, now);
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
    if (failures >= OTP_MAX_WRONG) throw refused('credentials.otp.locked');
    throw refused('credentials.otp.wrong');
  }
  const used = await services.db
    .updateTable('credential_otps')
    .set({ used_at: now })
    .where('id', '=', otp.id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  await releaseTry(services.db, reservation);
  if (!used) throw refused('credentials.otp.used');
}
