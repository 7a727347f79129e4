import { type DataColumn, type Language, translate } from '@gerbang/shared';
import { sql } from 'kysely';
import type { BuiltQuery } from '../data-pages/built-query';
import type { Sql } from '../data-pages/sources';
import { rowsQuery } from '../data-pages/stream';
import { concatAll, KIND_OF_TYPE, type Kind, numberText } from './csv-lines-sql';
import { xlsxColumnFormats } from './writer';
import { columnLetters, inlineString, ROW_NUMBER_MARK, styleOfFormat } from './xlsx-stream';

/**
 * The XLSX sheet rows of an export written by PostgreSQL: like csv-lines-sql.ts for the CSV, the
 * export's query wrapped in one whose rows are finished `<row>` elements, cell for cell what
 * xlsx-stream.ts writes for the same rows (inline strings escaped for XML, numbers, dates as
 * Excel serials of the WIB wall clock, each column's number-format style). Two things are left
 * to the writer's `addRowXml`, which does them in bulk far cheaper: the row number (the rows
 * carry ROW_NUMBER_MARK where it goes) and dropping the characters XML cannot hold.
 *
 * The query is one level over the page query (a window for row numbers, or a subquery fence,
 * cost a pass of their own), and every expression reads the row's columns only (PostgreSQL
 * computes an expression each time it meets it). A column this file cannot reproduce exactly makes the whole query
 * null (the JavaScript writer then writes the file).
 */

/** Characters XML 1.0 cannot hold (escapeXml drops them). */
const NOT_IN_XML = Array.from({ length: 31 }, (_, i) => String.fromCharCode(i + 1))
  .filter((c) => !'\t\n\r'.includes(c))
  .join('')
  .concat('\uFFFE\uFFFF');

/** What JavaScript's `\s` matches at either end of a text (inlineString's xml:space rule). */
const JS_SPACES =
  ' \t\n\r\u000B\u000C\u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF';

/** `escapeXml` but for the characters XML cannot hold (the writer drops those): & < > " escaped. */
function escaped(text: Sql): Sql {
  return sql`case when strpos(${text}, '&') + strpos(${text}, '<') + strpos(${text}, '>') + strpos(${text}, '"') > 0
    then replace(replace(replace(replace(${text}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;')
    else ${text} end`;
}

/**
 * `xml:space="preserve"` when the text, once the characters XML cannot hold are gone, starts or
 * ends with a space (escaping never changes the ends' being spaces). Trimming those characters is
 * dear, so only a text that starts or ends with one pays for it.
 */
function spacedAtEnds(text: Sql): Sql {
  const first = sql`left(${text}, 1)`;
  const last = sql`right(${text}, 1)`;
  const test = (start: Sql, end: Sql) =>
    sql`(${start} <> '' and (strpos(${JS_SPACES}, ${start}) > 0 or strpos(${JS_SPACES}, ${end}) > 0))`;
  return sql`case when strpos(${NOT_IN_XML}, ${first}) > 0 or strpos(${NOT_IN_XML}, ${last}) > 0
    then ${test(sql`left(ltrim(${text}, ${NOT_IN_XML}), 1)`, sql`right(rtrim(${text}, ${NOT_IN_XML}), 1)`)}
    else ${test(first, last)} end`;
}

/** An inline-string cell, as `inlineString` writes it (style 0). */
function textCell(ref: string, text: Sql): Sql {
  return concatAll([
    sql`${`<c r="${ref}" t="inlineStr"><is><t`}`,
    sql`case when ${spacedAtEnds(text)} then ' xml:space="preserve"' else '' end`,
    sql`'>'`,
    escaped(text),
    sql`'</t></is></c>'`,
  ]);
}

/** A number cell: `<v>` holds the number as JavaScript prints it. */
const valueCell = (ref: string, style: number, text: Sql) =>
  concatAll([sql`${`<c r="${ref}"${style ? ` s="${style}"` : ''}><v>`}`, text, sql`'</v></c>'`]);

