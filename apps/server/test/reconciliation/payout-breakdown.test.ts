import { isTransferOk } from '@gerbang/ledger';
import { RC } from '@gerbang/shared';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOnce } from '../../src/modules/bulk-transfer/runner';
import { checkedRows, csvOf, PIN } from '../bulk-transfer/helpers';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';
import { agentIdOf, PARTNER, TUESDAY_10_WIB } from '../payins/factory';
import { bankInquiry, fundAgent, ledgerBalance, prepare } from '../withdraw/factory';

const FEE = 2_500;

async function runUntilDone(t: TestApp, groupId: number) {
  for (let pass = 0; pass < 20; pass++) {
    await runOnce(t.services);
    const g = await t.services.db
      .selectFrom('disbursement_groups')
      .select('status')
      .where('id', '=', groupId)
      .executeTakeFirstOrThrow();
    if (g.status === 'DONE') return;
  }
  throw new Error('group did not finish');
}

/** The ledger's own sum of what a set of transfer ids moved (independent of the breakdown). */
async function ledgerSum(t: TestApp, pattern: string): Promise<number> {
  const { rows } = await sql<{ n: string | number }>`
    SELECT coalesce(sum(amount), 0) AS n FROM ledger_transfers WHERE id LIKE ${pattern}`.execute(
    t.services.db,
  );
  return Number(rows[0]?.n ?? 0);
}

function download(t: TestApp, c: TestClient, path: string, lang = 'en') {
  return t.app.inject({
    method: 'GET',
    url: `/api/reconciliation/${path}`,
    headers: {
      cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-language': lang,
    },
  });
}

async function sheetRows(payload: unknown) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(payload as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    rows.push((row.values as ExcelJS.CellValue[]).slice(1));
  });
  return { sheet, rows };
}

/**
 * Payout breakdowns on both databases, from payouts made through the product's own calls: a
 * withdrawal that succeeded, one the bank rejected (its hold voided: net 0), and a bulk group with
 * two failing rows (refunded); every figure adds up to the ledger's own transfers, the CSV and
 * XLSX say the same, and another merchant gets not-found.
 */
