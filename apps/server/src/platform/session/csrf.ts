import { createHmac } from 'node:crypto';
import { safeEqual } from './tokens';

/**
 * CSRF protection, two layers:
 * - The token. Before login it is a double submit: `GET /auth/csrf_token` sets a random token in
 *   an HttpOnly, SameSite=Lax cookie and returns the same value; a POST echoes it in the header.
 *   Once logged in the token is bound to the session: an HMAC keyed with the session token, so it
 *   changes with every login (the login answer carries the new one in `X-CSRF-Token`) and a token
 *   seen before login, or in another session, is worthless.
 * - The origin. A browser says where a request comes from (`Sec-Fetch-Site`, else `Origin`);
 *   a state-changing request from another site is refused whatever it carries. Clients that send
 *   neither header (curl, server-to-server) pass on the token alone.
 */
export const CSRF_COOKIE = 'gerbang_csrf';
export const CSRF_HEADER = 'x-csrf-token';

/** The session's CSRF token: derived from the session token, never stored, gone with the session. */
export function csrfForSession(sessionToken: string): string {
  return createHmac('sha256', sessionToken).update('gerbang csrf v1').digest('base64url');
}

/**
 * Checks the token a POST carries: the session's token when the caller is logged in, the
 * double-submit pair otherwise.
 */
export function isCsrfTokenValid(input: {
  header: string;
  cookie: string;
  /** The caller's session token when the session is valid; null for an anonymous caller. */
  sessionToken: string | null;
}): boolean {
  if (!input.header) return false;
  if (input.sessionToken !== null) {
    return safeEqual(input.header, csrfForSession(input.sessionToken));
  }
  return input.cookie !== '' && safeEqual(input.cookie, input.header);
}

/**
 * Whether the browser says this request comes from our own origin. `Sec-Fetch-Site` is set by
 * the browser and cannot be changed by a page: `same-origin` and `none` (typed by the user) pass.
 * Without it, `Origin` must name the host that was asked (or the configured public origin).
 * Without either the request is not from a current browser; the token decides.
 */
export function isSameOriginRequest(input: {
  secFetchSite: string | undefined;
  origin: string | undefined;
  /** Host (and port) the request was sent to, as Fastify resolves it. */
  host: string;
  publicUrl: string;
}): boolean {
  const site = input.secFetchSite?.trim().toLowerCase();
  if (site) return site === 'same-origin' || site === 'none';
  const origin = input.origin?.trim();
  if (!origin) return true;
  if (origin === 'null') return false;
  let originUrl: URL;
  try {
    originUrl = new URL(origin);
  } catch {
    return false;
  }
  try {
    // The asked host read with the origin's scheme, so default ports compare equal (`:80`).
    if (originUrl.host === new URL(`${originUrl.protocol}//${input.host}`).host) return true;
    return originUrl.origin === new URL(input.publicUrl).origin;
  } catch {
    return false;
  }
}
