import { DATA_PAGES } from '../data-pages/pages';
import type { DataPageDescriptor, PagePath } from '../data-pages/types';
import { defineCall } from './call';
import { dataPageQuery, dataPageResponse } from './data-pages';
import { statementSummary } from './statement';

/** `GET data/{path}`: one call per page, each with the page's own rule (data_{path} READ, flags). */
const pageCall = (page: DataPageDescriptor) =>
  defineCall({
    method: 'GET',
    path: `/data/${page.path}`,
    access: page.access,
    query: dataPageQuery,
    response: dataPageResponse,
  });

/**
 * `GET data/{balance|balance_detail}/summary`: the page's own query string and rule,
 * so the summary covers exactly the range the table shows.
 */
const summaryCall = (page: DataPageDescriptor) =>
  defineCall({
    method: 'GET',
    path: `/data/${page.path}/summary`,
    access: page.access,
    query: dataPageQuery,
    response: statementSummary,
  });

/** The statement pages: the summary sits above their table. */
export const STATEMENT_PAGES = ['balance', 'balance_detail'] as const satisfies readonly PagePath[];
export type StatementPage = (typeof STATEMENT_PAGES)[number];

/** The data pages' calls (spec 03 §7.1): each page's rows (or its export), the statement summary. */
export const dataPageCalls = {
  page: Object.fromEntries(
    Object.values(DATA_PAGES).map((page) => [page.path, pageCall(page)]),
  ) as Record<PagePath, ReturnType<typeof pageCall>>,
  summary: Object.fromEntries(
    STATEMENT_PAGES.map((path) => [path, summaryCall(DATA_PAGES[path])]),
  ) as Record<StatementPage, ReturnType<typeof summaryCall>>,
};
