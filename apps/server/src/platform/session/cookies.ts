import type { FastifyReply } from 'fastify';
import type { Config } from '../../config';
import { CSRF_COOKIE, CSRF_HEADER, csrfForSession } from './csrf';
import { SESSION_COOKIE } from './sessions';

type Mode = Config['mode'];

/**
 * The cookie names of a mode. Production uses the `__Host-` prefix: the browser then accepts the
 * cookie only with Secure, Path=/ and no Domain, so a sibling subdomain cannot set or shadow it.
 * Demo and test mode run on plain http://localhost, where a `__Host-` cookie would be refused.
 */
export function sessionCookieNames(mode: Mode): { session: string; csrf: string } {
  const prefix = mode === 'production' ? '__Host-' : '';
  return { session: `${prefix}${SESSION_COOKIE}`, csrf: `${prefix}${CSRF_COOKIE}` };
}

export function cookieOptions(mode: Mode) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: mode === 'production',
  };
}

/**
 * After a login: the session cookie, and the CSRF token rotated to the new session's (in its
 * cookie for double-submit clients, in `X-CSRF-Token` for the web client, which keeps it in memory).
 */
export function setSessionCookies(
  reply: FastifyReply,
  mode: Mode,
  session: { token: string; expiresAt: Date },
): void {
  const names = sessionCookieNames(mode);
  reply.setCookie(names.session, session.token, {
    ...cookieOptions(mode),
    expires: session.expiresAt,
  });
  const csrf = csrfForSession(session.token);
  reply.setCookie(names.csrf, csrf, cookieOptions(mode));
  reply.header(CSRF_HEADER, csrf);
}

/** After a logout or an ended session: both cookies go (the next page fetches a fresh token). */
export function clearSessionCookies(reply: FastifyReply, mode: Mode): void {
  const names = sessionCookieNames(mode);
  reply.clearCookie(names.session, cookieOptions(mode));
  reply.clearCookie(names.csrf, cookieOptions(mode));
}