describe.each(testDatabases())('payout breakdown on %s', (kind) => {
  let t: TestApp;
  let partner: TestClient;
  let okId: string;
  let failedId: string;
  let groupId: number;

  beforeAll(async () => {
    t = await createTestApp(kind, { clockAt: TUESDAY_10_WIB });
    await fundAgent(t, PARTNER, 50_000_000);
    partner = await t.loginAs(PARTNER, { lang: 'en' });
    const ok = await prepare(partner, bankInquiry({ nominal: '150.000' }));
    const paid = await partner.post('/transaction/cashout_payment', ok.payment);
    expect(paid.data.status_trx, paid.rd).toBe('SUCCESS');
    okId = ok.inquiry.idtransaksi;
    const bad = await prepare(partner, bankInquiry({ number: '1234569999', nominal: '300.000' }));
    const failed = await partner.post('/transaction/cashout_payment', bad.payment);
    expect(failed.data.status_trx, failed.rd).toBe('FAILED');
    failedId = bad.inquiry.idtransaksi;
    const checked = await checkedRows(partner, csvOf(5, [2, 4], 100_000));
    const saved = await partner.post('/transaction/cashout_save', {
      saved_data: checked.saved,
      pin: PIN,
      group_name: 'Gaji November',
      group_desc: 'Gaji karyawan',
      token: checked.token.checksum,
      uuid_user: checked.token.uuid_user,
    });
    expect(saved.rc, saved.rd).toBe('00');
    groupId = saved.data.group_id;
    await runUntilDone(t, groupId);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a withdrawal: amount and fee through its hold, posted; net is what left the balance', async () => {
    const res = await partner.get('/reconciliation/payout_breakdown', { id_transaksi: okId });
    expect(res.rc, res.rd).toBe(RC.OK);
    const b = res.data;
    expect(b.payout).toMatchObject({ id_transaksi: okId, status: 'SUCCESS', group_id: null });
    expect(b.totals).toEqual({
      amount: 150_000,
      fee: FEE,
      total: 152_500,
      returned: 0,
      net: 152_500,
    });
    const legs = b.transfers.filter((l: { role: string }) => ['amount', 'fee'].includes(l.role));
    expect(legs.map((l: { amount: number; state: string }) => [l.amount, l.state])).toEqual([
      [150_000, 'posted'],
      [FEE, 'posted'],
    ]);
    expect(b.transfers.filter((l: { role: string }) => l.role === 'post')).toHaveLength(2);
    expect(await ledgerSum(t, `withdraw:${okId}:%:post`)).toBe(b.totals.net);
  });

  it('a withdrawal the bank rejected shows its reversal and nets to 0', async () => {
    const before = await ledgerBalance(t, PARTNER);
    const res = await partner.get('/reconciliation/payout_breakdown', { id_transaksi: failedId });
    expect(res.rc, res.rd).toBe(RC.OK);
    const b = res.data;
    expect(b.payout.status).toBe('FAILED');
    expect(b.totals).toEqual({
      amount: 300_000,
      fee: FEE,
      total: 302_500,
      returned: 302_500,
      net: 0,
    });
    const voids = b.transfers.filter((l: { role: string }) => l.role === 'void');
    expect(voids.reduce((s: number, l: { amount: number }) => s + l.amount, 0)).toBe(302_500);
    expect(await ledgerSum(t, `withdraw:${failedId}:%:void`)).toBe(302_500);
    // Reading a breakdown moves nothing.
    expect(await ledgerBalance(t, PARTNER)).toBe(before);
  });

  it("a bulk group: every row, failed rows refunded as reversals, sums equal the group's ledger transfers", async () => {
    const res = await partner.get('/reconciliation/bulk_breakdown', { id: groupId });
    expect(res.rc, res.rd).toBe(RC.OK);
    const b = res.data;
    expect(b.group).toMatchObject({ id: groupId, status: 'DONE', name: 'Gaji November' });
    expect(b.rows.map((r: { status: string }) => r.status)).toEqual([
      'SUCCESS',
      'FAILED',
      'SUCCESS',
      'FAILED',
      'SUCCESS',
    ]);
    expect(b.rows.map((r: { refunded: number }) => r.refunded)).toEqual([
      0,
      100_000 + FEE,
      0,
      100_000 + FEE,
      0,
    ]);
    const hold = await ledgerSum(t, `bulk_group:${groupId}:hold`);
    const refunds = await ledgerSum(t, `bulk_group:${groupId}:%:refund`);
    const posted = await ledgerSum(t, `bulk_group:${groupId}:%:post`);
    expect(b.totals).toEqual({
      gross: 500_000,
      fees: 5 * FEE,
      total: 500_000 + 5 * FEE,
      held: hold,
      refunded: refunds,
      released: 0,
      net: hold - refunds,
    });
    expect(hold).toBe(500_000 + 5 * FEE);
    expect(refunds).toBe(2 * (100_000 + FEE));
    expect(b.totals.net).toBe(posted);

    // A failed row opened on its own: the group hold's share, its voided legs, its refund.
    const failedRow = b.rows[1];
    const row = await partner.get('/reconciliation/payout_breakdown', {
      id_transaksi: failedRow.id_transaksi,
    });
    expect(row.rc, row.rd).toBe(RC.OK);
    expect(row.data.payout).toMatchObject({ group_id: groupId, refund_pending: false });
    expect(row.data.totals).toMatchObject({ total: 102_500, returned: 102_500, net: 0 });
    expect(row.data.transfers.map((l: { role: string }) => l.role).sort()).toEqual(
      ['amount', 'fee', 'group_hold', 'refund', 'void', 'void'].sort(),
    );
  });

  it('gives the same figures as CSV', async () => {
    const payout = await download(t, partner, `payout_breakdown.csv?id_transaksi=${okId}`);
    expect(payout.statusCode).toBe(200);
    expect(payout.headers['content-type']).toContain('text/csv');
    const lines = payout.body.trim().split('\r\n');
    expect(lines[0]).toBe('transfer,role,state,amount,at');
    expect(lines).toContain('net,152500');
    const bulk = await download(t, partner, `bulk_breakdown.csv?id=${groupId}`);
    const rows = bulk.body.trim().split('\r\n');
    const table = rows.slice(1, 6).map((r) => r.split(','));
    const sum = (col: number) => table.reduce((s, r) => s + Number(r[col]), 0);
    expect(sum(5) + sum(6) - sum(8)).toBe(3 * (100_000 + FEE));
    expect(rows).toContain(`net,${3 * (100_000 + FEE)}`);
  });

  it("gives the same figures as XLSX: rupiah numbers, real dates, the reader's language", async () => {
    const res = await download(t, partner, `bulk_breakdown.xlsx?id=${groupId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const { sheet, rows } = await sheetRows(res.rawPayload);
    const labelled = (label: string) => rows.find((r) => r[0] === label);
    expect(labelled('Created')?.[1]).toBeInstanceOf(Date);
    const header = rows.findIndex((r) => r[0] === 'Row');
    const table = rows.slice(header + 1, header + 6);
    const amounts = table.map((r) => r[5]);
    expect(amounts).toEqual([100_000, 100_000, 100_000, 100_000, 100_000]);
    expect(sheet.getRow(header + 2).getCell(6).numFmt).toBe('"Rp. "#,##0');
    const refunded = table.reduce((s, r) => s + Number(r[8]), 0);
    expect(labelled('Failed rows refunded')?.[1]).toBe(refunded);
    const total = table.reduce((s, r) => s + Number(r[5]) + Number(r[6]), 0);
    expect(labelled('Held from balance')?.[1]).toBe(total);
    expect(labelled('Net debited')?.[1]).toBe(total - refunded);

    const payout = await sheetRows(
      (await download(t, partner, `payout_breakdown.xlsx?id_transaksi=${failedId}`, 'id'))
        .rawPayload,
    );
    const first = payout.rows.map((r) => r[0]);
    expect(first).toContain('Neto keluar dari saldo');
    const net = payout.rows.find((r) => r[0] === 'Neto keluar dari saldo');
    expect(net?.[1]).toBe(0);
    const times = payout.rows.filter((r) => r[4] instanceof Date);
    expect(times.length).toBeGreaterThanOrEqual(4);
  });

  it('a payout the customer paid for (a transfer order line) is not broken down as the balance', async () => {
    const agent = await agentIdOf(t);
    const [funds, clearing, paidIn] = await t.services.ledger.ensureAccounts([
      { kind: 'merchant_order_funds', agentId: agent, environment: 'production' },
      { kind: 'rail_clearing', subkey: '014', environment: 'production' },
      { kind: 'cash_in_clearing', subkey: 'test', environment: 'production' },
    ]);
    // The customer's payment of the order, then the line's payout hold from it.
    const paid = await t.services.ledger.createTransfer({
      id: 'transfer_order:T1:paid',
      debitAccountId: paidIn!.id,
      creditAccountId: funds!.id,
      amount: 50_000,
      kind: 'transfer_order_payment',
    });
    expect(isTransferOk(paid)).toBe(true);
    await t.services.db
      .insertInto('transactions')
      .values({
        id_transaksi: 'TRXORDERLINE0001',
        agent_id: agent,
        environment: 'production',
        kind: 'TRANSFER',
        jenis_produk: 'TRANSFER',
        jenis_trx: 'CASH OUT',
        status_trx: 'PROCESS',
        time_request: TUESDAY_10_WIB,
        transaction_date: '2026-11-24',
        nominal_origin: 50_000,
      })
      .execute();
    const held = await t.services.ledger.createTransfer({
      id: 'transfer_order:T1:1:amount',
      debitAccountId: funds!.id,
      creditAccountId: clearing!.id,
      amount: 50_000,
      flags: { pending: true },
      kind: 'transfer',
      reference: 'TRXORDERLINE0001',
    });
    expect(isTransferOk(held)).toBe(true);
    const res = await partner.get('/reconciliation/payout_breakdown', {
      id_transaksi: 'TRXORDERLINE0001',
    });
    expect(res.rc).toBe(RC.NOT_FOUND);
    expect(res.rd).toMatch(/paid by your customer, not from your balance/);
  });

  it("another merchant's payout or group, or a malformed id, is not found", async () => {
    const other = await t.loginAs('aggregator@demo.id', { lang: 'en' });
    const payout = await other.get('/reconciliation/payout_breakdown', { id_transaksi: okId });
    expect(payout.rc).toBe(RC.NOT_FOUND);
    expect(payout.rd).toBe('Choose a payout of yours.');
    const group = await other.get('/reconciliation/bulk_breakdown', { id: groupId });
    expect(group.rc).toBe(RC.NOT_FOUND);
    expect(group.rd).toBe('Choose a bulk transfer group of yours.');
    const file = await download(t, other, `bulk_breakdown.xlsx?id=${groupId}`);
    expect(file.statusCode).toBe(404);
    const bad = await partner.get('/reconciliation/bulk_breakdown', { id: 'abc' });
    expect(bad.rc).toBe(RC.VALIDATION);
  });
});
