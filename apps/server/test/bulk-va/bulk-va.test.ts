import { randomBytes } from 'node:crypto';
import type { BulkVaRow } from '@gerbang/shared/contract/bulk-va';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TRANSACTION_PIN } from '../../src/seed/seed-transaction-pins';
import { testDatabases } from '../helpers/databases';
import { createTestApp, DEMO_PASSWORD, type TestApp, type TestClient } from '../helpers/test-app';
import { expectLedgerClean, TUESDAY_10_WIB } from '../payins/factory';

const HEADER =
  'kode_bank,amount,customer_id,customer_name,customer_phone,customer_email,expired,type,send_mail,description';

const GOOD_CSV = `${HEADER}
014,150000,CUST-1,Andi Saputra,081234567801,andi@example.com,2026-12-31 23:59,close,1,Tagihan Desember
009,"275.000",CUST-2,Budi Hartono,081234567802,,2026-12-31,close,0,Iuran
008,,CUST-3,Citra Lestari,,citra@example.com,,open,ya,Tabungan
`;

function multipart(filename: string, content: Buffer | string, type = 'text/csv') {
  const boundary = `----gerbang${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    body: Buffer.concat([
      Buffer.from(head),
      Buffer.isBuffer(content) ? content : Buffer.from(content),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function xlsxFile(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('VA');
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function row(overrides: Partial<BulkVaRow> = {}): BulkVaRow {
  return {
    kode_bank: '014',
    amount: 100_000,
    customer_id: 'C-1',
    customer_name: 'Pelanggan Satu',
    customer_phone: '0812',
    customer_email: '',
    expired: '2026-12-31 23:59',
    type: 'close',
    send_mail: false,
    description: '',
    ...overrides,
  };
}

/**
 * Bulk virtual accounts (spec 03 §2.8, §5.7, §6; spec 02 store_va_bulk): only CREATE on
 * bulk_virtual_account with API enabled on a main account; a good CSV or XLSX reads into rows, a
 * bad one names its row and column and creates nothing; a save checks password and PIN, issues
 * every VA (10,000 in one call, one transaction), queues the mails, and each VA is payable.
 */
describe.each(testDatabases())('bulk virtual accounts on %s', (kind) => {
  let t: TestApp;
  let partner: TestClient;

  beforeAll(async () => {
    t = await createTestApp(kind, { clockAt: TUESDAY_10_WIB });
    partner = await t.loginAs('partner@demo.id', { lang: 'en' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const counts = async () => {
    const db = t.services.db;
    const one = async (table: 'virtual_accounts' | 'va_requests' | 'va_bills' | 'mail_outbox') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      vas: await one('virtual_accounts'),
      requests: await one('va_requests'),
      bills: await one('va_bills'),
      mails: await one('mail_outbox'),
    };
  };

  const upload = (c: TestClient, name: string, content: Buffer | string, type?: string) => {
    const m = multipart(name, content, type);
    return c.post('/transaction/va_bulk_upload', m.body, { headers: m.headers });
  };

  const store = (c: TestClient, data: BulkVaRow[], extra: Record<string, unknown> = {}) =>
    c.post('/transaction/store_va_bulk', {
      data,
      password: DEMO_PASSWORD,
      groupName: 'Tagihan Desember',
      groupDesc: 'SPP kelas 7',
      pin: DEMO_TRANSACTION_PIN,
      ...extra,
    });

  it('is refused to sub-users, users without API, without CREATE, and anonymous callers', async () => {
    const h2h = await t.services.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'h2h@demo.id')
      .executeTakeFirstOrThrow();
    await t.services.db
      .insertInto('user_module_denials')
      .values({ user_id: h2h.id, module_id: 118, action: 'CREATE' })
      .execute();
    const before = await counts();
    for (const username of ['staff@demo.id', 'enduser@demo.id', 'newbiz@demo.id', 'h2h@demo.id']) {
      const c = await t.loginAs(username, { lang: 'en' });
      // The bank list is a lookup every VA screen reads (the VA data pages' bank selector too).
      const list = await c.get('/data/list_va', { type: 'close' });
      expect([username, list.rc]).toEqual([username, '00']);
      const up = await upload(c, 'a.csv', GOOD_CSV);
      expect([username, up.status]).toEqual([username, 403]);
      const saved = await store(c, [row()]);
      expect([username, saved.status]).toEqual([username, 403]);
    }
    const anonymous = t.client();
    expect((await anonymous.get('/data/list_va', { type: 'open' })).status).toBe(401);
    expect(await counts()).toEqual(before);
  });

  it('lists the VA banks for open and close, never bank 523', async () => {
    for (const type of ['open', 'close']) {
      const res = await partner.get('/data/list_va', { type });
      expect(res.rc, res.rd).toBe('00');
      const codes = res.data.map((b: { kodeBank: string }) => b.kodeBank);
      expect(codes).toEqual(
        expect.arrayContaining(['002', '008', '009', '011', '013', '014', '022']),
      );
      expect(codes).not.toContain('523');
      expect(res.data[0]).toEqual({ kodeBank: expect.any(String), namaBank: expect.any(String) });
    }
    const bad = await partner.get('/data/list_va', { type: 'weekly' });
    expect(bad.rc).toBe('400');
  });

  it('reads a good CSV into rows and creates nothing', async () => {
    const before = await counts();
    const res = await upload(partner, 'tagihan.csv', GOOD_CSV);
    expect(res.rc, res.rd).toBe('00');
    expect(res.data.rows).toEqual([
      row({
        customer_id: 'CUST-1',
        customer_name: 'Andi Saputra',
        customer_phone: '081234567801',
        customer_email: 'andi@example.com',
        amount: 150_000,
        send_mail: true,
        description: 'Tagihan Desember',
      }),
      row({
        kode_bank: '009',
        amount: 275_000,
        customer_id: 'CUST-2',
        customer_name: 'Budi Hartono',
        customer_phone: '081234567802',
        description: 'Iuran',
      }),
      row({
        kode_bank: '008',
        amount: 0,
        customer_id: 'CUST-3',
        customer_name: 'Citra Lestari',
        customer_phone: '',
        customer_email: 'citra@example.com',
        expired: '',
        type: 'open',
        send_mail: true,
        description: 'Tabungan',
      }),
    ]);
    expect(await counts()).toEqual(before);
  });

  it('reads a good XLSX (numeric bank codes, date cells, semicolons not needed)', async () => {
    const file = await xlsxFile([
      HEADER.split(','),
      [
        14,
        99000,
        'X-1',
        'Dewi',
        '0813',
        'dewi@example.com',
        new Date(Date.UTC(2026, 11, 1, 17, 30)),
        'close',
        1,
        'a',
      ],
      ['002', '', 'X-2', 'Eko', '', '', '', 'open', 0, ''],
    ]);
    const res = await upload(partner, 'va.xlsx', file, XLSX_TYPE);
    expect(res.rc, res.rd).toBe('00');
    expect(res.data.rows).toEqual([
      row({
        amount: 99_000,
        customer_id: 'X-1',
        customer_name: 'Dewi',
        customer_phone: '0813',
        customer_email: 'dewi@example.com',
        expired: '2026-12-01 17:30',
        send_mail: true,
        description: 'a',
      }),
      row({
        kode_bank: '002',
        amount: 0,
        customer_id: 'X-2',
        customer_name: 'Eko',
        customer_phone: '',
        expired: '',
        type: 'open',
      }),
    ]);
  });

  it('names the row and column of a bad file and creates nothing', async () => {
    const before = await counts();
    const cases: Array<[string, string | Buffer, string, unknown, string?]> = [
      [
        'wrong column',
        GOOD_CSV.replace('customer_name', 'nama'),
        'x.csv',
        { row: 1, column: 'file' },
      ],
      [
        'missing column',
        GOOD_CSV.replace(',description', '').replace(/,Tagihan Desember|,Iuran|,Tabungan/g, ''),
        'x.csv',
        { row: 1, column: 'description' },
      ],
      ['bad amount', GOOD_CSV.replace('"275.000"', '27x5'), 'x.csv', { row: 3, column: 'amount' }],
      ['bad bank', GOOD_CSV.replace('008,', '523,'), 'x.csv', { row: 4, column: 'kode_bank' }],
      [
        'expiry in the past',
        GOOD_CSV.replace('2026-12-31 23:59', '2026-11-01 10:00'),
        'x.csv',
        { row: 2, column: 'expired' },
      ],
      ['malformed CSV', `${HEADER}\n014,1000,"C-1,Name\n`, 'x.csv', { row: 2, column: 'file' }],
      [
        'uneven columns',
        `${HEADER}\n014,1000,C-1,Name,,,2026-12-31,close,0,d\n014,1000,C-2\n`,
        'x.csv',
        { row: 3, column: 'file' },
      ],
      [
        'bad xlsx cell',
        await xlsxFile([
          HEADER.split(','),
          ['014', 1000, 'C 1', 'N', '', '', '2026-12-31', 'close', 0, ''],
        ]),
        'x.xlsx',
        { row: 2, column: 'customer_id' },
        XLSX_TYPE,
      ],
    ];
    for (const [label, content, name, where, type] of cases) {
      const res = await upload(partner, name, content, type);
      expect([label, res.rc]).toEqual([label, '400']);
      expect([label, res.data]).toEqual([label, where]);
      const { row: r } = where as { row: number };
      expect(res.rd).toContain(`Row ${r}`);
    }
    // A phone with letters is told so, not that it is too long.
    const letters = await upload(partner, 'x.csv', GOOD_CSV.replace('081234567802', '0812-ABC'));
    expect(letters.rd).toBe(
      'Row 3, column customer_phone: the phone number may contain only digits, with an optional + at the start',
    );
    // Broken UTF-8 (a cut multi-byte character on row 4) is refused with its row.
    const [head, ...lines] = GOOD_CSV.split('\n');
    const broken = await upload(
      partner,
      'x.csv',
      Buffer.concat([
        Buffer.from(`${[head, lines[0], lines[1]].join('\n')}\n`),
        Buffer.from(lines[2].replace('Citra', 'Ci')),
        Buffer.from([0xe2, 0x82]),
        Buffer.from('\n'),
      ]),
    );
    expect(broken.rd).toBe(
      'Row 4: the file has characters that are not valid UTF-8 text. Save it as CSV UTF-8 and upload it again',
    );
    expect(broken.data).toEqual({ row: 4, column: 'file' });
    const notXlsx = await upload(partner, 'x.xlsx', 'not a zip', XLSX_TYPE);
    expect(notXlsx.rc).toBe('400');
    expect(notXlsx.rd).toBe('The file cannot be read as an Excel (.xlsx) workbook');
    const pdf = await upload(partner, 'x.pdf', '%PDF', 'application/pdf');
    expect(pdf.rd).toBe('Upload a CSV or an Excel (.xlsx) file');

    // 10 MB + a bit: refused as too large, whatever its rows.
    const line = '014,1000,C-1,Nama Pelanggan,0812,,2026-12-31 23:59,close,0,deskripsi panjang\n';
    const big = `${HEADER}\n${line.repeat(Math.ceil((10 * 1024 * 1024 + 1024) / line.length))}`;
    const tooBig = await upload(partner, 'big.csv', big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.rd).toBe('The file is larger than 10 MB');
    expect(await counts()).toEqual(before);
  });

  it('checks rows, password, group fields and PIN before creating anything', async () => {
    const before = await counts();
    const badRow = await store(partner, [row(), row({ customer_email: 'x@' })]);
    expect(badRow.rc).toBe('400');
    expect(badRow.data).toEqual({ row: 2, column: 'customer_email' });
    expect(badRow.rd).toBe('Row 2, column customer_email: this is not a valid e-mail address');
    const noPassword = await store(partner, [row()], { password: '' });
    expect(noPassword.rd).toBe('Input account password to continue');
    const noName = await store(partner, [row()], { groupName: ' ' });
    expect(noName.rd).toBe('Please fill group name');
    const noDesc = await store(partner, [row()], { groupDesc: '' });
    expect(noDesc.rd).toBe('Please fill group description');
    const noPin = await store(partner, [row()], { pin: '' });
    expect(noPin.rd).toBe('Please input your transaction PIN');
    const wrongPassword = await store(partner, [row()], { password: 'wrong-password' });
    expect(wrongPassword.rc).toBe('01');
    const wrongPin = await store(partner, [row()], { pin: '000000' });
    expect(wrongPin.rc).toBe('01');
    expect(wrongPin.rd).toBe('The transaction PIN is wrong');
    const check = await partner.post('/transaction/va_bulk_check', {
      data: [row()],
      password: 'wrong-password',
    });
    expect(check.rc).toBe('01');
    expect(await counts()).toEqual(before);
    const checked = await partner.post('/transaction/va_bulk_check', {
      data: [row()],
      password: DEMO_PASSWORD,
    });
    expect(checked.rc, checked.rd).toBe('00');
    expect(checked.data).toEqual({ count: 1 });
  });

  it('saves a group: VAs issued, requests completed, mails queued, each VA payable', async () => {
    const before = await counts();
    const res = await store(partner, [
      row({ customer_id: 'A', customer_email: 'a@example.com', send_mail: true, amount: 150_000 }),
      row({ customer_id: 'B', kode_bank: '009', amount: 275_000 }),
      row({
        customer_id: 'C',
        kode_bank: '008',
        type: 'open',
        amount: 0,
        expired: '',
        customer_email: 'c@example.com',
        send_mail: true,
      }),
    ]);
    expect(res.rc, res.rd).toBe('00');
    expect(res.data).toMatchObject({ created: 3, mailed: 2 });
    expect(res.rd).toBe('3 virtual accounts created in group Tagihan Desember');
    const after = await counts();
    expect(after.vas - before.vas).toBe(3);
    expect(after.requests - before.requests).toBe(3);
    expect(after.bills - before.bills).toBe(2);
    expect(after.mails - before.mails).toBe(2);

    const requests = await t.services.db
      .selectFrom('va_requests')
      .selectAll()
      .where('group_id', '=', res.data.groupId)
      .orderBy('id')
      .execute();
    expect(
      requests.map((r) => [r.customer_id, r.status, r.bill_type, r.amount, r.group_name]),
    ).toEqual([
      ['A', 1, 'close', 150_000, 'Tagihan Desember'],
      ['B', 1, 'close', 275_000, 'Tagihan Desember'],
      ['C', 1, 'open', 0, 'Tagihan Desember'],
    ]);
    const [a, b, c] = requests.map((r) => r.nova as string);
    expect(a).toMatch(/^8014\d{12}$/);
    expect(b).toMatch(/^8009\d{12}$/);
    expect(c).toMatch(/^87827\d{11}$/);

    const mails = await t.services.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('kind', '=', 'bulk_va')
      .orderBy('id')
      .execute();
    expect(mails.map((m) => m.to_address)).toEqual(['a@example.com', 'c@example.com']);
    expect(mails[0].body_text).toContain(a);
    expect(mails[0].body_text).toContain('Rp. 150.000');
    expect(mails[1].body_text).toContain(c);

    const payer = t.client();
    const pay = (number: string, amount: number) =>
      payer.post('/dev/simulator/pay', { channel: 'va', number, amount });
    expect((await pay(a, 150_000)).data.status).toBe('SUCCESS');
    const again = await pay(a, 150_000);
    expect(again.data).toMatchObject({ status: 'REFUSED', reason: 'ALREADY_PAID' });
    expect((await pay(b, 274_000)).data).toMatchObject({ reason: 'AMOUNT_MISMATCH' });
    expect((await pay(b, 275_000)).data.status).toBe('SUCCESS');
    expect((await pay(c, 50_000)).data.status).toBe('SUCCESS');
    await expectLedgerClean(t);
  });

  it('writes nothing when any step of the save fails (one database transaction)', async () => {
    const before = await counts();
    const mail = t.services.mail;
    const queue = mail.queue;
    mail.queue = async () => {
      throw new Error('outbox down');
    };
    try {
      const res = await store(partner, [
        row({ customer_id: 'R1', customer_email: 'r1@example.com', send_mail: true }),
        row({ customer_id: 'R2' }),
      ]);
      expect(res.rc).toBe('GE');
    } finally {
      mail.queue = queue;
    }
    // The VAs, bills, requests and group issued before the outbox failed were rolled back.
    expect(await counts()).toEqual(before);
    const groups = await t.services.db.selectFrom('va_bulk_groups').select('id').execute();
    expect(groups).toHaveLength(1);
  });

  it('saves 10,000 rows in one call and one transaction', async () => {
    const before = await counts();
    const banks = ['014', '009', '002', '008', '451', '022', '011', '013'];
    const rows = Array.from({ length: 10_000 }, (_, i) =>
      row({
        kode_bank: banks[i % banks.length],
        customer_id: `BULK-${i}`,
        customer_name: `Pelanggan ${i}`,
        amount: 10_000 + i,
        type: i % 5 === 0 ? 'open' : 'close',
        expired: i % 5 === 0 ? '' : '2026-12-31 23:59',
        customer_email: i % 2 === 0 ? `p${i}@example.com` : '',
        send_mail: i % 2 === 0,
        description: `Tagihan ${i}`,
      }),
    ).map((r) => (r.type === 'open' ? { ...r, amount: 0 } : r));
    const started = performance.now();
    const res = await store(partner, rows, { groupName: 'Sepuluh ribu' });
    const ms = Math.round(performance.now() - started);
    console.log(`[bulk-va ${kind}] 10,000 rows saved in one call in ${ms} ms`);
    expect(res.rc, res.rd).toBe('00');
    expect(res.data).toMatchObject({ created: 10_000, mailed: 5_000 });
    const after = await counts();
    expect(after.vas - before.vas).toBe(10_000);
    expect(after.requests - before.requests).toBe(10_000);
    expect(after.bills - before.bills).toBe(8_000);
    expect(after.mails - before.mails).toBe(5_000);
    const numbers = await t.services.db
      .selectFrom('va_requests')
      .select(['nova', 'amount', 'bill_type'])
      .where('group_id', '=', res.data.groupId)
      .orderBy('id')
      .execute();
    expect(new Set(numbers.map((n) => n.nova)).size).toBe(10_000);
    const payer = t.client();
    for (const i of [1, 4_999, 9_999]) {
      const r = numbers[i];
      const paid = await payer.post('/dev/simulator/pay', {
        channel: 'va',
        number: r.nova,
        amount: r.amount,
      });
      expect(paid.data.status, JSON.stringify(paid.data)).toBe('SUCCESS');
    }
    await expectLedgerClean(t);
  }, 300_000);
});
