import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { formatRupiah, formatThousands, translate } from '@gerbang/shared';
import { loadPdfKit } from '../../../platform/lazy-libs';
import { PDF_FONT, useUnicodeFonts } from '../../../platform/pdf-fonts';
import { wibTimestamp } from '../../exports/writer';
import { columnLabels, frameRows, lineCells, typeLabel } from './columns';
import type { OpenWriter, StatementHeader } from './types';

const MARGIN = 30;
const FONT_SIZE = 7;
const ROW = 11;
/** Column widths on A4 portrait (595 pt less the margins); amounts are right-aligned. */
const WIDTHS = [72, 62, 88, 150, 54, 54, 55];
const RIGHT = new Set([4, 5, 6]);
/** Past this much unflushed output a batch waits for the disk. */
const HIGH_WATER = 1024 * 1024;

/** The description may wrap to this many lines; the other cells stay on one. */
const DESCRIPTION = 3;
const MAX_LINES = 3;

function drawRow(doc: PDFKit.PDFDocument, cells: readonly string[], bold = false) {
  doc.font(bold ? PDF_FONT.bold : PDF_FONT.regular).fontSize(FONT_SIZE);
  const words = cells[DESCRIPTION] ?? '';
  const wrapped = words ? doc.heightOfString(words, { width: (WIDTHS[DESCRIPTION] ?? 50) - 2 }) : 0;
  const height = Math.min(Math.max(ROW, wrapped + 2), ROW * MAX_LINES);
  if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
  const y = doc.y;
  let x = MARGIN;
  cells.forEach((text, i) => {
    const width = WIDTHS[i] ?? 50;
    const wraps = i === DESCRIPTION;
    doc.text(text, x + 1, y, {
      width: width - 2,
      height: wraps ? height : ROW,
      ellipsis: true,
      lineBreak: wraps,
      align: RIGHT.has(i) ? 'right' : 'left',
    });
    x += width;
  });
  doc.x = MARGIN;
  doc.y = y + height;
}

function drawHead(doc: PDFKit.PDFDocument, h: StatementHeader) {
  const t = (key: string, vars?: Record<string, string | number>) => translate(h.lang, key, vars);
  doc.font(PDF_FONT.bold).fontSize(14).text(t('statements.pdf.title'), MARGIN, MARGIN);
  doc.font(PDF_FONT.regular).fontSize(9);
  doc.text(h.agentName);
  doc.text(t('statements.pdf.period', { from: h.from, to: h.to }));
  doc.text(t(`statements.pdf.environment.${h.environment}`));
  doc.text(`${t('statements.opening')}: ${formatRupiah(h.totals.opening)}`);
  doc.text(
    `${t('statements.pdf.credits')}: ${formatRupiah(h.totals.credits.sum)} (${h.totals.credits.count}) · ${t('statements.pdf.debits')}: ${formatRupiah(h.totals.debits.sum)} (${h.totals.debits.count})`,
  );
  doc.text(`${t('statements.closing')}: ${formatRupiah(h.totals.closing)}`);
  doc.moveDown(0.8);
  drawRow(doc, columnLabels(h.lang), true);
}

/**
 * pdfkit caches the layout of every distinct word it draws, for the document's life: on a long
 * statement (references, times and balances are all distinct) that grew past 160 MB at 100,000
 * lines. Emptied after each batch, the cache still serves the words a batch repeats.
 */
function forgetLayouts(doc: PDFKit.PDFDocument) {
  const fonts = (doc as unknown as { _fontFamilies?: Record<string, { layoutCache?: object }> })
    ._fontFamilies;
  for (const font of Object.values(fonts ?? {})) {
    if (font.layoutCache) font.layoutCache = Object.create(null);
  }
}

const amount = (value: number | null) => (value === null ? '' : formatThousands(value));

/**
 * PDF: the statement's head (period, opening, totals, closing), then one row per line, a new
 * page when one is full. DejaVu Sans is embedded (platform/pdf-fonts.ts), so Indonesian and any
 * Latin name print right; pages go to the file as they are drawn.
 */
export const openPdf: OpenWriter = async (path, h) => {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, compress: true });
  const out = createWriteStream(path);
  doc.pipe(out);
  useUnicodeFonts(doc);
  drawHead(doc, h);
  const frame = frameRows(h);
  drawRow(doc, [h.from, frame.opening.label, '', '', '', '', amount(frame.opening.balance)], true);
  return {
    async write(lines) {
      for (const line of lines) {
        const c = lineCells(line);
        drawRow(doc, [
          wibTimestamp(c.at),
          typeLabel(h.lang, c.type),
          c.reference,
          c.description,
          amount(c.debit),
          amount(c.credit),
          amount(c.balance),
        ]);
      }
      forgetLayouts(doc);
      if (out.writableLength > HIGH_WATER) await once(out, 'drain');
    },
    async finish() {
      drawRow(
        doc,
        [h.to, frame.closing.label, '', '', '', '', amount(frame.closing.balance)],
        true,
      );
      doc.end();
      await once(out, 'finish');
    },
    async abort() {
      doc.end();
      out.destroy();
    },
  };
};
