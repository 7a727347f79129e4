/**
 * The printable static QRIS sticker of an approved NMID: a PNG (the QR code with
 * its quiet zone, large enough to print) or an A6 PDF with the merchant's name and NMID under the
 * code (in DejaVu Sans, as the invoice, so a name beyond Latin-1 prints as written). The QR modules are drawn as vector squares
 * in the PDF, so it prints sharp at any size.
 */
import { loadPdfKit, loadQRCode } from '../../platform/lazy-libs';
import { PDF_FONT, useUnicodeFonts } from '../../platform/pdf-fonts';

export interface Sticker {
  payload: string;
  merchantName: string;
  nmid: string;
  createdAt: Date;
}

export async function stickerPng(sticker: Sticker): Promise<Buffer> {
  const QRCode = await loadQRCode();
  return QRCode.toBuffer(sticker.payload, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 4,
    scale: 12,
  });
}

export async function stickerPdf(sticker: Sticker): Promise<Buffer> {
  const QRCode = await loadQRCode();
  const qr = QRCode.create(sticker.payload, { errorCorrectionLevel: 'M' });
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    compress: true,
    size: 'A6',
    margin: 24,
    info: { Title: `QRIS ${sticker.nmid}`, CreationDate: sticker.createdAt },
  });
  useUnicodeFonts(doc);
  const width = doc.page.width;
  doc.font(PDF_FONT.bold).fontSize(20).text('QRIS', 0, 28, { width, align: 'center' });
  doc
    .font(PDF_FONT.regular)
    .fontSize(9)
    .text('QR Code Standar Pembayaran Nasional', 0, 52, { width, align: 'center' });
  const size = qr.modules.size;
  const box = width - 64;
  const cell = box / (size + 8);
  const left = 32 + 4 * cell;
  const top = 76 + 4 * cell;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (qr.modules.get(x, y)) doc.rect(left + x * cell, top + y * cell, cell, cell);
    }
  }
  doc.fill('#000000');
  const below = 76 + box + 8;
  doc
    .font(PDF_FONT.bold)
    .fontSize(12)
    // Control characters (a pasted line break) would break the one-line name.
    .text(sticker.merchantName.replace(/\p{Cc}/gu, ' '), 16, below, {
      width: width - 32,
      align: 'center',
    });
  doc
    .font(PDF_FONT.regular)
    .fontSize(10)
    .text(`NMID: ${sticker.nmid}`, 16, below + 18, { width: width - 32, align: 'center' });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.end();
  return done;
}
