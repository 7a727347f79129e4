import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import {
  DEFAULT_LANGUAGE,
  findForbiddenText,
  isLanguage,
  type Language,
  RC,
  translate,
} from '@gerbang/shared';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { z } from 'zod';
import { cookieOptions, sessionCookieNames } from '../modules/auth/cookies';
import { loadSession } from '../modules/auth/sessions';
import type { AuthContext } from './auth-context';
import { ApiError, httpStatusFor } from './errors';
import { enforceAccess } from './guard';
import {
  API_BODY_LIMIT,
  assertCsrfToken,
  assertMediaType,
  assertSameOrigin,
  fastifyErrorAsApiError,
  forbiddenTextKey,
} from './request-guard';
import type { RouteDefinition, RouteResult } from './route';
import type { Services } from './services';

export const API_PREFIX = '/api';

const isApiUrl = (url: string) =>
  url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`);

declare module 'fastify' {
  interface FastifyRequest {
    gerbangAuth?: AuthContext | null;
    gerbangLang?: Language;
  }
}

function resolveLanguage(req: FastifyRequest, auth: AuthContext | null): Language {
  const header = req.headers['x-language'];
  if (isLanguage(header)) return header;
  if (auth && isLanguage(auth.user.language)) return auth.user.language;
  return DEFAULT_LANGUAGE;
}

function sendEnvelope(
  reply: FastifyReply,
  lang: Language,
  rc: string,
  key: string,
  vars?: Record<string, string | number>,
  data: unknown = null,
  status = httpStatusFor(rc),
) {
  return reply.status(status).send({ rc, rd: translate(lang, key, vars), data });
}

function sendApiError(reply: FastifyReply, services: Services, lang: Language, error: ApiError) {
  if (error.rc === RC.SESSION) {
    reply.clearCookie(
      sessionCookieNames(services.config.mode).session,
      cookieOptions(services.config.mode),
    );
  }
  return sendEnvelope(
    reply,
    lang,
    error.rc,
    error.messageKey,
    error.vars,
    error.data,
    error.httpStatus ?? httpStatusFor(error.rc),
  );
}

/** Zod issues carry catalog keys as messages; the first failing rule is the one the user sees. */
function firstIssueKey(error: z.ZodError): string {
  const message = error.issues[0]?.message ?? '';
  return /^[a-z][\w-]*\.[\w.]+$/i.test(message) ? message : 'common.errors.invalidInput';
}

async function authenticate(req: FastifyRequest, services: Services): Promise<AuthContext | null> {
  if (req.gerbangAuth !== undefined) return req.gerbangAuth;
  const token = req.cookies[sessionCookieNames(services.config.mode).session];
  req.gerbangAuth = token
    ? await loadSession(services.db, token, services.now(), services.config.sessionIdleMs)
    : null;
  return req.gerbangAuth;
}

function registerRoute(app: FastifyInstance, services: Services, route: RouteDefinition) {
  app.route({
    method: route.method,
    url: API_PREFIX + route.url,
    bodyLimit: route.bodyLimit ?? API_BODY_LIMIT,
    // Session, origin, CSRF and the access rule are checked before the body is read: a refused
    // caller never gets a body parsed, whatever its size (issue 9, finding 6).
    onRequest: async (req, reply) => {
      let lang: Language = DEFAULT_LANGUAGE;
      try {
        const auth = await authenticate(req, services);
        lang = resolveLanguage(req, auth);
        req.gerbangLang = lang;
        if (route.method === 'POST') {
          assertSameOrigin(req, services);
          assertCsrfToken(req, services, auth);
        }
        enforceAccess(route.access, auth);
        if (route.method === 'POST') assertMediaType(req, route.multipart === true);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return sendApiError(reply, services, lang, error);
      }
    },
    handler: async (req, reply) => {
      const lang: Language = req.gerbangLang ?? DEFAULT_LANGUAGE;
      const auth = req.gerbangAuth ?? null;
      try {
        const parse = <S extends z.ZodType | undefined>(schema: S, value: unknown) => {
          // No text with NUL reaches a schema, a handler or the database (finding 4).
          const forbidden = findForbiddenText(value);
          if (forbidden)
            throw new ApiError(RC.VALIDATION, forbiddenTextKey(schema, value, forbidden));
          if (!schema) return value;
          const result = schema.safeParse(value ?? {});
          if (!result.success) throw new ApiError(RC.VALIDATION, firstIssueKey(result.error));
          return result.data;
        };
        const body =
          route.method === 'POST' && !req.isMultipart() ? parse(route.body, req.body) : undefined;
        const query = parse(route.query, req.query);
        const params = parse(route.params, req.params);
        const result: RouteResult | undefined = await route.handler({
          req,
          reply,
          services,
          lang,
          t: (key, vars) => translate(lang, key, vars),
          auth: auth as AuthContext,
          optionalAuth: auth,
          body,
          query,
          params,
          ip: req.ip,
          userAgent: String(req.headers['user-agent'] ?? '').replaceAll('\u0000', ''),
        });
        if (route.raw) return reply;
        return sendEnvelope(
          reply,
          lang,
          RC.OK,
          result?.messageKey ?? 'common.success',
          result?.messageVars,
          result?.data ?? null,
        );
      } catch (error) {
        // ApiErrors, and a plugin's 4xx (a malformed or oversized upload) as the envelope too.
        const apiError = fastifyErrorAsApiError(error);
        if (apiError) return sendApiError(reply, services, lang, apiError);
        req.log.error({ err: error }, 'unhandled error');
        return sendEnvelope(reply, lang, RC.GENERIC, 'common.errors.generic');
      }
    },
  });
}

export async function buildApp(
  services: Services,
  routes: readonly RouteDefinition[],
): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    loggerInstance: services.log as FastifyBaseLogger,
    trustProxy: services.config.trustProxy,
    // The default for every route; routes that take more declare it (see API_BODY_LIMIT).
    bodyLimit: API_BODY_LIMIT,
    genReqId: () => crypto.randomUUID(),
    // A malformed URL or an overlong path parameter is refused before any hook runs: answer it
    // in the envelope too, with the headers the hooks would have set.
    frameworkErrors: (error, req, frameworkReply) => {
      const reply = frameworkReply as unknown as FastifyReply;
      reply
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
      const apiError = fastifyErrorAsApiError(error);
      if (!isApiUrl(req.url) || !apiError) {
        return reply.status(400).type('text/plain; charset=utf-8').send('400');
      }
      return sendApiError(reply, services, resolveLanguage(req, null), apiError);
    },
  });
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: 10_000_000, files: 8 } });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: services.config.mode === 'production' ? [] : null,
      },
    },
    hsts: services.config.mode === 'production',
  });

  app.addHook('onRequest', async (req, reply) => {
    if (!isApiUrl(req.url)) return;
    // API answers carry personal data and balances: no browser or proxy may keep them (finding
    // 11). Routes that serve a public asset (a bank logo) set their own Cache-Control over this.
    reply.header('cache-control', 'no-store');
    // The server's clock, so the page's cut-off notice and "today" follow the server, not a
    // device whose clock is off (and follow test mode's settable clock in browser tests).
    reply.header('x-server-time', services.now().toISOString());
  });
  // Fastify's own refusals (broken JSON, body too large, media type) in the envelope (finding 5).
  app.setErrorHandler((error, req, reply) => {
    const lang = req.gerbangLang ?? resolveLanguage(req, req.gerbangAuth ?? null);
    const apiError = fastifyErrorAsApiError(error);
    if (!apiError) req.log.error({ err: error }, 'unhandled error');
    if (!isApiUrl(req.url)) {
      const status = apiError?.httpStatus ?? (apiError ? httpStatusFor(apiError.rc) : 500);
      return reply.status(status).type('text/plain; charset=utf-8').send(String(status));
    }
    if (!apiError) return sendEnvelope(reply, lang, RC.GENERIC, 'common.errors.generic');
    return sendApiError(reply, services, lang, apiError);
  });

  for (const route of routes) registerRoute(app, services, route);

  const webDist = services.config.webDistDir;
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    // '/' is the SPA itself; other page paths fall through to the not-found handler, which answers index.html.
    await app.register(fastifyStatic, { root: webDist, index: ['index.html'] });
  }

  app.setNotFoundHandler((req, reply) => {
    if (isApiUrl(req.url)) {
      const lang = isLanguage(req.headers['x-language'])
        ? req.headers['x-language']
        : DEFAULT_LANGUAGE;
      return sendEnvelope(reply, lang, RC.NOT_FOUND, 'common.errors.notFound');
    }
    if (req.method === 'GET' && hasWeb) {
      // Client-side routes: every page path is answered by the SPA, which decides login or not-found.
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send('Not Found');
  });

  return app;
}
