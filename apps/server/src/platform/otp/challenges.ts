import { OTP_MAX_WRONG_TRIES, OTP_TTL_MS } from '@gerbang/shared';
import { type ExpressionBuilder, type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { safeEqual } from '../session/tokens';
import { hashOtp, newOtpCode, newOtpPublicId } from './code';
import type { OtpChallengesTable } from './tables';

/**
 * E-mailed one-time codes for every feature that confirms something with one (a withdrawal, a
 * remittance, a credential change): 6 digits, stored as an HMAC, 10 minutes unless the feature
 * says less, single use, at most OTP_MAX_WRONG_TRIES wrong codes compared, replaced by a newer OTP
 * for the same subject. The feature keeps its own messages: this module answers with a reason.
 */

export type OtpChallenge = Selectable<OtpChallengesTable>;

/** How a feature uses OTPs; declared once by the feature. */
export interface OtpPurpose {
  /** Stored as `otp_challenges.purpose`; also the HMAC's tag (`<name>-otp-v1`). */
  readonly name: string;
  /**
   * The HMAC also covers the user and the subject, for subjects that are not a row binding them
   * already (a credential change). Kept per purpose so the hashes of OTPs moved from the old
   * per-feature tables still verify.
   */
  readonly hashBindsOwner: boolean;
  /** Which refusal an OTP both locked and expired gets (each feature keeps its spec's message). */
  readonly lockedBeforeExpired: boolean;
  /** The feature's spec messages (i18n keys); `wrong` gets `{left}`, the tries still allowed. */
  readonly messages: {
    readonly used: string;
    readonly locked: string;
    readonly expired: string;
    readonly wrong: string;
  };
}

/** Why an OTP was refused; `wrong` is the only one whose code was compared. */
export type OtpRefusal = 'used' | 'superseded' | 'locked' | 'expired';

export type OtpCheck =
  | { ok: true; otpId: number }
  | { ok: false; reason: OtpRefusal }
  /** `wrongTries`: the OTP's wrong codes now; `left`: how many more may be compared (0: locked). */
  | { ok: false; reason: 'wrong'; wrongTries: number; left: number };

type Db = Kysely<Database>;

/**
 * The purpose's message for a refused check: a replaced OTP reads as expired, a wrong code that
 * took the last try as locked.
 */
export function otpRefusalMessage(
  purpose: OtpPurpose,
  check: Exclude<OtpCheck, { ok: true }>,
): { key: string; vars?: { left: number } } {
  const { messages } = purpose;
  if (check.reason === 'wrong') {
    return check.left <= 0
      ? { key: messages.locked }
      : { key: messages.wrong, vars: { left: check.left } };
  }
  if (check.reason === 'used') return { key: messages.used };
  if (check.reason === 'locked') return { key: messages.locked };
  return { key: messages.expired };
}

function hashParts(
  purpose: OtpPurpose,
  otp: Pick<OtpChallenge, 'public_id' | 'user_id' | 'subject'>,
) {
  const tag = `${purpose.name}-otp-v1`;
  return purpose.hashBindsOwner
    ? [tag, otp.public_id, otp.user_id, otp.subject]
    : [tag, otp.public_id];
}

/** Runs `work` in the caller's transaction, or in a new one. */
function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

export interface IssueOtpInput {
  purpose: OtpPurpose;
  subject: string;
  userId: number;
  environment: 'production' | 'sandbox';
  now: Date;
  /** Defaults to now + OTP_TTL_MS; a feature may end it sooner (with its inquiry). */
  expiresAt?: Date;
  /** Defaults to 12 random bytes (base64url); the credential dialog's ids are UUIDs. */
  publicId?: string;
}

export interface IssuedOtp {
  code: string;
  publicId: string;
  expiresAt: Date;
}

/**
 * A new OTP for the subject; the subject's OTP still live for this user is superseded in the same
 * transaction (the caller's, when `db` is one). The caller mails the code.
 */
export async function issueOtp(db: Db, secret: string, input: IssueOtpInput): Promise<IssuedOtp> {
  const { purpose, subject, userId, environment, now } = input;
  const code = newOtpCode();
  const publicId = input.publicId ?? newOtpPublicId();
  const expiresAt = input.expiresAt ?? new Date(now.getTime() + OTP_TTL_MS);
  const codeHash = hashOtp(
    secret,
    hashParts(purpose, { public_id: publicId, user_id: userId, subject }),
    code,
  );
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable('otp_challenges')
      .set({ superseded_at: now })
      .where('purpose', '=', purpose.name)
      .where('subject', '=', subject)
      .where('user_id', '=', userId)
      .where('environment', '=', environment)
      .where('superseded_at', 'is', null)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('otp_challenges')
      .values({
        purpose: purpose.name,
        subject,
        user_id: userId,
        environment,
        public_id: publicId,
        code_hash: codeHash,
        created_at: now,
        expires_at: expiresAt,
      })
      .execute();
  });
  return { code, publicId, expiresAt };
}

