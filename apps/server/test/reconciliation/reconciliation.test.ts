import { randomBytes } from 'node:crypto';
import type { Environment } from '@gerbang/shared';
import { RC } from '@gerbang/shared';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LedgerItem, ledgerItems } from '../../src/modules/reconciliation/expected';
import { movementOf } from '../../src/modules/reconciliation/simulator-statement';
import { runReconSummaryOnce } from '../../src/modules/reconciliation/summary-mail';
import {
  SIMULATOR_CSV_MAPPING,
  type StatementMovement,
  writeCamt053,
  writeMt940,
} from '../../src/rails/simulator/statement-files';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';
import { agentIdOf, TUESDAY_10_WIB } from '../payins/factory';

function multipart(filename: string, content: string) {
  const boundary = `----gerbang${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    body: Buffer.concat([
      Buffer.from(head),
      Buffer.from(content),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

async function insertPayouts(
  t: TestApp,
  agentId: number,
  environment: Environment,
  day: string,
  n: number,
) {
  const at = new Date(`${day}T09:00:00+07:00`);
  await t.services.db
    .insertInto('transactions')
    .values(
      Array.from({ length: n }, (_, i) => ({
        id_transaksi: `WD${day.replace(/-/g, '').slice(2)}0900${String(i).padStart(8, '0')}`,
        agent_id: agentId,
        environment,
        kind: 'WITHDRAW' as const,
        jenis_produk: 'TRANSFER' as const,
        jenis_trx: 'CASH OUT' as const,
        status_trx: 'SUCCESS' as const,
        time_request: at,
        transaction_date: day,
        time_completed: at,
        kodebank: '014',
        namabank: 'BCA',
        nominal_origin: 150_000 + i * 25_000,
        rail_reference: `RAIL-${day}-${i}`,
        updated_at: at,
      })),
    )
    .execute();
}

/**
 * Reconciliation on both databases: a statement of partner's real payouts with
 * five injected differences (a missing line, a changed amount, a duplicate, an unknown reference,
 * a line that comes a day late on the next statement) gives exactly those exceptions; the same
 * file twice and an overlapping statement store no line twice; a malformed file is refused with
 * its line and nothing is stored; parallel runs agree; hand decisions are audited; only holders
 * of reconcile_write_off write off. Nothing posts to the ledger.
 */
describe.each(testDatabases())('reconciliation on %s', (kind) => {
  let t: TestApp;
  let partner: TestClient;
  let agentId: number;
  let environment: Environment;
  let day: string;
  let items: LedgerItem[];

  const upload = (client: TestClient, query: string, name: string, content: string) => {
    const { body, headers } = multipart(name, content);
    return client.post(`/reconciliation/import?${query}`, body, { headers });
  };
  const count = async (table: 'recon_lines' | 'recon_statements' | 'ledger_transfers') => {
    const r = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(
      t.services.db,
    );
    return Number(r.rows[0]?.n);
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { clockAt: TUESDAY_10_WIB });
    partner = await t.loginAs('partner@demo.id', { lang: 'en' });
    agentId = await agentIdOf(t);
    const session = await t.services.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select('sessions.environment')
      .where('users.username', '=', 'partner@demo.id')
      .orderBy('sessions.id', 'desc')
      .executeTakeFirstOrThrow();
    environment = session.environment;
    // Partner's payouts that the rails completed (the API tests seed no history): eight on Monday,
    // two on Tuesday, each a SUCCESS cash-out row as the payout pipeline leaves it.
    day = '2026-11-23';
    await insertPayouts(t, agentId, environment, day, 8);
    await insertPayouts(t, agentId, environment, nextDay(day), 2);
    items = await ledgerItems(t.services.db, {
      agentId,
      environment,
      account: 'payout',
      from: day,
      to: day,
    });
    expect(items.length).toBeGreaterThanOrEqual(6);
    // Late after one day, so the missing line is an exception once the next day's statement is in.
    expect(
      (await partner.post('/reconciliation/settings', { tolerance_days: 2, late_after_days: 1 }))
        .rc,
    ).toBe(RC.OK);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the simulator bank gives the day in all three formats', async () => {
    for (const format of ['mt940', 'camt053', 'csv']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/reconciliation/simulator_statement?account=payout&format=${format}&day=${day}`,
        headers: { cookie: [...partner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      expect(res.statusCode).toBe(200);
      for (const item of items) expect(res.body).toContain(movementOf(item).bankReference);
    }
  });

  it('a malformed file is refused with its line, nothing stored', async () => {
    const before = await count('recon_statements');
    const good = writeMt940({
      account: 'X',
      statementId: 'BAD',
      day,
      openingBalance: 0,
      movements: items.map(movementOf),
    });
    const lines = good.split('\r\n');
    lines[6] = (lines[6] ?? '').replace(/,00NTRF/, 'X,00NTRF');
    const res = await upload(partner, 'account=payout&format=mt940', 'bad.sta', lines.join('\r\n'));
    expect(res.rc).toBe(RC.VALIDATION);
    expect(res.data).toMatchObject({ line: 7 });
    expect(res.rd).toContain('line 7');
    expect(await count('recon_statements')).toBe(before);
    // The first statement of a file is stored before the second is read: a refusal in the second
    // rolls the first back too.
    const linesBefore = await count('recon_lines');
    const two = `${good}\r\n${lines.join('\r\n').replace(':20:BAD', ':20:BAD2')}`;
    const second = await upload(partner, 'account=payout&format=mt940', 'two.sta', two);
    expect(second.rc).toBe(RC.VALIDATION);
    expect(second.data.line).toBeGreaterThan(good.split('\r\n').length);
    expect([await count('recon_statements'), await count('recon_lines')]).toEqual([
      before,
      linesBefore,
    ]);
  });

  it('finds exactly the injected differences; the same file twice stores nothing', async () => {
    const [missing, changed, duplicated, late, ...rest] = items as [
      LedgerItem,
      LedgerItem,
      LedgerItem,
      LedgerItem,
      ...LedgerItem[],
    ];
    const changedLine = { ...movementOf(changed), amount: changed.amount - 1_000 };
    const unknown: StatementMovement = {
      bookedOn: day,
      amount: -777_777,
      reference: 'ZZUNKNOWN00001',
      bankReference: 'SBUNKNOWN',
      description: 'ZZUNKNOWN00001 transfer',
    };
    const first = writeMt940({
      account: 'SIM-PAYOUT-CLEARING-001',
      statementId: 'T1',
      day,
      openingBalance: 0,
      movements: [
        changedLine,
        movementOf(duplicated),
        movementOf(duplicated),
        unknown,
        ...rest.map(movementOf),
      ],
    });
    const next = nextDay(day);
    const nextItems = await ledgerItems(t.services.db, {
      agentId,
      environment,
      account: 'payout',
      from: next,
      to: next,
    });
    const second = writeCamt053(
      {
        account: 'SIM-PAYOUT-CLEARING-001',
        statementId: 'T2',
        day: next,
        openingBalance: 0,
        movements: [{ ...movementOf(late), bookedOn: next }, ...nextItems.map(movementOf)],
      },
      t.clock.now,
    );
    const a = await upload(partner, 'account=payout&format=mt940', 'day1.sta', first);
    expect(a.data).toMatchObject({ duplicate_file: false, lines: rest.length + 4, known_lines: 0 });
    const again = await upload(partner, 'account=payout&format=mt940', 'day1-again.sta', first);
    expect(again.data).toMatchObject({ duplicate_file: true, statement_id: a.data.statement_id });
    expect((await upload(partner, 'account=payout&format=camt053', 'day2.xml', second)).rc).toBe(
      RC.OK,
    );
    const transfers = await count('ledger_transfers');

    // Two runs at once take turns on the scope's lock and agree.
    const [r1, r2] = await Promise.all([
      partner.post('/reconciliation/run', { account: 'payout' }),
      partner.post('/reconciliation/run', { account: 'payout' }),
    ]);
    expect(r1.data).toEqual(r2.data);
    expect(r1.data).toMatchObject({
      matched: rest.length + 2 + nextItems.length,
      amount_mismatch: 1,
      unmatched_line: 2,
      unmatched_item: 1,
    });
    const open = await partner.get('/reconciliation/results', { status: 'open' });
    const byStatus = (s: string) =>
      open.data.rows.filter((r: { status: string }) => r.status === s);
    expect(byStatus('amount_mismatch')).toEqual([
      expect.objectContaining({ item_key: changed.key, drift: -1_000 }),
    ]);
    expect(byStatus('unmatched_item')).toEqual([
      expect.objectContaining({ item_key: missing.key, drift: -missing.amount }),
    ]);
    expect(
      byStatus('unmatched_line')
        .map((r: { note: string }) => r.note)
        .sort(),
    ).toEqual(['duplicate', 'unknown_reference']);
    expect(await count('ledger_transfers')).toBe(transfers); // records only

    const summary = await partner.get('/reconciliation/summary', {
      account: 'payout',
      from: day,
      to: day,
    });
    const d = summary.data.days[0];
    expect(d).toMatchObject({
      day,
      matched: rest.length + 1,
      exceptions: 4,
      drift: -1_000 + duplicated.amount - 777_777 - missing.amount,
    });
    expect(d.match_rate).toBeCloseTo((rest.length + 1) / (rest.length + 5), 3);

    // An overlapping statement (the simulator's whole day as CSV) adds only the line that was missing.
    await partner.post('/reconciliation/mappings', { ...SIMULATOR_CSV_MAPPING });
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/reconciliation/simulator_statement?account=payout&format=csv&day=${day}`,
      headers: { cookie: [...partner.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    const overlap = await upload(
      partner,
      'account=payout&format=csv&bank_code=SIM',
      'day1.csv',
      csv.body,
    );
    expect([overlap.rc, overlap.rd]).toEqual([RC.OK, expect.any(String)]);
    expect(overlap.data).toMatchObject({ lines: items.length, known_lines: items.length - 1 });
  });

  it('a QRIS refund is a settlement-account item, money out, matched by its refund number', async () => {
    const at = new Date(`${day}T11:00:00+07:00`);
    const db = t.services.db as unknown as Kysely<any>;
    const qr = await db
      .insertInto('snap_qris')
      .values({
        agent_id: agentId,
        environment,
        partner_reference_no: 'RECON-QR-1',
        partner_reff: 'RECON-QR-1-REFF',
        code: 'RECONQR1',
        payload: '000201',
        amount: 90_000,
        expires_at: at,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('snap_qris_refunds')
      .values({
        agent_id: agentId,
        environment,
        snap_qris_id: qr.id,
        partner_refund_no: 'RECON-RF-1',
        refund_no: 'RFRECON000000001',
        external_id: 'RECON-EXT-1',
        id_transaksi: 'QRRECON000000001',
        amount: 40_000,
        reason: 'customer returned the goods',
        ledger_transfer_id: 'qris_refund:RFRECON000000001',
        created_at: at,
      })
      .execute();
    const settlement = await ledgerItems(t.services.db, {
      agentId,
      environment,
      account: 'settlement',
      from: day,
      to: day,
    });
    const refund = settlement.find((i) => i.key.startsWith('rfd:'));
    expect(refund).toMatchObject({ day, amount: -40_000, reference: 'RFRECON000000001' });
    const statement = writeMt940({
      account: 'SIM-SETTLEMENT-001',
      statementId: 'RF1',
      day,
      openingBalance: 0,
      movements: settlement.map(movementOf),
    });
    expect((await upload(partner, 'account=settlement&format=mt940', 'rf.sta', statement)).rc).toBe(
      RC.OK,
    );
    const run = await partner.post('/reconciliation/run', { account: 'settlement' });
    expect(run.data).toMatchObject({ matched: settlement.length, unmatched_line: 0 });
    const matched = await partner.get('/reconciliation/results', {
      account: 'settlement',
      status: 'matched',
    });
    expect(matched.data.rows).toContainEqual(
      expect.objectContaining({ item_key: refund?.key, drift: 0 }),
    );
  });

  it('the daily summary mail goes once per agent, environment and day', async () => {
    // The clock is Tuesday morning WIB: the mail summarises Monday, the statement day above.
    const sent = await Promise.all([
      runReconSummaryOnce(t.services, true),
      runReconSummaryOnce(t.services, true),
    ]);
    expect(sent[0] + sent[1]).toBe(1);
    t.clock.advance(3_600_000);
    expect(await runReconSummaryOnce(t.services, true)).toBe(0);
    const mails = await t.services.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('kind', '=', 'recon_summary')
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to_address).toBe('partner@demo.id');
    expect(mails[0]?.subject).toContain(day);
    const summary = await partner.get('/reconciliation/summary', { from: day, to: day });
    const rate = `${(summary.data.days[0].match_rate * 100).toFixed(1)}%`;
    expect(mails[0]?.body_text).toContain(rate);
  });

  it('hand decisions are audited; only reconcile_write_off writes off', async () => {
    const finance = await t.loginAs('finance@demo.id', { lang: 'en' });
    const staff = await t.loginAs('staff@demo.id', { lang: 'en' });
    expect((await staff.get('/reconciliation/results')).rc).toBe(RC.ACCESS_DENIED);
    const open = await finance.get('/reconciliation/results', {
      status: 'open',
      account: 'payout',
    });
    const line = open.data.rows.find((r: { note: string }) => r.note === 'unknown_reference');
    const item = open.data.rows.find((r: { status: string }) => r.status === 'unmatched_item');
    const matched = await finance.post('/reconciliation/match', {
      line_result_id: line.id,
      item_result_id: item.id,
      note: 'paid in two parts',
    });
    expect(matched.rc).toBe(RC.OK);
    const [id] = matched.data.ids;
    const undone = await finance.post('/reconciliation/unmatch', {
      result_id: id,
      note: 'wrong pair',
    });
    expect(undone.data.ids).toHaveLength(2);
    const refusedWriteOff = await finance.post('/reconciliation/write_off', {
      result_id: undone.data.ids[0],
      note: 'bank fee',
    });
    expect(refusedWriteOff.rc).toBe(RC.ACCESS_DENIED);
    const written = await partner.post('/reconciliation/write_off', {
      result_id: undone.data.ids[0],
      note: 'bank fee',
    });
    expect(written.rc).toBe(RC.OK);
    expect(
      (
        await partner.post('/reconciliation/write_off', {
          result_id: undone.data.ids[0],
          note: 'again',
        })
      ).rc,
    ).toBe(RC.REFUSED);
    // A new run keeps what people decided.
    await partner.post('/reconciliation/run', { account: 'payout' });
    const after = await partner.get('/reconciliation/results', { status: 'written_off' });
    expect(after.data.rows.map((r: { id: number }) => r.id)).toEqual([undone.data.ids[0]]);
    const audit = await t.services.db
      .selectFrom('audit_log')
      .select(['action', 'username'])
      .where('action', 'like', 'recon_%')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'recon_match', username: 'finance@demo.id' },
      { action: 'recon_unmatch', username: 'finance@demo.id' },
      { action: 'recon_write_off', username: 'partner@demo.id' },
    ]);
  });
});
