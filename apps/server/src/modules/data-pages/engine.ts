import {
  type DataPageAnswer,
  type DataPageDescriptor,
  OPERATORS_BY_TYPE,
  type PagePath,
} from '@gerbang/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { BuiltQuery } from './built-query';
import { countPage } from './count';
import { type CheckedFilter, type DataPlan, instantRange } from './query';
import { type DataSource, SOURCES, type SourceColumn, type SourceScope, type Sql } from './sources';

/**
 * The one engine behind every data page: descriptor + source + checked plan → SQL. Every value
 * is a bound parameter; the only SQL text comes from `sources.ts`.
 */

export class EngineBug extends Error {}

export function sourceFor(path: PagePath): DataSource {
  const source = SOURCES[path];
  if (!source) throw new EngineBug(`no source for data page ${path}`);
  return source;
}

/** `%`, `_` and the escape character itself match literally in LIKE patterns. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** An instant as a bound timestamptz (ISO text, so both drivers send the same value). */
const ts = (instant: Date): Sql => sql`${instant.toISOString()}::timestamptz`;

function outputOf(column: SourceColumn): Sql {
  if (column.output) return column.output;
  if (column.kind === 'date') return sql`to_char(${column.raw}, 'YYYY-MM-DD')`;
  return column.raw;
}

function sourceColumn(columns: Record<string, SourceColumn>, name: string): SourceColumn {
  const column = columns[name];
  if (!column) throw new EngineBug(`source has no column ${name}`);
  return column;
}

/** One filter row as a SQL condition. */
function condition(filter: CheckedFilter, column: SourceColumn): Sql {
  const expr = column.raw;
  const { operator, value } = filter;
  if (!OPERATORS_BY_TYPE[filter.column.type].includes(operator)) {
    throw new EngineBug(`operator ${operator} reached the engine for ${filter.column.type}`);
  }
  switch (filter.column.type) {
    case 'integer': {
      // Bound as bigint, so an `integer` column is compared across types instead of the value
      // being cast to the column's type (which fails beyond 32 bits); the plan bounds it too.
      const number = sql`${Number(value)}::int8`;
      if (operator === 'greater') return sql`${expr} > ${number}`;
      if (operator === 'less') return sql`${expr} < ${number}`;
      if (operator === 'equal') return sql`${expr} = ${number}`;
      return sql`${expr} is distinct from ${number}`;
    }
    case 'string': {
      const text = String(value);
      const textExpr = column.kind === 'text' ? expr : sql`${expr}::text`;
      if (operator === 'like') return sql`${textExpr} ilike ${`%${escapeLike(text)}%`}`;
      if (operator === 'startwith') return sql`${textExpr} ilike ${`${escapeLike(text)}%`}`;
      if (operator === 'endwith') return sql`${textExpr} ilike ${`%${escapeLike(text)}`}`;
      if (operator === 'equal') return sql`${textExpr} = ${text}`;
      return sql`${textExpr} is distinct from ${text}`;
    }
    case 'enum': {
      const text = String(value);
      const textExpr = column.kind === 'text' ? expr : sql`${expr}::text`;
      if (operator === 'equal') return sql`${textExpr} = ${text}`;
      return sql`${textExpr} is distinct from ${text}`;
    }
    case 'date': {
      const day = String(value);
      if (column.kind === 'date') {
        if (operator === 'greater') return sql`${expr} > ${day}::date`;
        if (operator === 'less') return sql`${expr} < ${day}::date`;
        if (operator === 'equal') return sql`${expr} = ${day}::date`;
        return sql`${expr} is distinct from ${day}::date`;
      }
      const { start, end } = instantRange(day, day);
      if (operator === 'greater') return sql`${expr} >= ${ts(end)}`;
      if (operator === 'less') return sql`${expr} < ${ts(start)}`;
      if (operator === 'equal') return sql`(${expr} >= ${ts(start)} and ${expr} < ${ts(end)})`;
      return sql`not coalesce(${expr} >= ${ts(start)} and ${expr} < ${ts(end)}, false)`;
    }
    case 'daterange':
      throw new EngineBug('date ranges are applied as the plan range');
  }
}

