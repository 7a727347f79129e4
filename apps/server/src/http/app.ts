import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { DEFAULT_LANGUAGE, isLanguage, type Language, RC, translate } from '@gerbang/shared';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { z } from 'zod';
import { CSRF_COOKIE, CSRF_HEADER } from '../modules/auth/csrf';
import { loadSession, SESSION_COOKIE } from '../modules/auth/sessions';
import { safeEqual } from '../modules/auth/tokens';
import type { AuthContext } from './auth-context';
import { ApiError, httpStatusFor } from './errors';
import { enforceAccess } from './guard';
import type { RouteDefinition, RouteResult } from './route';
import type { Services } from './services';

export const API_PREFIX = '/api';

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
) {
  return reply.status(httpStatusFor(rc)).send({ rc, rd: translate(lang, key, vars), data });
}

/** Zod issues carry catalog keys as messages; the first failing rule is the one the user sees. */
function firstIssueKey(error: z.ZodError): string {
  const message = error.issues[0]?.message ?? '';
  return /^[a-z][\w-]*\.[\w.]+$/i.test(message) ? message : 'common.errors.invalidInput';
}

async function authenticate(req: FastifyRequest, services: Services): Promise<AuthContext | null> {
  if (req.gerbangAuth !== undefined) return req.gerbangAuth;
  const token = req.cookies[SESSION_COOKIE];
  req.gerbangAuth = token
    ? await loadSession(services.db, token, services.now(), services.config.sessionIdleMs)
    : null;
  return req.gerbangAuth;
}

function registerRoute(app: FastifyInstance, services: Services, route: RouteDefinition) {
  app.route({
    method: route.method,
    url: API_PREFIX + route.url,
    handler: async (req, reply) => {
      let lang: Language = DEFAULT_LANGUAGE;
      try {
        const auth = await authenticate(req, services);
        lang = resolveLanguage(req, auth);
        req.gerbangLang = lang;
        if (route.method === 'POST') {
          const cookie = req.cookies[CSRF_COOKIE] ?? '';
          const header = String(req.headers[CSRF_HEADER] ?? '');
          if (!cookie || !header || !safeEqual(cookie, header)) {
            throw new ApiError(RC.ACCESS_DENIED, 'common.errors.csrf');
          }
        }
        enforceAccess(route.access, auth);
        const parse = <S extends z.ZodType | undefined>(schema: S, value: unknown) => {
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
          userAgent: String(req.headers['user-agent'] ?? ''),
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
        if (error instanceof ApiError) {
          if (error.rc === RC.SESSION) reply.clearCookie(SESSION_COOKIE, { path: '/' });
          return sendEnvelope(reply, lang, error.rc, error.messageKey, error.vars, error.data);
        }
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
    bodyLimit: 12 * 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
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

  for (const route of routes) registerRoute(app, services, route);

  const webDist = services.config.webDistDir;
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    // '/' is the SPA itself; other page paths fall through to the not-found handler, which answers index.html.
    await app.register(fastifyStatic, { root: webDist, index: ['index.html'] });
  }

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith(`${API_PREFIX}/`) || req.url === API_PREFIX) {
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
