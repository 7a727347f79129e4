import { isEmail, type Language, PASSWORD_MIN_LENGTH, RC, translate } from '@gerbang/shared';
import { sql } from 'kysely';
import { ApiError, refused, validationError } from '../../http/errors';
import type { Services } from '../../http/services';
import { writeAudit } from '../../platform/audit/audit';
import { type GuessRule, spendTry } from '../../platform/guess-budget';
import { hashToken, newToken } from '../../platform/session/tokens';
import { hashPassword } from '../auth/passwords';

/** A verification link works once, for 24 hours. */
export const SIGNUP_TTL_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;
/** Sign-ups per address per hour (each costs an argon2 hash and a mail). */
export const SIGNUP_IP_RULE: GuessRule = { scope: 'signup_ip', limit: 20, windowMs: HOUR_MS };
/** Mails per e-mail address per hour: over it the same answer, without a mail. */
export const SIGNUP_MAIL_RULE: GuessRule = { scope: 'signup_mail', limit: 3, windowMs: HOUR_MS };

export interface SignupInput {
  email: string;
  password: string;
  confirmation: string;
  captcha: string;
}

/** First failing rule of the sign-up form, in the form's order. */
export function signupProblem(v: SignupInput): string | null {
  if (!v.email.trim()) return 'signup.emailRequired';
  if (!isEmail(v.email) || v.email.trim().length > 254) return 'signup.emailInvalid';
  if (v.password.length < PASSWORD_MIN_LENGTH) return 'account.passwordTooShort';
  if (v.password.length > 128) return 'account.passwordTooLong';
  if (v.confirmation !== v.password) return 'account.passwordMismatch';
  if (!v.captcha) return 'auth.submitCaptcha';
  return null;
}

interface Caller {
  ip: string;
  userAgent: string;
  lang: Language;
  /** Test sessions may pass the captcha with the test key. */
}

/**
 * POST /signup: mails a single-use verification link. The answer is the same whether or not the
 * address already has an account (the mail says which), so the form cannot be used to find
 * accounts. No agent exists until the link is followed.
 */
export async function startSignup(services: Services, caller: Caller, input: SignupInput) {
  const problem = signupProblem(input);
  if (problem) throw validationError(problem);
  const now = services.now();
  if (!(await services.captcha.verify(input.captcha, { now, allowTestKey: true })))
    throw refused('auth.invalidCaptcha');
  if (!(await spendTry(services.db, SIGNUP_IP_RULE, caller.ip, now)).ok)
    throw new ApiError(RC.THROTTLED, 'common.errors.tooManyRequests');
  const email = input.email.trim().toLowerCase();
  const answer = { messageKey: 'signup.mailSent', vars: { email } };
  if (!(await spendTry(services.db, SIGNUP_MAIL_RULE, email, now)).ok) return answer;

  const existing = await services.db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(username)`, '=', email)
    .executeTakeFirst();
  // Hashed on both paths: the hash is most of the work, so skipping it for a known address would
  // let the response time tell which addresses have an account.
  const passwordHash = await hashPassword(input.password);
  if (existing) {
    await services.mail.send({
      to: email,
      kind: 'signup_exists',
      subject: translate(caller.lang, 'signup.mailSubject'),
      text: translate(caller.lang, 'signup.mailExists', {
        link: `${services.config.publicUrl}/auth/login`,
      }),
    });
    return answer;
  }
  const token = newToken();
  await services.db
    .insertInto('signup_verifications')
    .values({
      email,
      password_hash: passwordHash,
      language: caller.lang,
      token_hash: hashToken(token),
      expires_at: new Date(now.getTime() + SIGNUP_TTL_MS),
      created_at: now,
    })
    .execute();
  const link = `${services.config.publicUrl}/signup/verify?token=${encodeURIComponent(token)}`;
  await services.mail.send({
    to: email,
    kind: 'signup_verify',
    subject: translate(caller.lang, 'signup.mailSubject'),
    text: translate(caller.lang, 'signup.mailBody', { link, hours: SIGNUP_TTL_MS / HOUR_MS }),
  });
  await writeAudit(services.db, {
    at: now,
    agentId: null,
    userId: null,
    username: email,
    action: 'signup_requested',
    ip: caller.ip,
    userAgent: caller.userAgent,
  });
  return answer;
}

/**
 * POST /signup/verify: follows the link once. The claim is one conditional UPDATE inside the
 * transaction that creates the agent and its main user, so two clicks (or two tabs) create one
 * account: the second finds the link used. An expired or unknown link changes nothing.
 */
export async function verifySignup(services: Services, caller: Caller, token: string) {
  const now = services.now();
  const result = await services.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('signup_verifications')
      .set({ used_at: now })
      .where('token_hash', '=', hashToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['id', 'email', 'password_hash', 'language'])
      .executeTakeFirst();
    if (!claimed) throw new ApiError(RC.REFUSED, 'signup.tokenInvalid');
    const taken = await trx
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(username)`, '=', claimed.email)
      .executeTakeFirst();
    if (taken) throw new ApiError(RC.REFUSED, 'signup.alreadyRegistered');
    // A new sign-up is a group-6 user whose registration is incomplete (spec 01 §2): the landing
    // page asks PERSONAL or BUSINESS.
    const agent = await trx
      .insertInto('agents')
      .values({
        username: claimed.email,
        nama_agen: '',
        email: claimed.email,
        id_grup: 6,
        user_type: 'Personal END USER',
        enable_api: false,
        is_approved_kyc: false,
        status_reg: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await trx
      .insertInto('users')
      .values({
        agent_id: agent.id,
        username: claimed.email,
        nama: claimed.email.split('@')[0] ?? claimed.email,
        password_hash: claimed.password_hash,
        parent_user_id: null,
        language: claimed.language,
        password_changed_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('signup_verifications')
      .set({ agent_id: agent.id })
      .where('id', '=', claimed.id)
      .execute();
    return { agentId: agent.id, userId: user.id, email: claimed.email };
  });
  await writeAudit(services.db, {
    at: now,
    agentId: result.agentId,
    userId: result.userId,
    username: result.email,
    action: 'signup_verified',
    ip: caller.ip,
    userAgent: caller.userAgent,
  });
  return { email: result.email };
}
