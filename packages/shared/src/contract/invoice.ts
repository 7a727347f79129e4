import { z } from 'zod';
import { dateField } from './input-rules';

/**
 * The invoice of one transaction (spec 03 §2.7, §7.5). `GET /invoice/invoice_trx` answers the PDF
 * as base64 (Download); `GET /invoice/invoice_view` answers the same data as JSON, which the
 * invoice page shows as HTML (no PDF viewer in the browser bundle).
 */
export type InvoiceStatusView = 'SUCCESS' | 'FAILED' | 'PROCESS';

export const invoiceView = z.object({
  /** The letterhead: the provider (the platform operator). `logo` is a data: URL, or null for the Gerbang mark. */
  provider: z.object({
    name: z.string(),
    address: z.string(),
    npwp: z.string().nullable(),
    logo: z.string().nullable(),
  }),
  /** The merchant (the caller's agent): its business data, else its personal data. */
  merchant: z.object({
    name: z.string(),
    address: z.string().nullable(),
    npwp: z.string().nullable(),
  }),
  transactionId: z.string(),
  /** ISO instant of the request. */
  transactionAt: z.string(),
  channel: z.string(),
  customerName: z.string(),
  accountNumber: z.string(),
  /** Integer rupiah. */
  amount: z.number(),
  adminFee: z.number(),
  total: z.number(),
  status: z.enum(['SUCCESS', 'FAILED', 'PROCESS']),
  /** A remittance: the amount received abroad (whole units) and the rate (rupiah per unit). */
  foreign: z.object({ currency: z.string(), amount: z.number(), rate: z.number() }).nullable(),
});
export type InvoiceView = z.infer<typeof invoiceView>;

const idTransaksi = z
  .string()
  .trim()
  .min(1, { error: 'invoice.notFound' })
  .max(64, { error: 'invoice.notFound' })
  .regex(/^[\w-]+$/, { error: 'invoice.notFound' });

/** One of the caller's agent's transactions: its id and, optionally, its WIB business date. */
export const invoiceQuery = z.object({
  brand: z.string().max(64).optional(),
  id_transaksi: idTransaksi,
  date: dateField('invoice.notFound').optional(),
});

/** The receipts' invoice link: the spec's token is accepted and unused (the session is the credential). */
export const invoiceRedirectQuery = z.object({
  id_transaksi: idTransaksi,
  date: dateField('invoice.notFound'),
  token: z.string().max(512).optional(),
});
