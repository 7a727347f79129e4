import type { Environment, ReportKey, ReportRow, TransactionType } from '@gerbang/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The monthly reports of spec 01 §2 and §7 (`GET report/{key}`): one row per WIB day and group
 * that has data, oldest first. Every query is scoped by the caller's agent (group-11 reports: the
 * aggregator's member agents) and environment and filters on the table's date column, so it runs
 * on the `(agent_id, environment, <date> desc, …)` index.
 */
export interface ReportScope {
  agentId: number;
  environment: Environment;
}

export interface ReportInput {
  from: string;
  to: string;
  type?: TransactionType;
}

type Db = Kysely<Database>;

/** Callback statuses of spec 03 §3.1 (`status_sent`), as the report's group names. */
export const CALLBACK_STATUS_GROUPS: Record<number, string> = {
  0: 'NEW',
  1: 'SENT',
  2: 'FAILED',
  3: 'PROCESS',
};

const day = sql<string>`to_char(transaction_date, 'YYYY-MM-DD')`;

/** Successful transactions of the agent per day and type: count, with the rupiah total beside. */
async function successPerDay(
  db: Db,
  scope: ReportScope,
  input: ReportInput,
  measure: 'count' | 'sum',
) {
  let query = db
    .selectFrom('transactions')
    .where('agent_id', '=', scope.agentId)
    .where('environment', '=', scope.environment)
    .where('status_trx', '=', 'SUCCESS')
    .where('transaction_date', '>=', input.from)
    .where('transaction_date', '<=', input.to);
  if (input.type) query = query.where('jenis_produk', '=', input.type);
  const rows = await query
    .select([
      day.as('date'),
      'jenis_produk as group',
      sql<number>`count(*)`.as('count'),
      sql<number>`coalesce(sum(nominal_origin), 0)`.as('sum'),
    ])
    .groupBy(['transaction_date', 'jenis_produk'])
    .orderBy('transaction_date')
    .orderBy('jenis_produk')
    .execute();
  return rows.map(
    (r): ReportRow =>
      measure === 'count'
        ? { date: r.date, group: r.group, amount: Number(r.count), fullamount: Number(r.sum) }
        : { date: r.date, group: r.group, amount: Number(r.sum) },
  );
}

/** Callbacks sent to the agent's URLs per day and delivery status (from the `callbacks` log). */
async function callbacksPerDay(db: Db, scope: ReportScope, input: ReportInput) {
  const result = await sql<{ date: string; status_sent: number; count: number }>`
    SELECT to_char(created_date, 'YYYY-MM-DD') AS date, status_sent, count(*) AS count
    FROM callbacks
    WHERE agent_id = ${scope.agentId} AND environment = ${scope.environment}
      AND created_date >= ${input.from} AND created_date <= ${input.to}
    GROUP BY created_date, status_sent
    ORDER BY created_date, status_sent`.execute(db);
  return result.rows.map(
    (r): ReportRow => ({
      date: r.date,
      group: CALLBACK_STATUS_GROUPS[Number(r.status_sent)] ?? String(r.status_sent),
      amount: Number(r.count),
    }),
  );
}

/**
 * Successful transactions of an aggregator's member agents per day, grouped by member (agent
 * name) or by product: the payment-success reports of group 11.
 */
async function memberSuccessPerDay(
  db: Db,
  scope: ReportScope,
  input: ReportInput,
  by: 'agent' | 'product',
) {
  const members = db
    .selectFrom('agents')
    .select('id')
    .where('aggregator_agent_id', '=', scope.agentId);
  let query = db
    .selectFrom('transactions as t')
    .innerJoin('agents as a', 'a.id', 't.agent_id')
    .where('t.agent_id', 'in', members)
    .where('t.environment', '=', scope.environment)
    .where('t.status_trx', '=', 'SUCCESS')
    .where('t.transaction_date', '>=', input.from)
    .where('t.transaction_date', '<=', input.to);
  if (input.type) query = query.where('t.jenis_produk', '=', input.type);
  const groupColumn =
    by === 'agent'
      ? sql<string>`a.nama_agen`
      : sql<string>`coalesce(t.nama_produk, t.jenis_produk)`;
  const rows = await query
    .select([
      sql<string>`to_char(t.transaction_date, 'YYYY-MM-DD')`.as('date'),
      groupColumn.as('group'),
      sql<number>`count(*)`.as('count'),
      sql<number>`coalesce(sum(t.nominal_origin), 0)`.as('sum'),
    ])
    .groupBy([sql`t.transaction_date`, groupColumn])
    .orderBy(sql`t.transaction_date`)
    .orderBy(groupColumn)
    .execute();
  return rows.map(
    (r): ReportRow => ({
      date: r.date,
      group: r.group,
      amount: Number(r.count),
      fullamount: Number(r.sum),
    }),
  );
}

export function dailyReport(
  db: Db,
  key: ReportKey,
  scope: ReportScope,
  input: ReportInput,
): Promise<ReportRow[]> {
  switch (key) {
    case 'daily_success_trx':
      return successPerDay(db, scope, input, 'count');
    case 'daily_omzet':
      return successPerDay(db, scope, input, 'sum');
    case 'daily_callback':
      return callbacksPerDay(db, scope, input);
    case 'report_transaction_payment_success_by_agen':
      return memberSuccessPerDay(db, scope, input, 'agent');
    case 'report_transaction_payment_success_by_product':
      return memberSuccessPerDay(db, scope, input, 'product');
  }
}
