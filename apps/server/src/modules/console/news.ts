import { createHash } from 'node:crypto';
import type { NewsArticle, NewsRequest } from '@gerbang/shared/contract/console';
import { notFound } from '../../http/errors';
import type { Services } from '../../http/services';
import { newToken } from '../../platform/session/tokens';
import type { ConsoleReviewer } from '../../platform/staff/reviewer';
import { sanitizeArticleHtml } from '../dashboard/news';
import { auditConsole } from './audit';

/**
 * News articles written in the console: the dashboard and /news/{id} read the same
 * `news_articles` table (modules/dashboard/news.ts). The body is sanitised when stored, and again
 * on every answer by the reader.
 */
type NewsInput = NewsRequest;

export async function listAllNews(db: Services['db']): Promise<NewsArticle[]> {
  const rows = await db
    .selectFrom('news_articles')
    .select(['id', 'title', 'category_id', 'foto', 'konten', 'is_published', 'updated_at'])
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => ({ ...r, updated_at: new Date(r.updated_at).toISOString() }));
}

/** What the audit keeps of an article: its title and category, and a hash that identifies the text. */
function articleAudit(input: NewsInput) {
  return {
    title: input.title.trim(),
    category_id: input.category_id,
    konten_sha256: createHash('sha256').update(sanitizeArticleHtml(input.konten)).digest('hex'),
  };
}

export async function createNews(
  services: Pick<Services, 'db' | 'now'>,
  reviewer: ConsoleReviewer,
  input: NewsInput,
) {
  const now = services.now();
  return services.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('news_articles')
      .values({
        slug: `console-${newToken(9)}`,
        category_id: input.category_id,
        title: input.title.trim(),
        foto: input.foto.trim(),
        konten: sanitizeArticleHtml(input.konten),
        is_published: false,
        published_at: now,
        updated_at: now,
        created_at: now,
      })
      .returning(['id'])
      .executeTakeFirstOrThrow();
    await auditConsole(trx, reviewer, {
      action: 'news_create',
      agentId: null,
      target: String(row.id),
      detail: articleAudit(input),
      at: now,
    });
    return row;
  });
}

export async function updateNews(
  services: Pick<Services, 'db' | 'now'>,
  reviewer: ConsoleReviewer,
  id: number,
  input: NewsInput,
) {
  const now = services.now();
  return services.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('news_articles')
      .set({
        category_id: input.category_id,
        title: input.title.trim(),
        foto: input.foto.trim(),
        konten: sanitizeArticleHtml(input.konten),
        updated_at: now,
      })
      .where('id', '=', id)
      .returning(['id'])
      .executeTakeFirst();
    if (!row) throw notFound('console.errors.newsNotFound');
    await auditConsole(trx, reviewer, {
      action: 'news_update',
      agentId: null,
      target: String(id),
      detail: articleAudit(input),
      at: now,
    });
    return row;
  });
}

export async function publishNews(
  services: Pick<Services, 'db' | 'now'>,
  reviewer: ConsoleReviewer,
  id: number,
  published: boolean,
) {
  const now = services.now();
  return services.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('news_articles')
      .set(
        published
          ? { is_published: true, published_at: now, updated_at: now }
          : { is_published: false },
      )
      .where('id', '=', id)
      .returning(['id', 'is_published'])
      .executeTakeFirst();
    if (!row) throw notFound('console.errors.newsNotFound');
    await auditConsole(trx, reviewer, {
      action: published ? 'news_publish' : 'news_unpublish',
      agentId: null,
      target: String(id),
      at: now,
    });
    return row;
  });
}
