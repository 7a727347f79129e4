import {
  NEWS_PAGE,
  newsCategoryFor,
  RESUME_KEYS,
  type ResumeAnswer,
  type ResumeKey,
} from '@gerbang/shared';
import { dashboardCalls } from '@gerbang/shared/contract/dashboard-calls';
import type { AuthContext } from '../../http/auth-context';
import { accessDenied, notFound } from '../../http/errors';
import { defineRoute, ok } from '../../http/route';
import type { Services } from '../../http/services';
import { readDatabase } from '../../platform/read-replica';
import { assertNotFuture } from './dates';
import { findArticle, listNews, relatedArticles } from './news';
import {
  aggregatorFees,
  omzet,
  pending,
  type SummaryInput,
  type SummaryScope,
  successPerDate,
  transactionsByStatus,
} from './summaries';

interface ResumeHandlerContext {
  services: Services;
  /** Where the summary reads: the replica when usable (platform/read-replica.ts). */
  db: Services['db'];
  auth: AuthContext;
  scope: SummaryScope;
  input: SummaryInput;
}

/** What each summary key answers; its route and access rule are the key's call. */
const RESUME: Record<ResumeKey, (ctx: ResumeHandlerContext) => Promise<ResumeAnswer>> = {
  trx_product_date: ({ db, scope, input }) => successPerDate(db, scope, input),
  trx_status_date: ({ db, scope, input }) => transactionsByStatus(db, scope, input),
  trx_pending_date: ({ db, scope, input }) => pending(db, scope, input),
  omzet_date: ({ db, scope, input }) => omzet(db, scope, input),
  aggregator_fee_daily: ({ db, scope, input }) =>
    aggregatorFees(db, scope, input, {
      key: 'aggregator_fee_daily',
      monthly: false,
      measure: 'fee',
    }),
  aggregator_fee_monthly: ({ db, scope, input }) =>
    aggregatorFees(db, scope, input, {
      key: 'aggregator_fee_monthly',
      monthly: true,
      measure: 'fee',
    }),
  aggregator_trx_daily: ({ db, scope, input }) =>
    aggregatorFees(db, scope, input, {
      key: 'aggregator_trx_daily',
      monthly: false,
      measure: 'trx',
    }),
  aggregator_trx_monthly: ({ db, scope, input }) =>
    aggregatorFees(db, scope, input, {
      key: 'aggregator_trx_monthly',
      monthly: true,
      measure: 'trx',
    }),
  balance: async ({ services, auth }) => {
    const money = await services.balances.read(auth.agent.id, auth.environment);
    return { key: 'balance', value: money.balance, data: {} };
  },
  hold_balance: async ({ services, auth }) => {
    const money = await services.balances.read(auth.agent.id, auth.environment);
    return { key: 'hold_balance', value: money.hold_balance, data: {} };
  },
};

const resumeRoutes = RESUME_KEYS.map((key) =>
  defineRoute(dashboardCalls.resume[key], async ({ services, auth, query, req }) => {
    assertNotFuture(query.date, services.now());
    // The dashboard shows balance summaries only under show-balance rule 2 (spec 01 §2).
    if ((key === 'balance' || key === 'hold_balance') && auth.agent.rule_show_balance !== 2)
      throw accessDenied();
    const scope = { agentId: auth.agent.id, environment: auth.environment };
    const db = readDatabase(services, req);
    return ok(await RESUME[key]({ services, db, auth, scope, input: query }));
  }),
);

export const dashboardRoutes = [
  ...resumeRoutes,
  defineRoute(dashboardCalls.news, async ({ services, auth, query }) => {
    // The page sends its group's category; another category is not this agent's news.
    if (query.id !== undefined && query.id !== newsCategoryFor(auth.agent.id_grup))
      throw accessDenied();
    return ok(await listNews(services.db, auth.agent.id_grup, query.page ?? NEWS_PAGE));
  }),
  defineRoute(dashboardCalls.article, async ({ services, auth, query }) => {
    const article = await findArticle(services.db, auth.agent.id_grup, query.id);
    if (!article) throw notFound('dashboard.errors.newsNotFound');
    return ok(article);
  }),
  defineRoute(dashboardCalls.related, async ({ services, auth, query }) =>
    ok(await relatedArticles(services.db, auth.agent.id_grup, query.id)),
  ),
];
