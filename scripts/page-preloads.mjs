/**
 * Writes `page-preloads.json` into the web build: for each route of the back office's route table
 * (apps/web/src/app/routes.tsx), the chunks and stylesheets its first render needs that the
 * document does not already load — the shell, the full stylesheet, the page's chunk, and their
 * static imports. The server names them in the document it answers for that address (`<link
 * rel="modulepreload">`, static-web.ts), so they download beside the entry instead of one wave
 * later, once the entry has run and asked for them.
 *
 *   { "always": ["assets/shell-….js", …], "languages": { "id": ["assets/id-rest-….js"], … },
 *     "routes": [{ "pattern": "^/data/[^/]+/?$", "files": ["assets/DataPage-….js", …] }, …] }
 */
import { parseAst } from 'vite';

/** `/report/:path/:type?` → an anchored regular expression (react-router's path syntax). */
export function routePattern(routePath) {
  const segments = routePath.split('/').filter(Boolean);
  const parts = segments.map((segment) => {
    if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
    return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
  });
  return `^${parts.join('')}/?$`;
}

/** Every node of an ESTree tree, depth first. */
function* nodesOf(node) {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) yield* nodesOf(child);
    return;
  }
  if (typeof node.type === 'string') yield node;
  for (const value of Object.values(node))
    if (value && typeof value === 'object') yield* nodesOf(value);
}

/** Every `{ path: '…', page: … import('…') … }` object of a module's code: [path, import source]. */
export function routeImports(code) {
  const found = [];
  for (const node of nodesOf(parseAst(code))) {
    if (node.type !== 'ObjectExpression') continue;
    const prop = (name) =>
      node.properties.find((p) => p.type === 'Property' && p.key?.name === name);
    const pathValue = prop('path')?.value;
    const load = [...nodesOf(prop('page')?.value)].find(
      (n) => n.type === 'ImportExpression' && n.source.type === 'Literal',
    );
    if (pathValue?.type === 'Literal' && load) found.push([pathValue.value, load.source.value]);
  }
  return found;
}

/**
 * `routesModule`: the route table's module id; `alwaysModules`: modules every protected page loads
 * before it renders (the shell, the full stylesheet); `languageModules`: per language, the catalog
 * module every such page loads in that language; `entryHtml`: the document's file name.
 */
export function pagePreloadsPlugin({
  routesModule,
  alwaysModules,
  languageModules = {},
  entryHtml = 'index.html',
}) {
  return {
    name: 'gerbang-page-preloads',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const chunkWith = (id) => chunks.find((chunk) => chunk.moduleIds.includes(id));
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const html = bundle[entryHtml];
      const inDocument = (file) => typeof html?.source === 'string' && html.source.includes(file);
      /** A chunk with its static imports and their stylesheets, minus what the document loads. */
      const filesOf = (chunk) => {
        const files = new Set();
        const queue = [chunk];
        while (queue.length) {
          const next = queue.pop();
          if (!next || files.has(next.fileName)) continue;
          files.add(next.fileName);
          for (const css of next.viteMetadata?.importedCss ?? []) files.add(css);
          queue.push(...next.imports.map((file) => byFile.get(file)));
        }
        return [...files].filter((file) => !inDocument(file));
      };
      const always = new Set();
      for (const id of alwaysModules) {
        const chunk = chunkWith(id);
        if (!chunk) this.error(`page-preloads: no chunk holds ${id}`);
        for (const file of filesOf(chunk)) always.add(file);
      }
      const languages = {};
      for (const [language, id] of Object.entries(languageModules)) {
        const chunk = chunkWith(id);
        if (!chunk) this.error(`page-preloads: no chunk holds ${id}`);
        languages[language] = filesOf(chunk).filter((file) => !always.has(file));
      }
      const code = this.getModuleInfo(routesModule)?.code;
      if (!code) this.error(`page-preloads: ${routesModule} is not in the build`);
      const routes = [];
      for (const [routePath, source] of routeImports(code)) {
        const resolved = await this.resolve(source, routesModule);
        const chunk = resolved && chunkWith(resolved.id);
        if (!chunk) this.error(`page-preloads: no chunk for ${source} (${routePath})`);
        const files = filesOf(chunk).filter((file) => !always.has(file));
        routes.push({ path: routePath, pattern: routePattern(routePath), files });
      }
      // Every lazy page of the table must be found: a route written another way fails the build.
      const pages = code.match(/\blazyPage\(/g)?.length ?? 0;
      if (!routes.length || routes.length !== pages)
        this.error(
          `page-preloads: ${routes.length} routes read, ${pages} lazy pages in ${routesModule}`,
        );
      this.emitFile({
        type: 'asset',
        fileName: 'page-preloads.json',
        source: `${JSON.stringify({ always: [...always], languages, routes }, null, 1)}\n`,
      });
    },
  };
}
