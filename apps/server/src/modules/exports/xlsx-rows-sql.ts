import { type DataColumn, type Language, translate } from '@gerbang/shared';
import { sql } from 'kysely';
import type { BuiltQuery } from '../data-pages/built-query';
import type { Sql } from '../data-pages/sources';
import { rowsQuery } from '../data-pages/stream';
import { concatAll, KIND_OF_TYPE, type Kind, numberText } from './csv-lines-sql';
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

/** The same characters as a regular-expression class. */
const NOT_IN_XML_CLASS = `[${NOT_IN_XML}]`;

/** The stand-in for a cell reference in a label cell written ahead. */
const REF = '\u0001';

/** What JavaScript's `\s` matches at either end of a text (inlineString's xml:space rule). */
const JS_SPACES =
  ' \t\n\r\u000B\u000C\u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF';

/** `escapeXml` but for the characters XML cannot hold (the whole row drops those): & < > " escaped. */
function escaped(kept: Sql): Sql {
  return sql`case when strpos(${kept}, '&') + strpos(${kept}, '<') + strpos(${kept}, '>') + strpos(${kept}, '"') > 0
    then replace(replace(replace(replace(${kept}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;')
    else ${kept} end`;
}

/**
 * The texts of a row's inline-string cells, each escaped once. An expression PostgreSQL meets
 * several times in a query is computed each time (a cell's body is read four times), so the
 * bodies are columns of the subquery under the row's (`xlsx_b<i>`), which the row's XML reads.
 */
class EscapedTexts {
  readonly bodies: Sql[] = [];

  /** `text` over the page query's row `o`; returns the escaped body as the row's column. */
  add(text: (row: string) => Sql): Sql {
    const i = this.bodies.length;
    this.bodies.push(sql`${escaped(text('o'))} as ${sql.ref(`xlsx_b${i}`)}`);
    return sql.ref(`r.xlsx_b${i}`);
  }
}

/** An inline-string cell, as `inlineString` writes it (style 0), of an escaped body. */
function textCell(ref: readonly Sql[], body: Sql): Sql {
  // Decided on the text as it will be once the row drops the characters XML cannot hold; the
  // trimming that finds those ends is dear, so only a text that starts or ends with one pays it.
  const first = sql`left(${body}, 1)`;
  const last = sql`right(${body}, 1)`;
  const exact = (start: Sql, end: Sql) =>
    sql`(${start} <> '' and (strpos(${JS_SPACES}, ${start}) > 0 or strpos(${JS_SPACES}, ${end}) > 0))`;
  const spaced = sql`case when strpos(${NOT_IN_XML}, ${first}) > 0 or strpos(${NOT_IN_XML}, ${last}) > 0
    then ${exact(sql`left(ltrim(${body}, ${NOT_IN_XML}), 1)`, sql`right(rtrim(${body}, ${NOT_IN_XML}), 1)`)}
    else ${exact(first, last)} end`;
  return concatAll([
    sql`'<c r="'`,
    ...ref,
    sql`'" t="inlineStr"><is><t'`,
    sql`case when ${spaced} then ' xml:space="preserve"' else '' end`,
    sql`'>'`,
    body,
    sql`'</t></is></c>'`,
  ]);
}

/** A number cell: `<v>` holds the number as JavaScript prints it. */
const valueCell = (ref: readonly Sql[], style: number, text: Sql) =>
  concatAll([
    sql`${`<c r="`}`,
    ...ref,
    sql`${`"${style ? ` s="${style}"` : ''}><v>`}`,
    text,
    sql`'</v></c>'`,
  ]);

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
  at: { ref: readonly Sql[]; style: number },
  texts: EscapedTexts,
): Sql | null {
  if (!kind || column.display === 'page') return null;
  const value = sql`r.${sql.ref(column.name)}`;
  const valueIn = (row: string) => sql`${sql.ref(`${row}.${column.name}`)}`;
  const textOf = (text: (row: string) => Sql) => textCell(at.ref, texts.add(text));
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
    const labelled = sql`replace(${known}, ${REF}, ${concatAll(ref)})`;
    if (other) return labelled;
    const asText = textOf((row) => sql`${valueIn(row)}::text`);
    return labels.length === 0 ? asText : sql`coalesce(${labelled}, ${asText})`;
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
    const asText = textOf(valueIn);
    return sql`case when ${value} ~ '^\\d{4}-\\d{2}(-\\d{2})?$' then ${valueCell(ref, style, daySerial(day))} else ${asText} end`;
  }
  if (kind === 'instant') {
    return textOf(
      (row) => sql`date_trunc('second', ${valueIn(row)} at time zone 'Asia/Jakarta')::text`,
    );
  }
  return textOf((row) =>
    kind === 'decimal' ? numberText(valueIn(row), kind) : sql`${valueIn(row)}::text`,
  );
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
  const texts = new EscapedTexts();
  const cells: Sql[] = [];
  for (const [i, column] of columns.entries()) {
    // The cell reference as two `concat` parts: the column letters, the row number.
    const ref = [sql`${columnLetters(i)}`, sql`r.xlsx_row_no`];
    const at = { ref, style: styleOfFormat(formats[i]) };
    const cell = cellSql(column, KIND_OF_TYPE[types[column.name] ?? ''], lang, at, texts);
    if (!cell) return null;
    // A NULL value is no cell at all, as the JavaScript writer skips it.
    cells.push(sql`case when r.${sql.ref(column.name)} is null then '' else ${cell} end`);
  }
  const perSheet = XLSX_ROWS_PER_SHEET;
  const bodies = texts.bodies.length > 0 ? sql`, ${sql.join(texts.bodies)}` : sql``;
  const row = concatAll([sql`'<row r="'`, sql`r.xlsx_row_no`, sql`'">'`, ...cells, sql`'</row>'`]);
  // Characters XML cannot hold are dropped from the finished row (rare: a scan finds them, and
  // only such a row pays for `translate`). The row number follows the page query's order (a
  // window over a plain scan of it); the window and `offset 0` keep each level apart, so each
  // column is computed once per row.
  return sql`select case when x.xml ~ ${NOT_IN_XML_CLASS} then translate(x.xml, ${NOT_IN_XML}, '') else x.xml end as xml
    from (select ${row} as xml from (
      select ((row_number() over () - 1) % ${perSheet} + 2)::text as xlsx_row_no, o.* ${bodies}
      from (${rowsQuery(q)}) as o) as r offset 0) as x`;
}
