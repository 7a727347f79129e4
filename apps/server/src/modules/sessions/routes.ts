import { securityCalls } from '@gerbang/shared/contract/security-calls';
import { defineRoute, ok } from '../../http/route';
import { recordReauth } from '../../platform/session/reauth';
import { requireOwnPassword } from '../account/own-password';
import { audit, endOneSession, endOtherSessions, listSessions, setIdleTimeout } from './service';

/** The sessions section of the security settings, and the re-authentication call. */
export const sessionRoutes = [
  defineRoute(securityCalls.sessions, async (ctx) =>
    ok(await listSessions(ctx.services, ctx.auth)),
  ),
  defineRoute(securityCalls.endSession, async (ctx) =>
    ok({ ended: await endOneSession(ctx.services, ctx, ctx.body.id) }, 'sessions.ended'),
  ),
  defineRoute(securityCalls.endOtherSessions, async (ctx) =>
    ok({ ended: await endOtherSessions(ctx.services, ctx) }, 'sessions.endedOthers'),
  ),
  defineRoute(securityCalls.setIdleTimeout, async (ctx) =>
    ok(
      { idleMinutes: await setIdleTimeout(ctx.services, ctx, ctx.body.minutes) },
      'sessions.idle.saved',
    ),
  ),
  // The password re-entry: the same guess budget as every own-password check (5 in 15 minutes).
  defineRoute(securityCalls.reauth, async (ctx) => {
    await requireOwnPassword(ctx, ctx.body.password, 'reauth');
    const validUntil = await recordReauth(ctx.services.db, ctx.auth.sessionId, ctx.services.now());
    await audit(ctx.services, ctx, 'reauth', {});
    return ok({ validUntil: validUntil.toISOString() }, 'sessions.reauth.done');
  }),
];
