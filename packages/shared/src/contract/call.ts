import type { z } from 'zod';
import type { AccessRequirement } from '../domain/access-rule';
import type { ConsoleRule } from '../domain/console-access';

/**
 * One contract entry per API call: method, path, who may call it, the request and the answer.
 * The server's `defineRoute(call, handler)` takes its method, path, access rule and schemas from
 * it (and, in test mode, checks every answer against `response`); the web's `client.call(call,
 * input)` takes its method and path, and both sides get the request and answer types from it.
 *
 * Where: the schemas in `contract/<area>.ts`, the calls in `contract/<area>-calls.ts`
 * (`export const <area>Calls = { name: defineCall({...}) }`). The web build drops a call's schemas
 * (scripts/strip-call-schemas.mjs), so a page that uses a call loads no zod; with the calls apart,
 * it does not load the area's schema module either. This module loads no zod (type imports only).
 */

/**
 * Who may call: public (with the reason written down), an access requirement on the merchant's
 * session, or a console rule on the staff session. The server's guard enforces it before the body
 * is read; the route matrix test fails for a route without one.
 */
export type CallAccess =
  | { public: true; reason: string }
  | ({ public?: false } & AccessRequirement)
  // The provider console: a staff session, never a merchant's.
  | {
      public?: false;
      permission?: undefined;
      console: Exclude<ConsoleRule, 'anonymous'>;
      /** As AccessRequirement's: step-up before the call, half-session states it answers. */
      stepUp?: boolean;
      halfSession?: readonly ('verify' | 'enrol')[];
    }
  // The console's login form and its session probe: public, but still read only the staff cookie.
  | { public: true; reason: string; console: 'anonymous' };

/** What a raw call answers instead of the `{rc, rd, data}` envelope: a file, a redirect, a page. */
export const RAW_ANSWER = 'raw' as const;

export interface Call<
  M extends 'GET' | 'POST' = 'GET' | 'POST',
  Req extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  Res extends z.ZodType | typeof RAW_ANSWER = z.ZodType | typeof RAW_ANSWER,
  U extends boolean = boolean,
> {
  readonly method: M;
  /** Below `/api`, e.g. `/auth/login`; `:name` segments are path parameters. */
  readonly path: string;
  readonly access: CallAccess;
  /** The POST body's schema (its messages are catalog keys, in the spec's order). */
  readonly request: Req;
  /** The query string's schema. */
  readonly query: Q;
  /**
   * The schema of `data` in the `{rc, rd, data}` answer, or RAW_ANSWER. It describes the JSON as
   * sent (no transforms or defaults: the server checks the answer, it does not rewrite it).
   */
  readonly response: Res;
  /** The body is multipart/form-data (an upload): the web sends a FormData. */
  readonly multipart: U;
}

export function defineCall<
  M extends 'GET' | 'POST',
  Res extends z.ZodType | typeof RAW_ANSWER,
  Req extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  U extends boolean = false,
>(def: {
  method: M;
  path: string;
  access: CallAccess;
  request?: Req;
  query?: Q;
  response: Res;
  multipart?: U;
}): Call<M, Req, Q, Res, U> {
  return Object.freeze({
    method: def.method,
    path: def.path,
    access: def.access,
    request: def.request as Req,
    query: def.query as Q,
    response: def.response,
    multipart: (def.multipart ?? false) as U,
  });
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;

/** Any call, whatever its schemas. */
export type AnyCall = Call<'GET' | 'POST', any, any, any, boolean>;

/**
 * What the caller sends: the body of a POST (a FormData for an upload), the query of a GET;
 * undefined when the call takes neither.
 */
export type RequestOf<C extends AnyCall> =
  C extends Call<infer M, infer Req, infer Q>
    ? C['multipart'] extends true
      ? FormData
      : M extends 'POST'
        ? InputOf<Req>
        : InputOf<Q>
    : never;

/** The query a POST call also reads (rare: most POSTs take a body only). */
export type QueryOf<C extends AnyCall> = InputOf<C['query']>;

/**
 * What the server's handler returns as `data` (before the schema's transforms): a type error
 * when the handler answers something the contract does not describe.
 */
export type AnswerOf<C extends AnyCall> = C['response'] extends z.ZodType
  ? z.input<C['response']>
  : never;

/** What the caller receives as `data` in the envelope. */
export type ResponseOf<C extends AnyCall> = C['response'] extends z.ZodType
  ? z.output<C['response']>
  : never;