/** Excel's serial of an instant's WIB wall clock, computed as `serialOf` does (same doubles). */
const instantSerial = (value: Sql) =>
  sql`(25569 + ((floor(extract(epoch from ${value}) * 1000) + 25200000)::float8 / 86400000))::text`;

/** Excel's serial of a WIB calendar day: whole days since 1970 plus 25569. */
const daySerial = (day: Sql) => sql`(${day} - date '1970-01-01' + 25569)::text`;

/** An enum's cell: each label's cell written whole here, a value without a label as its text. */
function enumCell(column: DataColumn, value: Sql, lang: Language, ref: string): Sql {
  const labelCell = (key: string) => inlineString(ref, translate(lang, key), 0);
  const labels = (column.enumValues ?? []).map(
    (v) => sql`when ${v.value} then ${labelCell(v.labelKey)}`,
  );
  const other = column.enumOther
    ? sql`${labelCell(column.enumOther.labelKey)}`
    : textCell(ref, sql`${value}::text`);
  if (labels.length === 0) return other;
  return sql`case ${value}::text ${sql.join(labels, sql` `)} else ${other} end`;
}

/** One column's cell, or null when this file cannot write it exactly as the JavaScript does. */
function cellSql(
  column: DataColumn,
  kind: Kind | undefined,
  lang: Language,
  at: { ref: string; style: number },
): Sql | null {
  if (!kind || column.display === 'page') return null;
  const value = sql`r.${sql.ref(column.name)}`;
  const { ref, style } = at;
  if (column.type === 'enum') {
    return kind === 'text' || kind === 'integer' ? enumCell(column, value, lang, ref) : null;
  }
  if (column.display === 'money' || column.display === 'number') {
    return kind === 'integer' || kind === 'decimal'
      ? valueCell(ref, style, numberText(value, kind))
      : null;
  }
  if (column.display === 'datetime') {
    return kind === 'instant' ? valueCell(ref, style, instantSerial(value)) : null;
  }
  if (column.display === 'date' || column.display === 'month') {
    if (kind === 'instant')
      return valueCell(ref, style, daySerial(sql`(${value} at time zone 'Asia/Jakarta')::date`));
    if (kind !== 'text') return null;
    const day = sql`(case when ${value} ~ '^\\d{4}-\\d{2}$' then ${value} || '-01' else ${value} end)::date`;
    // Text that is not a day is written as text, as `calendarDate` refuses it.
    return sql`case when ${value} ~ '^\\d{4}-\\d{2}(-\\d{2})?$' then ${valueCell(ref, style, daySerial(day))} else ${textCell(ref, value)} end`;
  }
  if (kind === 'instant') {
    return textCell(ref, sql`date_trunc('second', ${value} at time zone 'Asia/Jakarta')::text`);
  }
  return textCell(ref, kind === 'decimal' ? numberText(value, kind) : sql`${value}::text`);
}

/**
 * The query whose rows are the export's sheet rows (column `xml`, numbered by the writer), in the
 * export's order; null when a column's type is not one this file writes exactly.
 */
export function xlsxRowsQuery(
  q: BuiltQuery,
  columns: readonly DataColumn[],
  types: Record<string, string>,
  lang: Language,
): Sql | null {
  const formats = xlsxColumnFormats(columns);
  const cells: Sql[] = [];
  for (const [i, column] of columns.entries()) {
    const at = { ref: `${columnLetters(i)}${ROW_NUMBER_MARK}`, style: styleOfFormat(formats[i]) };
    const cell = cellSql(column, KIND_OF_TYPE[types[column.name] ?? ''], lang, at);
    if (!cell) return null;
    // A NULL value is no cell at all, as the JavaScript writer skips it.
    cells.push(sql`case when r.${sql.ref(column.name)} is null then '' else ${cell} end`);
  }
  const row = concatAll([sql`${`<row r="${ROW_NUMBER_MARK}">`}`, ...cells, sql`'</row>'`]);
  return sql`select ${row} as xml from (${rowsQuery(q)}) as r`;
}