/** The subject's newest OTP that no newer one replaced (used or not). */
export function currentOtp(
  db: Db,
  purpose: OtpPurpose,
  subject: string,
): Promise<OtpChallenge | undefined> {
  return db
    .selectFrom('otp_challenges')
    .selectAll()
    .where('purpose', '=', purpose.name)
    .where('subject', '=', subject)
    .where('superseded_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The OTP the page names by its public id, for this purpose only. */
export function otpByPublicId(
  db: Db,
  purpose: OtpPurpose,
  publicId: string,
): Promise<OtpChallenge | undefined> {
  return db
    .selectFrom('otp_challenges')
    .selectAll()
    .where('purpose', '=', purpose.name)
    .where('public_id', '=', publicId)
    .executeTakeFirst();
}

/**
 * An OTP that can still be tried and consumed: unused, not replaced, not expired, under the
 * wrong-try limit. Checked inside the UPDATE that reserves a try, so concurrent requests cannot
 * get past it together.
 */
function usable(eb: ExpressionBuilder<Database, 'otp_challenges'>, now: Date) {
  return eb.and([
    eb('used_at', 'is', null),
    eb('superseded_at', 'is', null),
    eb('expires_at', '>', now),
    eb('wrong_tries', '<', OTP_MAX_WRONG_TRIES),
  ]);
}

function refusalOf(
  purpose: OtpPurpose,
  otp: Pick<OtpChallenge, 'used_at' | 'superseded_at' | 'wrong_tries' | 'expires_at'>,
  now: Date,
): OtpRefusal | null {
  if (otp.used_at) return 'used';
  if (otp.superseded_at) return 'superseded';
  const locked = otp.wrong_tries >= OTP_MAX_WRONG_TRIES;
  const expired = new Date(otp.expires_at).getTime() <= now.getTime();
  if (locked && (purpose.lockedBeforeExpired || !expired)) return 'locked';
  if (expired) return 'expired';
  return null;
}

/**
 * Compares a code with the OTP. Every comparison first reserves a try with one conditional
 * UPDATE, so parallel requests get at most OTP_MAX_WRONG_TRIES comparisons in all; a right code
 * gives its try back, a wrong one keeps it (the last one locks the OTP). It does not use the OTP
 * up: `consumeOtp` does, in the transaction that acts on it.
 */
export async function checkOtp(
  db: Db,
  secret: string,
  purpose: OtpPurpose,
  otp: OtpChallenge,
  code: string,
  now: Date,
): Promise<OtpCheck> {
  const refusal = refusalOf(purpose, otp, now);
  if (refusal) return { ok: false, reason: refusal };
  const reserved = await db
    .updateTable('otp_challenges')
    .set({ wrong_tries: sql`wrong_tries + 1` })
    .where('id', '=', otp.id)
    .where((eb) => usable(eb, now))
    .returning('wrong_tries')
    .executeTakeFirst();
  if (!reserved) {
    // Another request used, locked or replaced it since it was read.
    const latest = await db
      .selectFrom('otp_challenges')
      .selectAll()
      .where('id', '=', otp.id)
      .executeTakeFirst();
    return { ok: false, reason: (latest && refusalOf(purpose, latest, now)) ?? 'expired' };
  }
  const expected = hashOtp(secret, hashParts(purpose, otp), code);
  if (!safeEqual(expected, otp.code_hash)) {
    const wrongTries = reserved.wrong_tries;
    return { ok: false, reason: 'wrong', wrongTries, left: OTP_MAX_WRONG_TRIES - wrongTries };
  }
  await db
    .updateTable('otp_challenges')
    .set({ wrong_tries: sql`wrong_tries - 1` })
    .where('id', '=', otp.id)
    .where('wrong_tries', '>', 0)
    .execute();
  return { ok: true, otpId: otp.id };
}

/**
 * Uses a checked OTP up; false when it was used, replaced or expired since the check (of two
 * parallel right answers only one gets true).
 */
export async function consumeOtp(db: Db, otpId: number, now: Date): Promise<boolean> {
  const used = await db
    .updateTable('otp_challenges')
    .set({ used_at: now })
    .where('id', '=', otpId)
    .where('used_at', 'is', null)
    .where('superseded_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  return used !== undefined;
}

/** For a replay of a confirmed request: the code must be the one that confirmed the subject. */
export async function matchesUsedOtp(
  db: Db,
  secret: string,
  purpose: OtpPurpose,
  subject: string,
  code: string,
): Promise<boolean> {
  const used = await db
    .selectFrom('otp_challenges')
    .selectAll()
    .where('purpose', '=', purpose.name)
    .where('subject', '=', subject)
    .where('used_at', 'is not', null)
    .executeTakeFirst();
  return (
    used !== undefined && safeEqual(hashOtp(secret, hashParts(purpose, used), code), used.code_hash)
  );
}
