import type { AccessRequirement, Language } from '@gerbang/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AuthContext } from './auth-context';
import type { Services } from './services';

/**
 * Every route declares who may call it. The route-matrix test enumerates the registry and fails
 * for a route without a rule; the guard in app.ts enforces the rule before the handler runs, so
 * a refused call changes nothing.
 */
export type AccessRule =
  | { public: true; reason: string }
  | ({ public?: false } & AccessRequirement);

export interface RouteContext<TBody, TQuery, TParams> {
  req: FastifyRequest;
  reply: FastifyReply;
  services: Services;
  lang: Language;
  t: (key: string, vars?: Record<string, string | number>) => string;
  /** Present for every non-public route (the guard rejects the call otherwise). */
  auth: AuthContext;
  /** Present on public routes when the caller happens to be logged in. */
  optionalAuth: AuthContext | null;
  body: TBody;
  query: TQuery;
  params: TParams;
  ip: string;
  userAgent: string;
}

export interface RouteResult {
  data: unknown;
  /** Catalog key of the success message; defaults to common.success. */
  messageKey?: string;
  messageVars?: Record<string, string | number>;
}

export const ok = (
  data: unknown = null,
  messageKey?: string,
  messageVars?: Record<string, string | number>,
): RouteResult => ({
  data,
  messageKey,
  messageVars,
});

export interface RouteDefinition<
  B extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST';
  /** Path below `/api`, e.g. `/auth/login`. */
  url: string;
  access: AccessRule;
  body?: B;
  query?: Q;
  params?: P;
  /**
   * Raw routes answer with the reply themselves (files, redirects); others return a RouteResult
   * that becomes the `{rc, rd, data}` envelope.
   */
  raw?: boolean;
  /**
   * Largest body this route reads, in bytes; the default (API_BODY_LIMIT, 32 KB) fits every form.
   * Only upload routes raise it. Either way the body is read after the session, CSRF and access
   * checks, so an anonymous caller cannot make the server read a large body.
   */
  bodyLimit?: number;
  /** The route reads multipart/form-data (an upload, streamed); other routes refuse it with 415. */
  multipart?: boolean;
  handler: (
    ctx: RouteContext<z.infer<B>, z.infer<Q>, z.infer<P>>,
  ) => Promise<RouteResult | undefined>;
}

export function defineRoute<
  B extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
>(def: RouteDefinition<B, Q, P>): RouteDefinition {
  return def as unknown as RouteDefinition;
}
