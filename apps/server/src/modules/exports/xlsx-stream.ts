import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { PassThrough } from 'node:stream';
import archiver from 'archiver';
import { XLSX_FORMATS } from '../../platform/spreadsheet-cells';

/**
 * A streaming XLSX writer that writes the sheet XML itself, a batch of rows as one string, into a
 * zip made by archiver (native zlib deflate, in libuv's threads, so compression overlaps the
 * formatting of the next batch). A general-purpose workbook library builds an object per cell
 * and a style lookup per cell, which cost half the CPU of a million-row export; here a cell is a
 * few string concatenations. Cells: inline strings, numbers, and dates as Excel serials with the
 * column's number format (the WIB wall clock, as spreadsheet-cells.ts explains).
 */

/** A value as the XLSX shows it: text, a number, or a Date whose UTC fields are the wall clock. */
export type XlsxCell = string | number | Date | null;

/**
 * Style ids of styles.xml below: 0 plain, 1 the bold header, then one per number format, then the
 * same formats in bold (a bold row's number cells keep their format).
 */
const STYLE_OF_FORMAT: Record<string, number> = {
  [XLSX_FORMATS.datetime]: 2,
  [XLSX_FORMATS.date]: 3,
  [XLSX_FORMATS.month]: 4,
  [XLSX_FORMATS.rupiah]: 5,
  [XLSX_FORMATS.count]: 6,
};
const FORMATS_IN_ORDER = [
  XLSX_FORMATS.datetime,
  XLSX_FORMATS.date,
  XLSX_FORMATS.month,
  XLSX_FORMATS.rupiah,
  XLSX_FORMATS.count,
];

/**
 * Where a row written ahead (xlsx-rows-sql.ts) takes its number: `#` before the closing quote
 * of the row's and each cell's `r` attribute. Text inside the XML never holds a raw `"` (it is
 * escaped as &quot;), so `#"` only ever marks a reference.
 */
export const ROW_NUMBER_MARK = '#';

// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML cannot hold, which a row written ahead may still carry
const NOT_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** A row written ahead, numbered `r`, without the characters XML cannot hold. */
function numberedRow(xml: string, r: number): string {
  const numbered = xml.replaceAll(`${ROW_NUMBER_MARK}"`, `${r}"`);
  NOT_IN_XML.lastIndex = 0;
  return NOT_IN_XML.test(numbered) ? numbered.replace(NOT_IN_XML, '') : numbered;
}

/** A column's cell style id for its number format (0: none). */
export const styleOfFormat = (numFmt: string | undefined) =>
  numFmt ? (STYLE_OF_FORMAT[numFmt] ?? 0) : 0;

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 cannot hold these characters at all, so they are what this pattern must find
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');

// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters escapeXml drops (XML 1.0 cannot hold them)
const needsEscape = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

/** Excel's serial day number of a Date's UTC fields (1900 date system). */
const serialOf = (date: Date) => 25569 + date.getTime() / 86_400_000;

export function columnLetters(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

export function inlineString(ref: string, text: string, style: number): string {
  const body = needsEscape.test(text) ? escapeXml(text) : text;
  const space = /^\s|\s$/.test(body) ? ' xml:space="preserve"' : '';
  const s = style ? ` s="${style}"` : '';
  return `<c r="${ref}"${s} t="inlineStr"><is><t${space}>${body}</t></is></c>`;
}

export interface XlsxColumn {
  /** The column's Excel number format, or none. */
  numFmt: string | undefined;
  width: number;
}

const STATIC_PARTS = {
  '[Content_Types].xml': (sheets: number) =>
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${Array.from(
      { length: sheets },
      (_, i) =>
        `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
    ).join('')}</Types>`,
  '_rels/.rels': () =>
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/workbook.xml': (sheets: number, names: readonly string[]) =>
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${Array.from(
      { length: sheets },
      (_, i) =>
        `<sheet name="${escapeXml(names[i] ?? `Sheet${i + 1}`)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`,
    ).join('')}</sheets></workbook>`,
  'xl/_rels/workbook.xml.rels': (sheets: number) =>
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${Array.from(
      { length: sheets },
      (_, i) =>
        `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
    ).join(
      '',
    )}<Relationship Id="rId${sheets + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
  'xl/styles.xml': () =>
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="${FORMATS_IN_ORDER.length}">${FORMATS_IN_ORDER.map(
      (code, i) => `<numFmt numFmtId="${164 + i}" formatCode="${escapeXml(code)}"/>`,
    ).join(
      '',
    )}</numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="${2 + 2 * FORMATS_IN_ORDER.length}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>${FORMATS_IN_ORDER.map(
      (_, i) =>
        `<xf numFmtId="${164 + i}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`,
    ).join('')}${FORMATS_IN_ORDER.map(
      (_, i) =>
        `<xf numFmtId="${164 + i}" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/>`,
    ).join(
      '',
    )}</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
};

/** One row's XML: `refs` the column letters, `styles` each column's style id in this row. */
function rowXml(
  refs: readonly string[],
  styles: readonly number[],
  cells: readonly XlsxCell[],
  r: number,
): string {
  let xml = `<row r="${r}">`;
  for (let i = 0; i < cells.length; i++) {
    const value = cells[i];
    if (value === null || value === undefined) continue;
    const ref = `${refs[i]}${r}`;
    const s = styles[i] ? ` s="${styles[i]}"` : '';
    if (typeof value === 'number') xml += `<c r="${ref}"${s}><v>${value}</v></c>`;
    else if (value instanceof Date) xml += `<c r="${ref}"${s}><v>${serialOf(value)}</v></c>`;
    else xml += inlineString(ref, value, styles[i] ?? 0);
  }
  return `${xml}</row>`;
}

