import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * News articles of the dashboard and /news/{id} (spec 01 §2, 03 §2.11). News is the provider's
 * content for every agent of a category (1588 for agent group 1, 1598 otherwise), so it has no
 * agent or environment. `konten` is stored as written and sanitised on every answer; `slug` makes
 * the demo seed idempotent.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE news_articles (
      id bigserial PRIMARY KEY,
      slug text NOT NULL UNIQUE,
      category_id integer NOT NULL,
      title text NOT NULL,
      foto text NOT NULL DEFAULT '',
      konten text NOT NULL,
      is_published boolean NOT NULL DEFAULT true,
      published_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    -- The list and the related articles read the newest published articles of one category.
    CREATE INDEX news_articles_category_idx
      ON news_articles (category_id, updated_at DESC, id DESC) WHERE is_published;
  `,
  );
}
