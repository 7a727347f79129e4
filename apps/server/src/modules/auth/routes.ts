import {
  languageFromCode,
  loginRequest,
  newPasswordRequest,
  resetPasswordRequest,
} from '@gerbang/shared';
import { z } from 'zod';
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

export const authRoutes = [
  defineRoute({
    method: 'GET',
    url: '/auth/csrf_token',
    access: { public: true, reason: 'the login page needs a token before anyone is logged in' },
    handler: async ({ reply, req, services, optionalAuth }) => {
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
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/auth/captcha_challenge',
    access: { public: true, reason: 'captcha is solved before login' },
    raw: true,
    handler: async ({ reply, services }) => {
      // The altcha widget reads the bare challenge object, not the envelope.
      reply
        .header('cache-control', 'no-store')
        .send(await services.captcha.challenge(services.now()));
      return undefined;
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/app/config',
    access: { public: true, reason: 'public settings the login page shows' },
    handler: async ({ services }) =>
      ok({ supportUrl: services.config.supportUrl, demo: services.config.mode !== 'production' }),
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/login',
    access: { public: true, reason: 'logging in' },
    body: loginRequest,
    handler: async (ctx) => ok(await login(ctx), 'auth.loginSuccess'),
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/logout',
    access: {},
    handler: async ({ services, auth, reply, ip, userAgent }) => {
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
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/reset_password',
    access: { public: true, reason: 'a user who forgot the password is not logged in' },
    body: resetPasswordRequest,
    handler: async (ctx) => {
      const result = await requestPasswordReset(ctx);
      return ok(null, result.messageKey);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/reset_password/confirm',
    access: { public: true, reason: 'the reset link is the credential' },
    body: newPasswordRequest,
    handler: async (ctx) => {
      const result = await confirmPasswordReset(ctx);
      return ok(null, result.messageKey);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/auth/session',
    access: {
      public: true,
      reason:
        'the page asks whether it is logged in before anyone is: the login result, or null (not an error)',
    },
    handler: async ({ optionalAuth, services }) =>
      ok(optionalAuth ? await buildLoginResult(optionalAuth, services) : null),
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/datauser',
    access: {},
    handler: async ({ auth, services }) => ok(await buildLoginResult(auth, services)),
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/datareg',
    access: {},
    handler: async ({ auth }) =>
      ok({
        status_reg: { status: auth.agent.status_reg, auth_token: { personal: null, bisnis: null } },
        user_type: auth.agent.user_type,
        id_grup: auth.agent.id_grup,
        business_activated: auth.agent.business_activated,
        is_approved_kyc: auth.agent.is_approved_kyc,
      }),
  }),
  defineRoute({
    method: 'POST',
    url: '/auth/language',
    access: {},
    body: z.object({
      // `in` (spec 01's stored form of Indonesian) is taken as `id`.
      language: z.string({ error: 'common.errors.invalidInput' }).transform((code, ctx) => {
        const language = languageFromCode(code);
        if (!language) ctx.addIssue({ code: 'custom', message: 'common.errors.invalidInput' });
        return language ?? z.NEVER;
      }),
    }),
    handler: async ({ auth, services, body }) => {
      await services.db
        .updateTable('users')
        .set({ language: body.language })
        .where('id', '=', auth.user.id)
        .execute();
      return ok({ language: body.language });
    },
  }),
  ...(['production', 'sandbox'] as const).map((environment) =>
    defineRoute({
      method: 'POST',
      url: `/control/change_environment_${environment}`,
      access: {},
      handler: async ({ auth, services, ip, userAgent }) => {
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
      },
    }),
  ),
];
