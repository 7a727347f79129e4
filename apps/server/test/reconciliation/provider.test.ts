import { randomBytes } from 'node:crypto';
import { RC } from '@gerbang/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LedgerItem, ledgerItems } from '../../src/modules/reconciliation/expected';
import { movementOf } from '../../src/modules/reconciliation/simulator-statement';
import { type StatementMovement, writeMt940 } from '../../src/rails/simulator/statement-files';
import { testDatabases } from '../helpers/databases';
import { createTestApp, DEMO_PASSWORD, TEST_KEY, type TestApp } from '../helpers/test-app';
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

const DAY = '2026-11-23';
const NEXT = '2026-11-24';
const ENV = 'production';

/** Successful payouts of one merchant on a day, as the payout pipeline leaves them. */
async function insertPayouts(t: TestApp, agentId: number, day: string, amounts: number[]) {
  const at = new Date(`${day}T09:00:00+07:00`);
  await t.services.db
    .insertInto('transactions')
    .values(
      amounts.map((amount, i) => ({
        id_transaksi: `PV${agentId}${day.replace(/-/g, '')}${String(i).padStart(6, '0')}`,
        agent_id: agentId,
        environment: ENV,
        kind: 'WITHDRAW' as const,
        jenis_produk: 'TRANSFER' as const,
        jenis_trx: 'CASH OUT' as const,
        status_trx: 'SUCCESS' as const,
        time_request: at,
        transaction_date: day,
        time_completed: at,
        kodebank: '014',
        namabank: 'BCA',
        nominal_origin: amount,
        rail_reference: `RAIL-${agentId}-${day}-${i}`,
        updated_at: at,
      })),
    )
    .execute();
}

/**
 * The provider's reconciliation on both databases: a simulator statement of the provider's payout
 * clearing account, with a missing line, a changed amount, a duplicate and an unknown reference
 * spread over two merchants, gives exactly those exceptions, each naming its merchant; the same
 * file twice stores nothing; hand decisions are audited as the staff member's; writing off needs
 * its own console right; merchants reach none of it and never see the provider's records.
 */
