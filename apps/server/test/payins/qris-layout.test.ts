import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { parse } from 'promptparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveNmid } from '../../src/modules/nmid/review';
import { qrisMerchantFor, qrisPayloadFor } from '../../src/modules/payins/qris-merchant';
import type { ConsoleReviewer } from '../../src/platform/staff/reviewer';
import { testDatabases } from '../helpers/databases';
import { createTestApp, DEMO_PASSWORD, type TestApp, type TestClient } from '../helpers/test-app';
import { registerPartner, snapClient } from '../snap/partner';
import { agentIdOf, PARTNER, TUESDAY_10_WIB } from './factory';

/**
 * Every QRIS Gerbang issues is in the national layout (ASPI's QRIS MPM profile on EMVCo MPM):
 * the pay link's, a transfer order's, SNAP qr-mpm-generate's, the simulator's, the NMID sticker's
 * (as stored and as printed in the PNG) and the demo history's. Each payload is read by an
 * independent EMVCo parser (the npm package promptparse, strict: the CRC must hold), never by our
 * own parseQris: the NMID in 51/02 under the GUID ID.CO.QRIS.WWW in 51/00, the criteria in 51/03,
 * the acquirer's GUID in 26/00, the postal code in 61, and the amount of a dynamic one in 54.
 */
const reviewer: ConsoleReviewer = { staffId: 7, name: 'Ops', ip: '127.0.0.1', userAgent: 'vitest' };
const NMID = 'ID2026112400042';

interface Read {
  poi: string | undefined;
  acquirer: string | undefined;
  guid: string | undefined;
  nmid: string | undefined;
  criteria: string | undefined;
  city: string | undefined;
  postalCode: string | undefined;
  amount: string | undefined;
  currency: string | undefined;
}

/** What the independent parser reads; it answers null for a payload whose CRC is wrong. */
function readQris(payload: string): Read {
  const qr = parse(payload, true, true);
  if (!qr) throw new Error(`promptparse refused ${payload}`);
  expect(qr.validate('63')).toBe(true);
  return {
    poi: qr.getTagValue('01'),
    acquirer: qr.getTagValue('26', '00'),
    guid: qr.getTagValue('51', '00'),
    nmid: qr.getTagValue('51', '02'),
    criteria: qr.getTagValue('51', '03'),
    city: qr.getTagValue('60'),
    postalCode: qr.getTagValue('61'),
    amount: qr.getTagValue('54'),
    currency: qr.getTagValue('53'),
  };
}

/** A dynamic QRIS of the partner (its approved NMID: Bandung 40111, revenue up to Rp2.5 billion). */
function expectPartnerDynamic(payload: string, amount: number) {
  expect(readQris(payload)).toEqual({
    poi: '12',
    acquirer: 'ID.CO.GERBANG.WWW',
    guid: 'ID.CO.QRIS.WWW',
    nmid: NMID,
    criteria: 'UKE',
    city: 'KOTA BANDUNG',
    postalCode: '40111',
    amount: String(amount),
    currency: '360',
  });
}

/** The text of the QR code in a PNG, read back by jsQR as a scanner would. */
function scanPng(bytes: Buffer): string {
  const png = PNG.sync.read(bytes);
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!code) throw new Error('no QR code in the sticker');
  return code.data;
}

