import { RC } from '@gerbang/shared';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { sessionCookieNames } from '../platform/session/cookies';
import { CSRF_HEADER, isCsrfTokenValid, isSameOriginRequest } from '../platform/session/csrf';
import type { AuthContext } from './auth-context';
import { ApiError } from './errors';
import type { Services } from './services';

/**
 * What every API request passes before its body is read: the
 * origin and CSRF checks of state-changing calls, and the body limits. The route wrapper runs
 * these in `onRequest`, so an anonymous or cross-site caller never gets a body parsed.
 */

/**
 * Bodies are small forms: 32 KB holds the largest (a permission list of 500 changes) many times
 * over. A route that takes more (an upload) declares its own `bodyLimit` in `defineRoute`.
 */
export const API_BODY_LIMIT = 32 * 1024;

/** Refuses a state-changing request that a browser says comes from another site. */
export function assertSameOrigin(req: FastifyRequest, services: Services): void {
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const sameOrigin = isSameOriginRequest({
    secFetchSite: header('sec-fetch-site'),
    origin: header('origin'),
    host: req.host,
    publicUrl: services.config.publicUrl,
  });
  if (!sameOrigin) throw new ApiError(RC.ACCESS_DENIED, 'common.errors.crossSite');
}

/** Refuses a POST without the caller's CSRF token (the session's once logged in). */
export function assertCsrfToken(
  req: FastifyRequest,
  services: Services,
  auth: AuthContext | null,
): void {
  const names = sessionCookieNames(services.config.mode);
  const valid = isCsrfTokenValid({
    header: String(req.headers[CSRF_HEADER] ?? ''),
    cookie: req.cookies[names.csrf] ?? '',
    sessionToken: auth ? (req.cookies[names.session] ?? null) : null,
  });
  if (!valid) throw new ApiError(RC.ACCESS_DENIED, 'common.errors.csrf');
}

/**
 * A multipart body only for an upload route (another handler would not read it), and an upload
 * route takes nothing else (its handler reads the file stream).
 */
export function assertMediaType(req: FastifyRequest, acceptsMultipart: boolean): void {
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data') !== acceptsMultipart) {
    throw new ApiError(RC.VALIDATION, 'common.errors.unsupportedMediaType', undefined, null, 415);
  }
  if (acceptsMultipart && !/;\s*boundary=/.test(type)) {
    throw new ApiError(RC.VALIDATION, 'common.errors.badRequest');
  }
}

/**
 * Fastify's own refusals (broken JSON, body too large, unknown media type, bad content length)
 * as an ApiError, so they answer in the envelope with `rd` translated. Anything else is a bug:
 * the generic message, logged by the caller.
 */
export function fastifyErrorAsApiError(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error;
  const status = Number((error as { statusCode?: unknown })?.statusCode);
  if (!Number.isInteger(status) || status < 400 || status >= 500) return null;
  if (status === 413)
    return new ApiError(RC.VALIDATION, 'common.errors.bodyTooLarge', undefined, null, 413);
  if (status === 415)
    return new ApiError(RC.VALIDATION, 'common.errors.unsupportedMediaType', undefined, null, 415);
  if (status === 404) return new ApiError(RC.NOT_FOUND, 'common.errors.notFound');
  if (status === 429) return new ApiError(RC.THROTTLED, 'common.errors.tooManyRequests');
  return new ApiError(RC.VALIDATION, 'common.errors.badRequest');
}

const CATALOG_KEY = /^[a-z][\w-]*\.[\w.]+$/i;

/**
 * The message for a value with a forbidden character: the field's own message (what its schema
 * says when the field holds something that is not text), else a generic one.
 */
export function forbiddenTextKey(
  schema: z.ZodType | undefined,
  value: unknown,
  path: Array<string | number>,
): string {
  const fallback = 'common.errors.forbiddenText';
  if (!schema || path.length === 0 || value === null || typeof value !== 'object') return fallback;
  const probe = structuredClone(value) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = probe;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1] as string | number] = {};
  const result = schema.safeParse(probe);
  if (result.success) return fallback;
  const issue = result.error.issues.find(
    (i) => i.path.length === path.length && i.path.every((p, n) => String(p) === String(path[n])),
  );
  const message = issue?.message ?? '';
  return CATALOG_KEY.test(message) ? message : fallback;
}
