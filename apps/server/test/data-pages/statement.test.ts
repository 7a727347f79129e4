import { availableOf, isTransferOk } from '@gerbang/ledger';
import {
  type Environment,
  findDataPage,
  type StatementSummary,
  translate,
  wibDate,
} from '@gerbang/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementSummary } from '../../src/modules/balance/statement';
import { planRequest } from '../../src/modules/data-pages/query';
import { streamRows } from '../../src/modules/data-pages/stream';
import { payoutAccounts } from '../../src/modules/payouts/accounts';
import { resolutionTransfers } from '../../src/modules/payouts/hold';
import { postings } from '../../src/modules/withdraw/postings';
import { DEMO_USERS } from '../../src/seed/demo-users';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';
import { insertTransactions } from './factories';

/**
 * The statement (docs/data-model.md "The statement") reconciles with the ledger for
 * every agent of the demo data (the 90-day history `npm start` seeds), in both environments: over
 * the full range the opening balance is 0, the rows sum to the closing balance, which is the
 * ledger's available balance now; every row moves money (no Rp 0), and each row's balance after
 * is the previous row's plus its own amount. A payout hold is one debit per posting (amount, fee),
 * never a second debit when it is posted; a voided hold is its debits and the credits that give
 * them back.
 */
const FULL_FROM = '2000-01-01';
const page = findDataPage('balance');
if (!page) throw new Error('no balance page');

interface Row {
  id_mutasi: number;
  id_transaksi: string | null;
  tanggal_mutasi: string;
  tipe_mutasi: string;
  debet: number;
  kredit: number;
  keterangan: string | null;
  keterangan_detail: string;
  last_balance: number;
  current_balance: number;
}

function normalize(raw: Record<string, unknown>): Row {
  return {
    ...(raw as unknown as Row),
    id_mutasi: Number(raw.id_mutasi),
    debet: Number(raw.debet),
    kredit: Number(raw.kredit),
    last_balance: Number(raw.last_balance),
    current_balance: Number(raw.current_balance),
    tanggal_mutasi: new Date(String(raw.tanggal_mutasi)).toISOString(),
  };
}

/** Rows oldest first, as the ledger wrote them. */
function chronological(rows: Row[]): Row[] {
  return [...rows].sort(
    (a, b) => a.tanggal_mutasi.localeCompare(b.tanggal_mutasi) || a.id_mutasi - b.id_mutasi,
  );
}

/** The statement rules every listing of rows must keep against its summary. */
function expectReconciled(label: string, rows: Row[], summary: StatementSummary) {
  let credit = 0;
  let debit = 0;
  let balance = summary.opening;
  for (const row of chronological(rows)) {
    const where = `${label} row ${row.id_mutasi} ${row.keterangan_detail}`;
    // Exactly one side moves, never Rp 0.
    expect(row.debet > 0 !== row.kredit > 0, where).toBe(true);
    expect(row.tipe_mutasi, where).toBe(row.debet > 0 ? 'debit' : 'credit');
    expect(row.last_balance, where).toBe(balance);
    expect(row.current_balance - row.last_balance, where).toBe(row.kredit - row.debet);
    expect(row.keterangan?.trim(), where).toBeTruthy();
    balance = row.current_balance;
    credit += row.kredit;
    debit += row.debet;
  }
  expect(rows.length, label).toBe(summary.count);
  expect(credit, label).toBe(summary.credit);
  expect(debit, label).toBe(summary.debit);
  expect(summary.opening + credit - debit, label).toBe(summary.closing);
  expect(balance, label).toBe(summary.closing);
}