describe.each(testDatabases())('QRIS payload layout on %s', (kind) => {
  let t: TestApp;
  let partner: TestClient;
  let agentId: number;
  let nmidRequestId: number;

  beforeAll(async () => {
    t = await createTestApp(kind, { clockAt: TUESDAY_10_WIB });
    partner = await t.loginAs(PARTNER, { lang: 'en' });
    agentId = await agentIdOf(t);
    const request = await t.services.db
      .insertInto('nmid_requests')
      .values({
        agent_id: agentId,
        environment: 'production',
        user_id: null,
        nama_nmid: 'QRIS Statis',
        nama: 'Rina Wulandari',
        tempat_lahir: 'Bandung',
        tgl_lahir: '1988-04-17',
        no_ktp: '3273015704880002',
        no_npwp: '093456789012000',
        no_hp: '081234567890',
        jenis_usaha: 'Makanan & Minuman',
        nama_aplikasi: 'Nusantara Pay',
        url_website: null,
        email: 'rina@example.co.id',
        nama_usaha: 'Kedai Kopi Uji',
        alamat_usaha: 'Jl. Braga No. 88',
        kabupaten: 'Kota Bandung',
        kode_pos: '40111',
        pendapatan: 'Rp 1 - 2,5 miliar per tahun',
        created_date: '2026-11-24',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    nmidRequestId = Number(request.id);
    await approveNmid(t.services, reviewer, { id: nmidRequestId, nmid: NMID });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("puts the pay link's QRIS in the national layout", async () => {
    const link = await partner.post('/data/request_payment', {
      username: PARTNER,
      paymentName: 'Iuran Desember',
      expiredDate: '2026-11-30',
      paymentLimit: 1,
      amount: 150_000,
      paymentDesc: 'Iuran bulanan warga',
      recaptcha: '',
    });
    expect(link.rc, link.rd).toBe('00');
    const qris = await t.client({ lang: 'en', ip: '10.9.1.1' }).post('/public/generated_va', {
      id_payment: link.data.paymentSecret,
      code_bank: 'QRIS',
      email: 'andi@example.com',
      name: 'Andi',
      notelp: '081234567890',
    });
    expect(qris.rc, qris.rd).toBe('00');
    expectPartnerDynamic(qris.data.imageQris, 150_000);
  });

  it("puts a transfer order's QRIS in the national layout", async () => {
    const inquiry = await partner.post('/transaction/cashout_inquiry', {
      code: '014',
      number: '1234-5678-90',
      nominal: '100.000',
      password: DEMO_PASSWORD,
      note: 'Gaji',
      sendername: '',
      purposetransaction: '',
      jenis_rekening: '',
      recaptcha: '',
      type_inq: 'domestic',
    });
    expect(inquiry.rc, inquiry.rd).toBe('00');
    const order = await partner.post('/transaction/order_create', {
      client_key: `layout-${process.pid}`,
      description: '',
      id_channel: 'QRIS',
      list_order: [
        {
          account_number: '1234567890',
          bank_code: '014',
          amount: inquiry.data.nominal,
          remark: 'test',
          id_inquiry: inquiry.data.idtransaksi,
        },
      ],
    });
    expect(order.rc, order.rd).toBe('00');
    expectPartnerDynamic(order.data.channel.qris_payload, order.data.payment_amount);
  });

  it("puts SNAP qr-mpm-generate's qrContent in the national layout, and it pays", async () => {
    const snapPartner = await registerPartner(t, partner, { ips: '127.0.0.1' });
    const snap = snapClient(t, snapPartner);
    const token = await snap.token();
    const qr = await snap.call(
      '/snap/v1.0/qr/qr-mpm-generate',
      { partnerReferenceNo: 'LAYOUT-1', amount: { value: '30000.00', currency: 'IDR' } },
      { token },
    );
    expect(qr.body.responseCode, JSON.stringify(qr.body)).toBe('2004700');
    expectPartnerDynamic(qr.body.qrContent, 30_000);
    const paid = await t.client().post('/dev/simulator/pay', {
      channel: 'qris',
      number: qr.body.qrContent,
      amount: 30_000,
    });
    expect(paid.rc, paid.rd).toBe('00');
  });

  it("puts the simulator's QRIS of every QRIS channel in the national layout", async () => {
    for (const channel of ['QRIS', 'QRISB', '523']) {
      const issued = await t.client().post('/dev/simulator/issue', {
        channel,
        agent: PARTNER,
        amount: 45_000,
      });
      expect(issued.rc, issued.rd).toBe('00');
      expectPartnerDynamic(issued.data.number, 45_000);
    }
  });

  it('places a merchant without NMID in its registered city, else Jakarta 10110; demo NMID, micro', async () => {
    const fresh = await agentIdOf(t, 'fresh@demo.id');
    const issued = await t.client().post('/dev/simulator/issue', {
      channel: 'QRIS',
      agent: 'fresh@demo.id',
      amount: 20_000,
    });
    expect(issued.rc, issued.rd).toBe('00');
    expect(readQris(issued.data.number)).toMatchObject({
      guid: 'ID.CO.QRIS.WWW',
      nmid: `ID10${String(fresh).padStart(11, '0')}`,
      criteria: 'UMI',
      city: 'JAKARTA',
      postalCode: '10110',
      amount: '20000',
    });
    // A business registration's address, when there is no approved NMID.
    const registered = await agentIdOf(t, 'agent5@demo.id');
    await t.services.db
      .insertInto('registrations')
      .values({
        agent_id: registered,
        kind: 'BUSINESS',
        fields: JSON.stringify({ kabupaten: 'Kota Surabaya', kode_pos: '60111' }),
        status: 'approved',
        created_at: t.services.now(),
        updated_at: t.services.now(),
      })
      .execute();
    const fromRegistration = await t.client().post('/dev/simulator/issue', {
      channel: 'QRIS',
      agent: 'agent5@demo.id',
      amount: 20_000,
    });
    expect(fromRegistration.rc, fromRegistration.rd).toBe('00');
    expect(readQris(fromRegistration.data.number)).toMatchObject({
      city: 'KOTA SURABAYA',
      postalCode: '60111',
    });
    // The demo history builds its QRIS with the same functions.
    const seeded = qrisPayloadFor(qrisMerchantFor(fresh, { name: 'Fresh' }), 75_000, 'QR1');
    expect(readQris(seeded)).toMatchObject({ nmid: `ID10${String(fresh).padStart(11, '0')}` });
  });

  it('prints the static sticker in the national layout, stored or made again', async () => {
    const cookie = [...partner.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const sticker = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/data/nmid_sticker?id=${nmidRequestId}&format=png`,
        headers: { cookie },
      });
      expect(res.statusCode).toBe(200);
      return scanPng(res.rawPayload);
    };
    const row = await t.services.db
      .selectFrom('nmid_requests')
      .select('qris_payload')
      .where('id', '=', nmidRequestId)
      .executeTakeFirstOrThrow();
    const expected = {
      poi: '11',
      acquirer: 'ID.CO.GERBANG.WWW',
      guid: 'ID.CO.QRIS.WWW',
      nmid: NMID,
      criteria: 'UKE',
      city: 'KOTA BANDUNG',
      postalCode: '40111',
      amount: undefined,
      currency: '360',
    };
    expect(readQris(row.qris_payload ?? '')).toEqual(expected);
    expect(await sticker()).toBe(row.qris_payload);
    // A request approved before payloads were stored: the sticker makes the payload again.
    await t.services.db
      .updateTable('nmid_requests')
      .set({ qris_payload: null })
      .where('id', '=', nmidRequestId)
      .execute();
    expect(readQris(await sticker())).toEqual(expected);
  });
});
