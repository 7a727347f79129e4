import { factorCalls } from '@gerbang/shared/contract/factor-calls';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { AuthContext } from '../../http/auth-context';
import { defineRoute, ok, type RouteContext } from '../../http/route';
import { writeAudit } from '../../platform/audit/audit';
import { checkFactorCode } from '../../platform/factors/codes';
import { type FactorOwner, factorDeps } from '../../platform/factors/deps';
import { passkeyAuthenticationOptions, verifyPasskey } from '../../platform/factors/passkeys';
import { markFactorPassed } from '../../platform/factors/state';
import { renewPortalSession } from '../../platform/session/renew';
import { codeRefusal, passkeyRefusal } from '../security/refusals';
import { buildLoginResult } from './login-result';

const ownerOf = (auth: AuthContext): FactorOwner => ({
  kind: 'user',
  id: auth.user.id,
  sessionId: auth.sessionId,
  label: auth.user.username,
});

/** The session is full now: audited as the login's success, answered as the login result. */
async function passed(ctx: RouteContext<unknown, unknown, unknown>, method: string) {
  const { services, auth } = ctx;
  await markFactorPassed(factorDeps(services), ownerOf(auth));
  // The half session's token dies here: the full session gets a new one (session fixation).
  await renewPortalSession(services.db, ctx.reply, services.config.mode, auth.sessionId);
  await writeAudit(services.db, {
    at: services.now(),
    agentId: auth.agent.id,
    userId: auth.user.id,
    username: auth.user.username,
    action: 'login_success',
    detail: { second_factor: method },
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });
  return ok(await buildLoginResult({ ...auth, factorState: null }, services));
}

/** The login's second step: a TOTP or recovery code, or a passkey (ADR 010). */
export const secondFactorRoutes = [
  defineRoute(factorCalls.secondFactor, async (ctx) => {
    const deps = factorDeps(ctx.services);
    const check = await checkFactorCode(deps, ownerOf(ctx.auth), ctx.body.code, {
      recovery: true,
    });
    if (!check.ok) throw codeRefusal(check, deps.now());
    return passed(ctx, check.method);
  }),
  defineRoute(factorCalls.secondFactorPasskeyOptions, async (ctx) =>
    ok({
      ...(await passkeyAuthenticationOptions(factorDeps(ctx.services), ownerOf(ctx.auth), 'login')),
    }),
  ),
  defineRoute(factorCalls.secondFactorPasskey, async (ctx) => {
    const result = await verifyPasskey(
      factorDeps(ctx.services),
      ownerOf(ctx.auth),
      'login',
      ctx.body.response as unknown as AuthenticationResponseJSON,
    );
    if (!result.ok) throw passkeyRefusal(result.reason);
    return passed(ctx, 'passkey');
  }),
];
