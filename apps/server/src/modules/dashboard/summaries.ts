import {
  AGGREGATOR_GROUP,
  AGGREGATOR_GROUPS,
  type Environment,
  OMZET_GROUP,
  OMZET_GROUPS,
  type ResumeItem,
  SUCCESS_CHART_DAYS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionType,
} from '@gerbang/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { validationError } from '../../http/errors';
import { addDays, monthStart } from './dates';

/**
 * The figures behind `GET resume/{key}` (spec 01 §2, §7). Every query is scoped by the caller's
 * agent and environment and filters on `transaction_date` / `fee_date`, so it runs on the
 * `(agent_id, environment, <date> desc, …)` indexes of its table.
 */
export interface SummaryScope {
  agentId: number;
  environment: Environment;
}

export interface SummaryInput {
  date: string;
  group?: number;
  type?: TransactionType;
}

type Db = Kysely<Database>;

const successRows = (db: Db, scope: SummaryScope) =>
  db
    .selectFrom('transactions')
    .where('agent_id', '=', scope.agentId)
    .where('environment', '=', scope.environment)
    .where('status_trx', '=', 'SUCCESS');

/** Omzet (sum of successful amounts) for one of the OMZET_GROUP groups; total of the day by default. */
export async function omzet(db: Db, scope: SummaryScope, input: SummaryInput): Promise<ResumeItem> {
  const group = input.group ?? OMZET_GROUP.TOTAL_DAY;
  if (!(OMZET_GROUPS as number[]).includes(group))
    throw validationError('dashboard.errors.groupInvalid');
  const monthToDate = group === OMZET_GROUP.TRANSFER_MONTH || group === OMZET_GROUP.VA_MONTH;
  const from = monthToDate ? monthStart(input.date) : input.date;
  const type: TransactionType | undefined =
    group === OMZET_GROUP.VA_DAY || group === OMZET_GROUP.VA_MONTH
      ? 'IPG'
      : group === OMZET_GROUP.TRANSFER_DAY || group === OMZET_GROUP.TRANSFER_MONTH
        ? 'TRANSFER'
        : input.type;
  let query = successRows(db, scope)
    .where('transaction_date', '>=', from)
    .where('transaction_date', '<=', input.date);
  if (type) query = query.where('jenis_produk', '=', type);
  const row = await query
    .select([
      sql<number>`coalesce(sum(nominal_origin), 0)`.as('amount'),
      sql<number>`count(*)`.as('count'),
    ])
    .executeTakeFirstOrThrow();
  return {
    key: 'omzet_date',
    value: Number(row.amount),
    data: { group, count: Number(row.count), from, to: input.date, type: type ?? 'ALL' },
  };
}

/** Transactions of `date` (of one type, or all) split by status: the donut charts. */
export async function transactionsByStatus(
  db: Db,
  scope: SummaryScope,
  input: SummaryInput,
): Promise<ResumeItem[]> {
  let query = db
    .selectFrom('transactions')
    .where('agent_id', '=', scope.agentId)
    .where('environment', '=', scope.environment)
    .where('transaction_date', '=', input.date);
  if (input.type) query = query.where('jenis_produk', '=', input.type);
  const rows = await query
    .select([
      'status_trx',
      sql<number>`count(*)`.as('count'),
      sql<number>`coalesce(sum(nominal_origin), 0)`.as('amount'),
    ])
    .groupBy('status_trx')
    .execute();
  return TRANSACTION_STATUSES.map((status) => {
    const row = rows.find((r) => r.status_trx === status);
    return {
      key: status,
      value: Number(row?.count ?? 0),
      data: { amount: Number(row?.amount ?? 0), type: input.type ?? 'ALL' },
    };
  });
}

/** Pending (PROCESS) transactions of `date`: how many and how much. */
export async function pending(
  db: Db,
  scope: SummaryScope,
  input: SummaryInput,
): Promise<ResumeItem> {
  let query = db
    .selectFrom('transactions')
    .where('agent_id', '=', scope.agentId)
    .where('environment', '=', scope.environment)
    .where('transaction_date', '=', input.date)
    .where('status_trx', '=', 'PROCESS');
  if (input.type) query = query.where('jenis_produk', '=', input.type);
  const row = await query
    .select([
      sql<number>`count(*)`.as('count'),
      sql<number>`coalesce(sum(nominal_origin), 0)`.as('amount'),
    ])
    .executeTakeFirstOrThrow();
  return {
    key: 'trx_pending_date',
    value: Number(row.count),
    data: { amount: Number(row.amount), type: input.type ?? 'ALL' },
  };
}

