import { formatRupiah, OTP_MAX_WRONG_TRIES, OTP_TTL_MS, RC, translate } from '@gerbang/shared';
import type { CreateOtpResult } from '@gerbang/shared/contract/withdraw';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { ApiError, refused } from '../../http/errors';
import type { Services } from '../../http/services';
import type { UserActor } from '../../platform/actor';
import { newToken } from '../../platform/session/tokens';
import type { InquiryRow } from './inquiry';
import { checkAccountPassword } from './password';
import { hashOtp, maskEmail, newOtpCode } from './security';

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

  const code = newOtpCode();
  const publicId = newToken(12);
  const expiresAt = new Date(
    Math.min(now.getTime() + OTP_TTL_MS, new Date(inquiry.expires_at).getTime()),
  );
  await services.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('withdraw_otps')
      .set({ superseded_at: now })
      .where('inquiry_id', '=', inquiry.id)
      .where('superseded_at', 'is', null)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('withdraw_otps')
      .values({
        public_id: publicId,
        inquiry_id: inquiry.id,
        user_id: auth.user.id,
        code_hash: hashOtp(services.config.sessionSecret, publicId, code),
        created_at: now,
        expires_at: expiresAt,
      })
      .execute();
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
 * An OTP that can still be tried and consumed: unused, not replaced by a newer one, not expired,
 * under the wrong-try limit. Checked inside the UPDATE that reserves a try or consumes it, so
 * concurrent requests cannot get past it together.
 */
export function usableOtp(eb: ExpressionBuilder<Database, 'withdraw_otps'>, now: Date) {
  return eb.and([
    eb('used_at', 'is', null),
    eb('superseded_at', 'is', null),
    eb('expires_at', '>', now),
    eb('wrong_tries', '<', OTP_MAX_WRONG_TRIES),
  ]);
}

async function currentOtp(db: Kysely<Database>, inquiryId: number) {
  return db
    .selectFrom('withdraw_otps')
    .selectAll()
    .where('inquiry_id', '=', inquiryId)
    .where('superseded_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

function refusalOf(
  otp: { used_at: Date | null; wrong_tries: number; expires_at: Date },
  now: Date,
): ApiError | null {
  if (otp.used_at) return refused('withdraw.otpUsed');
  if (otp.wrong_tries >= OTP_MAX_WRONG_TRIES) return refused('withdraw.otpLocked');
  if (new Date(otp.expires_at).getTime() <= now.getTime()) return refused('withdraw.otpExpired');
  return null;
}

/**
 * Checks the OTP the payment carries against the inquiry's current OTP. Every comparison first
 * reserves a try with one conditional UPDATE (so parallel requests get at most 5 comparisons in
 * all); a right code gives its try back, a wrong one keeps it (the fifth locks the OTP). Consuming
 * it is the payment transaction's job (`usableOtp` again), so two concurrent submits cannot both pass.
 * The payment runs it inside its transaction (`db`), under the inquiry's row lock.
 */
export async function checkOtp(
  services: Pick<Services, 'db' | 'now' | 'config'>,
  inquiry: InquiryRow,
  pin: string,
  db: Kysely<Database> = services.db,
): Promise<OtpCheck> {
  const now = services.now();
  const otp = await currentOtp(db, inquiry.id);
  if (!otp) return { ok: false, error: refused('withdraw.otpNotRequested') };
  const refusal = refusalOf(otp, now);
  if (refusal) return { ok: false, error: refusal };
  const reserved = await db
    .updateTable('withdraw_otps')
    .set({ wrong_tries: sql`wrong_tries + 1` })
    .where('id', '=', otp.id)
    .where((eb) => usableOtp(eb, now))
    .returning('wrong_tries')
    .executeTakeFirst();
  if (!reserved) {
    // Another request used, locked or replaced it since the read above.
    const latest = await currentOtp(db, inquiry.id);
    const error = latest && latest.id === otp.id ? refusalOf(latest, now) : null;
    return { ok: false, error: error ?? refused('withdraw.otpExpired') };
  }
  const expected = hashOtp(services.config.sessionSecret, otp.public_id, pin);
  if (expected !== otp.code_hash) {
    const left = OTP_MAX_WRONG_TRIES - reserved.wrong_tries;
    return {
      ok: false,
      error: left <= 0 ? refused('withdraw.otpLocked') : refused('withdraw.otpWrong', { left }),
    };
  }
  await db
    .updateTable('withdraw_otps')
    .set({ wrong_tries: sql`wrong_tries - 1` })
    .where('id', '=', otp.id)
    .where('wrong_tries', '>', 0)
    .execute();
  return { ok: true, otpId: otp.id };
}

/** For a replay: the pin must be the OTP that paid this inquiry. */
export async function matchesUsedOtp(
  services: Services,
  inquiry: InquiryRow,
  pin: string,
): Promise<boolean> {
  const used = await services.db
    .selectFrom('withdraw_otps')
    .select(['public_id', 'code_hash'])
    .where('inquiry_id', '=', inquiry.id)
    .where('used_at', 'is not', null)
    .executeTakeFirst();
  return (
    used !== undefined &&
    hashOtp(services.config.sessionSecret, used.public_id, pin) === used.code_hash
  );
}