/** A sheet's `<col>` elements: each column's width and number-format style. */
function colsXml(columns: readonly XlsxColumn[], styles: readonly number[]): string {
  return columns
    .map((c, i) => {
      const style = styles[i] ? ` style="${styles[i]}"` : '';
      return `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"${style}/>`;
    })
    .join('');
}

export interface XlsxStreamWriter {
  /**
   * Rows of cells in column order (`bold`: a header-like row, such as a statement's opening and
   * closing); resolves when the zip has taken them (backpressure).
   */
  addRows(rows: readonly (readonly XlsxCell[])[], opts?: { bold?: boolean }): Promise<void>;
  /**
   * Rows whose XML was written ahead (xlsx-rows-sql.ts), with ROW_NUMBER_MARK for their number:
   * numbered here like every row (from 2 on each sheet, a new sheet after `rowsPerSheet`).
   */
  addRowXml(rows: readonly string[]): Promise<void>;
  finish(): Promise<void>;
  abort(): Promise<void>;
}

/**
 * Opens `file` for a workbook of `header` and rows; a sheet holds `rowsPerSheet` rows at most
 * (Excel's limit is 1,048,576), the next ones go on `<sheetName> 2`, `<sheetName> 3`… (`Data` unless
 * named).
 */
export function openXlsxStream(opts: {
  file: string;
  header: readonly string[];
  columns: readonly XlsxColumn[];
  rowsPerSheet: number;
  sheetName?: string;
}): XlsxStreamWriter {
  const out = createWriteStream(opts.file);
  // Level 1: a sheet's XML repeats itself so much that the fastest level already shrinks it ~10×.
  const zip = archiver('zip', { zlib: { level: 1 } });
  const failed = new Promise<never>((_, reject) => {
    zip.on('error', reject);
    out.on('error', reject);
  });
  failed.catch(() => {});
  zip.pipe(out);
  const refs = opts.columns.map((_, i) => columnLetters(i));
  const styles = opts.columns.map((c) => styleOfFormat(c.numFmt));
  const names: string[] = [];
  let sheet: PassThrough | null = null;
  let rowNo = 0;

  const openSheet = () => {
    sheet?.end(`</sheetData></worksheet>`);
    const base = opts.sheetName ?? 'Data';
    names.push(names.length === 0 ? base : `${base} ${names.length + 1}`);
    sheet = new PassThrough({ highWaterMark: 256 * 1024 });
    zip.append(sheet, { name: `xl/worksheets/sheet${names.length}.xml` });
    const cols = colsXml(opts.columns, styles);
    const head = opts.header.map((text, i) => inlineString(`${refs[i]}1`, text, 1)).join('');
    sheet.write(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><cols>${cols}</cols><sheetData><row r="1">${head}</row>`,
    );
    rowNo = 1;
  };
  openSheet();

  const boldStyles = styles.map((style) => (style ? style + FORMATS_IN_ORDER.length : 1));
  return {
    async addRows(rows, rowOpts) {
      const bold = rowOpts?.bold === true;
      let xml = '';
      for (const cells of rows) {
        if (rowNo - 1 >= opts.rowsPerSheet) {
          (sheet as PassThrough).write(xml);
          xml = '';
          openSheet();
        }
        rowNo += 1;
        xml += rowXml(refs, bold ? boldStyles : styles, cells, rowNo);
      }
      const current = sheet as PassThrough;
      if (!current.write(xml)) await Promise.race([once(current, 'drain'), failed]);
    },
    async addRowXml(rows) {
      let from = 0;
      while (from < rows.length) {
        if (rowNo - 1 >= opts.rowsPerSheet) openSheet();
        const take = Math.min(rows.length - from, opts.rowsPerSheet - (rowNo - 1));
        const current = sheet as PassThrough;
        let xml = '';
        for (let i = 0; i < take; i++) xml += numberedRow(rows[from + i] as string, rowNo + 1 + i);
        const more = current.write(xml);
        rowNo += take;
        from += take;
        if (!more) await Promise.race([once(current, 'drain'), failed]);
      }
    },
    async finish() {
      (sheet as PassThrough).end(`</sheetData></worksheet>`);
      const count = names.length;
      zip.append(STATIC_PARTS['[Content_Types].xml'](count), { name: '[Content_Types].xml' });
      zip.append(STATIC_PARTS['_rels/.rels'](), { name: '_rels/.rels' });
      zip.append(STATIC_PARTS['xl/workbook.xml'](count, names), { name: 'xl/workbook.xml' });
      zip.append(STATIC_PARTS['xl/_rels/workbook.xml.rels'](count), {
        name: 'xl/_rels/workbook.xml.rels',
      });
      zip.append(STATIC_PARTS['xl/styles.xml'](), { name: 'xl/styles.xml' });
      await Promise.race([Promise.all([zip.finalize(), once(out, 'close')]), failed]);
    },
    async abort() {
      zip.abort();
      out.destroy();
    },
  };
}
