import { type Environment, translate } from '@gerbang/shared';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { addDays, agentId, insertTransactions, type Tx, todayWib, userId } from './fixtures';

/**
 * `GET report/{key}` and `GET report/{key}/xlsx` (spec 01 §2, §7): daily rows of the month equal
 * what the test inserted; rules per key (permission, API flag, group 11); period checks.
 */
describe.each(testDatabases())('monthly reports on %s', (kind) => {
  let t: TestApp;
  let today: string;
  let period: string;
  let monthStart: string;
  let previousPeriod: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    today = todayWib(t);
    monthStart = `${today.slice(0, 8)}01`;
    period = today.slice(0, 7).replace('-', '');
    previousPeriod = addDays(monthStart, -1).slice(0, 7).replace('-', '');
    const partner = await agentId(t, 'partner@demo.id');
    const member1 = await agentId(t, 'toko.makmur@demo.id');
    const member2 = await agentId(t, 'kopi.senja@demo.id');
    const aggregator = await agentId(t, 'aggregator@demo.id');
    const p = (
      r: Omit<Tx, 'agent_id' | 'environment'>,
      agent = partner,
      environment: Environment = 'production',
    ): Tx => ({
      ...r,
      agent_id: agent,
      environment,
    });
    const rows: Tx[] = [
      p({
        jenis_produk: 'IPG',
        status_trx: 'SUCCESS',
        transaction_date: monthStart,
        nominal_origin: 100_000,
      }),
      p({
        jenis_produk: 'IPG',
        status_trx: 'SUCCESS',
        transaction_date: monthStart,
        nominal_origin: 150_000,
      }),
      p({
        jenis_produk: 'TRANSFER',
        status_trx: 'SUCCESS',
        transaction_date: monthStart,
        nominal_origin: 1_000_000,
      }),
      p({
        jenis_produk: 'TRANSFER',
        status_trx: 'FAILED',
        transaction_date: monthStart,
        nominal_origin: 999,
      }),
      p({
        jenis_produk: 'TRANSFER',
        status_trx: 'PROCESS',
        transaction_date: today,
        nominal_origin: 888,
      }),
      p({
        jenis_produk: 'EMONEY',
        status_trx: 'SUCCESS',
        transaction_date: today,
        nominal_origin: 50_000,
      }),
      // Outside the period, another environment, another agent: never in the partner's report.
      p({
        jenis_produk: 'IPG',
        status_trx: 'SUCCESS',
        transaction_date: addDays(monthStart, -1),
        nominal_origin: 7_000_000,
      }),
      p(
        {
          jenis_produk: 'IPG',
          status_trx: 'SUCCESS',
          transaction_date: today,
          nominal_origin: 6_000_000,
        },
        partner,
        'sandbox',
      ),
      // Members of the aggregator (and the aggregator's own row, which is not a member's).
      p(
        {
          jenis_produk: 'IPG',
          status_trx: 'SUCCESS',
          transaction_date: today,
          nominal_origin: 20_000,
          nama_produk: 'Virtual Account BCA',
        },
        member1,
      ),
      p(
        {
          jenis_produk: 'IPG',
          status_trx: 'SUCCESS',
          transaction_date: today,
          nominal_origin: 30_000,
          nama_produk: 'Virtual Account BCA',
        },
        member1,
      ),
      p(
        {
          jenis_produk: 'IPG',
          status_trx: 'FAILED',
          transaction_date: today,
          nominal_origin: 40_000,
          nama_produk: 'Virtual Account BCA',
        },
        member1,
      ),
      p(
        {
          jenis_produk: 'IPG',
          status_trx: 'SUCCESS',
          transaction_date: today,
          nominal_origin: 5_000,
          nama_produk: 'QRIS',
        },
        member2,
      ),
      p(
        {
          jenis_produk: 'IPG',
          status_trx: 'SUCCESS',
          transaction_date: today,
          nominal_origin: 9_000,
          nama_produk: 'QRIS',
        },
        member2,
        'sandbox',
      ),
      p(
        {
          jenis_produk: 'IPG',
          status_trx: 'SUCCESS',
          transaction_date: today,
          nominal_origin: 70_000,
          nama_produk: 'QRIS',
        },
        aggregator,
      ),
    ];
    await insertTransactions(t, rows);
    const callback = (
      created_date: string,
      status_sent: number,
      environment = 'production',
      agent = partner,
    ) => ({
      agent_id: agent,
      environment: environment as Environment,
      id_transaksi: `T${Math.random().toString(36).slice(2)}`,
      created_date,
      status_sent,
      type_callback: 'payment',
      url_callback: 'https://merchant.example/callback',
      request_raw: '{}',
    });
    await t.services.db
      .insertInto('callbacks')
      .values([
        callback(monthStart, 1),
        callback(monthStart, 1),
        callback(monthStart, 2),
        callback(today, 1),
        callback(today, 1, 'sandbox'),
        callback(today, 1, 'production', member1),
        callback(addDays(monthStart, -1), 1),
      ])
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Rows of one date, in the answer's order (date, then group). */
  const merge = (
    rows: Array<{ date: string; group: string; amount: number; fullamount?: number }>,
  ) =>
    [...rows].sort((a, b) =>
      a.date === b.date ? a.group.localeCompare(b.group) : a.date.localeCompare(b.date),
    );

  it('daily_success_trx: count and amount of successful transactions per day and type', async () => {
    const c = await t.loginAs('partner@demo.id');
    const res = await c.get('/report/daily_success_trx', { period });
    expect(res.rc).toBe('00');
    const expected =
      today === monthStart
        ? [
            { date: today, group: 'EMONEY', amount: 1, fullamount: 50_000 },
            { date: today, group: 'IPG', amount: 2, fullamount: 250_000 },
            { date: today, group: 'TRANSFER', amount: 1, fullamount: 1_000_000 },
          ]
        : [
            { date: monthStart, group: 'IPG', amount: 2, fullamount: 250_000 },
            { date: monthStart, group: 'TRANSFER', amount: 1, fullamount: 1_000_000 },
            { date: today, group: 'EMONEY', amount: 1, fullamount: 50_000 },
          ];
    expect(res.data).toEqual(merge(expected));
    const ipg = await c.get('/report/daily_success_trx', { period, type: 'IPG' });
    expect(ipg.data).toEqual([{ date: monthStart, group: 'IPG', amount: 2, fullamount: 250_000 }]);
    // The month before holds only the row outside this period.
    const before = await c.get('/report/daily_success_trx', { period: previousPeriod });
    expect(before.data).toEqual([
      { date: addDays(monthStart, -1), group: 'IPG', amount: 1, fullamount: 7_000_000 },
    ]);
  });

  it('daily_omzet: the rupiah sum of successful transactions per day and type', async () => {
    const c = await t.loginAs('partner@demo.id');
    const res = await c.get('/report/daily_omzet', { period });
    expect(res.rc).toBe('00');
    const total = res.data.reduce((sum: number, r: { amount: number }) => sum + r.amount, 0);
    expect(total).toBe(100_000 + 150_000 + 1_000_000 + 50_000);
    expect(res.data.find((r: { group: string }) => r.group === 'TRANSFER')).toEqual({
      date: monthStart,
      group: 'TRANSFER',
      amount: 1_000_000,
    });
  });

  it('daily_callback: callbacks per day and delivery status, from the callback log', async () => {
    const c = await t.loginAs('partner@demo.id');
    const res = await c.get('/report/daily_callback', { period });
    expect(res.rc).toBe('00');
    const expected =
      today === monthStart
        ? [
            { date: today, group: 'SENT', amount: 3 },
            { date: today, group: 'FAILED', amount: 1 },
          ]
        : [
            { date: monthStart, group: 'SENT', amount: 2 },
            { date: monthStart, group: 'FAILED', amount: 1 },
            { date: today, group: 'SENT', amount: 1 },
          ];
    expect(res.data).toEqual(expected);
  });

  it('group-11 reports: members’ successful transactions by agent and by product', async () => {
    const c = await t.loginAs('aggregator@demo.id');
    const byAgent = await c.get('/report/report_transaction_payment_success_by_agen', { period });
    expect(byAgent.rc).toBe('00');
    expect(byAgent.data).toEqual([
      { date: today, group: 'Toko Sembako Makmur', amount: 2, fullamount: 50_000 },
      { date: today, group: 'Warung Kopi Senja', amount: 1, fullamount: 5_000 },
    ]);
    const byProduct = await c.get('/report/report_transaction_payment_success_by_product', {
      period,
    });
    expect(byProduct.data).toEqual([
      { date: today, group: 'QRIS', amount: 1, fullamount: 5_000 },
      { date: today, group: 'Virtual Account BCA', amount: 2, fullamount: 50_000 },
    ]);
    // In sandbox only the sandbox member row counts.
    await c.post('/control/change_environment_sandbox');
    const sandbox = await c.get('/report/report_transaction_payment_success_by_agen', { period });
    expect(sandbox.data).toEqual([
      { date: today, group: 'Warung Kopi Senja', amount: 1, fullamount: 9_000 },
    ]);
  });

  it('exports a report to Excel with the same rows and a total line', async () => {
    const c = await t.loginAs('partner@demo.id', { lang: 'en' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/report/daily_success_trx/xlsx?period=${period}`,
      headers: {
        cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-language': 'en',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(`daily_success_trx_${period}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const values = sheet.getSheetValues().filter(Boolean) as unknown[][];
    expect(values[0][1]).toBe('Daily Successful Transactions Report');
    const header = values.findIndex((row) => row[1] === 'Date');
    expect(values[header].slice(1)).toEqual(['Date', 'Group', 'Count', 'Amount']);
    const body = values.slice(header + 1, -1).map((row) => row.slice(1));
    expect(body).toHaveLength(3);
    expect(body.map((row) => row[2]).reduce((a, b) => Number(a) + Number(b), 0)).toBe(4);
    expect(values.at(-1)?.slice(1)).toEqual(['Total', '', 4, 1_300_000]);
    // A refusal before the file is the usual envelope.
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/report/report_transaction_payment_success_by_agen/xlsx?period=${period}`,
      headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(refused.json().rc).toBe('403');
  });

  it('every report file has Excel dates and rupiah numbers, and totals equal to the API answer', async () => {
    const reports = [
      ['partner@demo.id', 'daily_success_trx'],
      ['partner@demo.id', 'daily_omzet'],
      ['partner@demo.id', 'daily_callback'],
      ['aggregator@demo.id', 'report_transaction_payment_success_by_agen'],
      ['aggregator@demo.id', 'report_transaction_payment_success_by_product'],
    ] as const;
    const WIB = 7 * 3_600_000;
    const dayCell = (date: string) => new Date(`${date}T00:00:00Z`);
    for (const [user, key] of reports) {
      const c = await t.loginAs(user, { lang: 'en' });
      const api = await c.get<
        Array<{ date: string; group: string; amount: number; fullamount?: number }>
      >(`/report/${key}`, { period });
      expect(api.rc, key).toBe('00');
      expect(api.data.length, key).toBeGreaterThan(0);
      const before = t.clock.now.getTime();
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/report/${key}/xlsx?period=${period}`,
        headers: {
          cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'x-language': 'en',
        },
      });
      const after = t.clock.now.getTime();
      expect(res.statusCode, key).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0];
      if (!sheet) throw new Error('no sheet');

      // The period is a month, the time of writing the WIB wall clock (Excel has no zones).
      const periodCell = sheet.getRow(2).getCell(2);
      expect(periodCell.type, key).toBe(ExcelJS.ValueType.Date);
      expect(periodCell.numFmt).toBe('mm/yyyy');
      expect(periodCell.value).toEqual(dayCell(monthStart));
      const written = sheet.getRow(3).getCell(2);
      expect(written.type, key).toBe(ExcelJS.ValueType.Date);
      expect(written.numFmt).toBe('dd/mm/yyyy hh:mm:ss');
      const writtenAt = (written.value as Date).getTime();
      // Excel keeps whole seconds of the WIB time.
      expect(writtenAt).toBeGreaterThanOrEqual(Math.floor((before + WIB) / 1000) * 1000);
      expect(writtenAt).toBeLessThanOrEqual(after + WIB);

      const header = 5;
      const body = api.data.map((_, i) => sheet.getRow(header + 1 + i));
      const rupiah = key === 'daily_omzet' ? '"Rp. "#,##0' : '#,##0';
      api.data.forEach((row, i) => {
        const line = body[i];
        if (!line) throw new Error('missing line');
        expect(line.getCell(1).type, key).toBe(ExcelJS.ValueType.Date);
        expect(line.getCell(1).numFmt).toBe('dd/mm/yyyy');
        expect(line.getCell(1).value).toEqual(dayCell(row.date));
        const label = translate('en', `reports.groups.${row.group}`);
        expect([row.group, label]).toContain(line.getCell(2).value);
        expect(line.getCell(3).type, key).toBe(ExcelJS.ValueType.Number);
        expect(line.getCell(3).numFmt).toBe(rupiah);
        expect(line.getCell(3).value).toBe(row.amount);
        if (row.fullamount !== undefined) {
          expect(line.getCell(4).numFmt).toBe('"Rp. "#,##0');
          expect(line.getCell(4).value).toBe(row.fullamount);
        }
      });
      const total = sheet.getRow(header + 1 + api.data.length);
      expect(total.getCell(1).value).toBe('Total');
      expect(total.getCell(3).type, key).toBe(ExcelJS.ValueType.Number);
      expect(total.getCell(3).numFmt).toBe(rupiah);
      expect(total.getCell(3).value, key).toBe(api.data.reduce((sum, r) => sum + r.amount, 0));
      if (api.data[0]?.fullamount !== undefined)
        expect(total.getCell(4).value, key).toBe(
          api.data.reduce((sum, r) => sum + (r.fullamount ?? 0), 0),
        );
      expect(sheet.rowCount, key).toBe(header + 1 + api.data.length);
    }
  });

  it('refuses a future period and a malformed one', async () => {
    const c = await t.loginAs('partner@demo.id', { lang: 'en' });
    const next = addDays(`${today.slice(0, 8)}28`, 7)
      .slice(0, 7)
      .replace('-', '');
    const future = await c.get('/report/daily_success_trx', { period: next });
    expect(future.rc).toBe('400');
    expect(future.rd).toBe('The period cannot be later than this month.');
    expect((await c.get('/report/daily_success_trx', { period: '202613' })).rd).toBe(
      'Invalid period (format YYYYMM).',
    );
    expect((await c.get('/report/daily_success_trx', {})).rc).toBe('400');
  });

  it('applies each report’s rule: API flag, group 11, per-user denials', async () => {
    // daily_callback needs the API flag: newbiz (API disabled) is refused, its other reports are not.
    const newbiz = await t.loginAs('newbiz@demo.id');
    expect((await newbiz.get('/report/daily_callback', { period })).rc).toBe('403');
    expect((await newbiz.get('/report/daily_success_trx', { period })).rc).toBe('00');
    // Group-11 reports are refused to a partner.
    const partner = await t.loginAs('partner@demo.id');
    for (const key of [
      'report_transaction_payment_success_by_agen',
      'report_transaction_payment_success_by_product',
    ])
      expect((await partner.get(`/report/${key}`, { period })).rc, key).toBe('403');
    // A sub-user denied daily_omzet READ is refused that report only.
    const staff = await userId(t, 'staff@demo.id');
    await t.services.db
      .insertInto('user_module_denials')
      .values({ user_id: staff, module_id: 18, action: 'READ' })
      .execute();
    const s = await t.loginAs('staff@demo.id');
    expect((await s.get('/report/daily_omzet', { period })).rc).toBe('403');
    expect((await s.get('/report/daily_omzet/xlsx', { period })).rc).toBe('403');
    expect((await s.get('/report/daily_success_trx', { period })).rc).toBe('00');
  });
});
