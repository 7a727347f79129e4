import { z } from 'zod';
import type { AccessRequirement } from '../domain/access-rule';
import { BALANCE_VIEW_PERMISSION } from '../domain/permissions';
import { defineCall } from './call';
import {
  newsArticleQuery,
  newsItem,
  newsListQuery,
  RESUME_KEYS,
  type ResumeKey,
  resumeAnswer,
  resumeQuery,
} from './dashboard';

const HOME = { permission: { module: 'home', action: 'READ' } } as const;
const AGGREGATOR = { ...HOME, groups: [11] } as const;
/** Balance summaries also need the show-balance rule 2, checked in the handler (not a route rule). */
const BALANCE = { ...HOME, alsoPermissions: [BALANCE_VIEW_PERMISSION], apiEnabled: true } as const;

const RESUME_ACCESS: Record<ResumeKey, AccessRequirement> = {
  trx_product_date: HOME,
  trx_status_date: HOME,
  trx_pending_date: HOME,
  omzet_date: HOME,
  aggregator_fee_daily: AGGREGATOR,
  aggregator_fee_monthly: AGGREGATOR,
  aggregator_trx_daily: AGGREGATOR,
  aggregator_trx_monthly: AGGREGATOR,
  balance: BALANCE,
  hold_balance: BALANCE,
};

/** One call per summary key, so each carries its own access rule and the route matrix sees it. */
const resumeCall = (key: ResumeKey) =>
  defineCall({
    method: 'GET',
    path: `/resume/${key}`,
    access: RESUME_ACCESS[key],
    query: resumeQuery,
    response: resumeAnswer,
  });

/** News is the provider's content for every logged-in user; the category follows the agent group. */
const NEWS_ACCESS = {} as const;

/** The dashboard's summaries and news (spec 01 §7, §8). */
export const dashboardCalls = {
  resume: Object.fromEntries(RESUME_KEYS.map((key) => [key, resumeCall(key)])) as Record<
    ResumeKey,
    ReturnType<typeof resumeCall>
  >,
  news: defineCall({
    method: 'GET',
    path: '/kategori/data',
    access: NEWS_ACCESS,
    query: newsListQuery,
    response: z.array(newsItem),
  }),
  article: defineCall({
    method: 'GET',
    path: '/kategori/konten',
    access: NEWS_ACCESS,
    query: newsArticleQuery,
    response: newsItem,
  }),
  related: defineCall({
    method: 'GET',
    path: '/kategori/related',
    access: NEWS_ACCESS,
    query: newsArticleQuery,
    response: z.array(newsItem),
  }),
};
