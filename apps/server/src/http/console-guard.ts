import { RC } from '@gerbang/shared';
import type { ConsoleRule } from '@gerbang/shared/domain/console-access';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieOptions, sessionCookieNames } from '../platform/session/cookies';
import { CSRF_HEADER, csrfForSession, isCsrfTokenValid } from '../platform/session/csrf';
import { newToken, safeEqual } from '../platform/session/tokens';
import { staffMay } from '../platform/staff/permissions';
import {
  consoleCookieName,
  loadStaffSession,
  type StaffContext,
} from '../platform/staff/staff-session';
import { ApiError, accessDenied } from './errors';
import { enforceSecondFactor } from './guard';
import { assertSameOrigin } from './request-guard';
import type { AccessRule } from './route';
import type { Services } from './services';

export type { ConsoleRule } from '@gerbang/shared/domain/console-access';

declare module 'fastify' {
  interface FastifyRequest {
    gerbangStaff?: StaffContext | null;
  }
}

/** The staff cookie's token, when the browser sent one. */
export const staffToken = (req: FastifyRequest, services: Services): string | undefined =>
  req.cookies[consoleCookieName(services.config.mode)] || undefined;

/**
 * The CSRF token a console page sends: bound to the staff session, else the double-submit one
 * (the browser's token is reused, or a new one is set, as `GET /auth/csrf_token` does).
 */
export function consoleCsrf(
  req: FastifyRequest,
  reply: FastifyReply,
  services: Services,
  loggedIn: boolean,
): string {
  const token = staffToken(req, services);
  if (loggedIn && token) return csrfForSession(token);
  const names = sessionCookieNames(services.config.mode);
  const csrf = req.cookies[names.csrf] || newToken(24);
  reply.setCookie(names.csrf, csrf, cookieOptions(services.config.mode));
  return csrf;
}

/**
 * Runs before a console route's body is read (the route wrapper calls it instead of the merchant
 * checks): only the staff cookie is read, never the merchant session; POSTs pass the origin check
 * and the CSRF token; then the console permission. A caller with a merchant session and no staff
 * session is refused as access denied (answering 401 would also clear the merchant's cookie).
 */
export async function enforceConsoleAccess(
  req: FastifyRequest,
  services: Services,
  access: Extract<AccessRule, { console: unknown }>,
  method: 'GET' | 'POST',
): Promise<void> {
  const rule: ConsoleRule = access.console;
  const token = staffToken(req, services);
  const staff = token ? await loadStaffSession(services.db, token, services.now()) : null;
  req.gerbangStaff = staff;
  if (method === 'POST') {
    assertSameOrigin(req, services);
    const header = String(req.headers[CSRF_HEADER] ?? '');
    const valid =
      staff && token
        ? header !== '' && safeEqual(header, csrfForSession(token))
        : isCsrfTokenValid({
            header,
            cookie: req.cookies[sessionCookieNames(services.config.mode).csrf] ?? '',
            sessionToken: null,
          });
    if (!valid) throw new ApiError(RC.ACCESS_DENIED, 'common.errors.csrf');
  }
  if (rule === 'anonymous') return;
  if (!staff) {
    if (req.cookies[sessionCookieNames(services.config.mode).session]) throw accessDenied();
    throw new ApiError(RC.SESSION, 'common.errors.session');
  }
  enforceSecondFactor(
    { halfSession: 'halfSession' in access ? access.halfSession : undefined },
    staff,
    services.now(),
  );
  if (rule !== 'staff' && !staffMay(staff.access, rule)) throw accessDenied();
  enforceSecondFactor(access, staff, services.now());
}
