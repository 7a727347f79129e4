import { RC } from '@gerbang/shared';
import ExcelJS from 'exceljs';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';
import { agentIdOf, TUESDAY_10_WIB } from '../payins/factory';

const PAYMENTS = [
  { id: 'QRBRK000000000001', gross: 100_000, net: 99_300 },
  { id: 'QRBRK000000000002', gross: 250_000, net: 248_250 },
  { id: 'QRBRK000000000003', gross: 1_000_000, net: 993_000 },
];

/**
 * Settlement breakdown on both databases: a settlement of three payments with an
 * advance-fund recovery and a refund of one of them; the payments, fees and gross → net add up,
 * the CSV says the same, and a settlement of another merchant is not found.
 */
describe.each(testDatabases())('settlement breakdown on %s', (kind) => {
  let t: TestApp;
  let partner: TestClient;
  let settlementId: number;
  let otherSettlementId: number;

  async function seedSettlement(db: Kysely<any>, agentId: number, environment: string) {
    const at = TUESDAY_10_WIB;
    const stl = await db
      .insertInto('settlements')
      .values({
        agent_id: agentId,
        environment,
        tgltrx: '2026-11-23',
        tglsettle: '2026-11-24',
        id_produk: 'QRIS',
        nama_produk: 'QRIS',
        rekonnum: PAYMENTS.length,
        nominal: PAYMENTS.reduce((s, p) => s + p.net, 0),
        status: 'completed',
        created_at: at,
        reference: `STL-20261123-QRIS-${agentId}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('incoming_holds')
      .values(
        PAYMENTS.map((p) => ({
          agent_id: agentId,
          environment,
          id_transaksi: `${p.id}${agentId}`,
          id_produk: 'QRIS',
          nama_produk: 'QRIS',
          nominal_origin: p.gross,
          hold_amount: p.net,
          created_date: '2026-11-23',
          date_settlement: '2026-11-24',
          is_sent: 1,
          settlement_id: stl.id,
        })),
      )
      .execute();
    return Number(stl.id);
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { clockAt: TUESDAY_10_WIB });
    partner = await t.loginAs('partner@demo.id', { lang: 'en' });
    const agentId = await agentIdOf(t);
    const db = t.services.db as unknown as Kysely<any>;
    const session = await db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select('sessions.environment')
      .where('users.username', '=', 'partner@demo.id')
      .orderBy('sessions.id', 'desc')
      .executeTakeFirstOrThrow();
    settlementId = await seedSettlement(db, agentId, session.environment);
    const other = await db
      .selectFrom('agents')
      .select('id')
      .where('id', '<>', agentId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    otherSettlementId = await seedSettlement(db, Number(other.id), session.environment);
    const request = await db
      .insertInto('dana_talangan_requests')
      .values({
        agent_id: agentId,
        environment: session.environment,
        username: 'partner@demo.id',
        date_from: '2026-11-23',
        date_to: '2026-11-23',
        id_produk: 'QRIS',
        nama_produk: 'QRIS',
        nominal: 300_000,
        status: 3,
        created_date: '2026-11-23',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('dana_talangan_recoveries')
      .values({
        request_id: request.id,
        settlement_id: settlementId,
        amount: 300_000,
        ledger_transfer_id: `advance_recovery:${request.id}`,
        created_at: TUESDAY_10_WIB,
      })
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the payments and adds up gross → net', async () => {
    const res = await partner.get('/reconciliation/settlement_breakdown', { id: settlementId });
    expect(res.rc).toBe(RC.OK);
    const b = res.data;
    expect(b.transactions).toHaveLength(3);
    const gross = PAYMENTS.reduce((s, p) => s + p.gross, 0);
    const net = PAYMENTS.reduce((s, p) => s + p.net, 0);
    expect(b.totals).toEqual({
      gross,
      fees: gross - net,
      settled: net,
      advance_recoveries: 300_000,
      net: net - 300_000,
      refunds: 0,
    });
    for (const row of b.transactions) expect(row.gross - row.fee).toBe(row.net);
    expect(b.totals.gross - b.totals.fees - b.totals.advance_recoveries).toBe(b.totals.net);
  });

  it('gives the same figures as CSV', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/reconciliation/settlement_breakdown.csv?id=${settlementId}`,
      headers: { cookie: [...partner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = res.body.trim().split('\r\n');
    const payments = rows.slice(1, 4).map((r) => r.split(','));
    expect(payments.reduce((s, r) => s + Number(r[1]), 0)).toBe(1_350_000);
    expect(rows).toContain(`net,${PAYMENTS.reduce((s, p) => s + p.net, 0) - 300_000}`);
  });

  it("gives the same figures as XLSX: rupiah numbers and real dates, in the reader's language", async () => {
    const get = (lang: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/reconciliation/settlement_breakdown.xlsx?id=${settlementId}`,
        headers: {
          cookie: [...partner.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'x-language': lang,
        },
      });
    const res = await get('en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const rows: ExcelJS.CellValue[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row) => {
      rows.push((row.values as ExcelJS.CellValue[]).slice(1));
    });
    const labelled = (label: string) => rows.find((r) => r[0] === label);
    const settleDay = labelled('Settlement date')?.[1];
    expect(settleDay).toBeInstanceOf(Date);
    expect((settleDay as Date).toISOString().slice(0, 10)).toBe('2026-11-24');
    expect(sheet.getCell(`B${rows.indexOf(labelled('Settlement date') ?? []) + 1}`).numFmt).toBe(
      'dd/mm/yyyy',
    );
    const header = rows.findIndex((r) => r[0] === 'Payment');
    const payments = rows.slice(header + 1, header + 1 + PAYMENTS.length);
    expect(payments.map((r) => r.slice(1, 4))).toEqual(
      PAYMENTS.map((p) => [p.gross, p.gross - p.net, p.net]),
    );
    const grossCell = sheet.getRow(header + 2).getCell(2);
    expect(typeof grossCell.value).toBe('number');
    expect(grossCell.numFmt).toBe('"Rp. "#,##0');
    const net = PAYMENTS.reduce((s, p) => s + p.net, 0);
    expect(labelled('Settled (gross − fees)')?.[1]).toBe(net);
    expect(labelled('Advance funds paid back')?.[1]).toBe(300_000);
    expect(labelled('Net to you')?.[1]).toBe(net - 300_000);

    const id = new ExcelJS.Workbook();
    await id.xlsx.load((await get('id')).rawPayload as unknown as ArrayBuffer);
    const firstColumn: unknown[] = [];
    id.worksheets[0]?.eachRow((row) => {
      firstColumn.push(row.getCell(1).value);
    });
    expect(firstColumn).toContain('Neto untuk Anda');
  });

  it("another merchant's settlement, or none, is not found", async () => {
    const res = await partner.get('/reconciliation/settlement_breakdown', {
      id: otherSettlementId,
    });
    expect(res.rc).toBe(RC.NOT_FOUND);
    expect(res.rd).toBe('Choose a settlement of yours.');
    const bad = await partner.get('/reconciliation/settlement_breakdown', { id: 'abc' });
    expect(bad.rc).toBe(RC.VALIDATION);
  });
});