function rangeCondition(
  page: DataPageDescriptor,
  columns: Record<string, SourceColumn>,
  range: { from: string; to: string },
): Sql {
  if (!page.dateRange) throw new EngineBug(`${page.path} has no date range`);
  const column = sourceColumn(columns, page.dateRange.column);
  if (column.kind === 'date') {
    return sql`${column.raw} between ${range.from}::date and ${range.to}::date`;
  }
  const { start, end } = instantRange(range.from, range.to);
  return sql`${column.raw} >= ${ts(start)} and ${column.raw} < ${ts(end)}`;
}

export function buildQuery(
  page: DataPageDescriptor,
  plan: DataPlan,
  scope: Omit<SourceScope, 'range'>,
): BuiltQuery {
  const source = sourceFor(page.path);
  const fullScope: SourceScope = { ...scope, range: plan.range };
  const columns = source.columns(fullScope);

  const conditions: Sql[] = [...source.where(fullScope)];
  if (conditions.length === 0 && !source.rangeInside) {
    throw new EngineBug(`${page.path} has no tenant scope`);
  }
  if (plan.range && !source.rangeInside) conditions.push(rangeCondition(page, columns, plan.range));
  for (const filter of plan.filters) {
    conditions.push(condition(filter, sourceColumn(columns, filter.column.name)));
  }
  if (plan.preFilter) {
    const column = sourceColumn(columns, plan.preFilter.column);
    const expr = column.kind === 'text' ? column.raw : sql`${column.raw}::text`;
    conditions.push(sql`${expr} = ${plan.preFilter.value}`);
  }
  if (plan.param) {
    if (!source.param) throw new EngineBug(`${page.path} takes no param`);
    conditions.push(source.param(plan.param));
  }

  const names = page.columns.map((c) => c.name);
  if (!names.includes(page.rowKey)) names.push(page.rowKey);
  for (const extra of Object.keys(columns)) {
    // Columns the source adds for actions (e.g. the XLSX file of an export) travel too.
    if (!names.includes(extra) && extra.startsWith('lokasi_file')) names.push(extra);
  }
  const select = sql.join(
    names.map((name) => sql`${outputOf(sourceColumn(columns, name))} as ${sql.ref(name)}`),
  );

  const sortColumn = sourceColumn(columns, plan.sort.column);
  const direction = plan.sort.direction === 'asc' ? sql`asc` : sql`desc`;
  // PostgreSQL's default null placement (last ascending, first descending) is what a b-tree
  // index returns in either scan direction; an explicit NULLS LAST on a descending sort would
  // turn the indexed first page into a sort of the whole range (measured: 0.2 ms → 280 ms).
  const orderBy = sql`${sortColumn.raw} ${direction}, ${source.tiebreak} ${direction}`;
  const where = conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`;
  return { select, from: source.from(fullScope), where, orderBy, source, columns };
}

export async function runPage(
  db: Kysely<Database>,
  page: DataPageDescriptor,
  plan: DataPlan,
  scope: Omit<SourceScope, 'range'>,
): Promise<DataPageAnswer> {
  const q = buildQuery(page, plan, scope);
  const offset = (plan.page - 1) * plan.limit;
  const [rows, count] = await Promise.all([
    sql<Record<string, unknown>>`select ${q.select} from ${q.from} where ${q.where}
      order by ${q.orderBy} limit ${plan.limit} offset ${offset}`.execute(db),
    countPage(db, page, plan, scope, q),
  ]);
  // `estimated` only when the total is an estimate (count.ts): the page shows "about N".
  return count.estimated
    ? { total: count.total, estimated: true, data: rows.rows }
    : { total: count.total, data: rows.rows };
}
