import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PartnerRouteDefinition } from '../../http/partner-route';

/**
 * The SNAP reference page at /snap/docs: Swagger UI (swagger-ui-dist, pinned in
 * apps/server/package.json) rendering /snap/openapi.json. Served by the server from the package's
 * own files, so the library never enters the portal's bundles; scripts come from 'self' only.
 */

const require = createRequire(import.meta.url);
const ASSETS = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
} as const;

let dir: string | null = null;
const cache = new Map<string, Buffer>();

function asset(name: keyof typeof ASSETS): Buffer {
  dir ??= path.dirname(require.resolve('swagger-ui-dist/package.json'));
  let body = cache.get(name);
  if (!body) {
    body = readFileSync(path.join(dir, name));
    cache.set(name, body);
  }
  return body;
}

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Gerbang partner API (SNAP) reference</title>
<link rel="stylesheet" href="/snap/docs/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="/snap/docs/swagger-ui-bundle.js"></script>
<script src="/snap/docs/init.js"></script>
</body>
</html>
`;

const INIT = `window.ui = SwaggerUIBundle({ url: '/snap/openapi.json', dom_id: '#reference', deepLinking: true, supportedSubmitMethods: [] });\n`;

const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'";

const access = {
  partnerApi: 'document' as const,
  reason: 'the public SNAP reference page (Swagger UI over /snap/openapi.json)',
};

export const referenceRoutes: PartnerRouteDefinition[] = [
  {
    method: 'GET',
    url: '/snap/docs',
    access,
    handler: async ({ reply }) =>
      reply.header('content-security-policy', PAGE_CSP).type('text/html; charset=utf-8').send(PAGE),
  },
  {
    method: 'GET',
    url: '/snap/docs/init.js',
    access,
    handler: async ({ reply }) => reply.type('text/javascript; charset=utf-8').send(INIT),
  },
  ...(Object.keys(ASSETS) as Array<keyof typeof ASSETS>).map(
    (name): PartnerRouteDefinition => ({
      method: 'GET',
      url: `/snap/docs/${name}`,
      access,
      handler: async ({ reply }) =>
        reply.header('cache-control', 'public, max-age=86400').type(ASSETS[name]).send(asset(name)),
    }),
  ),
];
