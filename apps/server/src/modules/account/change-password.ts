import type { accountChangePassRequest } from '@gerbang/shared';
import type { z } from 'zod';
import { accessDenied } from '../../http/errors';
import type { RouteContext } from '../../http/route';
import { writeAudit } from '../../platform/audit/audit';
import { revokeOtherSessions } from '../../platform/session/sessions';
import { hashPassword } from '../auth/passwords';
import { requireOwnPassword } from './own-password';

type Body = z.output<typeof accountChangePassRequest>;

/**
 * POST data/account_change_pass: a user changes their own password. The identity fields the page
 * sends (id, email, username) must name the caller; the own password is verified; every other
 * session of the user ends, this one stays.
 */
export async function changeOwnPassword(ctx: RouteContext<Body, unknown, unknown>): Promise<void> {
  const { services, auth, body } = ctx;
  const sameUser =
    (body.id === null || body.id === auth.user.id) &&
    (!body.username || body.username.toLowerCase() === auth.user.username.toLowerCase()) &&
    (!body.email || body.email.toLowerCase() === auth.user.username.toLowerCase());
  if (!sameUser) throw accessDenied('account.notYourAccount');

  // argon2 runs outside any transaction (PGlite is one connection).
  await requireOwnPassword(ctx, body.userpw, 'password_change');
  const passwordHash = await hashPassword(body.newaccountpw);
  const now = services.now();
  await services.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, password_changed_at: now })
      .where('id', '=', auth.user.id)
      .execute();
    await revokeOtherSessions(trx, auth.user.id, auth.sessionId, now);
    await audit(ctx, 'password_change', { other_sessions_ended: true }, trx);
  });
}

function audit(
  ctx: RouteContext<Body, unknown, unknown>,
  action: string,
  detail: Record<string, unknown>,
  db = ctx.services.db,
) {
  return writeAudit(db, {
    at: ctx.services.now(),
    agentId: ctx.auth.agent.id,
    userId: ctx.auth.user.id,
    username: ctx.auth.user.username,
    action,
    target: ctx.auth.user.username,
    detail,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    environment: ctx.auth.environment,
  });
}