describe.each(testDatabases())('statement reconciles with the ledger (%s)', (kind) => {
  let t: TestApp;
  let today: string;
  let partnerId = 0;
  const fullRange = () => [
    { column: 'tanggal_mutasi', operator: 'between', value: `${FULL_FROM},${today}` },
  ];

  async function apiRows(client: TestClient, filters: unknown) {
    const rows: Row[] = [];
    let total = 0;
    for (let pageNumber = 1; ; pageNumber++) {
      const res = await client.get('/data/balance', {
        filters: JSON.stringify(filters),
        limit: '300',
        page: String(pageNumber),
      });
      expect(res.rc, res.rd).toBe('00');
      total = res.data.total;
      rows.push(...(res.data.data as Record<string, unknown>[]).map(normalize));
      if (rows.length >= total || res.data.data.length === 0) break;
    }
    expect(rows.length).toBe(total);
    return rows;
  }

  async function available(agentId: number, environment: Environment) {
    const account = await t.services.ledger.findAccount({
      kind: 'merchant_available',
      agentId,
      environment,
    });
    return account ? availableOf(account) : 0;
  }

  beforeAll(async () => {
    // Demo mode: the seed writes the 90-day history `npm start` shows.
    t = await createTestApp(kind, { config: { mode: 'demo' } });
    today = wibDate(t.services.now());

    // Live payouts of the partner on top: a withdrawal of 150.000 + 2.500 fee held then posted,
    // and one of 100.000 + 2.500 held then voided (the rail refused it).
    const partner = await t.services.db
      .selectFrom('agents')
      .select('id')
      .where('username', '=', 'partner@demo.id')
      .executeTakeFirstOrThrow();
    partnerId = Number(partner.id);
    const payer = { agentId: partnerId, environment: 'production' as const };
    const accounts = await payoutAccounts(t.services.ledger, payer, 'TEST');
    await insertTransactions(
      t.services,
      payer.agentId,
      ['STMTPOST0001', 'STMTVOID0001'].map((id) => ({
        id_transaksi: id,
        namabank: 'Bank BCA',
        nopelanggan1: '1234567890',
        customername: 'BUDI',
      })),
    );
    for (const [id, amount, ok] of [
      ['STMTPOST0001', 150_000, true],
      ['STMTVOID0001', 100_000, false],
    ] as const) {
      const inputs = postings(
        {
          id_transaksi: id,
          amount,
          admin_fee: 2_500,
          product_name: 'Bank BCA',
          account_number: '1234567890',
          account_name: 'BUDI',
        },
        accounts,
      );
      const held = await t.services.ledger.createTransfers(inputs);
      if (!held.every(isTransferOk)) throw new Error('hold refused');
      const results = await t.services.ledger.createTransfers(
        resolutionTransfers(
          inputs.map((i) => i.id),
          id,
          ok,
        ),
      );
      expect(results.map((r) => r.result)).toEqual(['created', 'created']);
    }
  }, 600_000);
  afterAll(async () => {
    await t?.close();
  });

  it('a posted hold is one debit per posting; a voided one nets to zero', async () => {
    const client = await t.loginAs('partner@demo.id', { lang: 'id' });
    const posted = await client.get('/data/balance', { key: '0', value: 'STMTPOST0001' });
    const postedRows = (posted.data.data as Record<string, unknown>[]).map(normalize);
    expect(
      postedRows.map((r) => [r.tipe_mutasi, r.debet, r.kredit, r.keterangan_detail]).sort(),
    ).toEqual([
      ['debit', 150_000, 0, 'withdraw'],
      ['debit', 2_500, 0, 'withdraw_fee'],
    ]);
    const withdrawRow = postedRows.find((r) => r.keterangan_detail === 'withdraw');
    expect(withdrawRow?.keterangan).toBe('Tarik saldo ke Bank BCA 1234567890 a.n. BUDI');

    const voided = await client.get('/data/balance', { key: '0', value: 'STMTVOID0001' });
    const voidedRows = (voided.data.data as Record<string, unknown>[]).map(normalize);
    expect(voidedRows).toHaveLength(4);
    expect(voidedRows.reduce((sum, r) => sum + r.kredit - r.debet, 0)).toBe(0);
    expect(voidedRows.filter((r) => r.keterangan_detail === 'hold_void')).toHaveLength(2);

    const english = await t.loginAs('partner@demo.id', { lang: 'en' });
    const en = await english.get('/data/balance', { key: '0', value: 'STMTVOID0001' });
    const texts = (en.data.data as Record<string, unknown>[]).map((r) => String(r.keterangan));
    expect(texts).toContain('Withdrawal to Bank BCA 1234567890 (BUDI)');
    expect(texts).toContain('Cancelled, funds returned: Admin fee STMTVOID0001');

    // Today's summary: the range's opening and closing, and the rows between them.
    const summary = await client.get<StatementSummary>('/data/balance/summary');
    expect(summary.rc).toBe('00');
    expect(summary.data).toMatchObject({ from: today, to: today });
    expect(summary.data.closing).toBe(await available(partnerId, 'production'));
    expectReconciled('partner today', await apiRows(client, []), summary.data);
  });

  it('reconciles over the full range for every demo agent, in both environments', async () => {
    const agents = await t.services.db.selectFrom('agents').select(['id', 'username']).execute();
    expect(agents.length).toBeGreaterThan(5);
    const plan = planRequest(page, { filters: JSON.stringify(fullRange()) }, t.services.now());
    let checked = 0;
    for (const agent of agents) {
      for (const environment of ['production', 'sandbox'] as const) {
        const label = `${agent.username} ${environment}`;
        const scope = { agentId: Number(agent.id), environment };
        const summary = await statementSummary(t.services.db, scope, {
          from: FULL_FROM,
          to: today,
        });
        expect(summary.opening, label).toBe(0);
        expect(summary.closing, label).toBe(await available(scope.agentId, environment));
        // Every row the export writes, through the same source as the page.
        const rows: Row[] = [];
        await streamRows(
          t.services.db,
          t.services.dbKind,
          page,
          plan,
          { ...scope, userId: 0, now: t.services.now(), lang: 'en' },
          async (batch) => {
            rows.push(...batch.map(normalize));
          },
        );
        expectReconciled(label, rows, summary);
        if (rows.length > 0) checked += 1;
      }
    }
    // The history gives most demo merchants a statement.
    expect(checked).toBeGreaterThanOrEqual(5);
  });

  it('through the API, for every demo user who may read it, in id and en', async () => {
    const mains = DEMO_USERS.filter((u) => !u.parentOf).map((u) => u.username);
    let read = 0;
    for (const username of mains) {
      for (const lang of ['id', 'en'] as const) {
        const client = await t.loginAs(username, { lang });
        const summary = await client.get<StatementSummary>('/data/balance/summary', {
          filters: JSON.stringify(fullRange()),
        });
        if (summary.rc === '403' || summary.status === 403) continue;
        expect(summary.rc, `${username}: ${summary.rd}`).toBe('00');
        const rows = await apiRows(client, fullRange());
        expectReconciled(`${username} ${lang}`, rows, summary.data);
        const agent = await t.services.db
          .selectFrom('agents')
          .select('id')
          .where('username', '=', username)
          .executeTakeFirst();
        if (agent) {
          expect(summary.data.closing).toBe(await available(Number(agent.id), 'production'));
        }
        // Descriptions in the reader's language.
        const other = lang === 'id' ? 'en' : 'id';
        const foreign = translate(other, 'statement.desc.withdraw', { to: '' }).trim();
        for (const row of rows) {
          expect(row.keterangan?.startsWith(foreign), `${username} ${row.keterangan}`).toBe(false);
        }
        read += 1;
      }
    }
    expect(read).toBeGreaterThanOrEqual(2);
  });

  it('the ledger entries of every available account chain in time order', async () => {
    // What makes the summary true: each entry starts where the one before it (by time) ended.
    const breaks = await sql<{ n: number }>`select count(*) as n from (
        select e.balance_before, lag(e.balance_after) over (
          partition by e.account_id order by e.created_at, e.id) as before
        from ledger_entries e join ledger_accounts la on la.id = e.account_id
        where la.kind = 'merchant_available') x
      where x.balance_before <> coalesce(x.before, 0)`.execute(t.services.db);
    expect(Number(breaks.rows[0]?.n)).toBe(0);
  });
});
