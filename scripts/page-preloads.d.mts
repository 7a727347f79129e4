import type { Plugin } from 'vite';

/** `/report/:path/:type?` → an anchored regular expression's source (react-router's path syntax). */
export function routePattern(routePath: string): string;

/** Every `{ path: '…', page: … import('…') … }` object of a module's code: [path, import source]. */
export function routeImports(code: string): Array<[string, string]>;

/** The Vite plugin: writes `page-preloads.json` into the build. */
export function pagePreloadsPlugin(options: {
  routesModule: string;
  alwaysModules: string[];
  languageModules?: Record<string, string>;
  entryHtml?: string;
}): Plugin;
