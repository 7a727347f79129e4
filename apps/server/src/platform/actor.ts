import type { Environment, Language } from '@gerbang/shared';
import type { AuthContext } from '../http/auth-context';

/**
 * Who asks a service function for something, without HTTP. Service functions take
 * `(services, actor, input)`; route handlers build the actor with `actorOf(ctx)` and only
 * translate the request and the answer. A function that needs a login session (an OTP mailed to
 * the user, a PIN) takes a `UserActor`; one that any caller may run (opening a payout) takes an
 * `Actor`, so the portal, the partner API and a background job call the same function.
 */
export type Actor = UserActor | PartnerActor | JobActor;

/** A person logged in to the portal. */
export interface UserActor {
  kind: 'user';
  auth: AuthContext;
  /** The language of answers and mails meant for this actor. */
  lang: Language;
  /** Where the call came from, for the audit log. */
  ip: string;
  userAgent: string;
}

/** A partner's server calling the partner (SNAP) API with its signed credentials. */
export interface PartnerActor {
  kind: 'partner';
  agentId: number;
  environment: Environment;
  clientId: string;
  lang: Language;
  ip: string;
  userAgent: string;
}

/** A background job acting for an agent (a bulk group's rows, a scheduled return). */
export interface JobActor {
  kind: 'job';
  /** The job's name, for the audit log. */
  job: string;
  lang: Language;
}

export function actorOf(ctx: {
  auth: AuthContext;
  lang: Language;
  ip: string;
  userAgent: string;
}): UserActor {
  return { kind: 'user', auth: ctx.auth, lang: ctx.lang, ip: ctx.ip, userAgent: ctx.userAgent };
}

export function jobActor(job: string): JobActor {
  return { kind: 'job', job, lang: 'id' };
}

/** The audit row's who-and-where of an actor: a user's id and login, a partner's address. */
export function auditOrigin(actor: Actor): {
  userId: number | null;
  username: string | null;
  ip: string | null;
  userAgent: string | null;
} {
  switch (actor.kind) {
    case 'user':
      return {
        userId: actor.auth.user.id,
        username: actor.auth.user.username,
        ip: actor.ip,
        userAgent: actor.userAgent,
      };
    case 'partner':
      return { userId: null, username: null, ip: actor.ip, userAgent: actor.userAgent };
    case 'job':
      return { userId: null, username: null, ip: null, userAgent: null };
  }
}

/** The same key for actors that are the same user, partner credential or job (one maker). */
export function actorKey(actor: Actor): string {
  switch (actor.kind) {
    case 'user':
      return `user:${actor.auth.user.id}:${actor.auth.environment}`;
    case 'partner':
      return `partner:${actor.agentId}:${actor.environment}:${actor.clientId}`;
    case 'job':
      return `job:${actor.job}`;
  }
}
