import { RC } from '@gerbang/shared';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import { ApiError, refused } from '../../http/errors';
import type { Services } from '../../http/services';
import type { UserActor } from '../../platform/actor';
import {
  checkOtp as checkChallenge,
  consumeOtp,
  currentOtp,
  issueOtp,
  matchesUsedOtp as matchesUsedChallenge,
  type OtpPurpose,
  otpRefusalMessage,
} from '../../platform/otp/challenges';
import type { RemittanceInquiriesTable } from './tables';

type RemittanceInquiryRow = Selectable<RemittanceInquiriesTable>;

/**
 * The remittance OTP follows the withdraw rules (platform/otp): 6 digits mailed with the inquiry,
 * HMAC-stored, 10 minutes, single use, 5 wrong tries. Every comparison first reserves a try with
 * one conditional UPDATE, so parallel guesses get at most 5 comparisons in all.
 */
export const REMITTANCE_OTP: OtpPurpose = {
  name: 'remittance',
  hashBindsOwner: false,
  lockedBeforeExpired: true,
  messages: {
    used: 'remittance.otpUsed',
    locked: 'remittance.otpLocked',
    expired: 'remittance.otpExpired',
    wrong: 'remittance.otpWrong',
  },
};

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

/** The inquiry's OTP, written in the inquiry's transaction (`trx`); the caller mails the code. */
export function issueRemittanceOtp(
  services: Pick<Services, 'config'>,
  trx: Kysely<Database>,
  inquiry: Pick<RemittanceInquiryRow, 'id' | 'user_id' | 'environment'>,
  now: Date,
) {
  return issueOtp(trx, services.config.sessionSecret, {
    purpose: REMITTANCE_OTP,
    subject: String(inquiry.id),
    userId: inquiry.user_id,
    environment: inquiry.environment,
    now,
  });
}

export type OtpCheck = { ok: true; otpId: number } | { ok: false; error: ApiError };

/**
 * Checks the OTP and uses it up, inside the payment transaction (`db`), under the inquiry's row
 * lock.
 */
export async function checkOtp(
  services: Pick<Services, 'now' | 'config'>,
  inquiryId: number,
  pin: string,
  db: Kysely<Database>,
): Promise<OtpCheck> {
  const now = services.now();
  const otp = await currentOtp(db, REMITTANCE_OTP, String(inquiryId));
  if (!otp) return { ok: false, error: refused('remittance.otpNotRequested') };
  const secret = services.config.sessionSecret;
  const check = await checkChallenge(db, secret, REMITTANCE_OTP, otp, pin, now);
  if (!check.ok) {
    const { key, vars } = otpRefusalMessage(REMITTANCE_OTP, check);
    return { ok: false, error: refused(key, vars) };
  }
  if (!(await consumeOtp(db, check.otpId, now))) {
    return { ok: false, error: refused('remittance.otpExpired') };
  }
  return check;
}

/** For a replay: the pin must be the OTP that paid this inquiry. */
export function matchesUsedOtp(
  services: Services,
  inquiryId: number,
  pin: string,
): Promise<boolean> {
  return matchesUsedChallenge(
    services.db,
    services.config.sessionSecret,
    REMITTANCE_OTP,
    String(inquiryId),
    pin,
  );
}
