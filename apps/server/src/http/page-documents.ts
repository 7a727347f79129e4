import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { DEFAULT_LANGUAGE, isPublicPagePath, type Language } from '@gerbang/shared';
import { FIRST_FRAME_STYLE } from './first-frame';

/** What the web build wrote in page-preloads.json (scripts/page-preloads.mjs). */
interface PagePreloads {
  always: string[];
  /** Per language, the catalog chunk every such page waits for in that language. */
  languages?: Record<string, string[]>;
  routes: Array<{ path: string; pattern: string; files: string[] }>;
}

export interface PageDocument {
  html: string;
  etag: string;
  /** Compressed on first use and kept: only the encoding a browser asks for is ever made. */
  br: () => Buffer;
  gzip: () => Buffer;
}

/**
 * The back office's document for an address behind the login: index.html naming the chunks and
 * stylesheets that address loads after the entry (the shell, the full stylesheet, the page), so
 * the browser fetches them beside the entry rather than one wave of requests later. Public pages
 * (the login above all, with its byte budget) and builds without page-preloads.json get index.html
 * as it is (null here). One document per route, built once.
 */
export class PageDocuments {
  private readonly cache = new Map<string, PageDocument>();

  private constructor(
    private readonly indexHtml: string,
    private readonly preloads: PagePreloads,
    private readonly patterns: RegExp[],
  ) {}

  static load(webDist: string): PageDocuments | null {
    const manifest = path.join(webDist, 'page-preloads.json');
    if (!existsSync(manifest)) return null;
    const preloads = JSON.parse(readFileSync(manifest, 'utf8')) as PagePreloads;
    const indexHtml = readFileSync(path.join(webDist, 'index.html'), 'utf8');
    return new PageDocuments(
      indexHtml,
      preloads,
      preloads.routes.map((route) => new RegExp(route.pattern)),
    );
  }

  /**
   * The document for a page address (its path, without the query) read in `language` (the
   * reader's cookie; the default language without one), or null for index.html as built. With
   * `firstFrame` (first-frame.ts: the page's title, for this reader) the document shows it in
   * place of the logo; such a document is the reader's own, built for this answer.
   */
  forPath(
    urlPath: string,
    language: Language = DEFAULT_LANGUAGE,
    firstFrame: string | null = null,
  ): PageDocument | null {
    if (isPublicPagePath(urlPath)) return null;
    const index = this.patterns.findIndex((pattern) => pattern.test(urlPath));
    const key = `${index}:${language}`;
    let known = this.cache.get(key);
    if (!known) {
      known = documentOf(this.withPreloads(index, language), BROTLI_MAX);
      this.cache.set(key, known);
    }
    if (!firstFrame) return known;
    // A fast brotli level: this one is compressed on every answer.
    return documentOf(withFirstFrame(known.html, language, firstFrame), BROTLI_FAST);
  }

  private withPreloads(index: number, language: Language): string {
    const files = [
      ...this.preloads.always,
      ...(this.preloads.languages?.[language] ?? []),
      ...(this.preloads.routes[index]?.files ?? []),
    ];
    // Low priority: the entry's own scripts and stylesheet (higher) go first; the first paint
    // waits for none of these. `crossorigin` on stylesheets too: the build's loader adds them as
    // `<link rel="stylesheet" crossorigin>`, and a preload in another credentials mode is not
    // used (the browser fetched each one twice).
    const links = [...new Set(files)].map((file) =>
      file.endsWith('.css')
        ? `<link rel="preload" as="style" crossorigin fetchpriority="low" href="/${file}">`
        : `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`,
    );
    return this.indexHtml.replace('</head>', `${links.join('\n')}\n</head>`);
  }
}

const BROTLI_MAX = zlibConstants.BROTLI_MAX_QUALITY;
const BROTLI_FAST = 5;

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*>/g;

/**
 * The frame's style in the head, the frame just before the root: the scripts render into the
 * root beside it and take it away when the shell is on screen (a browser counts a text as painted
 * only if it is still in the page when its paint is reported). The app's stylesheets move from
 * the head to between the frame and the root: the frame needs only its own style, and a
 * stylesheet in the body holds back the painting of what follows it, not of what comes before,
 * so the frame paints as soon as the document is read (scripts still wait for the stylesheets,
 * so the shell never renders unstyled).
 */
function withFirstFrame(html: string, language: Language, firstFrame: string): string {
  const stylesheets = html.match(STYLESHEET_LINK) ?? [];
  return html
    .replace(STYLESHEET_LINK, '')
    .replace(/<html lang="[a-z]+">/, `<html lang="${language}">`)
    .replace('</head>', `${FIRST_FRAME_STYLE}\n</head>`)
    .replace('<div id="root">', `${firstFrame}${stylesheets.join('')}<div id="root">`);
}

function documentOf(html: string, brotliQuality: number): PageDocument {
  let br: Buffer | undefined;
  let gzip: Buffer | undefined;
  return {
    html,
    etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
    br: () => {
      br ??= brotliCompressSync(html, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQuality },
      });
      return br;
    },
    gzip: () => {
      gzip ??= gzipSync(html, { level: 9 });
      return gzip;
    },
  };
}
