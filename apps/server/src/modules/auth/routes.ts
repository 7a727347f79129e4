import { authCalls } from '@gerbang/shared/contract/auth-calls';
import { defineRoute, ok } from '../../http/route';
import { writeAudit } from '../../platform/audit/audit';
import {
  clearSessionCookies,
  cookieOptions,
  sessionCookieNames,
} from '../../platform/session/cookies';
import { csrfForSession } from '../../platform/session/csrf';
import { revokeSession, setSessionEnvironment } from '../../platform/session/sessions';
import { newToken } from '../../platform/session/tokens';
import { login } from './login';
import { buildLoginResult } from './login-result';
import { confirmPasswordReset, requestPasswordReset } from './reset-password';
import { secondFactorRoutes } from './second-factor';

export const authRoutes = [
  ...secondFactorRoutes,
  defineRoute(authCalls.csrfToken, async ({ reply, req, services, optionalAuth }) => {
    const { mode } = services.config;
    const names = sessionCookieNames(mode);
    const sessionToken = optionalAuth ? req.cookies[names.session] : undefined;
    // Logged in: the session's own token. Before login: reuse the browser's token so parallel
    // tabs and in-flight posts stay valid.
    const csrf = sessionToken
      ? csrfForSession(sessionToken)
      : req.cookies[names.csrf] || newToken(24);
    reply.setCookie(names.csrf, csrf, cookieOptions(mode));
    return ok({ csrf });
  }),
  defineRoute(
    authCalls.captchaChallenge,
    async ({ reply, services }) => {
      // The altcha widget reads the bare challenge object, not the envelope.
      reply
        .header('cache-control', 'no-store')
        .send(await services.captcha.challenge(services.now()));
      return undefined;
    },
    { raw: true },
  ),
  defineRoute(authCalls.appConfig, async ({ services }) =>
    ok({ supportUrl: services.config.supportUrl, demo: services.config.mode !== 'production' }),
  ),
  defineRoute(authCalls.login, async (ctx) => ok(await login(ctx), 'auth.loginSuccess')),
  defineRoute(authCalls.logout, async ({ services, auth, reply, ip, userAgent }) => {
    await revokeSession(services.db, auth.sessionId, services.now());
    await writeAudit(services.db, {
      at: services.now(),
      agentId: auth.agent.id,
      userId: auth.user.id,
      username: auth.user.username,
      action: 'logout',
      ip,
      userAgent,
      environment: auth.environment,
    });
    clearSessionCookies(reply, services.config.mode);
    return ok(null);
  }),
  defineRoute(authCalls.resetPassword, async (ctx) => {
    const result = await requestPasswordReset(ctx);
    return ok(null, result.messageKey);
  }),
  defineRoute(authCalls.confirmPasswordReset, async (ctx) => {
    const result = await confirmPasswordReset(ctx);
    return ok(null, result.messageKey);
  }),
  defineRoute(authCalls.session, async ({ optionalAuth, services }) =>
    ok(optionalAuth ? await buildLoginResult(optionalAuth, services) : null),
  ),
  defineRoute(authCalls.dataUser, async ({ auth, services }) =>
    ok(await buildLoginResult(auth, services)),
  ),
  defineRoute(authCalls.dataReg, async ({ auth }) =>
    ok({
      status_reg: { status: auth.agent.status_reg, auth_token: { personal: null, bisnis: null } },
      user_type: auth.agent.user_type,
      id_grup: auth.agent.id_grup,
      business_activated: auth.agent.business_activated,
      is_approved_kyc: auth.agent.is_approved_kyc,
    }),
  ),
  defineRoute(authCalls.language, async ({ auth, services, body }) => {
    await services.db
      .updateTable('users')
      .set({ language: body.language })
      .where('id', '=', auth.user.id)
      .execute();
    return ok({ language: body.language });
  }),
  ...(
    [
      [authCalls.switchToProduction, 'production'],
      [authCalls.switchToSandbox, 'sandbox'],
    ] as const
  ).map(([call, environment]) =>
    defineRoute(call, async ({ auth, services, ip, userAgent }) => {
      await setSessionEnvironment(services.db, auth.sessionId, environment);
      await writeAudit(services.db, {
        at: services.now(),
        agentId: auth.agent.id,
        userId: auth.user.id,
        username: auth.user.username,
        action: 'environment_switch',
        detail: { from: auth.environment, to: environment },
        ip,
        userAgent,
        environment,
      });
      return ok({ environment }, 'auth.environmentSwitched', { environment });
    }),
  ),
];