/**
 * Successful transactions per date and product type for the SUCCESS_CHART_DAYS days ending at
 * `date` (the bar chart): one item per day, zero days included, oldest first.
 */
export async function successPerDate(
  db: Db,
  scope: SummaryScope,
  input: SummaryInput,
): Promise<ResumeItem[]> {
  const from = addDays(input.date, -(SUCCESS_CHART_DAYS - 1));
  let query = successRows(db, scope)
    .where('transaction_date', '>=', from)
    .where('transaction_date', '<=', input.date);
  if (input.type) query = query.where('jenis_produk', '=', input.type);
  const rows = await query
    .select([
      sql<string>`to_char(transaction_date, 'YYYY-MM-DD')`.as('day'),
      'jenis_produk',
      sql<number>`count(*)`.as('count'),
      sql<number>`coalesce(sum(nominal_origin), 0)`.as('amount'),
    ])
    .groupBy(['transaction_date', 'jenis_produk'])
    .execute();
  const items: ResumeItem[] = [];
  for (let offset = 0; offset < SUCCESS_CHART_DAYS; offset++) {
    const day = addDays(from, offset);
    const data: Record<string, number> = { amount: 0 };
    let total = 0;
    for (const type of TRANSACTION_TYPES) {
      const row = rows.find((r) => r.day === day && r.jenis_produk === type);
      data[type] = Number(row?.count ?? 0);
      data.amount += Number(row?.amount ?? 0);
      total += data[type];
    }
    items.push({ key: day, value: total, data });
  }
  return items;
}

/**
 * Aggregator revenue share from `aggregator_fees` (one row per member transaction, docs/data-model.md)
 * for the day of `date` or its month up to `date`. `value` is the fee (fee keys) or the number of
 * member transactions (trx keys) of the group: VA (1), transfer (2) or total (4); `data` carries
 * the fee-report fields trxva, feeva, trxtrf, feetrf, totaltrx, totalfee.
 */
export async function aggregatorFees(
  db: Db,
  scope: SummaryScope,
  input: SummaryInput,
  opts: { key: string; monthly: boolean; measure: 'fee' | 'trx' },
): Promise<ResumeItem> {
  const group = input.group ?? AGGREGATOR_GROUP.TOTAL;
  if (!(AGGREGATOR_GROUPS as number[]).includes(group))
    throw validationError('dashboard.errors.groupInvalid');
  const from = opts.monthly ? monthStart(input.date) : input.date;
  const result = await sql<{ fee_type: string; trx: number; fee: number }>`
    SELECT fee_type, count(*) AS trx, coalesce(sum(fee), 0) AS fee
    FROM aggregator_fees
    WHERE agent_id = ${scope.agentId} AND environment = ${scope.environment}
      AND fee_date >= ${from} AND fee_date <= ${input.date}
    GROUP BY fee_type`.execute(db);
  const pick = (type: string) => result.rows.find((r) => r.fee_type === type);
  const trxva = Number(pick('VA')?.trx ?? 0);
  const feeva = Number(pick('VA')?.fee ?? 0);
  const trxtrf = Number(pick('TRF')?.trx ?? 0);
  const feetrf = Number(pick('TRF')?.fee ?? 0);
  const data = {
    group,
    from,
    to: input.date,
    trxva,
    feeva,
    trxtrf,
    feetrf,
    totaltrx: trxva + trxtrf,
    totalfee: feeva + feetrf,
  };
  const byGroup = {
    fee: { 1: feeva, 2: feetrf, 4: data.totalfee },
    trx: { 1: trxva, 2: trxtrf, 4: data.totaltrx },
  } as const;
  return { key: opts.key, value: byGroup[opts.measure][group as 1 | 2 | 4], data };
}
