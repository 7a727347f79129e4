import { DATA_PAGES, type Environment, type StatementSummary } from '@gerbang/shared';
import { dataPageCalls, STATEMENT_PAGES } from '@gerbang/shared/contract/data-pages-calls';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { defineRoute, ok, type RouteDefinition } from '../../http/route';
import { instantRange, planRequest } from '../data-pages/query';

/**
 * The statement's summary (docs/data-model.md "The statement"): the available
 * balance at the start and at the end of the range, and the credits and debits of the statement
 * rows between them. Each ledger entry records the available balance before and after it, in the
 * order the ledger wrote it, so the balance at an instant is the `balance_after` of the account's
 * last entry before it, and the rows of a range (the entries that changed it) sum to the change.
 */
export async function statementSummary(
  db: Kysely<Database>,
  scope: { agentId: number; environment: Environment },
  range: { from: string; to: string },
): Promise<StatementSummary> {
  const { start, end } = instantRange(range.from, range.to);
  const account = (
    await sql<{ id: string }>`select id from ledger_accounts
      where kind = 'merchant_available' and agent_id = ${scope.agentId}
        and environment = ${scope.environment} and currency = 'IDR' and subkey = ''`.execute(db)
  ).rows[0];
  if (!account) return { ...range, opening: 0, credit: 0, debit: 0, closing: 0, count: 0 };
  const id = account.id;
  const balanceAt = (instant: Date) => sql<number>`coalesce((
      select b.balance_after from ledger_entries b
      where b.account_id = ${id} and b.created_at < ${instant.toISOString()}::timestamptz
      order by b.created_at desc, b.id desc limit 1), 0)`;
  const result = await sql<{
    opening: string;
    credit: string;
    debit: string;
    count: string;
  }>`select ${balanceAt(start)} as opening,
      coalesce(sum(greatest(e.balance_after - e.balance_before, 0)), 0) as credit,
      coalesce(sum(greatest(e.balance_before - e.balance_after, 0)), 0) as debit,
      count(*) as count
    from ledger_entries e
    where e.account_id = ${id} and e.balance_after <> e.balance_before
      and e.created_at >= ${start.toISOString()}::timestamptz
      and e.created_at < ${end.toISOString()}::timestamptz`.execute(db);
  const row = result.rows[0];
  const opening = Number(row?.opening ?? 0);
  const credit = Number(row?.credit ?? 0);
  const debit = Number(row?.debit ?? 0);
  // The closing balance is the opening plus the range's rows, so the header always adds up to
  // the rows shown. It equals the ledger's balance at the end of the range whenever entries were
  // written in time order (every live writer); entries stamped earlier than ones already written
  // (a clock set back in test mode) would otherwise make the two disagree.
  return {
    ...range,
    opening,
    credit,
    debit,
    closing: opening + credit - debit,
    count: Number(row?.count ?? 0),
  };
}

/**
 * `GET /data/{balance|balance_detail}/summary`: the page's own query string and access rule, so
 * the summary covers exactly the range the table shows (the fixed default: today).
 */
export const statementRoutes: RouteDefinition[] = STATEMENT_PAGES.map((path) => {
  const page = DATA_PAGES[path];
  return defineRoute(dataPageCalls.summary[path], async ({ query, auth, services }) => {
    const plan = planRequest(page, query, services.now());
    const range = plan.range ?? { from: '', to: '' };
    return ok(
      await statementSummary(
        services.db,
        { agentId: auth.agent.id, environment: auth.environment },
        range,
      ),
    );
  });
});
