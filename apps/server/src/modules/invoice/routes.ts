import { dateField, RC } from '@gerbang/shared';
import { z } from 'zod';
import { ApiError } from '../../http/errors';
import { defineRoute, ok } from '../../http/route';
import { renderInvoicePdf } from '../../invoice/render-invoice-pdf';

const idTransaksi = z
  .string()
  .trim()
  .min(1, { error: 'invoice.notFound' })
  .max(64, { error: 'invoice.notFound' })
  .regex(/^[\w-]+$/, { error: 'invoice.notFound' });
const wibDateText = dateField('invoice.notFound');

/**
 * Invoices (spec 03 §2.7, §7.5). The PDF call answers base64 of the invoice of one of the caller's
 * agent's transactions in the user's language; the redirect is what receipts and row print open.
 */
export const invoiceRoutes = [
  defineRoute({
    method: 'GET',
    url: '/invoice/invoice_trx',
    access: {},
    query: z.object({
      brand: z.string().max(64).optional(),
      id_transaksi: idTransaksi,
      date: wibDateText.optional(),
    }),
    handler: async ({ services, auth, query, lang }) => {
      let q = services.db
        .selectFrom('transactions')
        .selectAll()
        .where('id_transaksi', '=', query.id_transaksi)
        .where('agent_id', '=', auth.agent.id)
        .where('environment', '=', auth.environment);
      if (query.date) q = q.where('transaction_date', '=', query.date);
      const row = await q.executeTakeFirst();
      if (!row) throw new ApiError(RC.NOT_FOUND, 'invoice.notFound');
      const pdf = await renderInvoicePdf(
        {
          transactionId: row.id_transaksi,
          transactionAt: new Date(row.time_request),
          merchantName: auth.agent.nama_agen || auth.agent.username,
          channel: row.nama_channel ?? row.namabank ?? '',
          customerName: row.customername ?? '',
          accountNumber: row.nopelanggan1 ?? '',
          amount: row.nominal_origin,
          adminFee: row.nominal_admin,
          total: row.nominal_origin + row.nominal_admin,
          status: row.status_trx,
        },
        lang,
      );
      return ok(pdf.toString('base64'));
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/invoice',
    access: {
      public: true,
      reason: 'only a redirect to the invoice page, which itself needs the session',
    },
    query: z.object({
      id_transaksi: idTransaksi,
      date: wibDateText,
      token: z.string().max(512).optional(),
    }),
    raw: true,
    handler: async ({ reply, query }) => {
      // The cookie session is the credential; the spec's token parameter is accepted and unused,
      // so it never ends up in the page's address or in logs.
      reply.redirect(
        `/invoice/${encodeURIComponent(query.id_transaksi)}/${encodeURIComponent(query.date)}`,
        302,
      );
      return undefined;
    },
  }),
];
