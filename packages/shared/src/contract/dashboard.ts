import { z } from 'zod';
import { dateField, int4Field } from './input-rules';

/**
 * The dashboard calls of spec 01 §7: `GET resume/{key}` summaries and the news calls
 * (`kategori/*`). The spec leaves the key names open; these follow its snake_case style and are
 * listed in docs/api.md ("dashboard").
 */

/** Transaction types of the summaries (spec 01 §7): TRANSFER is cash-out, IPG is VA / cash-in. */
export const TRANSACTION_TYPES = ['TRANSFER', 'IPG', 'EMONEY'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** Statuses of a transaction row (spec 03 §3.1). */
export const TRANSACTION_STATUSES = ['SUCCESS', 'PROCESS', 'FAILED'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/**
 * `group` of `resume/omzet_date` (spec 01 §7): VA omzet of the day (1), transfer omzet of the day
 * (2), total omzet of the day (4), transfer omzet month to date (6), VA omzet month to date (7).
 */
export const OMZET_GROUP = {
  VA_DAY: 1,
  TRANSFER_DAY: 2,
  TOTAL_DAY: 4,
  TRANSFER_MONTH: 6,
  VA_MONTH: 7,
} as const;
export const OMZET_GROUPS = Object.values(OMZET_GROUP);

/** `group` of the aggregator summaries: VA (1), transfer (2), total (4, the default). */
export const AGGREGATOR_GROUP = { VA: 1, TRANSFER: 2, TOTAL: 4 } as const;
export const AGGREGATOR_GROUPS = Object.values(AGGREGATOR_GROUP);

/** Days the bar chart of successful transactions covers, ending at the chosen date. */
export const SUCCESS_CHART_DAYS = 7;

export const RESUME_KEYS = [
  /** Successful transactions per date and type, the `SUCCESS_CHART_DAYS` days up to `date` (list). */
  'trx_product_date',
  /** Transactions of one `type` on `date` split by status (list): the cash-out / cash-in donuts. */
  'trx_status_date',
  /** Pending (PROCESS) transactions created on `date`. */
  'trx_pending_date',
  /** Omzet (sum of successful amounts) for the `group` of OMZET_GROUP. */
  'omzet_date',
  /** Aggregator: fees earned on members' transactions, the day of `date`. */
  'aggregator_fee_daily',
  /** Aggregator: fees earned on members' transactions, the month of `date` up to `date`. */
  'aggregator_fee_monthly',
  /** Aggregator: members' successful transaction count, the day of `date`. */
  'aggregator_trx_daily',
  /** Aggregator: members' successful transaction count, the month of `date` up to `date`. */
  'aggregator_trx_monthly',
  /** Available balance (show-balance rule 2 and API enabled). */
  'balance',
  /** Hold balance: incoming funds not settled yet (show-balance rule 2 and API enabled). */
  'hold_balance',
] as const;
export type ResumeKey = (typeof RESUME_KEYS)[number];

/**
 * A WIB calendar date `YYYY-MM-DD` within the shared bounds (contract/input-rules); the server
 * also refuses a date after today (WIB).
 */
export const wibDateField = dateField('dashboard.errors.dateInvalid');

export const resumeQuery = z.object({
  date: wibDateField,
  group: z.coerce
    .number({ error: 'dashboard.errors.groupInvalid' })
    .int({ error: 'dashboard.errors.groupInvalid' })
    .optional(),
  type: z.enum(TRANSACTION_TYPES, { error: 'dashboard.errors.typeInvalid' }).optional(),
});
export type ResumeQuery = z.input<typeof resumeQuery>;

/** One summary: `value` is the figure a card shows; `data` carries its breakdown. */
export const resumeItem = z.object({
  key: z.string(),
  value: z.number(),
  data: z.record(z.string(), z.union([z.number(), z.string()])),
});
export type ResumeItem = z.infer<typeof resumeItem>;
/** `resume/{key}` answers one item (a card) or a list (a chart). */
export const resumeAnswer = z.union([resumeItem, z.array(resumeItem)]);
export type ResumeAnswer = z.infer<typeof resumeAnswer>;

/** News categories (spec 01 §7): 1588 for agent group 1, 1598 for everyone else. */
export const NEWS_CATEGORY = { GROUP_1: 1588, DEFAULT: 1598 } as const;
export function newsCategoryFor(idGrup: number): number {
  return idGrup === 1 ? NEWS_CATEGORY.GROUP_1 : NEWS_CATEGORY.DEFAULT;
}

export const newsListQuery = z.object({
  id: int4Field('dashboard.errors.newsCategory').optional(),
  /** The spec sends `page=6`: how many of the newest articles to answer. */
  page: z.coerce.number().int().min(1).max(50).optional(),
});

export const newsArticleQuery = z.object({
  id: z.coerce
    .number({ error: 'dashboard.errors.newsNotFound' })
    .int({ error: 'dashboard.errors.newsNotFound' })
    .positive({ error: 'dashboard.errors.newsNotFound' }),
});

/** A news item (spec 01 §3): `konten` is sanitised HTML; `excerpt` its first words as text. */
export const newsItem = z.object({
  id: z.number(),
  title: z.string(),
  foto: z.string(),
  /** ISO instant of the last update. */
  date: z.string(),
  konten: z.string(),
  excerpt: z.string(),
});
export type NewsItem = z.infer<typeof newsItem>;
