import { OTP_MAX_WRONG_TRIES, RC } from '@gerbang/shared';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { ApiError, refused } from '../../http/errors';
import type { Services } from '../../http/services';
import type { UserActor } from '../../platform/actor';
import type { RemittanceInquiryRow } from './inquiry';
import { hashOtp } from './security';

/**
 * The remittance OTP follows the withdraw rules: 6 digits mailed with the inquiry, HMAC-stored,
 * 10 minutes, single use, 5 wrong tries. Every comparison first reserves a try with one
 * conditional UPDATE, so parallel guesses get at most 5 comparisons in all.
 */

/** The actor's agent's remittance inquiry (in the actor's environment), or 404. */
export async function findRemittanceInquiry(
  services: Services,
  actor: UserActor,
  idTransaksi: string,
): Promise<RemittanceInquiryRow> {
  const row = await services.db
    .selectFrom('remittance_inquiries')
    .selectAll()
    .where('id_transaksi', '=', idTransaksi)
    .where('agent_id', '=', actor.auth.agent.id)
    .where('environment', '=', actor.auth.environment)
    .executeTakeFirst();
  if (!row) throw new ApiError(RC.NOT_FOUND, 'remittance.inquiryNotFound');
  return row;
}

export function usableOtp(eb: ExpressionBuilder<Database, 'remittance_otps'>, now: Date) {
  return eb.and([
    eb('used_at', 'is', null),
    eb('superseded_at', 'is', null),
    eb('expires_at', '>', now),
    eb('wrong_tries', '<', OTP_MAX_WRONG_TRIES),
  ]);
}

export type OtpCheck = { ok: true; otpId: number } | { ok: false; error: ApiError };

function refusalOf(
  otp: { used_at: Date | null; wrong_tries: number; expires_at: Date },
  now: Date,
) {
  if (otp.used_at) return refused('remittance.otpUsed');
  if (otp.wrong_tries >= OTP_MAX_WRONG_TRIES) return refused('remittance.otpLocked');
  if (new Date(otp.expires_at).getTime() <= now.getTime()) return refused('remittance.otpExpired');
  return null;
}

/** Checks the OTP inside the payment transaction (`db`), under the inquiry's row lock. */
export async function checkOtp(
  services: Pick<Services, 'now' | 'config'>,
  inquiryId: number,
  pin: string,
  db: Kysely<Database>,
): Promise<OtpCheck> {
  const now = services.now();
  const otp = await db
    .selectFrom('remittance_otps')
    .selectAll()
    .where('inquiry_id', '=', inquiryId)
    .where('superseded_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!otp) return { ok: false, error: refused('remittance.otpNotRequested') };
  const refusal = refusalOf(otp, now);
  if (refusal) return { ok: false, error: refusal };
  const reserved = await db
    .updateTable('remittance_otps')
    .set({ wrong_tries: sql`wrong_tries + 1` })
    .where('id', '=', otp.id)
    .where((eb) => usableOtp(eb, now))
    .returning('wrong_tries')
    .executeTakeFirst();
  if (!reserved) return { ok: false, error: refused('remittance.otpExpired') };
  if (hashOtp(services.config.sessionSecret, otp.public_id, pin) !== otp.code_hash) {
    const left = OTP_MAX_WRONG_TRIES - reserved.wrong_tries;
    return {
      ok: false,
      error: left <= 0 ? refused('remittance.otpLocked') : refused('remittance.otpWrong', { left }),
    };
  }
  await db
    .updateTable('remittance_otps')
    .set({ wrong_tries: sql`wrong_tries - 1`, used_at: now })
    .where('id', '=', otp.id)
    .execute();
  return { ok: true, otpId: otp.id };
}

/** For a replay: the pin must be the OTP that paid this inquiry. */
export async function matchesUsedOtp(
  services: Services,
  inquiryId: number,
  pin: string,
): Promise<boolean> {
  const used = await services.db
    .selectFrom('remittance_otps')
    .select(['public_id', 'code_hash'])
    .where('inquiry_id', '=', inquiryId)
    .where('used_at', 'is not', null)
    .executeTakeFirst();
  return (
    used !== undefined &&
    hashOtp(services.config.sessionSecret, used.public_id, pin) === used.code_hash
  );
}
