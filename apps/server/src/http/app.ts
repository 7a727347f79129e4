import { Readable } from 'node:stream';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import {
  DEFAULT_LANGUAGE,
  findForbiddenText,
  isNestedTooDeep,
  type Language,
  languageFromCode,
  RC,
  translate,
} from '@gerbang/shared';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { z } from 'zod';
import { markRecentWrite } from '../platform/read-replica';
import { cookieOptions, sessionCookieNames } from '../platform/session/cookies';
import { loadSession } from '../platform/session/sessions';
import { answerMismatch } from './answer-check';
import type { AuthContext } from './auth-context';
import { withoutHiddenBalance } from './balance-figures';
import { enforceConsoleAccess } from './console-guard';
import { ApiError, httpStatusFor } from './errors';
import { enforceAccess } from './guard';
import { registerOperationsRoutes, requestIdOf } from './operations-routes';
import {
  answerUnmatched,
  type PartnerArea,
  type PartnerRouteDefinition,
  partnerAreaOf,
  registerPartnerRoute,
} from './partner-route';
import {
  API_BODY_LIMIT,
  assertCsrfToken,
  assertMediaType,
  assertSameOrigin,
  fastifyErrorAsApiError,
  forbiddenTextKey,
} from './request-guard';
import { isConsoleRule, type RouteDefinition, type RouteResult } from './route';
import type { Services } from './services';
import { registerWebApp, type SessionReader, sendSpaFallback } from './static-web';

export const API_PREFIX = '/api';

