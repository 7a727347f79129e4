/**
 * The transaction invoice as a PDF (spec 03 §2.7, §7.5: the page shows page 1 of it; the call
 * answers it as base64). Only pdfkit's built-in Helvetica is used, so no font files ship with us;
 * Helvetica's WinAnsi encoding covers Indonesian and English text.
 */
import {
  formatRupiah,
  formatWibDateTime,
  isRupiah,
  type Language,
  translate,
} from '@gerbang/shared';
import PDFDocument from 'pdfkit';

/** `status_trx` of the transaction rows (spec 03 §3.1): anything not final is PROCESS. */
export type InvoiceStatus = 'SUCCESS' | 'FAILED' | 'PROCESS';

export interface Invoice {
  readonly transactionId: string;
  readonly transactionAt: Date;
  readonly merchantName: string;
  readonly channel: string;
  readonly customerName: string;
  readonly accountNumber: string;
  /** Integer rupiah. */
  readonly amount: number;
  readonly adminFee: number;
  /** What was charged, as the ledger recorded it (it may include a service fee and a voucher). */
  readonly total: number;
  readonly status: InvoiceStatus;
}

export interface InvoiceProvider {
  readonly name: string;
  readonly addressLine: string;
}

export interface RenderInvoiceOptions {
  readonly provider?: InvoiceProvider;
  /** pdfkit deflates page content by default; tests turn it off to read the text. */
  readonly compress?: boolean;
}

export const DEFAULT_INVOICE_PROVIDER: InvoiceProvider = {
  name: 'Gerbang',
  addressLine: 'Jakarta, Indonesia',
};

/** Invoice labels come from the i18n catalogs (namespace `invoice`), in the user's language. */
function invoiceLabels(lang: Language) {
  const t = (key: string) => translate(lang, `invoice.${key}`);
  return {
    title: t('title'),
    merchant: t('merchant'),
    transactionId: t('transactionId'),
    date: t('date'),
    channel: t('channel'),
    customerName: t('customerName'),
    accountNumber: t('accountNumber'),
    amount: t('amount'),
    adminFee: t('adminFee'),
    total: t('total'),
    status: t('status'),
    statuses: {
      SUCCESS: t('statuses.SUCCESS'),
      FAILED: t('statuses.FAILED'),
      PROCESS: t('statuses.PROCESS'),
    } satisfies Record<InvoiceStatus, string>,
  };
}

const PAGE_MARGIN = 42;
const LABEL_WIDTH = 130;
const GREY = '#555555';

export async function renderInvoicePdf(
  invoice: Invoice,
  lang: Language,
  options: RenderInvoiceOptions = {},
): Promise<Buffer> {
  for (const amount of [invoice.amount, invoice.adminFee, invoice.total]) {
    if (!isRupiah(amount)) throw new RangeError(`Not an integer rupiah amount: ${amount}`);
  }
  const labels = invoiceLabels(lang);
  const provider = options.provider ?? DEFAULT_INVOICE_PROVIDER;
  const rows: ReadonlyArray<readonly [label: string, value: string, emphasise?: boolean]> = [
    [labels.transactionId, invoice.transactionId],
    [labels.date, formatWibDateTime(invoice.transactionAt)],
    [labels.channel, invoice.channel],
    [labels.customerName, invoice.customerName],
    [labels.accountNumber, invoice.accountNumber],
    [labels.amount, formatRupiah(invoice.amount)],
    [labels.adminFee, formatRupiah(invoice.adminFee)],
    [labels.total, formatRupiah(invoice.total), true],
    [labels.status, labels.statuses[invoice.status]],
  ];

  const doc = new PDFDocument({
    size: 'A5',
    margin: PAGE_MARGIN,
    compress: options.compress ?? true,
    // The creation date (which also seeds the file id) is the transaction's, so the same invoice
    // renders to the same bytes every time.
    info: {
      Title: `${labels.title} ${invoice.transactionId}`,
      Author: provider.name,
      Creator: provider.name,
      CreationDate: invoice.transactionAt,
    },
  });
  const done = collect(doc);

  doc.font('Helvetica-Bold').fontSize(20).text(provider.name);
  doc.font('Helvetica').fontSize(9).fillColor(GREY).text(provider.addressLine);
  drawRule(doc);

  doc.fillColor('black').font('Helvetica-Bold').fontSize(14).text(labels.title);
  doc.font('Helvetica').fontSize(10).text(`${labels.merchant}: ${invoice.merchantName}`);
  doc.moveDown();

  for (const [label, value, emphasise = false] of rows) drawRow(doc, label, value, emphasise);

  doc.end();
  return done;
}

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

function drawRule(doc: PDFKit.PDFDocument): void {
  doc.moveDown(0.5);
  const y = doc.y;
  doc
    .moveTo(PAGE_MARGIN, y)
    .lineTo(doc.page.width - PAGE_MARGIN, y)
    .strokeColor(GREY)
    .stroke();
  doc.moveDown(1);
}

/** A label and its value on one line; a long value wraps inside its column. */
function drawRow(doc: PDFKit.PDFDocument, label: string, value: string, emphasise: boolean): void {
  const top = doc.y;
  const valueX = PAGE_MARGIN + LABEL_WIDTH;
  const valueWidth = doc.page.width - PAGE_MARGIN - valueX;
  doc.font('Helvetica').fontSize(11).fillColor(GREY);
  doc.text(label, PAGE_MARGIN, top, { width: LABEL_WIDTH - 10 });
  const labelBottom = doc.y;
  doc.font(emphasise ? 'Helvetica-Bold' : 'Helvetica').fillColor('black');
  doc.text(value, valueX, top, { width: valueWidth });
  doc.x = PAGE_MARGIN;
  doc.y = Math.max(labelBottom, doc.y) + 6;
}
