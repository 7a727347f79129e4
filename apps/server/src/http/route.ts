import type { AccessRequirement, Language } from '@gerbang/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { StaffContext } from '../platform/staff/staff-session';
import type { AuthContext } from './auth-context';
import type { ConsoleRule } from './console-guard';
import type { Services } from './services';

/**
 * Every route declares who may call it. The route-matrix test enumerates the registry and fails
 * for a route without a rule; the guard in app.ts enforces the rule before the handler runs, so
 * a refused call changes nothing.
 */
export type AccessRule =
  | { public: true; reason: string }
  | ({ public?: false } & AccessRequirement)
  // The provider console (modules/console/guard.ts): a staff session, never a merchant's.
  | { public?: false; permission?: undefined; console: Exclude<ConsoleRule, 'anonymous'> }
  // The console's login form and its session probe: public, but still read only the staff cookie.
  | { public: true; reason: string; console: 'anonymous' };

export const isConsoleRule = (
  rule: AccessRule,
): rule is Extract<AccessRule, { console: unknown }> => 'console' in rule;

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
  /** The console's staff member: present on console routes other than 'anonymous' ones. */
  staff: StaffContext | null;
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
  /**
   * The session's statement also reads the agent's balances (`auth.balances`): one round trip
   * for the balance poll (issue 12 §16). Never cached.
   */
  loadsBalances?: boolean;
  /**
   * Called by another server, not a browser (the demo callback receiver): no origin or CSRF check
   * and no session is read (a browser's cookies give it nothing), and the exact body bytes are kept
   * in `req.rawBody` (a signature covers them). Public routes only.
   */
  serverToServer?: boolean;
  /**
   * Called by an anonymous payer's browser (the public payment link): no session is read, so a
   * logged-in merchant's cookies give the call nothing; a POST still passes the origin check and
   * the double-submit CSRF pair (`GET /auth/csrf_token`), never the session-bound token. Public
   * routes only.
   */
  payerFacing?: boolean;
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
