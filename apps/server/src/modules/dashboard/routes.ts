import {
  NEWS_PAGE,
  newsArticleQuery,
  newsCategoryFor,
  newsListQuery,
  type ResumeAnswer,
  type ResumeKey,
  resumeQuery,
} from '@gerbang/shared';
import type { z } from 'zod';
import type { AuthContext } from '../../http/auth-context';
import { accessDenied, notFound } from '../../http/errors';
import { type AccessRule, defineRoute, ok } from '../../http/route';
import type { Services } from '../../http/services';
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

const HOME = { permission: { module: 'home', action: 'READ' } } as const;
const AGGREGATOR = { ...HOME, groups: [11] } as const;
/** Balance summaries also need the show-balance rule 2, checked in the handler (not a route rule). */
const BALANCE = { ...HOME, apiEnabled: true } as const;

interface ResumeHandlerContext {
  services: Services;
  auth: AuthContext;
  scope: SummaryScope;
  input: SummaryInput;
}

/** One route per key, so each carries its own access rule and the route matrix sees it. */
const RESUME: Record<
  ResumeKey,
  { access: AccessRule; answer: (ctx: ResumeHandlerContext) => Promise<ResumeAnswer> }
> = {
  trx_product_date: {
    access: HOME,
    answer: ({ services, scope, input }) => successPerDate(services.db, scope, input),
  },
  trx_status_date: {
    access: HOME,
    answer: ({ services, scope, input }) => transactionsByStatus(services.db, scope, input),
  },
  trx_pending_date: {
    access: HOME,
    answer: ({ services, scope, input }) => pending(services.db, scope, input),
  },
  omzet_date: {
    access: HOME,
    answer: ({ services, scope, input }) => omzet(services.db, scope, input),
  },
  aggregator_fee_daily: {
    access: AGGREGATOR,
    answer: ({ services, scope, input }) =>
      aggregatorFees(services.db, scope, input, {
        key: 'aggregator_fee_daily',
        monthly: false,
        measure: 'fee',
      }),
  },
  aggregator_fee_monthly: {
    access: AGGREGATOR,
    answer: ({ services, scope, input }) =>
      aggregatorFees(services.db, scope, input, {
        key: 'aggregator_fee_monthly',
        monthly: true,
        measure: 'fee',
      }),
  },
  aggregator_trx_daily: {
    access: AGGREGATOR,
    answer: ({ services, scope, input }) =>
      aggregatorFees(services.db, scope, input, {
        key: 'aggregator_trx_daily',
        monthly: false,
        measure: 'trx',
      }),
  },
  aggregator_trx_monthly: {
    access: AGGREGATOR,
    answer: ({ services, scope, input }) =>
      aggregatorFees(services.db, scope, input, {
        key: 'aggregator_trx_monthly',
        monthly: true,
        measure: 'trx',
      }),
  },
  balance: {
    access: BALANCE,
    answer: async ({ services, auth }) => {
      const money = await services.balances.read(auth.agent.id, auth.environment);
      return { key: 'balance', value: money.balance, data: {} };
    },
  },
  hold_balance: {
    access: BALANCE,
    answer: async ({ services, auth }) => {
      const money = await services.balances.read(auth.agent.id, auth.environment);
      return { key: 'hold_balance', value: money.hold_balance, data: {} };
    },
  },
};

const resumeRoutes = (Object.keys(RESUME) as ResumeKey[]).map((key) =>
  defineRoute({
    method: 'GET',
    url: `/resume/${key}`,
    access: RESUME[key].access,
    query: resumeQuery,
    handler: async ({ services, auth, query }) => {
      const input = query as z.infer<typeof resumeQuery>;
      assertNotFuture(input.date, services.now());
      // The dashboard shows balance summaries only under show-balance rule 2 (spec 01 §2).
      if ((key === 'balance' || key === 'hold_balance') && auth.agent.rule_show_balance !== 2)
        throw accessDenied();
      const scope = { agentId: auth.agent.id, environment: auth.environment };
      return ok(await RESUME[key].answer({ services, auth, scope, input }));
    },
  }),
);

/** News is the provider's content for every logged-in user; the category follows the agent group. */
const NEWS_ACCESS = {} as const;

export const dashboardRoutes = [
  ...resumeRoutes,
  defineRoute({
    method: 'GET',
    url: '/kategori/data',
    access: NEWS_ACCESS,
    query: newsListQuery,
    handler: async ({ services, auth, query }) => {
      const input = query as z.infer<typeof newsListQuery>;
      // The page sends its group's category; another category is not this agent's news.
      if (input.id !== undefined && input.id !== newsCategoryFor(auth.agent.id_grup))
        throw accessDenied();
      return ok(await listNews(services.db, auth.agent.id_grup, input.page ?? NEWS_PAGE));
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/kategori/konten',
    access: NEWS_ACCESS,
    query: newsArticleQuery,
    handler: async ({ services, auth, query }) => {
      const { id } = query as z.infer<typeof newsArticleQuery>;
      const article = await findArticle(services.db, auth.agent.id_grup, id);
      if (!article) throw notFound('dashboard.errors.newsNotFound');
      return ok(article);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/kategori/related',
    access: NEWS_ACCESS,
    query: newsArticleQuery,
    handler: async ({ services, auth, query }) => {
      const { id } = query as z.infer<typeof newsArticleQuery>;
      return ok(await relatedArticles(services.db, auth.agent.id_grup, id));
    },
  }),
];
