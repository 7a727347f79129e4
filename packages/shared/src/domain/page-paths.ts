/**
 * Page addresses of the web app that need no session (spec 01 §2): the login and password pages,
 * signup, the console, payment links, the dev tools and the not-found page. Everything else is
 * behind the login. The web app loads the shell at once for the others; the server names the
 * shell's chunks in their document.
 */
const PUBLIC_PAGE_PATHS = /^\/(auth|signup|console|pay|dev|not-found)(\/|$)/;

export function isPublicPagePath(pathname: string): boolean {
  return PUBLIC_PAGE_PATHS.test(pathname);
}
