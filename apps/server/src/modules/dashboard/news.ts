import { type NewsItem, newsCategoryFor, RELATED_ARTICLES } from '@gerbang/shared';
import type { Kysely, Selectable } from 'kysely';
import sanitizeHtml from 'sanitize-html';
import type { Database } from '../../db/schema';
import type { NewsArticlesTable } from './tables';

/**
 * News of the dashboard and /news/{id} (spec 01 §2, 03 §2.11, §7.8). An agent reads its group's
 * category only; the HTML body is sanitised on every answer, so a script stored by mistake never
 * reaches a browser.
 */

/** What an article body may contain: text formatting, lists, tables, links and images. */
const ARTICLE_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags.filter((tag) => tag !== 'iframe'),
    'img',
    'figure',
    'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['https', 'http', 'data'] },
  // Links open in a new tab without handing the opener to the target page.
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
  },
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, ARTICLE_HTML);
}

const EXCERPT_CHARS = 160;

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/** Plain text of the first words: block tags become spaces (so paragraphs do not run together). */
export function excerptOf(html: string): string {
  const text = sanitizeArticleHtml(html)
    .replace(
      /<\/?(p|div|br|li|ul|ol|h[1-6]|tr|td|th|table|blockquote|figure|figcaption)\b[^>]*>/gi,
      ' ',
    )
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= EXCERPT_CHARS) return text;
  return `${text.slice(0, EXCERPT_CHARS).replace(/\s+\S*$/, '')}…`;
}

/** Only images we generate or serve (data URLs, same-origin paths, https) are answered as `foto`. */
function safeFoto(foto: string): string {
  return /^(data:image\/(svg\+xml|png|jpeg|webp);base64,|https:\/\/|\/)/.test(foto) ? foto : '';
}

function toItem(row: Selectable<NewsArticlesTable>): NewsItem {
  return {
    id: row.id,
    title: row.title,
    foto: safeFoto(row.foto),
    date: new Date(row.updated_at).toISOString(),
    konten: sanitizeArticleHtml(row.konten),
    excerpt: excerptOf(row.konten),
  };
}

type Db = Kysely<Database>;

const published = (db: Db, categoryId: number) =>
  db
    .selectFrom('news_articles')
    .selectAll()
    .where('category_id', '=', categoryId)
    .where('is_published', '=', true)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc');

export async function listNews(db: Db, idGrup: number, limit: number): Promise<NewsItem[]> {
  const rows = await published(db, newsCategoryFor(idGrup)).limit(limit).execute();
  return rows.map(toItem);
}

/** One article of the caller's category, or null (another category's article is not found). */
export async function findArticle(db: Db, idGrup: number, id: number): Promise<NewsItem | null> {
  const row = await published(db, newsCategoryFor(idGrup)).where('id', '=', id).executeTakeFirst();
  return row ? toItem(row) : null;
}

/** The newest other articles of the same category (spec 03 §2.11: 4 related articles). */
export async function relatedArticles(db: Db, idGrup: number, id: number): Promise<NewsItem[]> {
  const rows = await published(db, newsCategoryFor(idGrup))
    .where('id', '<>', id)
    .limit(RELATED_ARTICLES)
    .execute();
  return rows.map(toItem);
}
