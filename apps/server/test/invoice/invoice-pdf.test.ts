import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { wibDate } from '@gerbang/shared';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentOf, insertTransactions } from '../data-pages/factories';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';

// pdf.js's metrics of the 14 standard fonts (Helvetica here), read from its package.
const standardFontDataUrl = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;

/** The text of page 1 of a PDF, read the way a PDF reader reads it (pdf.js). */
async function pdfText(base64: string): Promise<string> {
  const doc = await getDocument({
    data: new Uint8Array(Buffer.from(base64, 'base64')),
    isEvalSupported: false,
    useSystemFonts: false,
    standardFontDataUrl,
  }).promise;
  try {
    const page = await doc.getPage(1);
    const content = await page.getTextContent();
    // Wrapped lines come as separate items: join them with spaces, as a reader reads them.
    return content.items
      .map((item) => ('str' in item ? item.str : ''))
      .join(' ')
      .replace(/\s+/g, ' ');
  } finally {
    await doc.destroy();
  }
}

/** Does the page draw an image (the configured logo)? */
async function hasImage(base64: string): Promise<boolean> {
  return Buffer.from(base64, 'base64').toString('latin1').includes('/Subtype /Image');
}

// A 1×1 PNG: the smallest logo a deployment could configure.
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe.each(testDatabases())('invoice PDF content on %s', (kind) => {
  let t: TestApp;
  let configured: TestApp;
  /** One successful transfer of partner@demo.id in each app. */
  const trx = async (app: TestApp) => {
    const { agentId } = await agentOf(app.services, 'partner@demo.id');
    const [id] = await insertTransactions(app.services, agentId, [
      { nominal_origin: 150_000, nominal_admin: 2_500, namabank: 'Bank BCA' },
    ]);
    // The factory writes the row at the server's now, on that WIB day.
    return { id_transaksi: id, date: wibDate(app.services.now()) };
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

  it("prints the provider's name, address and NPWP and the merchant's name, address and NPWP (id)", async () => {
    const c = await t.loginAs('partner@demo.id', { lang: 'id' });
    const one = await trx(t);
    const pdf = await c.get<string>('/invoice/invoice_trx', {
      id_transaksi: one.id_transaksi,
      date: one.date,
    });
    expect(pdf.rc, pdf.rd).toBe('00');
    const text = await pdfText(pdf.data);
    // The defaults of config.ts.
    expect(text).toContain('PT Gerbang Pembayaran Indonesia');
    expect(text).toContain(
      'Gedung Gerbang, Jl. M.H. Thamrin No. 1, Jakarta Pusat 10310, Indonesia',
    );
    expect(text).toContain('NPWP: 09.876.543.2-011.000');
    // The merchant, from its business data.
    expect(text).toContain('Merchant: PT Nusantara Digital Niaga');
    expect(text).toContain(
      'Alamat: Jl. Jend. Sudirman Kav. 52-53, Senayan, Kebayoran Baru, Jakarta Selatan 12190',
    );
    expect(text).toContain('NPWP: 01.234.567.8-012.000');
    expect(text).toContain('INVOICE TRANSAKSI');
    expect(text).toContain(one.id_transaksi);
    expect(text).toContain('Rp. 152.500');
    // The built-in mark is drawn, not an image.
    expect(await hasImage(pdf.data)).toBe(false);
  });

  it('uses the configured provider and logo, labelled in English', async () => {
    const c = await configured.loginAs('partner@demo.id', { lang: 'en' });
    const one = await trx(configured);
    const pdf = await c.get<string>('/invoice/invoice_trx', {
      id_transaksi: one.id_transaksi,
      date: one.date,
    });
    expect(pdf.rc, pdf.rd).toBe('00');
    const text = await pdfText(pdf.data);
    expect(text).toContain('PT Contoh Gerbang Nusantara');
    expect(text).toContain('Jl. Contoh No. 9, Bandung 40111');
    expect(text).toContain('Tax ID (NPWP): 11.222.333.4-555.000');
    expect(text).toContain('TRANSACTION INVOICE');
    expect(text).toContain('Address: Jl. Jend. Sudirman Kav. 52-53');
    expect(text).not.toContain('PT Gerbang Pembayaran Indonesia');
    expect(await hasImage(pdf.data)).toBe(true);
  });

  it('prints merchant and customer names beyond Latin-1 (Vietnamese, Polish, Greek) with every field', async () => {
    const c = await t.loginAs('partner@demo.id', { lang: 'id' });
    const { agentId } = await agentOf(t.services, 'partner@demo.id');
    const name = 'Đặng Thị Ánh — Zoë Łukasz 株式会社';
    await t.services.db
      .updateTable('business_profiles')
      .set({ nama_perusahaan: name })
      .where('agent_id', '=', agentId)
      .execute();
    const [id] = await insertTransactions(t.services, agentId, [
      { nominal_origin: 75_000, nominal_admin: 1_500, customername: 'Ζωή Παπαδοπούλου' },
    ]);
    const pdf = await c.get<string>('/invoice/invoice_trx', {
      id_transaksi: id,
      date: wibDate(t.services.now()),
    });
    expect(pdf.rc, pdf.rd).toBe('00');
    const text = await pdfText(pdf.data);
    // DejaVu Sans has no CJK glyphs: the Latin and Greek letters are what must survive.
    expect(text).toContain('Merchant: Đặng Thị Ánh — Zoë Łukasz');
    expect(text).toContain('Ζωή Παπαδοπούλου');
    for (const field of [
      'INVOICE TRANSAKSI',
      `ID Transaksi ${id}`,
      'Nominal Rp. 75.000',
      'Nominal Admin Rp. 1.500',
      'Total Rp. 76.500',
      'Status BERHASIL',
    ])
      expect(text).toContain(field);
  });
});

describe.each(testDatabases())('session probe on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 200 with null before login and the login result after it (no 401 on the login page)', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toMatchObject({ rc: '00', data: null });
    const c = await t.loginAs('partner@demo.id', { lang: 'en' });
    const me = await c.get<{ user: { username: string } }>('/auth/session');
    expect(me.rc).toBe('00');
    expect(me.data.user.username).toBe('partner@demo.id');
    const datauser = await c.post<{ user: { username: string } }>('/auth/datauser');
    expect(me.data).toEqual(datauser.data);
  });
});