const isApiUrl = (url: string) =>
  url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`);

declare module 'fastify' {
  interface FastifyRequest {
    gerbangAuth?: AuthContext | null;
    gerbangLang?: Language;
    /** The body as received, on `serverToServer` routes only. */
    rawBody?: string;
  }
}

const halfSessionOf = (access: RouteDefinition['access']) =>
  'halfSession' in access ? access.halfSession : undefined;

function resolveLanguage(req: FastifyRequest, auth: AuthContext | null): Language {
  return (
    languageFromCode(req.headers['x-language']) ??
    (auth ? languageFromCode(auth.user.language) : null) ??
    DEFAULT_LANGUAGE
  );
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

async function authenticate(
  req: FastifyRequest,
  services: Services,
  opts: { balances?: boolean } = {},
): Promise<AuthContext | null> {
  if (req.gerbangAuth !== undefined) return req.gerbangAuth;
  const token = req.cookies[sessionCookieNames(services.config.mode).session];
  req.gerbangAuth = token
    ? await loadSession(services.db, token, services.now(), services.config.sessionIdleMs, opts)
    : null;
  return req.gerbangAuth;
}

/** The caller's session for the web app's documents (a page's first frame, static-web.ts). */
const sessionReader =
  (services: Services): SessionReader =>
  (req) =>
    authenticate(req, services);

/** Reads the body (within `limit`) into `req.rawBody` and hands the same bytes to the parser. */
function keepRawBody(limit: number) {
  return async (req: FastifyRequest, _reply: FastifyReply, payload: NodeJS.ReadableStream) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      const part = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      size += part.length;
      if (size > limit) throw Object.assign(new Error('body too large'), { statusCode: 413 });
      chunks.push(part);
    }
    const raw = Buffer.concat(chunks);
    req.rawBody = raw.toString('utf8');
    return Readable.from([raw]);
  };
}

/**
 * The security headers of a JSON answer: what protects data that is not a page —
 * no sniffing it as something else, no framing, no loading it as a resource from another origin,
 * HTTPS only in production — without the dozen page headers helmet adds (about 600 bytes on
 * every 10 s balance poll). Cache-Control no-store and X-Server-Time come from the API hook.
 */
export function jsonSecurityHeaders(mode: Services['config']['mode']): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    // An answer's address (ids, filters in the query) never travels on as a Referer.
    'referrer-policy': 'no-referrer',
    ...(mode === 'production'
      ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
      : {}),
  };
}

/** A request's body, query or path values checked and parsed by the route's schema. */
function parseInput<S extends z.ZodType | undefined>(schema: S, value: unknown) {
  // A body nested thousands deep is refused before anything reads it recursively.
  if (isNestedTooDeep(value)) throw new ApiError(RC.VALIDATION, 'common.errors.nestedTooDeep');
  // No text with NUL reaches a schema, a handler or the database (finding 4).
  const forbidden = findForbiddenText(value);
  if (forbidden) throw new ApiError(RC.VALIDATION, forbiddenTextKey(schema, value, forbidden));
  if (!schema) return value;
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new ApiError(RC.VALIDATION, firstIssueKey(result.error));
  return result.data;
}

function registerRoute(
  app: FastifyInstance,
  services: Services,
  route: RouteDefinition,
  jsonHeaders: Record<string, string> = jsonSecurityHeaders(services.config.mode),
) {
  if ((route.serverToServer || route.payerFacing) && !route.access.public) {
    throw new Error(`${route.url}: a serverToServer route must be public`);
  }
  // Test mode holds every answer to its call's contract (answer-check.ts); other modes send it.
  const checksAnswers = services.config.mode === 'test';
  app.route({
    method: route.method,
    url: API_PREFIX + route.url,
    bodyLimit: route.bodyLimit ?? API_BODY_LIMIT,
    ...(route.serverToServer ? { preParsing: keepRawBody(route.bodyLimit ?? API_BODY_LIMIT) } : {}),
    // JSON answers carry the lean header set (jsonSecurityHeaders) instead of helmet's page set;
    // raw routes (files, PDFs, redirects) keep helmet's.
    ...(route.raw ? {} : { helmet: false as const }),
    // JSON answers are compressed (registerPlugins); files, PDFs and the event stream go as they
    // are (a compressor would hold back the stream's events until its buffer fills).
    ...(route.raw ? {} : { compress: {} }),
    // Session, origin, CSRF and the access rule are checked before the body is read: a refused
    // caller never gets a body parsed, whatever its size.
    onRequest: async (req, reply) => {
      let lang: Language = DEFAULT_LANGUAGE;
      if (!route.raw) reply.headers(jsonHeaders);
      try {
        if (isConsoleRule(route.access)) {
          // Console routes read only the staff cookie: a merchant session never reaches them.
          req.gerbangAuth = null;
          lang = resolveLanguage(req, null);
          req.gerbangLang = lang;
          await enforceConsoleAccess(req, services, route.access, route.method);
          if (route.method === 'POST') assertMediaType(req, route.multipart === true);
          return;
        }
        if (route.serverToServer || route.payerFacing) req.gerbangAuth = null;
        let auth = await authenticate(req, services, { balances: route.loadsBalances === true });
        // A half-logged-in session is nobody on a public call (the session probe answers null),
        // unless the call is one of the login's second step.
        if (auth?.factorState && route.access.public && !halfSessionOf(route.access)) {
          auth = null;
          req.gerbangAuth = null;
        }
        lang = resolveLanguage(req, auth);
        req.gerbangLang = lang;
        if (route.method === 'POST' && !route.serverToServer) {
          assertSameOrigin(req, services);
          assertCsrfToken(req, services, route.payerFacing ? null : auth);
        }
        enforceAccess(route.access, auth, services.now());
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
        const body =
          route.method === 'POST' && !req.isMultipart()
            ? parseInput(route.body, req.body)
            : undefined;
        const query = parseInput(route.query, req.query);
        const params = parseInput(route.params, req.params);
        const result: RouteResult | undefined = await route.handler({
          req,
          reply,
          services,
          lang,
          t: (key, vars) => translate(lang, key, vars),
          auth: auth as AuthContext,
          optionalAuth: auth,
          staff: req.gerbangStaff ?? null,
          body,
          query,
          params,
          ip: req.ip,
          userAgent: String(req.headers['user-agent'] ?? '').replaceAll('\u0000', ''),
        });
        if (route.raw) return reply;
        const mismatch =
          checksAnswers && route.response
            ? answerMismatch(route.response, result?.data ?? null)
            : null;
        if (mismatch) {
          req.log.error(
            { route: `${route.method} ${route.url}`, mismatch },
            'the answer does not match its contract',
          );
          return reply.status(500).send({
            rc: RC.GENERIC,
            rd: `answer does not match the contract: ${mismatch}`,
            data: null,
          });
        }
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
        if (apiError) {
          return sendApiError(reply, services, lang, withoutHiddenBalance(apiError, auth));
        }
        req.log.error({ err: error }, 'unhandled error');
        return sendEnvelope(reply, lang, RC.GENERIC, 'common.errors.generic');
      }
    },
  });
}

/** Cookies, multipart uploads and the security headers (Helmet: CSP, HSTS in production). */
async function registerPlugins(app: FastifyInstance, services: Services) {
  // Open event streams never end by themselves: close them so the server can (the browsers
  // reconnect, with Last-Event-ID, to a process that runs).
  app.addHook('preClose', async () => {
    for (const sub of services.events.subscribers()) sub.end();
  });
  // The portal's JSON answers over 1 KiB travel compressed (a data page of 50 rows is about 11 KiB
  // of JSON, 2 KiB in brotli): the routes that opt in are registerRoute's JSON calls. Brotli at
  // quality 4 costs about what gzip does and packs tighter; its default 11 is for files built once
  // (the web build precompresses its assets). The partner API answers as SNAP clients expect,
  // uncompressed. Request bodies are never inflated: a compressed upload could expand far past
  // the body limits.
  await app.register(fastifyCompress, {
    global: false,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
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
}

function noFastifySchemas(): () => never {
  return () => {
    throw new Error('Fastify route schemas are not used here: validate with zod (defineRoute)');
  };
}

/** The server's Fastify options: the log, proxies, body limit, request ids, schemas, URL errors. */
function fastifyOptions(services: Services) {
  return {
    loggerInstance: services.log as FastifyBaseLogger,
    trustProxy: services.config.trustProxy,
    // The default for every route; routes that take more declare it (see API_BODY_LIMIT).
    bodyLimit: API_BODY_LIMIT,
    // Kept from a proxy in front (X-Request-ID) or new; on every answer and in every log line.
    genReqId: requestIdOf,
    // Requests are checked with zod (parseInput) and answers against theirs (answer-check.ts): no
    // route hands Fastify a JSON schema, so its Ajv and fast-json-stringify compilers, a tenth of
    // a second of loading at every start, are not loaded; a route that did would fail at start.
    schemaController: {
      compilersFactory: { buildValidator: noFastifySchemas, buildSerializer: noFastifySchemas },
    },
    // A malformed URL or an overlong path parameter is refused before any hook runs: answer it
    // in the envelope too, with the headers the hooks would have set.
    frameworkErrors: (error, req, frameworkReply) => {
      const reply = frameworkReply as unknown as FastifyReply;
      reply.header('cache-control', 'no-store').headers(jsonSecurityHeaders(services.config.mode));
      const apiError = fastifyErrorAsApiError(error);
      if (!isApiUrl(req.url) || !apiError) {
        return reply.status(400).type('text/plain; charset=utf-8').send('400');
      }
      return sendApiError(reply, services, resolveLanguage(req, null), apiError);
    },
  } satisfies FastifyServerOptions;
}

export async function buildApp(
  services: Services,
  routes: readonly RouteDefinition[],
  /** Server-to-server partner API routes outside /api (the SNAP API, partner-route.ts). */
  partnerRoutes: readonly PartnerRouteDefinition[] = [],
  /** Their path spaces, which answer unknown paths and methods in their own shape. */
  partnerAreas: readonly PartnerArea[] = [],
): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify(fastifyOptions(services));
  await registerPlugins(app, services);
  registerOperationsRoutes(app, services);

  app.addHook('onRequest', async (req, reply) => {
    if (!isApiUrl(req.url)) return;
    // API answers carry personal data and balances: no browser or proxy may keep them (finding
    // 11). Routes that serve a public asset (a bank logo) set their own Cache-Control over this.
    reply.header('cache-control', 'no-store');
    // Every /api answer, an unknown path or a refusal included, keeps its address to itself.
    reply.header('referrer-policy', 'no-referrer');
    // The server's clock, so the page's cut-off notice and "today" follow the server, not a
    // device whose clock is off (and follow test mode's settable clock in browser tests).
    reply.header('x-server-time', services.now().toISOString());
  });
  if (services.replica) {
    // A write's author reads the primary for a few seconds after it (platform/read-replica.ts).
    app.addHook('onSend', async (req, reply, payload) => {
      if (req.method === 'POST' && isApiUrl(req.url)) markRecentWrite(reply, services.config.mode);
      return payload;
    });
  }
  // Fastify's own refusals (broken JSON, body too large, media type) in the envelope (finding 5).
  const jsonHeaders = jsonSecurityHeaders(services.config.mode);
  app.setErrorHandler((error, req, reply) => {
    // A partner route answers its own errors: only a request no route took (say an unknown path
    // with a body that does not parse) reaches here, and the area answers it as unmatched.
    const area = partnerAreaOf(partnerAreas, req.url);
    if (area) return answerUnmatched(area, partnerRoutes, services, req, reply, jsonHeaders);
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

  for (const route of routes) registerRoute(app, services, route, jsonHeaders);
  for (const route of partnerRoutes) registerPartnerRoute(app, services, route, jsonHeaders);

  // The built web app, precompressed and cached (static-web.ts); '/' is the SPA itself, other page
  // paths fall through to the not-found handler, which answers index.html.
  const hasWeb = await registerWebApp(app, services.config.webDistDir, sessionReader(services));

  app.setNotFoundHandler((req, reply) => {
    const area = partnerAreaOf(partnerAreas, req.url);
    if (area) return answerUnmatched(area, partnerRoutes, services, req, reply, jsonHeaders);
    if (isApiUrl(req.url)) {
      const lang = languageFromCode(req.headers['x-language']) ?? DEFAULT_LANGUAGE;
      return sendEnvelope(reply, lang, RC.NOT_FOUND, 'common.errors.notFound');
    }
    if (req.method === 'GET' && hasWeb) {
      // Client-side routes: every page path is answered by the SPA, which decides login or not-found.
      return sendSpaFallback(req, reply);
    }
    return reply.status(404).send('Not Found');
  });

  return app;
}
