import { type Language, RC, translate } from '@gerbang/shared';
import { sql } from 'kysely';
import { ApiError, refused, validationError } from '../../http/errors';
import type { RouteContext } from '../../http/route';
import { writeAudit } from '../audit/audit';
import { hashPassword } from './passwords';
import { revokeOtherSessions } from './sessions';
import { hashToken, newToken } from './tokens';

const RESET_TTL_MINUTES = 60;

/**
 * POST /auth/reset_password: mails a single-use link. The answer is the same whether or not the
 * e-mail is registered, so the call cannot be used to discover accounts.
 */
export async function requestPasswordReset(
  ctx: RouteContext<{ email: string; captcha: string }, unknown, unknown>,
) {
  const { services, body } = ctx;
  const now = services.now();
  if (!body.captcha) throw validationError('auth.submitCaptcha');
  if (!(await services.captcha.verify(body.captcha, { now, allowTestKey: true })))
    throw refused('auth.invalidCaptcha');

  const user = await services.db
    .selectFrom('users')
    .select(['id', 'agent_id', 'username', 'nama', 'language'])
    .where(sql<string>`lower(username)`, '=', body.email.toLowerCase())
    .executeTakeFirst();
  if (user) {
    const token = newToken();
    await services.db
      .insertInto('password_resets')
      .values({
        user_id: user.id,
        token_hash: hashToken(token),
        expires_at: new Date(now.getTime() + RESET_TTL_MINUTES * 60_000),
      })
      .execute();
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
      agentId: user.agent_id,
      userId: user.id,
      username: user.username,
      action: 'password_reset_requested',
      ip: ctx.ip,
      userAgent: ctx.userAgent,
    });
  }
  return { messageKey: 'auth.resetSent' };
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
  if (!reset || reset.used_at || reset.expires_at.getTime() <= now.getTime()) {
    throw new ApiError(RC.REFUSED, 'auth.resetTokenInvalid');
  }
  const passwordHash = await hashPassword(body.password);
  const user = await services.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('id', '=', reset.id)
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!claimed) throw new ApiError(RC.REFUSED, 'auth.resetTokenInvalid');
    return trx
      .updateTable('users')
      .set({
        password_hash: passwordHash,
        password_changed_at: now,
        failed_login_count: 0,
        locked_until: null,
      })
      .where('id', '=', reset.user_id)
      .returning(['id', 'agent_id', 'username'])
      .executeTakeFirstOrThrow();
  });
  await revokeOtherSessions(services.db, user.id, null, now);
  await writeAudit(services.db, {
    agentId: user.agent_id,
    userId: user.id,
    username: user.username,
    action: 'password_reset',
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });
  return { messageKey: 'auth.passwordUpdated' };
}
