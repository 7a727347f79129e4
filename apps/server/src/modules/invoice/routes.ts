import { readFile } from 'node:fs/promises';
import { RC } from '@gerbang/shared';
import type { invoiceQuery } from '@gerbang/shared/contract/invoice';
import { invoiceCalls } from '@gerbang/shared/contract/invoice-calls';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { AuthContext } from '../../http/auth-context';
import { ApiError } from '../../http/errors';
import { defineRoute, ok } from '../../http/route';
import type { Services } from '../../http/services';
import {
  type Invoice,
  type InvoiceProvider,
  renderInvoicePdf,
} from '../../invoice/render-invoice-pdf';
import { remittanceForeignLeg } from '../remittance/invoice';

/** The configured logo file, read once per path (a missing file is a startup-style error). */
const logos = new Map<string, Promise<Buffer>>();

async function invoiceProvider(config: Config): Promise<InvoiceProvider> {
  const { name, address, npwp, logoPath } = config.invoiceProvider;
  let logo: Buffer | null = null;
  if (logoPath) {
    let pending = logos.get(logoPath);
    if (!pending) {
      pending = readFile(logoPath);
      logos.set(logoPath, pending);
    }
    logo = await pending;
  }
  return { name, addressLine: address, npwp, logo };
}

/** The merchant's name, address and tax number: its business data, else its personal data. */
async function merchantOf(db: Kysely<Database>, agentId: number, fallbackName: string) {
  const business = await db
    .selectFrom('business_profiles')
    .select(['nama_perusahaan', 'alamat_perusahaan', 'npwp_perusahaan'])
    .where('agent_id', '=', agentId)
    .executeTakeFirst();
  if (business) {
    return {
      merchantName: business.nama_perusahaan || fallbackName,
      merchantAddress: business.alamat_perusahaan,
      merchantNpwp: business.npwp_perusahaan,
    };
  }
  const personal = await db
    .selectFrom('personal_profiles')
    .select(['nama_customer', 'alamat_lengkap'])
    .where('agent_id', '=', agentId)
    .executeTakeFirst();
  return {
    merchantName: fallbackName || personal?.nama_customer || '',
    merchantAddress: personal?.alamat_lengkap ?? null,
    merchantNpwp: null,
  };
}

/** A configured PNG or JPEG logo as a data: URL (the page's CSP allows data: images). */
function logoDataUrl(logo: Buffer): string {
  const png = logo.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  return `data:${png ? 'image/png' : 'image/jpeg'};base64,${logo.toString('base64')}`;
}

/** One of the caller's agent's transactions as an invoice (else invoice.notFound). */
async function loadInvoice(
  services: Services,
  auth: AuthContext,
  query: z.infer<typeof invoiceQuery>,
): Promise<Invoice> {
  let q = services.db
    .selectFrom('transactions')
    .selectAll()
    .where('id_transaksi', '=', query.id_transaksi)
    .where('agent_id', '=', auth.agent.id)
    .where('environment', '=', auth.environment);
  if (query.date) q = q.where('transaction_date', '=', query.date);
  const row = await q.executeTakeFirst();
  if (!row) throw new ApiError(RC.NOT_FOUND, 'invoice.notFound');
  const merchant = await merchantOf(
    services.db,
    auth.agent.id,
    auth.agent.nama_agen || auth.agent.username,
  );
  return {
    transactionId: row.id_transaksi,
    transactionAt: new Date(row.time_request),
    ...merchant,
    channel: row.nama_channel ?? row.namabank ?? '',
    customerName: row.customername ?? '',
    accountNumber: row.nopelanggan1 ?? '',
    amount: row.nominal_origin,
    adminFee: row.nominal_admin,
    total: row.nominal_origin + row.nominal_admin,
    status: row.status_trx,
    foreign:
      row.kind === 'REMITTANCE'
        ? await remittanceForeignLeg(services.db, {
            agentId: auth.agent.id,
            environment: auth.environment,
            idTransaksi: row.id_transaksi,
          })
        : null,
  };
}

/**
 * Invoices (spec 03 §2.7, §7.5). The PDF call answers base64 of the invoice of one of the caller's
 * agent's transactions in the user's language; the redirect is what receipts and row print open.
 */
export const invoiceRoutes = [
  defineRoute(invoiceCalls.pdf, async ({ services, auth, query, lang }) => {
    const invoice = await loadInvoice(services, auth, query);
    const pdf = await renderInvoicePdf(invoice, lang, {
      provider: await invoiceProvider(services.config),
    });
    return ok(pdf.toString('base64'));
  }),
  // The same data the PDF shows, as JSON: the invoice page draws it as HTML.
  defineRoute(invoiceCalls.view, async ({ services, auth, query }) => {
    const invoice = await loadInvoice(services, auth, query);
    const provider = await invoiceProvider(services.config);
    return ok({
      provider: {
        name: provider.name,
        address: provider.addressLine,
        npwp: provider.npwp || null,
        logo: provider.logo ? logoDataUrl(provider.logo) : null,
      },
      merchant: {
        name: invoice.merchantName,
        address: invoice.merchantAddress || null,
        npwp: invoice.merchantNpwp || null,
      },
      transactionId: invoice.transactionId,
      transactionAt: invoice.transactionAt.toISOString(),
      channel: invoice.channel,
      customerName: invoice.customerName,
      accountNumber: invoice.accountNumber,
      amount: invoice.amount,
      adminFee: invoice.adminFee,
      total: invoice.total,
      status: invoice.status,
      foreign: invoice.foreign ?? null,
    });
  }),
  defineRoute(
    invoiceCalls.open,
    async ({ reply, query }) => {
      // The cookie session is the credential; the spec's token parameter is accepted and unused,
      // so it never ends up in the page's address or in logs.
      reply.redirect(
        `/invoice/${encodeURIComponent(query.id_transaksi)}/${encodeURIComponent(query.date)}`,
        302,
      );
      return undefined;
    },
    { raw: true },
  ),
];
