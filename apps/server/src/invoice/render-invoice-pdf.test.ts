import { describe, expect, it } from 'vitest';
import { pdfTextItems } from '../../test/helpers/pdf-text';
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

describe('renderInvoicePdf', () => {
  it('renders a PDF with every field, labelled in Indonesian', async () => {
    const pdf = await renderInvoicePdf(invoice, 'id', { compress: false });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await pdfTextItems(pdf)).toEqual([
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
    const text = await pdfTextItems(pdf);
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

  it('prints names beyond Latin-1 in an embedded Unicode font (Vietnamese, Polish, Greek)', async () => {
    const pdf = await renderInvoicePdf(
      {
        ...invoice,
        merchantName: 'Đặng Thị Ánh — Zoë Łukasz',
        customerName: 'Ζωή Παπαδοπούλου',
        merchantAddress: 'Phường Bến Nghé, Quận 1, Hồ Chí Minh',
      },
      'id',
      { compress: false },
    );
    const text = await pdfTextItems(pdf);
    expect(text).toContain('Merchant: Đặng Thị Ánh — Zoë Łukasz');
    expect(text).toContain('Alamat: Phường Bến Nghé, Quận 1, Hồ Chí Minh');
    expect(text).toContain('Ζωή Παπαδοπούλου');
    // The font travels in the file (a subset of DejaVu Sans), not a reader's Helvetica.
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
    expect(raw).toContain('/FontFile2');
    expect(raw).not.toContain('/Helvetica');
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
