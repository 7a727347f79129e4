import type { Language } from '@gerbang/shared';
import type { AnswerOf, AnyCall, CallAccess, RAW_ANSWER } from '@gerbang/shared/contract/call';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { StaffContext } from '../platform/staff/staff-session';
import type { AuthContext } from './auth-context';
import type { Services } from './services';

/**
 * Every route declares who may call it. The route-matrix test enumerates the registry and fails
 * for a route without a rule; the guard in app.ts enforces the rule before the handler runs, so
 * a refused call changes nothing. The rule is the call's (`CallAccess` in the shared contract).
 */
export type AccessRule = CallAccess;

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

export interface RouteResult<T = unknown> {
  data: T;
  /** Catalog key of the success message; defaults to common.success. */
  messageKey?: string;
  messageVars?: Record<string, string | number>;
}

export function ok(): RouteResult<null>;
export function ok<T>(
  data: T,
  messageKey?: string,
  messageVars?: Record<string, string | number>,
): RouteResult<T>;
export function ok(
  data: unknown = null,
  messageKey?: string,
  messageVars?: Record<string, string | number>,
): RouteResult {
  return { data, messageKey, messageVars };
}

/** The server-only flags of a route: how it reads and answers, beyond the shared contract. */
export interface RouteOptions<P extends z.ZodType = z.ZodType> {
  /** Schema of the `:name` path parameters. */
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
   * for the balance poll. Never cached.
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
}

export interface RouteDefinition<
  B extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
> extends RouteOptions<P> {
  method: 'GET' | 'POST';
  /** Path below `/api`, e.g. `/auth/login`. */
  url: string;
  access: AccessRule;
  body?: B;
  query?: Q;
  /** The answer's schema (from the call): every answer is checked against it in test mode. */
  response?: z.ZodType;
  handler: (
    ctx: RouteContext<z.infer<B>, z.infer<Q>, z.infer<P>>,
  ) => Promise<RouteResult | undefined>;
}

type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a call's handler returns: nothing for a raw call, else `ok(data)` with the call's answer. */
type HandlerResult<C extends AnyCall> = C['response'] extends typeof RAW_ANSWER
  ? undefined
  : RouteResult<AnswerOf<C>>;

/** A call's handler: its body, query and answer typed from the contract. */
export type CallHandler<C extends AnyCall, P extends z.ZodType = z.ZodType> = (
  ctx: RouteContext<OutputOf<C['request']>, OutputOf<C['query']>, z.infer<P>>,
) => Promise<HandlerResult<C>>;

/** Route options that must agree with the call: raw exactly when the call answers RAW_ANSWER. */
type OptionsFor<C extends AnyCall, P extends z.ZodType> = C['response'] extends typeof RAW_ANSWER
  ? RouteOptions<P> & { raw: true }
  : RouteOptions<P> & { raw?: false };

/**
 * A route for a call of the shared contract: method, path, access rule and schemas come from the
 * call; `options` keeps the server-only flags. The handler's input and answer are typed by the
 * call (`ok(data)` where `data` must match `response`).
 */
export function defineRoute<C extends AnyCall, P extends z.ZodType = z.ZodType>(
  call: C,
  handler: CallHandler<C, P>,
  ...options: C['response'] extends typeof RAW_ANSWER
    ? [options: OptionsFor<C, P>]
    : [options?: OptionsFor<C, P>]
): RouteDefinition;
export function defineRoute(
  call: AnyCall,
  handler: CallHandler<AnyCall>,
  options: RouteOptions = {},
): RouteDefinition {
  const raw = call.response === 'raw';
  if (raw !== (options.raw === true)) {
    throw new Error(`${call.path}: raw exactly when the call answers RAW_ANSWER`);
  }
  return {
    ...options,
    method: call.method,
    url: call.path,
    access: call.access,
    body: call.request,
    query: call.query,
    response: raw ? undefined : call.response,
    multipart: options.multipart ?? call.multipart,
    handler: handler as RouteDefinition['handler'],
  };
}
