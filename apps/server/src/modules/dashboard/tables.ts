import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

export interface NewsArticlesTable {
  id: Generated<number>;
  slug: string;
  /** 1588 (agent group 1) or 1598 (everyone else). */
  category_id: number;
  title: string;
  /** An image URL or a data URL. */
  foto: Generated<string>;
  /** HTML as written; sanitised before every answer. */
  konten: string;
  is_published: Generated<boolean>;
  published_at: Timestamp;
  /** Shown as "Diperbarui". */
  updated_at: Timestamp;
  created_at: Generated<Date>;
}

export interface DashboardTables {
  news_articles: NewsArticlesTable;
}
