import type { Language } from '@gerbang/shared';
import type { AuthContext } from '../http/auth-context';

/**
 * Who asks a service function for something, without HTTP: the logged-in user (a route), later a
 * partner-API key or a background job. Service functions take `(services, actor, input)`; route
 * handlers build the actor with `actorOf(ctx)` and only translate the request and the answer.
 */
export interface Actor {
  auth: AuthContext;
  /** The language of answers and mails meant for this actor. */
  lang: Language;
  /** Where the call came from, for the audit log ('' for a job). */
  ip: string;
  userAgent: string;
}

export function actorOf(ctx: {
  auth: AuthContext;
  lang: Language;
  ip: string;
  userAgent: string;
}): Actor {
  return { auth: ctx.auth, lang: ctx.lang, ip: ctx.ip, userAgent: ctx.userAgent };
}
