/**
 * The transaction invoice as a PDF (spec 03 §2.7, §7.5: the page shows page 1 of it; the call
 * answers it as base64). Drawn in DejaVu Sans (platform/pdf-fonts.ts), so names beyond Latin-1
 * (Vietnamese, Polish, Greek, Cyrillic…) print as written.
 */
import {
  formatRupiah,
  formatWibDateTime,
  isRupiah,
  type Language,
  translate,
} from '@gerbang/shared';
import { loadPdfKit } from '../platform/lazy-libs';
import { PDF_FONT, useUnicodeFonts } from '../platform/pdf-fonts';

/** `status_trx` of the transaction rows (spec 03 §3.1): anything not final is PROCESS. */
export type InvoiceStatus = 'SUCCESS' | 'FAILED' | 'PROCESS';

export interface Invoice {
  readonly transactionId: string;
  readonly transactionAt: Date;
  readonly merchantName: string;
  /** The merchant's address and tax number from its business or personal data, when it has them. */
  readonly merchantAddress?: string | null;
  readonly merchantNpwp?: string | null;
  readonly channel: string;
  readonly customerName: string;
  readonly accountNumber: string;
  /** Integer rupiah. */
  readonly amount: number;
  readonly adminFee: number;
  /** What was charged, as the ledger recorded it (it may include a service fee and a voucher). */
  readonly total: number;
  readonly status: InvoiceStatus;
  /** A remittance: what the beneficiary received abroad and the rate. */
  readonly foreign?: {
    readonly currency: string;
    readonly amount: number;
    readonly rate: number;
  } | null;
}

export interface InvoiceProvider {
  readonly name: string;
  readonly addressLine: string;
  /** The provider's tax number (NPWP); printed under the address when set. */
  readonly npwp?: string;
  /** A PNG or JPEG logo; none draws the built-in Gerbang mark. */
  readonly logo?: Buffer | null;
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
    npwp: translate(lang, 'ui.invoice.npwp'),
    address: translate(lang, 'ui.invoice.merchantAddress'),
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
const LOGO_SIZE = 40;
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
    ...(invoice.foreign
      ? ([
          [
            translate(lang, 'remittance.invoice.destinationAmount'),
            `${invoice.foreign.currency} ${invoice.foreign.amount.toLocaleString('de-DE')}`,
          ],
          [
            translate(lang, 'remittance.invoice.rate'),
            `1 ${invoice.foreign.currency} = ${formatRupiah(invoice.foreign.rate)}`,
          ],
        ] as const)
      : []),
    [labels.adminFee, formatRupiah(invoice.adminFee)],
    [labels.total, formatRupiah(invoice.total), true],
    [labels.status, labels.statuses[invoice.status]],
  ];

  const PDFDocument = await loadPdfKit();
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
  useUnicodeFonts(doc);

  // Letterhead: the logo on the left, the provider's name, address and tax number beside it.
  const top = doc.y;
  drawLogo(doc, provider.logo ?? null, PAGE_MARGIN, top);
  const textX = PAGE_MARGIN + LOGO_SIZE + 12;
  const textWidth = doc.page.width - PAGE_MARGIN - textX;
  doc.font(PDF_FONT.bold).fontSize(16).fillColor('black');
  doc.text(provider.name, textX, top, { width: textWidth });
  doc.font(PDF_FONT.regular).fontSize(9).fillColor(GREY);
  doc.text(provider.addressLine, textX, doc.y, { width: textWidth });
  if (provider.npwp)
    doc.text(`${labels.npwp}: ${provider.npwp}`, textX, doc.y, { width: textWidth });
  doc.x = PAGE_MARGIN;
  doc.y = Math.max(doc.y, top + LOGO_SIZE);
  drawRule(doc);

  doc.fillColor('black').font(PDF_FONT.bold).fontSize(14).text(labels.title);
  doc.font(PDF_FONT.regular).fontSize(10).text(`${labels.merchant}: ${invoice.merchantName}`);
  doc.fontSize(9).fillColor(GREY);
  if (invoice.merchantAddress) doc.text(`${labels.address}: ${invoice.merchantAddress}`);
  if (invoice.merchantNpwp) doc.text(`${labels.npwp}: ${invoice.merchantNpwp}`);
  doc.fillColor('black');
  doc.moveDown();

  for (const [label, value, emphasise = false] of rows) drawRow(doc, label, value, emphasise);

  doc.end();
  return done;
}

/** The configured logo scaled into a square, or the Gerbang mark (the web app's favicon) drawn. */
function drawLogo(doc: PDFKit.PDFDocument, logo: Buffer | null, x: number, y: number): void {
  if (logo) {
    doc.image(logo, x, y, { fit: [LOGO_SIZE, LOGO_SIZE], align: 'center', valign: 'center' });
    return;
  }
  const k = LOGO_SIZE / 64;
  doc.save();
  doc.roundedRect(x, y, LOGO_SIZE, LOGO_SIZE, 14 * k).fill('#0b5cad');
  doc.translate(x, y).scale(k).path('M18 46V18h28v8H26v4h16v8H26v8z').fill('#ffffff');
  doc.restore();
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
  doc.font(PDF_FONT.regular).fontSize(11).fillColor(GREY);
  doc.text(label, PAGE_MARGIN, top, { width: LABEL_WIDTH - 10 });
  const labelBottom = doc.y;
  doc.font(emphasise ? PDF_FONT.bold : PDF_FONT.regular).fillColor('black');
  doc.text(value, valueX, top, { width: valueWidth });
  doc.x = PAGE_MARGIN;
  doc.y = Math.max(labelBottom, doc.y) + 6;
}
