import { z } from 'zod';
import { defineCall, RAW_ANSWER } from './call';
import { invoiceQuery, invoiceRedirectQuery, invoiceView } from './invoice';

/** Invoices (spec 03 §2.7, §7.5) of the caller's agent's transactions, in the user's language. */
export const invoiceCalls = {
  /** The PDF, base64. */
  pdf: defineCall({
    method: 'GET',
    path: '/invoice/invoice_trx',
    access: {},
    query: invoiceQuery,
    response: z.string(),
  }),
  /** The same data the PDF shows, as JSON: the invoice page draws it as HTML. */
  view: defineCall({
    method: 'GET',
    path: '/invoice/invoice_view',
    access: {},
    query: invoiceQuery,
    response: invoiceView,
  }),
  /** What receipts and a row's print open: a redirect to the invoice page. */
  open: defineCall({
    method: 'GET',
    path: '/invoice',
    access: {
      public: true,
      reason: 'only a redirect to the invoice page, which itself needs the session',
    },
    query: invoiceRedirectQuery,
    response: RAW_ANSWER,
  }),
};
