import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The font of every PDF Gerbang draws (invoice, QRIS sticker). pdfkit's built-in Helvetica only
 * has WinAnsi (Latin-1) glyphs, so a merchant or customer named "Đặng Thị Ánh", "Łukasz" or
 * "Ζωή" printed as garbage. DejaVu Sans covers Latin (Vietnamese, Polish, Turkish…), Greek and
 * Cyrillic; it is not a CJK font, so Chinese or Japanese characters still print as empty boxes.
 * The TTF files come from the `dejavu-fonts-ttf` npm package (free licence, see its LICENSE), so
 * every install has them without a system font. pdfkit embeds only the glyphs a document uses.
 */
export const PDF_FONT = {
  regular: 'DejaVuSans',
  bold: 'DejaVuSans-Bold',
} as const;

let files: { regular: Buffer; bold: Buffer } | null = null;

/** Read once per process (about 1.4 MB), on the first PDF. */
function fontFiles(): { regular: Buffer; bold: Buffer } {
  if (!files) {
    const require = createRequire(import.meta.url);
    const read = (name: string) =>
      readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}.ttf`));
    files = { regular: read('DejaVuSans'), bold: read('DejaVuSans-Bold') };
  }
  return files;
}

/** Makes `PDF_FONT.regular` and `PDF_FONT.bold` usable in `doc.font(...)` and selects the regular. */
export function useUnicodeFonts(doc: PDFKit.PDFDocument): void {
  const { regular, bold } = fontFiles();
  doc.registerFont(PDF_FONT.regular, regular);
  doc.registerFont(PDF_FONT.bold, bold);
  doc.font(PDF_FONT.regular);
}
