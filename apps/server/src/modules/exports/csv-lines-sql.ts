import { type DataColumn, type Language, translate } from '@gerbang/shared';
import { type Kysely, sql } from 'kysely';
import type { BuiltQuery } from '../data-pages/built-query';
import type { Sql } from '../data-pages/sources';
import { rowsQuery } from '../data-pages/stream';
import { csvField } from './writer';

/**
 * The CSV of an export written by PostgreSQL itself: the export's query wrapped in one that turns
 * each row into its finished CSV line (enum labels, WIB times, numbers, the formula-prefix and
 * quoting rules of `csvField`), so the worker only joins and writes lines. Formatting a million
 * rows cell by cell in JavaScript cost about eight times PostgreSQL's own `COPY` of the rows;
 * done in the database in bulk it is close to the COPY itself (bench/README.md, data.bench.ts).
 *
 * The lines must be exactly what the JavaScript writer (writer.ts) makes of the same rows. That is
 * only guaranteed for the value types below, so the column types are read first and a page with
 * any other type (or a `page` column, whose titles live in the catalogs) keeps the JavaScript
 * writer; `csv-lines-sql.test.ts` exports every exportable page both ways and compares them.
 */

/** How a PostgreSQL type's value reaches the JavaScript writer, as far as its text goes. */
export type Kind = 'text' | 'integer' | 'decimal' | 'instant' | 'boolean';

export const KIND_OF_TYPE: Record<string, Kind> = {
  text: 'text',
  'character varying': 'text',
  character: 'text',
  uuid: 'text',
  smallint: 'integer',
  integer: 'integer',
  bigint: 'integer',
  numeric: 'decimal',
  'timestamp with time zone': 'instant',
  boolean: 'boolean',
};

/** Each column's PostgreSQL type name, read without reading a row (an empty outer join). */
export async function columnTypes(
  db: Kysely<any>,
  q: BuiltQuery,
  names: readonly string[],
): Promise<Record<string, string>> {
  const probes = sql.join(
    names.map((name) => sql`pg_typeof(r.${sql.ref(name)})::text as ${sql.ref(name)}`),
  );
  const result = await sql<Record<string, string>>`select ${probes}
    from (select 1) as one left join (select ${q.select} from ${q.from} where false) as r on true`.execute(
    db,
  );
  return result.rows[0] ?? {};
}

/** The first characters `csvField` prefixes with a quote mark: =, +, -, @, tab, CR. */
const FORMULA_STARTS = sql.raw('(61, 43, 45, 64, 9, 13)');

/**
 * `csvField` of a text value: a formula-like start gets a quote mark, then RFC 4180 quoting.
 * Written for speed over a million rows: `ascii()` of the first character and `strpos` scans
 * cost a fraction of a regular expression, and each test is evaluated once.
 */
function csvText(text: Sql): Sql {
  const formula = sql`ascii(${text}) in ${FORMULA_STARTS}`;
  const quoted = sql`strpos(${text}, '"') + strpos(${text}, ',') + strpos(${text}, ${'\n'}) + strpos(${text}, ${'\r'}) > 0`;
  return sql`case when ${quoted}
    then '"' || case when ${formula} then '''' else '' end || replace(${text}, '"', '""') || '"'
    when ${formula} then '''' || ${text} else ${text} end`;
}

/**
 * An instant as `wibTimestamp` shows it: the WIB wall clock to the second (the ISO date style,
 * which the export's transaction sets; `to_char` costs a third more).
 */
const wibText = (value: Sql) =>
  sql`date_trunc('second', ${value} at time zone 'Asia/Jakarta')::text`;

/** A number as JavaScript prints it (`String(Number(value))`: no trailing zeros). */
export const numberText = (value: Sql, kind: Kind) =>
  kind === 'decimal' ? sql`trim_scale(${value})::text` : sql`${value}::text`;

/**
 * `concat` of many parts, nested past PostgreSQL's 100 arguments of a call. One `concat` builds
 * its text once; a chain of `||` copies the growing text at every step (quadratic in the parts: a
 * 20-column sheet row of ~750 bytes took ~100 copies, 37 KB per row).
 */
export function concatAll(parts: readonly Sql[]): Sql {
  // Each part typed as text: a bare parameter given to `concat(variadic any)` has no type.
  if (parts.length <= 90) return sql`concat(${sql.join(parts.map((p) => sql`(${p})::text`))})`;
  const chunks: Sql[] = [];
  for (let i = 0; i < parts.length; i += 90) chunks.push(concatAll(parts.slice(i, i + 90)));
  return concatAll(chunks);
}

/** One column's CSV field, or null when its values cannot be formatted here exactly. */
function fieldSql(column: DataColumn, kind: Kind | undefined, lang: Language): Sql | null {
  if (!kind || column.display === 'page') return null;
  const value = sql`r.${sql.ref(column.name)}`;
  if (column.type === 'enum') {
    if (kind !== 'text' && kind !== 'integer') return null;
    const text = sql`${value}::text`;
    const labels = (column.enumValues ?? []).map(
      (v) => sql`when ${v.value} then ${csvField(translate(lang, v.labelKey))}`,
    );
    const other = column.enumOther
      ? sql`${csvField(translate(lang, column.enumOther.labelKey))}`
      : csvText(text);
    return labels.length > 0
      ? sql`case ${text} ${sql.join(labels, sql` `)} else ${other} end`
      : other;
  }
  if (kind === 'instant') return wibText(value);
  // The JavaScript writer parses a text datetime and numbers a text amount: not reproduced here.
  if (column.display === 'datetime') return null;
  if (column.display === 'money' || column.display === 'number') {
    return kind === 'integer' || kind === 'decimal' ? numberText(value, kind) : null;
  }
  // Everything else is the value's text, as `String(value)` gives it, through the CSV rules.
  if (kind === 'decimal') return csvText(numberText(value, kind));
  return csvText(sql`${value}::text`);
}

/**
 * The query whose rows are the export's CSV lines (column `line`, each ending in CRLF), in the
 * export's order; null when a column's type is not one this file formats exactly.
 */
export function csvLinesQuery(
  q: BuiltQuery,
  columns: readonly DataColumn[],
  types: Record<string, string>,
  lang: Language,
): Sql | null {
  const fields: Sql[] = [];
  for (const column of columns) {
    const field = fieldSql(column, KIND_OF_TYPE[types[column.name] ?? ''], lang);
    if (!field) return null;
    // A NULL field is empty (`concat` skips it), as `csvField(null)` is.
    fields.push(...(fields.length > 0 ? [sql`','`, field] : [field]));
  }
  const line = concatAll([...fields, sql`${'\r\n'}`]);
  // The outer select keeps the inner query's order (a plain scan of a sorted subquery).
  return sql`select ${line} as line from (${rowsQuery(q)}) as r`;
}