describe.each(testDatabases())('provider reconciliation on %s', (kind) => {
  let t: TestApp;
  let partnerId: number;
  let otherId: number;
  let staff: {
    id: number;
    get: (url: string, q?: Record<string, string | number | undefined>) => Promise<any>;
    post: (url: string, body: unknown, headers?: Record<string, string>) => Promise<any>;
    raw: (url: string) => Promise<{ statusCode: number; body: string }>;
  };
  let items: LedgerItem[];

  const count = async (table: 'recon_lines' | 'recon_statements' | 'ledger_transfers') => {
    const r = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(
      t.services.db,
    );
    return Number(r.rows[0]?.n);
  };
  const upload = (name: string, content: string, format = 'mt940') => {
    const { body, headers } = multipart(name, content);
    return staff.post(
      `/console/reconciliation/import?account=payout&format=${format}&environment=${ENV}`,
      body,
      headers,
    );
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { clockAt: TUESDAY_10_WIB });
    partnerId = await agentIdOf(t);
    otherId = await agentIdOf(t, 'h2h@demo.id');
    await insertPayouts(t, partnerId, DAY, [150_000, 175_000, 200_000, 225_000]);
    await insertPayouts(t, otherId, DAY, [310_000, 320_000, 330_000]);
    await insertPayouts(t, partnerId, NEXT, [410_000]);
    await insertPayouts(t, otherId, NEXT, [420_000]);
    items = await ledgerItems(t.services.db, {
      agentId: null,
      environment: ENV,
      account: 'payout',
      from: DAY,
      to: DAY,
    });
    const c = t.client({ lang: 'en' });
    const res = await c.post('/console/auth/login', {
      email: 'ops@demo.id',
      password: DEMO_PASSWORD,
      captcha: TEST_KEY,
    });
    expect(res.rc).toBe(RC.OK);
    const csrf = res.data.csrf as string;
    const cookie = () => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    staff = {
      id: res.data.staff.id,
      get: c.get,
      post: (url, body, headers = {}) =>
        c.post(url, body, { headers: { 'x-csrf-token': csrf, ...headers } }),
      raw: (url) =>
        t.app.inject({ method: 'GET', url: `/api${url}`, headers: { cookie: cookie() } }),
    };
    // Missing items are exceptions one day after their date (the next day's statement is in).
    const saved = await staff.post('/console/reconciliation/settings', {
      environment: ENV,
      tolerance_days: 2,
      late_after_days: 1,
    });
    expect(saved.rc).toBe(RC.OK);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the provider account expects the items of every merchant', () => {
    const agents = new Set(items.map((i) => i.agentId));
    expect(agents).toEqual(new Set([partnerId, otherId]));
    expect(items).toHaveLength(7);
  });

  it('merchant sessions are refused and store nothing', async () => {
    const partner = await t.loginAs('partner@demo.id', { lang: 'en' });
    const before = await count('recon_statements');
    const { body, headers } = multipart('x.sta', 'anything');
    const posted = await partner.post(
      `/console/reconciliation/import?account=payout&format=mt940&environment=${ENV}`,
      body,
      { headers },
    );
    expect(posted.rc).toBe(RC.ACCESS_DENIED);
    for (const url of ['/console/reconciliation/results', '/console/reconciliation/settings'])
      expect((await partner.get(url, { environment: ENV })).rc).toBe(RC.ACCESS_DENIED);
    expect((await partner.post('/console/reconciliation/run', { environment: ENV })).rc).toBe(
      RC.ACCESS_DENIED,
    );
    expect(await count('recon_statements')).toBe(before);
  });

  it('finds exactly the injected differences across two merchants; a file twice doubles nothing', async () => {
    const ofPartner = items.filter((i) => i.agentId === partnerId);
    const ofOther = items.filter((i) => i.agentId === otherId);
    const [missing, duplicated, ...partnerRest] = ofPartner as [LedgerItem, LedgerItem];
    const [changed, ...otherRest] = ofOther as [LedgerItem];
    const unknown: StatementMovement = {
      bookedOn: DAY,
      amount: -555_555,
      reference: 'ZZPROVIDER000001',
      bankReference: 'SBPROVUNKNOWN',
      description: 'ZZPROVIDER000001 transfer',
    };
    const file = writeMt940({
      account: 'SIM-PAYOUT-CLEARING-001',
      statementId: 'PROV1',
      day: DAY,
      openingBalance: 0,
      movements: [
        movementOf(duplicated),
        movementOf(duplicated),
        { ...movementOf(changed), amount: changed.amount - 2_500 },
        unknown,
        ...[...partnerRest, ...otherRest].map(movementOf),
      ],
    });
    const first = await upload('provider-day1.sta', file);
    expect(first.data).toMatchObject({ duplicate_file: false, lines: items.length + 1 });
    const lines = await count('recon_lines');
    const again = await upload('provider-day1-again.sta', file);
    expect(again.data).toMatchObject({
      duplicate_file: true,
      statement_id: first.data.statement_id,
    });
    expect(await count('recon_lines')).toBe(lines);

    // The next day's statement, as the simulator bank writes it for every merchant.
    const next = await staff.raw(
      `/console/reconciliation/simulator_statement?environment=${ENV}&account=payout&format=camt053&day=${NEXT}`,
    );
    expect(next.statusCode).toBe(200);
    expect((await upload('provider-day2.xml', next.body, 'camt053')).rc).toBe(RC.OK);
    const transfers = await count('ledger_transfers');

    const run = await staff.post('/console/reconciliation/run', {
      environment: ENV,
      account: 'payout',
    });
    expect(run.data).toMatchObject({
      matched: items.length - 2 + 2,
      amount_mismatch: 1,
      unmatched_line: 2,
      unmatched_item: 1,
    });
    expect(await count('ledger_transfers')).toBe(transfers); // records only
    const open = await staff.get('/console/reconciliation/results', {
      environment: ENV,
      status: 'open',
    });
    const of = (s: string) => open.data.rows.filter((r: { status: string }) => r.status === s);
    expect(of('amount_mismatch')).toEqual([
      expect.objectContaining({ item_key: changed.key, drift: -2_500, item_agent_id: otherId }),
    ]);
    expect(of('amount_mismatch')[0].merchant).toEqual(expect.any(String));
    expect(of('unmatched_item')).toEqual([
      expect.objectContaining({ item_key: missing.key, item_agent_id: partnerId }),
    ]);
    expect(
      of('unmatched_line')
        .map((r: { note: string }) => r.note)
        .sort(),
    ).toEqual(['duplicate', 'unknown_reference']);
    const summary = await staff.get('/console/reconciliation/summary', {
      environment: ENV,
      account: 'payout',
      from: DAY,
      to: DAY,
    });
    expect(summary.data.days[0]).toMatchObject({
      day: DAY,
      matched: items.length - 2,
      exceptions: 4,
      drift: -2_500 + duplicated.amount - 555_555 - missing.amount,
    });
  });

  it('merchants never see the provider records', async () => {
    const partner = await t.loginAs('partner@demo.id', { lang: 'en' });
    const own = await partner.get('/reconciliation/results');
    expect(own.rc).toBe(RC.OK);
    expect(own.data.total).toBe(0);
    const days = await partner.get('/reconciliation/summary', { from: DAY, to: NEXT });
    expect(days.data.days).toEqual([]);
  });

  it('hand decisions are audited as the staff member; writing off needs its own right', async () => {
    const open = await staff.get('/console/reconciliation/results', {
      environment: ENV,
      status: 'open',
    });
    const line = open.data.rows.find((r: { note: string }) => r.note === 'unknown_reference');
    const item = open.data.rows.find((r: { status: string }) => r.status === 'unmatched_item');
    const matched = await staff.post('/console/reconciliation/match', {
      environment: ENV,
      line_result_id: line.id,
      item_result_id: item.id,
      note: 'bank used its own reference',
    });
    expect(matched.rc).toBe(RC.OK);
    const undone = await staff.post('/console/reconciliation/unmatch', {
      environment: ENV,
      result_id: matched.data.ids[0],
      note: 'wrong pair',
    });
    expect(undone.data.ids).toHaveLength(2);
    const reopened = await staff.get('/console/reconciliation/results', {
      environment: ENV,
      status: 'unmatched_item',
    });
    expect(reopened.data.rows[0]).toMatchObject({ item_agent_id: partnerId, note: 'wrong pair' });
    const mismatch = open.data.rows.find((r: { status: string }) => r.status === 'amount_mismatch');
    await t.services.db
      .insertInto('staff_denials')
      .values({ staff_id: staff.id, module: 'console_recon_write_off', action: 'UPDATE' })
      .execute();
    const refused = await staff.post('/console/reconciliation/write_off', {
      environment: ENV,
      result_id: mismatch.id,
      note: 'bank fee',
    });
    expect(refused.rc).toBe(RC.ACCESS_DENIED);
    await t.services.db.deleteFrom('staff_denials').where('staff_id', '=', staff.id).execute();
    const written = await staff.post('/console/reconciliation/write_off', {
      environment: ENV,
      result_id: mismatch.id,
      note: 'bank fee',
    });
    expect(written.rc).toBe(RC.OK);
    // A new run keeps what people decided.
    await staff.post('/console/reconciliation/run', { environment: ENV, account: 'payout' });
    const after = await staff.get('/console/reconciliation/results', {
      environment: ENV,
      status: 'written_off',
    });
    expect(after.data.rows.map((r: { id: number }) => r.id)).toEqual([mismatch.id]);
    const audit = await t.services.db
      .selectFrom('audit_log')
      .select(['action', 'username', 'agent_id'])
      .where('action', 'like', 'console_recon_%')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'console_recon_match', username: 'console:ops@demo.id', agent_id: null },
      { action: 'console_recon_unmatch', username: 'console:ops@demo.id', agent_id: null },
      { action: 'console_recon_write_off', username: 'console:ops@demo.id', agent_id: null },
    ]);
  });
});
