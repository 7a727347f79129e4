import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crc32 } from '../../src/modules/nmid/images';
import {
  approveNmid,
  listNmidRequests,
  readNmidImage,
  rejectNmid,
} from '../../src/modules/nmid/review';
import { parseTlv } from '../../src/modules/payins/qris';
import type { ConsoleReviewer } from '../../src/platform/staff/reviewer';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';
import { agentIdOf } from '../payins/factory';

const reviewer: ConsoleReviewer = { staffId: 7, name: 'Ops', ip: '127.0.0.1', userAgent: 'vitest' };
const MAX = 5_242_880;

/** A JPEG with a comment segment carrying a secret (metadata the server must strip). */
function jpegWithSecret(): Buffer {
  const jpeg = readFileSync(path.join(__dirname, 'fixtures/shop.jpg'));
  const text = Buffer.from('SECRET-GPS-LOCATION');
  const com = Buffer.concat([Buffer.from([0xff, 0xfe, 0, text.length + 2]), text]);
  return Buffer.concat([jpeg.subarray(0, 2), com, jpeg.subarray(2)]);
}

/** A PNG with a tEXt chunk carrying a secret, inserted after IHDR with a correct CRC. */
async function pngWithSecret(): Promise<Buffer> {
  const png = await QRCode.toBuffer('toko', { type: 'png' });
  const data = Buffer.from('Comment\0SECRET-PNG-TEXT', 'latin1');
  const typeAndData = Buffer.concat([Buffer.from('tEXt'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  const ihdrEnd = 8 + 25;
  return Buffer.concat([png.subarray(0, ihdrEnd), length, typeAndData, crc, png.subarray(ihdrEnd)]);
}

const FIELDS = {
  nama_nmid: 'QRIS Statis',
  nama: 'Rina Wulandari',
  no_ktp: '3273015704880002',
  tempat_lahir: 'Bandung',
  no_npwp: '093456789012000',
  tgl_lahir: '1988-04-17',
  no_hp: '081234567890',
  jenis_usaha: 'Makanan & Minuman',
  nama_aplikasi: 'Nusantara Pay',
  email: 'rina@example.co.id',
  nama_usaha: 'Kedai Kopi Uji',
  alamat_usaha: 'Jl. Braga No. 88',
  kabupaten: 'Kota Bandung',
  kode_pos: '40111',
  pendapatan: 'Rp 100 - 500 juta per tahun',
  url_website: '',
  recaptcha: '',
};

type FilePart = { name: string; filename: string; type: string; bytes: Buffer };

function multipart(fields: Record<string, string>, files: FilePart[]) {
  const boundary = `----gerbang${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(testDatabases())('NMID registration on %s', (kind) => {
  let t: TestApp;
  let partner: TestClient;
  let uploadDir: string;
  let agentId: number;
  let jpeg: Buffer;
  let png: Buffer;

  const images = (over: Partial<Record<string, FilePart | null>> = {}): FilePart[] => {
    const base: Record<string, FilePart | null> = {
      gambar_depan: {
        name: 'gambar_depan',
        filename: 'depan.jpg',
        type: 'image/jpeg',
        bytes: jpeg,
      },
      gambar_dalam: { name: 'gambar_dalam', filename: 'dalam.png', type: 'image/png', bytes: png },
      gambar_pembeli: {
        name: 'gambar_pembeli',
        filename: 'b.jpg',
        type: 'image/jpeg',
        bytes: jpeg,
      },
      foto_ktp: { name: 'foto_ktp', filename: 'ktp.jpg', type: 'image/jpeg', bytes: jpeg },
      ...over,
    };
    return Object.values(base).filter((f): f is FilePart => f !== null);
  };
  const send = (client: TestClient, fields: Record<string, string>, files: FilePart[]) => {
    const { body, headers } = multipart(fields, files);
    return client.post('/data/create_nmid', body, { headers });
  };
  const storedFiles = () => {
    try {
      return readdirSync(path.join(uploadDir, 'nmid', String(agentId)));
    } catch {
      return [];
    }
  };

  beforeAll(async () => {
    uploadDir = mkdtempSync(path.join(tmpdir(), 'gerbang-nmid-test-'));
    t = await createTestApp(kind, { config: { uploadDir } });
    partner = await t.loginAs('partner@demo.id', { lang: 'id' });
    agentId = await agentIdOf(t);
    jpeg = jpegWithSecret();
    png = await pngWithSecret();
  });
  afterAll(async () => {
    await t?.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  it('refuses in the spec order and saves nothing', async () => {
    const before = (await listNmidRequests(t.services, { agentId })).length;
    const { nama_nmid: _type, ...noType } = FIELDS;
    expect((await send(partner, noType, images())).rd).toBe('Anda belum memilih NMID');
    expect((await send(partner, { ...FIELDS, kabupaten: '' }, images())).rd).toBe(
      'Data yang anda masukkan tidak valid atau ada yang belum terisi, periksa kembali data yang anda masukkan',
    );
    const missing = [
      ['gambar_depan', 'File foto usaha tampak depan kosong'],
      ['gambar_dalam', 'File foto usaha tampak dalam kosong'],
      ['gambar_pembeli', 'File foto usaha dengan pembeli kosong'],
      ['foto_ktp', 'File foto ktp kosong'],
    ] as const;
    for (const [name, message] of missing) {
      const res = await send(partner, FIELDS, images({ [name]: null }));
      expect(res.rc).toBe('400');
      expect(res.rd).toBe(message);
    }
    // A text file renamed .jpg, sent as image/jpeg: refused by its bytes.
    const text = Buffer.from('This is not an image, just text pretending.\n'.repeat(20));
    const renamed = await send(
      partner,
      FIELDS,
      images({
        gambar_dalam: {
          name: 'gambar_dalam',
          filename: 'foto.jpg',
          type: 'image/jpeg',
          bytes: text,
        },
      }),
    );
    expect(renamed.rc).toBe('400');
    expect(renamed.rd).toBe('File harus berupa gambar (JPG atau PNG).');
    // A JPEG header followed by garbage is no image either.
    const fake = Buffer.concat([jpeg.subarray(0, 20), Buffer.alloc(400, 0x41)]);
    expect(
      (
        await send(
          partner,
          FIELDS,
          images({
            foto_ktp: { name: 'foto_ktp', filename: 'k.jpg', type: 'image/jpeg', bytes: fake },
          }),
        )
      ).rd,
    ).toBe('File harus berupa gambar (JPG atau PNG).');
    // One byte over 5 MB.
    const big = Buffer.concat([jpeg, Buffer.alloc(MAX + 1 - jpeg.length, 0)]);
    const oversized = await send(
      partner,
      FIELDS,
      images({
        gambar_depan: { name: 'gambar_depan', filename: 'big.jpg', type: 'image/jpeg', bytes: big },
      }),
    );
    expect(oversized.rc).toBe('400');
    expect(oversized.rd).toBe('Ukuran file tidak boleh lebih dari 5 MB.');
    expect((await listNmidRequests(t.services, { agentId })).length).toBe(before);
    expect(storedFiles()).toEqual([]);
  });

  it('stores clean copies outside the web root, served to the owner only', async () => {
    const res = await send(
      partner,
      { ...FIELDS, url_website: 'https://kedai.example.id' },
      images(),
    );
    expect(res.rc, res.rd).toBe('00');
    const id = res.data.id as number;
    const files = storedFiles();
    expect(files).toHaveLength(4);
    for (const file of files) {
      const bytes = readFileSync(path.join(uploadDir, 'nmid', String(agentId), file));
      expect(bytes.includes(Buffer.from('SECRET'))).toBe(false);
    }
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/data/nmid_image?id=${id}&which=gambar_dalam`,
      headers: { cookie: [...partner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(own.rawPayload.includes(Buffer.from('SECRET'))).toBe(false);

    const other = await t.loginAs('aggregator@demo.id');
    const foreign = await other.get('/data/nmid_image', { id, which: 'gambar_dalam' });
    expect(['403', '404']).toContain(foreign.rc);
    const anonymous = await t.client().get('/data/nmid_image', { id, which: 'gambar_dalam' });
    expect(anonymous.rc).toBe('401');

    const staff = await readNmidImage(t.services, { requestId: id, which: 'foto_ktp' });
    expect(staff.contentType).toBe('image/jpeg');
    expect(staff.bytes[0]).toBe(0xff);
  });

  it('approves with an NMID and a static QRIS sticker, or rejects with a reason', async () => {
    const [open] = await listNmidRequests(t.services, { agentId, status: 0 });
    if (!open) throw new Error('no request');
    await expect(
      approveNmid(t.services, reviewer, { id: open.id, nmid: 'X1' }),
    ).rejects.toMatchObject({
      rc: '400',
    });
    const approved = await approveNmid(t.services, reviewer, {
      id: open.id,
      nmid: 'ID2026112300017',
    });
    expect(approved).toMatchObject({ status: 2, nmid: 'ID2026112300017', decidedBy: 'Ops' });
    await expect(
      approveNmid(t.services, reviewer, { id: open.id, nmid: 'ID2026112300018' }),
    ).rejects.toMatchObject({ rc: '01' });
    const row = await t.services.db
      .selectFrom('nmid_requests')
      .select('qris_payload')
      .where('id', '=', open.id)
      .executeTakeFirstOrThrow();
    const tlv = parseTlv(row.qris_payload ?? '');
    expect(tlv?.get('01')).toBe('11');
    expect(parseTlv(tlv?.get('51') ?? '')?.get('02')).toBe('ID2026112300017');

    // The sticker is payable: each payer enters an amount, and each payment is the merchant's.
    const payload = row.qris_payload ?? '';
    const pay = (amount: number, paid = payload) =>
      t.client().post('/dev/simulator/pay', { channel: 'qris', number: paid, amount });
    const first = await pay(25_000);
    expect(first.rc, first.rd).toBe('00');
    const again = await pay(40_000);
    expect(again.rc, again.rd).toBe('00');
    const holds = await t.services.db
      .selectFrom('incoming_holds')
      .select(['hold_amount', 'addinfo1'])
      .where('agent_id', '=', agentId)
      .where('addinfo1', '=', 'NMID ID2026112300017')
      .execute();
    expect(holds).toHaveLength(2);
    // Another merchant account in the same QR is not ours to take.
    const forged = payload.replace('ID2026112300017', 'ID2026112399999');
    expect((await pay(10_000, forged)).rc).not.toBe('00');

    const cookie = [...partner.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const pngSticker = await t.app.inject({
      method: 'GET',
      url: `/api/data/nmid_sticker?id=${open.id}&format=png`,
      headers: { cookie },
    });
    expect(pngSticker.statusCode).toBe(200);
    expect(pngSticker.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const pdfSticker = await t.app.inject({
      method: 'GET',
      url: `/api/data/nmid_sticker?id=${open.id}&format=pdf`,
      headers: { cookie },
    });
    expect(pdfSticker.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const second = await send(partner, FIELDS, images());
    expect(second.rc, second.rd).toBe('00');
    await expect(
      approveNmid(t.services, reviewer, { id: second.data.id, nmid: 'ID2026112300017' }),
    ).rejects.toMatchObject({ rc: '01' });
    const rejected = await rejectNmid(t.services, reviewer, {
      id: second.data.id,
      reason: 'Foto KTP buram',
    });
    expect(rejected).toMatchObject({ status: 3, rejectReason: 'Foto KTP buram' });
    const notApproved = await partner.get('/data/nmid_sticker', { id: second.data.id });
    expect(notApproved.rc).toBe('404');
    const audit = await t.services.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'in', ['console_nmid_approve', 'console_nmid_reject'])
      .execute();
    expect(audit).toHaveLength(2);
  });
});
