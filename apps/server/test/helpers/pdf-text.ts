import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// pdf.js's metrics of the 14 standard fonts, read from its package (for PDFs that use them).
const standardFontDataUrl = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;

/**
 * The text pieces of page 1 of a PDF, in the order they are drawn, read the way a PDF reader
 * reads them (pdf.js, through the font's ToUnicode map, so an embedded font's glyphs come back as
 * the characters they draw). One piece per `doc.text()` of pdfkit; blank pieces are left out.
 */
export async function pdfTextItems(pdf: Uint8Array): Promise<string[]> {
  const doc = await getDocument({
    data: new Uint8Array(pdf),
    isEvalSupported: false,
    useSystemFonts: false,
    standardFontDataUrl,
  }).promise;
  try {
    const page = await doc.getPage(1);
    const content = await page.getTextContent();
    return content.items.flatMap((item) => ('str' in item && item.str.trim() ? [item.str] : []));
  } finally {
    await doc.destroy();
  }
}

/** The whole text of page 1, pieces joined by spaces (wrapped lines read as one). */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  return (await pdfTextItems(pdf)).join(' ').replace(/\s+/g, ' ');
}
