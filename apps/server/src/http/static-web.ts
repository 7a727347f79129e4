import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, languageFromCode } from '@gerbang/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext } from './auth-context';
import { firstFrameOf, mayHaveFirstFrame } from './first-frame';
import { type PageDocument, PageDocuments } from './page-documents';

/** The caller's session from its cookie (null without one), for a page's first frame. */
export type SessionReader = (req: FastifyRequest) => Promise<AuthContext | null>;

/** Hashed build output (`/assets/name-<hash>.js`): its name changes with its content. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, the SPA fallback, favicon): revalidated on every use. */
export const REVALIDATE_CACHE = 'no-cache';
/** A document for one reader (its first frame names the reader's company). */
export const PERSONAL_CACHE = 'private, no-cache';

const ASSETS_PREFIX = '/assets/';

/**
 * Headers that only mean something on a document (helmet sets them on every answer): a policy for
 * what the page may load, frame or open. A hashed asset is a script, style, font or image, so
 * they would be about 1 KiB of nothing on each of the hundred requests a page makes. Assets keep
 * nosniff, their resource policy and HSTS.
 */
const PAGE_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * The built web app. The build writes `.br` and `.gz` next to every text
 * asset (scripts/compress-dist.mjs); the file the browser accepts is sent as it is, with
 * `Vary: Accept-Encoding`. Hashed assets are cached for a year, immutable; index.html and every
 * other file are revalidated (`no-cache`, with ETag and Last-Modified), so a new build is seen on
 * the next load. Returns false when there is no build in `webDist`.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
  readSession: SessionReader,
): Promise<boolean> {
  if (!existsSync(path.join(webDist, 'index.html'))) return false;
  const server = app as unknown as WebServer;
  server.gerbangWebDist = webDist;
  server.gerbangReadSession = readSession;
  server.gerbangPageDocuments = PageDocuments.load(webDist);
  app.addHook('onSend', async (req, reply, payload) => {
    // Helmet writes on the raw response, so they are taken off there.
    if (req.url.startsWith(ASSETS_PREFIX)) {
      for (const name of PAGE_ONLY_HEADERS) reply.raw.removeHeader(name);
    }
    return payload;
  });
  const assetsDir = path.join(webDist, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: webDist,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply: FastifyReply, file: string) => {
      reply.header(
        'cache-control',
        file.startsWith(assetsDir) ? IMMUTABLE_CACHE : REVALIDATE_CACHE,
      );
    },
  });
  // '/' (the dashboard) is a page behind the login like any other: its document names its chunks.
  if (server.gerbangPageDocuments) app.get('/', (req, reply) => sendSpaFallback(req, reply));
  return true;
}

/**
 * The SPA fallback for a page path (a client-side route): index.html, never cached. A missing
 * hashed asset answers 404 instead, so a stale page never runs HTML as a script.
 */
export async function sendSpaFallback(req: FastifyRequest, reply: FastifyReply) {
  const url = req.url;
  if (url.startsWith(ASSETS_PREFIX)) {
    return reply
      .status(404)
      .header('cache-control', REVALIDATE_CACHE)
      .type('text/plain; charset=utf-8')
      .send('Not Found');
  }
  // The public payment link is its own small page (pay.html), not the back office.
  if (PAY_PAGE.test(url) && existsSync(path.join(webDistOf(reply), 'pay.html'))) {
    return reply.type('text/html').header('cache-control', REVALIDATE_CACHE).sendFile('pay.html');
  }
  const language = languageFromCode(req.cookies?.[LANGUAGE_COOKIE]) ?? DEFAULT_LANGUAGE;
  const urlPath = new URL(url, 'http://page').pathname;
  const documents = pageDocumentsOf(reply);
  const readSession = (reply.server as unknown as WebServer).gerbangReadSession;
  // The frame is a courtesy: a session that cannot be read (the database away) sends the page
  // without one, never an error.
  const frame =
    documents && readSession && mayHaveFirstFrame(urlPath)
      ? firstFrameOf(urlPath, language, await readSession(req).catch(() => null))
      : null;
  const document = documents?.forPath(urlPath, language, frame);
  if (document) return sendDocument(req, reply, document, frame !== null);
  return reply.type('text/html').sendFile('index.html');
}

/**
 * A page document: compressed as the browser accepts, revalidated with its ETag. One with a first
 * frame names the reader's company: kept by no shared cache.
 */
function sendDocument(
  req: FastifyRequest,
  reply: FastifyReply,
  document: PageDocument,
  personal: boolean,
) {
  reply
    .header('cache-control', personal ? PERSONAL_CACHE : REVALIDATE_CACHE)
    .header('etag', document.etag)
    .header('vary', 'accept-encoding');
  if (req.headers['if-none-match'] === document.etag) return reply.status(304).send();
  reply.type('text/html; charset=utf-8');
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(document.br());
  if (/\bgzip\b/.test(accepted))
    return reply.header('content-encoding', 'gzip').send(document.gzip());
  return reply.send(document.html);
}

/** `/pay/{paymentSecret}` pages (spec 03 §2.6). */
const PAY_PAGE = /^\/pay\/[^/]/;

interface WebServer {
  gerbangWebDist?: string;
  gerbangReadSession?: SessionReader;
  gerbangPageDocuments?: PageDocuments | null;
}

function webDistOf(reply: FastifyReply): string {
  return (reply.server as unknown as WebServer).gerbangWebDist ?? '';
}

function pageDocumentsOf(reply: FastifyReply): PageDocuments | null {
  return (reply.server as unknown as WebServer).gerbangPageDocuments ?? null;
}
