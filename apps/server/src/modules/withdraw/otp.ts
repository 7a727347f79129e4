import { formatRupiah, OTP_TTL_MS, RC, translate } from '@gerbang/shared';
import type { CreateOtpResult } from '@gerbang/shared/contract/withdraw';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { ApiError, refused } from '../../http/errors';
import type { Services } from '../../http/services';
import type { UserActor } from '../../platform/actor';
import { maskEmail } from '../../platform/binding';
import {
  checkOtp as checkChallenge,
  consumeOtp,
  currentOtp,
  issueOtp,
  matchesUsedOtp as matchesUsedChallenge,
  type OtpPurpose,
  otpRefusalMessage,
} from '../../platform/otp/challenges';
import type { InquiryRow } from './inquiry';
import { checkAccountPassword } from './password';

/** The withdraw OTP: its HMAC binds the public id (the inquiry binds user and amount). */
export const WITHDRAW_OTP: OtpPurpose = {
  name: 'withdraw',
  hashBindsOwner: false,
  lockedBeforeExpired: true,
  messages: {
    used: 'withdraw.otpUsed',
    locked: 'withdraw.otpLocked',
    expired: 'withdraw.otpExpired',
    wrong: 'withdraw.otpWrong',
  },
};

/** OTP mails one inquiry may trigger; past it the user checks again (a new inquiry). */
const OTP_REQUESTS_PER_INQUIRY = 5;

/** The actor's agent's inquiry by its id_transaksi (in the actor's environment), or 404. */
export async function findInquiry(
  services: Services,
  actor: UserActor,
  idTransaksi: string,
): Promise<InquiryRow> {
  const row = await services.db
    .selectFrom('withdraw_inquiries')
    .selectAll()
    .where('id_transaksi', '=', idTransaksi)
    .where('agent_id', '=', actor.auth.agent.id)
    .where('environment', '=', actor.auth.environment)
    // A domestic or bulk inquiry (type_inq) becomes an order line, never a withdrawal.
    .where('type_inq', '=', 'withdraw')
    .executeTakeFirst();
  if (!row) throw new ApiError(RC.NOT_FOUND, 'withdraw.inquiryNotFound');
  return row;
}

export interface CreateOtpInput {
  password: string;
  nominal_transfer: number;
  idtransaksi: string;
}

/**
 * transaction/create_otp: a 6-digit code for one inquiry, mailed to the user's login address,
 * stored as an HMAC, valid 10 minutes, single use, at most 5 wrong tries. A new OTP for the same
 * inquiry replaces the previous one.
 */
export async function createOtp(
  services: Services,
  actor: UserActor,
  input: CreateOtpInput,
): Promise<{ result: CreateOtpResult; email: string }> {
  const { auth, lang } = actor;
  const inquiry = await findInquiry(services, actor, input.idtransaksi);
  if (inquiry.user_id !== auth.user.id)
    throw new ApiError(RC.NOT_FOUND, 'withdraw.inquiryNotFound');
  const now = services.now();
  if (inquiry.paid_at) throw refused('withdraw.otpUsed');
  if (new Date(inquiry.expires_at).getTime() <= now.getTime())
    throw refused('withdraw.inquiryExpired');
  if (input.nominal_transfer !== inquiry.amount) throw refused('withdraw.nominalMismatch');
  await checkAccountPassword(services, actor, input.password, 'withdraw_otp');

  const counted = await services.db
    .updateTable('withdraw_inquiries')
    .set({ otp_requests: sql`otp_requests + 1` })
    .where('id', '=', inquiry.id)
    .where('otp_requests', '<', OTP_REQUESTS_PER_INQUIRY)
    .returning('id')
    .executeTakeFirst();
  if (!counted) throw refused('withdraw.otpTooManyRequests');

  const { code, publicId, expiresAt } = await issueOtp(services.db, services.config.sessionSecret, {
    purpose: WITHDRAW_OTP,
    subject: String(inquiry.id),
    userId: auth.user.id,
    environment: inquiry.environment,
    now,
    // The OTP never outlives its inquiry.
    expiresAt: new Date(
      Math.min(now.getTime() + OTP_TTL_MS, new Date(inquiry.expires_at).getTime()),
    ),
  });

  const email = auth.user.username;
  await services.mail.send({
    to: email,
    kind: 'otp',
    subject: translate(lang, 'withdraw.otpMailSubject', { code }),
    text: translate(lang, 'withdraw.otpMailBody', {
      name: auth.user.nama,
      code,
      amount: formatRupiah(inquiry.amount + inquiry.admin_fee),
      destination: `${inquiry.product_name} ${inquiry.account_number} a.n. ${inquiry.account_name}`,
      minutes: Math.round(OTP_TTL_MS / 60_000),
    }),
  });
  const masked = maskEmail(email);
  return {
    result: { email: masked, idOtp: publicId, expires_at: expiresAt.toISOString() },
    email: masked,
  };
}

export type OtpCheck = { ok: true; otpId: number } | { ok: false; error: ApiError };

/**
 * Checks the OTP the payment carries against the inquiry's current OTP (platform/otp: a try is
 * reserved before the code is compared, so parallel requests get at most 5 comparisons in all).
 * Consuming it is the payment transaction's job (`consumeWithdrawOtp`), so two concurrent submits
 * cannot both pass. The payment runs it inside its transaction (`db`), under the inquiry's row lock.
 */
export async function checkOtp(
  services: Pick<Services, 'db' | 'now' | 'config'>,
  inquiry: InquiryRow,
  pin: string,
  db: Kysely<Database> = services.db,
): Promise<OtpCheck> {
  const otp = await currentOtp(db, WITHDRAW_OTP, String(inquiry.id));
  if (!otp) return { ok: false, error: refused('withdraw.otpNotRequested') };
  const check = await checkChallenge(
    db,
    services.config.sessionSecret,
    WITHDRAW_OTP,
    otp,
    pin,
    services.now(),
  );
  if (check.ok) return check;
  const { key, vars } = otpRefusalMessage(WITHDRAW_OTP, check);
  return { ok: false, error: refused(key, vars) };
}

/** Uses the checked OTP up; false when a new OTP replaced it since the check. */
export function consumeWithdrawOtp(
  trx: Kysely<Database>,
  otpId: number,
  now: Date,
): Promise<boolean> {
  return consumeOtp(trx, otpId, now);
}

/** For a replay: the pin must be the OTP that paid this inquiry. */
export function matchesUsedOtp(
  services: Services,
  inquiry: InquiryRow,
  pin: string,
): Promise<boolean> {
  return matchesUsedChallenge(
    services.db,
    services.config.sessionSecret,
    WITHDRAW_OTP,
    String(inquiry.id),
    pin,
  );
}
