import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type InvoiceView, wibDate } from '@gerbang/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentOf, insertTransactions } from '../data-pages/factories';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';

// A 1×1 PNG: the smallest logo a deployment could configure.
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * GET /invoice/invoice_view: the invoice page's data as JSON (the page draws it
 * as HTML instead of running a PDF viewer), the same rows and letterheads as the PDF, same access.
 */
describe.each(testDatabases())('invoice view (JSON) on %s', (kind) => {
  let t: TestApp;
  let configured: TestApp;
  const trx = async (app: TestApp) => {
    const { agentId } = await agentOf(app.services, 'partner@demo.id');
    const [id] = await insertTransactions(app.services, agentId, [
      { nominal_origin: 150_000, nominal_admin: 2_500, namabank: 'Bank BCA' },
    ]);
    return { id_transaksi: id as string, date: wibDate(app.services.now()) };
  };
  beforeAll(async () => {
    t = await createTestApp(kind);
    const dir = mkdtempSync(path.join(tmpdir(), 'invoice-logo-'));
    const logoPath = path.join(dir, 'logo.png');
    writeFileSync(logoPath, PNG_1X1);
    configured = await createTestApp(kind, {
      config: {
        invoiceProvider: {
          name: 'PT Contoh Gerbang Nusantara',
          address: 'Jl. Contoh No. 9, Bandung 40111',
          npwp: '11.222.333.4-555.000',
          logoPath,
        },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await configured?.close();
  });

  it('answers the letterheads and rows of the PDF', async () => {
    const c = await t.loginAs('partner@demo.id', { lang: 'id' });
    const one = await trx(t);
    const res = await c.get<InvoiceView>('/invoice/invoice_view', one);
    expect(res.rc, res.rd).toBe('00');
    expect(res.data).toMatchObject({
      provider: {
        name: 'PT Gerbang Pembayaran Indonesia',
        npwp: '09.876.543.2-011.000',
        logo: null,
      },
      merchant: { name: 'PT Nusantara Digital Niaga', npwp: '01.234.567.8-012.000' },
      transactionId: one.id_transaksi,
      amount: 150_000,
      adminFee: 2_500,
      total: 152_500,
    });
    expect(Number.isNaN(Date.parse(res.data.transactionAt))).toBe(false);
  });

  it('sends the configured logo as a data: URL', async () => {
    const c = await configured.loginAs('partner@demo.id', { lang: 'en' });
    const one = await trx(configured);
    const res = await c.get<InvoiceView>('/invoice/invoice_view', one);
    expect(res.rc, res.rd).toBe('00');
    expect(res.data.provider.name).toBe('PT Contoh Gerbang Nusantara');
    expect(res.data.provider.logo).toBe(`data:image/png;base64,${PNG_1X1.toString('base64')}`);
  });

  it("refuses another agent's transaction and an unknown one with invoice.notFound", async () => {
    const one = await trx(t);
    const other = await t.loginAs('enduser@demo.id', { lang: 'en' });
    const res = await other.get<InvoiceView>('/invoice/invoice_view', one);
    expect(res.rc).not.toBe('00');
    expect(res.rd).toBe('Invoice not found.');
    const partner = await t.loginAs('partner@demo.id', { lang: 'en' });
    const unknown = await partner.get('/invoice/invoice_view', {
      id_transaksi: 'WD000000000000000000',
      date: '2020-01-01',
    });
    expect(unknown.rd).toBe('Invoice not found.');
  });
});
