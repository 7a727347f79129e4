/**
 * CSRF protection by double submit: `GET /auth/csrf_token` sets a random token in an HttpOnly,
 * SameSite=Lax cookie and returns the same value; every POST must echo it in the header. A page
 * on another origin can neither read the answer nor set our cookie, so it cannot forge the pair.
 */
export const CSRF_COOKIE = 'gerbang_csrf';
export const CSRF_HEADER = 'x-csrf-token';
