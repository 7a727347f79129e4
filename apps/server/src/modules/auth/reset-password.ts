import { type Language, RC, translate } from '@gerbang/shared';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { ApiError, refused, validationError } from '../../http/errors';
import type { RouteContext } from '../../http/route';
import { writeAudit } from '../../platform/audit/audit';
import { clearBudget, type GuessRule, spendTry } from '../../platform/guess-budget';
import { revokeOtherSessions } from '../../platform/session/sessions';
import { hashToken, newToken } from '../../platform/session/tokens';
import { LOGIN_USER_RULE } from './login';
import { hashPassword } from './passwords';

const RESET_TTL_MINUTES = 60;
const HOUR_MS = 60 * 60_000;

/** Reset mails per address per hour: over it the address is answered 429 (it names no account). */
export const RESET_IP_RULE: GuessRule = { scope: 'reset_mail_ip', limit: 10, windowMs: HOUR_MS };
/**
 * Reset mails per e-mail per hour. Over it the answer stays the same (registered or not, so the
 * call reveals nothing) but no mail is sent.
 */
export const RESET_ACCOUNT_RULE: GuessRule = {
  scope: 'reset_mail_account',
  limit: 3,
  windowMs: HOUR_MS,
};

/** Locks the user's row, so issuing and using links of one user happen one at a time. */
async function lockUser(trx: Transaction<Database>, userId: number) {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** Every link of the user still usable, except `keepId`, stops working. */
async function revokeOpenLinks(
  trx: Transaction<Database>,
  userId: number,
  now: Date,
  keepId: number | null = null,
) {
  let query = trx
    .updateTable('password_resets')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null);
  if (keepId !== null) query = query.where('id', '!=', keepId);
  await query.execute();
}

/**
 * POST /auth/reset_password: mails a single-use link; a new link revokes the older ones. The
 * answer is the same whether or not the e-mail is registered, so the call cannot be used to
 * discover accounts. Mails are budgeted per address (10 an hour, then 429) and per e-mail (3 an
 * hour, then the same answer without a mail).
 */
export async function requestPasswordReset(
  ctx: RouteContext<{ email: string; captcha: string }, unknown, unknown>,
) {
  const { services, body } = ctx;
  const now = services.now();
  if (!body.captcha) throw validationError('auth.submitCaptcha');
  if (!(await services.captcha.verify(body.captcha, { now, allowTestKey: true })))
    throw refused('auth.invalidCaptcha');
  const answer = { messageKey: 'auth.resetSent' };

  if (!(await spendTry(services.db, RESET_IP_RULE, ctx.ip, now)).ok) {
    throw new ApiError(RC.THROTTLED, 'common.errors.tooManyRequests');
  }
  if (!(await spendTry(services.db, RESET_ACCOUNT_RULE, body.email, now)).ok) return answer;

  const user = await services.db
    .selectFrom('users')
    .select(['id', 'agent_id', 'username', 'nama', 'language'])
    .where(sql<string>`lower(username)`, '=', body.email.toLowerCase())
    .executeTakeFirst();
  if (user) {
    const token = newToken();
    await services.db.transaction().execute(async (trx) => {
      await lockUser(trx, user.id);
      await revokeOpenLinks(trx, user.id, now);
      await trx
        .insertInto('password_resets')
        .values({
          user_id: user.id,
          token_hash: hashToken(token),
          expires_at: new Date(now.getTime() + RESET_TTL_MINUTES * 60_000),
          created_at: now,
        })
        .execute();
    });
    const mailLang: Language = ctx.lang;
    const link = `${services.config.publicUrl}/auth/reset?token=${encodeURIComponent(token)}`;
    await services.mail.send({
      to: user.username,
      kind: 'password_reset',
      subject: translate(mailLang, 'auth.resetMailSubject'),
      text: translate(mailLang, 'auth.resetMailBody', {
        name: user.nama,
        link,
        minutes: RESET_TTL_MINUTES,
      }),
    });
    await writeAudit(services.db, {
      at: services.now(),
      agentId: user.agent_id,
      userId: user.id,
      username: user.username,
      action: 'password_reset_requested',
      ip: ctx.ip,
      userAgent: ctx.userAgent,
    });
  }
  return answer;
}

/** POST /auth/reset_password/confirm: sets the new password from a valid link and ends every session. */
export async function confirmPasswordReset(
  ctx: RouteContext<{ token: string; password: string; confirmation: string }, unknown, unknown>,
) {
  const { services, body } = ctx;
  const now = services.now();
  const reset = await services.db
    .selectFrom('password_resets')
    .selectAll()
    .where('token_hash', '=', hashToken(body.token))
    .executeTakeFirst();
  if (!reset || reset.used_at || reset.revoked_at || reset.expires_at.getTime() <= now.getTime()) {
    throw new ApiError(RC.REFUSED, 'auth.resetTokenInvalid');
  }
  const passwordHash = await hashPassword(body.password);
  const user = await services.db.transaction().execute(async (trx) => {
    await lockUser(trx, reset.user_id);
    const claimed = await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('id', '=', reset.id)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('id')
      .executeTakeFirst();
    if (!claimed) throw new ApiError(RC.REFUSED, 'auth.resetTokenInvalid');
    await revokeOpenLinks(trx, reset.user_id, now, reset.id);
    return trx
      .updateTable('users')
      .set({
        password_hash: passwordHash,
        password_changed_at: now,
      })
      .where('id', '=', reset.user_id)
      .returning(['id', 'agent_id', 'username'])
      .executeTakeFirstOrThrow();
  });
  await revokeOtherSessions(services.db, user.id, null, now);
  // The owner proved themselves through the mailbox: the login lock of the name ends.
  await clearBudget(services.db, LOGIN_USER_RULE, user.username);
  await writeAudit(services.db, {
    at: services.now(),
    agentId: user.agent_id,
    userId: user.id,
    username: user.username,
    action: 'password_reset',
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });
  return { messageKey: 'auth.passwordUpdated' };
}
