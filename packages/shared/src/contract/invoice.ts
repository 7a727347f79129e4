/**
 * The invoice of one transaction (spec 03 §2.7, §7.5). `GET /invoice/invoice_trx` answers the PDF
 * as base64 (Download); `GET /invoice/invoice_view` answers the same data as JSON, which the
 * invoice page shows as HTML (no PDF viewer in the browser: issue 12 point 11).
 */
export type InvoiceStatusView = 'SUCCESS' | 'FAILED' | 'PROCESS';

export interface InvoiceView {
  /** The letterhead: the provider (the platform operator). `logo` is a data: URL, or null for the Gerbang mark. */
  provider: { name: string; address: string; npwp: string | null; logo: string | null };
  /** The merchant (the caller's agent): its business data, else its personal data. */
  merchant: { name: string; address: string | null; npwp: string | null };
  transactionId: string;
  /** ISO instant of the request. */
  transactionAt: string;
  channel: string;
  customerName: string;
  accountNumber: string;
  /** Integer rupiah. */
  amount: number;
  adminFee: number;
  total: number;
  status: InvoiceStatusView;
  /** A remittance: the amount received abroad (whole units) and the rate (rupiah per unit). */
  foreign?: { currency: string; amount: number; rate: number } | null;
}
