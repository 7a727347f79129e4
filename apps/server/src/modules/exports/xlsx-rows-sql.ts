import { type DataColumn, type Language, translate } from '@gerbang/shared';
import { sql } from 'kysely';
import type { BuiltQuery } from '../data-pages/built-query';
import type { Sql } from '../data-pages/sources';
import { rowsQuery } from '../data-pages/stream';
import { KIND_OF_TYPE, type Kind, numberText } from './csv-lines-sql';
import { XLSX_ROWS_PER_SHEET, xlsxColumnFormats } from './writer';
import { columnLetters, inlineString, styleOfFormat } from './xlsx-stream';

/**
 * The XLSX sheet rows of an export written by PostgreSQL: like csv-lines-sql.ts for the CSV, the
 * export's query wrapped in one whose rows are finished `<row>` elements, cell for cell what
 * xlsx-stream.ts writes for the same rows (inline strings escaped for XML, numbers, dates as
 * Excel serials of the WIB wall clock, each column's number-format style, the row numbers of a
 * sheet of XLSX_ROWS_PER_SHEET rows). The worker only zips them. A column this file cannot
 * reproduce exactly makes the whole query null (the JavaScript writer then writes the file).
 */

/** Characters XML 1.0 cannot hold (escapeXml drops them), as one `translate` deletes them. */
const NOT_IN_XML = Array.from({ length: 31 }, (_, i) => String.fromCharCode(i + 1))
  .filter((c) => !'\t\n\r'.includes(c))
  .join('')
  .concat('\uFFFE\uFFFF');

/** The stand-in for a cell reference in a label cell written ahead. */
const REF = '\u0001';

/** What JavaScript's `\s` matches at either end of a text (inlineString's xml:space rule). */
const JS_SPACES =
  ' \t\n\r\u000B\u000C\u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF';

/** `escapeXml`: the characters XML cannot hold dropped, & < > " escaped. */
function xmlText(text: Sql): Sql {
  const kept = sql`translate(${text}, ${NOT_IN_XML}, '')`;
  return sql`case when strpos(${kept}, '&') + strpos(${kept}, '<') + strpos(${kept}, '>') + strpos(${kept}, '"') > 0
    then replace(replace(replace(replace(${kept}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;')
    else ${kept} end`;
}

/** An inline-string cell of a text computed per row, as `inlineString` writes it (style 0). */
function textCell(ref: Sql, text: Sql): Sql {
  const body = xmlText(text);
  const spaced = sql`${body} <> '' and (strpos(${JS_SPACES}, left(${body}, 1)) > 0 or strpos(${JS_SPACES}, right(${body}, 1)) > 0)`;
  return sql`'<c r="' || ${ref} || '" t="inlineStr"><is><t' || case when ${spaced} then ' xml:space="preserve"' else '' end || '>' || ${body} || '</t></is></c>'`;
}

/** A number cell: `<v>` holds the number as JavaScript prints it. */
const valueCell = (ref: Sql, style: number, text: Sql) =>
  sql`'<c r="' || ${ref} || '"' || ${style ? ` s="${style}"` : ''} || '><v>' || ${text} || '</v></c>'`;

/** Excel's serial of an instant's WIB wall clock, computed as `serialOf` does (same doubles). */
const instantSerial = (value: Sql) =>
  sql`(25569 + ((floor(extract(epoch from ${value}) * 1000) + 25200000)::float8 / 86400000))::text`;

/** Excel's serial of a WIB calendar day: whole days since 1970 plus 25569. */
const daySerial = (day: Sql) => sql`(${day} - date '1970-01-01' + 25569)::text`;

/** One column's cell, or null when this file cannot write it exactly as the JavaScript does. */
function cellSql(
  column: DataColumn,
  kind: Kind | undefined,
  lang: Language,
  at: { ref: Sql; style: number },
): Sql | null {
  if (!kind || column.display === 'page') return null;
  const value = sql`r.${sql.ref(column.name)}`;
  const { ref, style } = at;
  if (column.type === 'enum') {
    if (kind !== 'text' && kind !== 'integer') return null;
    // The label cells are written whole here with a stand-in for the reference (a character
    // escapeXml drops, so no label holds it); the row's reference goes in per row.
    const labelCell = (key: string) => inlineString(REF, translate(lang, key), 0);
    const labels = (column.enumValues ?? []).map(
      (v) => sql`when ${v.value} then ${labelCell(v.labelKey)}`,
    );
    const other = column.enumOther ? sql`${labelCell(column.enumOther.labelKey)}` : null;
    const known = sql`case ${value}::text ${sql.join(labels, sql` `)} else ${other ?? sql`null`} end`;
    const labelled = sql`replace(${known}, ${REF}, ${ref})`;
    if (other || labels.length === 0) return other ? labelled : textCell(ref, sql`${value}::text`);
    return sql`coalesce(${labelled}, ${textCell(ref, sql`${value}::text`)})`;
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
    const wall = sql`date_trunc('second', ${value} at time zone 'Asia/Jakarta')::text`;
    return textCell(ref, wall);
  }
  return textCell(ref, kind === 'decimal' ? numberText(value, kind) : sql`${value}::text`);
}

/**
 * The query whose rows are the export's sheet rows (column `xml`), in the export's order; null
 * when a column's type is not one this file writes exactly.
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
    const ref = sql`${columnLetters(i)} || r.xlsx_row_no`;
    const at = { ref, style: styleOfFormat(formats[i]) };
    const cell = cellSql(column, KIND_OF_TYPE[types[column.name] ?? ''], lang, at);
    if (!cell) return null;
    // A NULL value is no cell at all, as the JavaScript writer skips it.
    cells.push(sql`case when r.${sql.ref(column.name)} is null then '' else ${cell} end`);
  }
  const perSheet = XLSX_ROWS_PER_SHEET;
  // The row number follows the inner query's order (a window over a plain scan of it).
  return sql`select '<row r="' || r.xlsx_row_no || '">' || ${sql.join(cells, sql` || `)} || '</row>' as xml
    from (select ((row_number() over () - 1) % ${perSheet} + 2)::text as xlsx_row_no, o.*
      from (${rowsQuery(q)}) as o) as r`;
}
