import { describe, expect, it } from 'vitest';
import { type Invoice, renderInvoicePdf } from './render-invoice-pdf';

const invoice: Invoice = {
  transactionId: 'TRX202505010001',
  // 14:07 WIB
  transactionAt: new Date('2025-05-01T07:07:00Z'),
  merchantName: 'Toko Maju Jaya',
  channel: 'Bank BCA',
  customerName: 'PUTRI SUSANTO',
  accountNumber: '1234567890',
  amount: 1_500_000,
  adminFee: 2_500,
  total: 1_502_500,
  status: 'SUCCESS',
};

/**
 * The text of an uncompressed pdfkit page: pdfkit writes each line as a TJ array of hex strings,
 * split wherever Helvetica kerns, so the pieces of one array are joined back into one line.
 */
function pageText(pdf: Buffer): string[] {
  const lines: string[] = [];
  for (const [, array] of pdf.toString('latin1').matchAll(/\[([^\]]*)\] TJ/g)) {
    const pieces = [...array.matchAll(/<([0-9a-f]*)>/g)].map(([, hex]) =>
      Buffer.from(hex, 'hex').toString('latin1'),
    );
    lines.push(pieces.join(''));
  }
  return lines;
}

describe('renderInvoicePdf', () => {
  it('renders a PDF with every field, labelled in Indonesian', async () => {
    const pdf = await renderInvoicePdf(invoice, 'id', { compress: false });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageText(pdf)).toEqual([
      'Gerbang',
      'Jakarta, Indonesia',
      'INVOICE TRANSAKSI',
      'Merchant: Toko Maju Jaya',
      'ID Transaksi',
      'TRX202505010001',
      'Tanggal Transaksi',
      '01-05-2025 14:07 WIB',
      'Nama Channel',
      'Bank BCA',
      'Nama Pelanggan',
      'PUTRI SUSANTO',
      'No Rekening',
      '1234567890',
      'Nominal',
      'Rp. 1.500.000',
      'Nominal Admin',
      'Rp. 2.500',
      'Total',
      'Rp. 1.502.500',
      'Status',
      'BERHASIL',
    ]);
  });

  it('labels in English and names the provider it is given', async () => {
    const pdf = await renderInvoicePdf({ ...invoice, status: 'PROCESS' }, 'en', {
      compress: false,
      provider: { name: 'PT Contoh Pembayaran', addressLine: 'Jl. Sudirman 1, Jakarta 10220' },
    });
    const text = pageText(pdf);
    expect(text.slice(0, 3)).toEqual([
      'PT Contoh Pembayaran',
      'Jl. Sudirman 1, Jakarta 10220',
      'TRANSACTION INVOICE',
    ]);
    for (const label of [
      'Transaction ID',
      'Transaction Date',
      'Customer Name',
      'Admin Fee',
      'PROCESSING',
    ]) {
      expect(text).toContain(label);
    }
  });

  it('renders the same bytes for the same invoice, dated by the transaction', async () => {
    const first = await renderInvoicePdf(invoice, 'id');
    const second = await renderInvoicePdf(invoice, 'id');
    expect(first.equals(second)).toBe(true);
    const uncompressed = await renderInvoicePdf(invoice, 'id', { compress: false });
    expect(uncompressed.toString('latin1')).toContain('(D:20250501070700Z)');
  });

  it('refuses amounts that are not integer rupiah', async () => {
    await expect(renderInvoicePdf({ ...invoice, adminFee: 2_500.5 }, 'id')).rejects.toThrow(
      RangeError,
    );
  });
});
