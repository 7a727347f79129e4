import { csvField, wibTimestamp } from '../../exports/writer';
import { columnLabels, frameRows, lineCells } from './columns';
import { textFileWriter } from './text-file';
import type { OpenWriter } from './types';

const row = (cells: Array<string | number | null>) => `${cells.map(csvField).join(',')}\r\n`;

/**
 * CSV: a header, the opening row (its balance only), one row per line with the WIB time, and the
 * closing row. Amounts are plain integers so a spreadsheet reads them as numbers; a byte-order
 * mark lets Excel open the UTF-8 text with the right characters.
 */
export const openCsv: OpenWriter = (path, h) => {
  const frame = frameRows(h);
  return textFileWriter(
    path,
    `\uFEFF${row(columnLabels(h.lang))}${row([h.from, frame.opening.label, '', '', null, null, frame.opening.balance])}`,
    (line) => {
      const c = lineCells(line);
      return row([
        wibTimestamp(c.at),
        c.type,
        c.reference,
        c.description,
        c.debit,
        c.credit,
        c.balance,
      ]);
    },
    () => row([h.to, frame.closing.label, '', '', null, null, frame.closing.balance]),
  );
};
