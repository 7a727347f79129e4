import { checkInvariants } from '@gerbang/ledger';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as migration0080 } from '../../src/db/migrations/0080_payouts';
import { finalize } from '../../src/modules/payouts/finalize';
import { postTransferId, voidTransferId } from '../../src/modules/payouts/hold';
import { claimSubmission, runRailSweep } from '../../src/modules/payouts/rail-work';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';
import { bankInquiry, fundAgent, ledgerBalance, offsetToWib, prepare } from '../withdraw/factory';

/**
 * The payout block's finalize: one database transaction posts or voids the hold, moves the
 * `transactions` row out of PROCESS, writes the audit row and queues the callback row. Withdraw is
 * its first user, so the scenarios pay withdrawals through the API (simulator magic numbers:
 * `…9999` is accepted and then rejected by the bank, anything else succeeds at the first check).
 */
describe.each(testDatabases())('payout finalize on %s', (kind) => {
  let t: TestApp;
  let c: TestClient;
  let db: Kysely<any>;
  beforeAll(async () => {
    // 10:00 WIB: outside the banks' night window and the cut-off.
    t = await createTestApp(kind, { clockOffsetMs: offsetToWib(10, 0) });
    c = await t.loginAs('partner@demo.id', { lang: 'en' });
    await fundAgent(t, 'partner@demo.id', 20_000_000);
    db = t.services.db as Kysely<any>;
    // Counts every status change of a transactions row: "exactly one update" is measured, not assumed.
    await sql`CREATE TABLE test_status_changes (id_transaksi text, old_status text, new_status text)`.execute(
      db,
    );
    await sql
      .raw(`CREATE FUNCTION test_log_status() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.status_trx IS DISTINCT FROM OLD.status_trx THEN
            INSERT INTO test_status_changes VALUES (NEW.id_transaksi, OLD.status_trx, NEW.status_trx);
          END IF;
          RETURN NEW;
        END $$`)
      .execute(db);
    await sql`CREATE TRIGGER test_log_status AFTER UPDATE ON transactions FOR EACH ROW EXECUTE FUNCTION test_log_status()`.execute(
      db,
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Everything finalize writes for one payout. */
  async function written(idTransaksi: string) {
    const transaction = await db
      .selectFrom('transactions')
      .select(['status_trx', 'is_void', 'response_code'])
      .where('id_transaksi', '=', idTransaksi)
      .executeTakeFirstOrThrow();
    const statusChanges = await db
      .selectFrom('test_status_changes')
      .selectAll()
      .where('id_transaksi', '=', idTransaksi)
      .execute();
    const audits = await db
      .selectFrom('audit_log')
      .select(['action', 'detail', 'agent_id'])
      .where('action', '=', 'withdraw_final')
      .where('target', '=', idTransaksi)
      .execute();
    const callbacks = await db
      .selectFrom('callbacks')
      .select(['type_callback', 'request_raw', 'status_sent'])
      .where('id_transaksi', '=', idTransaksi)
      .execute();
    const submission = await db
      .selectFrom('rail_submissions')
      .select(['state', 'source_kind', 'source_id', 'pending_transfer_ids', 'last_error'])
      .where('reference', '=', idTransaksi)
      .executeTakeFirstOrThrow();
    const pendingId = `withdraw:${idTransaksi}:amount`;
    const ledger = t.services.ledger;
    return {
      transaction,
      statusChanges,
      audits,
      callbacks,
      submission,
      hold: (await ledger.getTransfer(pendingId))?.status,
      posted: (await ledger.getTransfer(postTransferId(pendingId))) !== undefined,
      voided: (await ledger.getTransfer(voidTransferId(pendingId))) !== undefined,
    };
  }

  function detailOf(detail: unknown): Record<string, unknown> {
    return typeof detail === 'string' ? JSON.parse(detail) : (detail as Record<string, unknown>);
  }

  async function inquiryId(idTransaksi: string): Promise<number> {
    const row = await db
      .selectFrom('withdraw_inquiries')
      .select('id')
      .where('id_transaksi', '=', idTransaksi)
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  async function expectLedgerClean() {
    const report = await checkInvariants(t.services.db);
    expect(report.violations).toEqual([]);
  }

  it('post path: one status change, one audit row, one callback row; the hold is posted', async () => {
    const before = await ledgerBalance(t, 'partner@demo.id');
    const paid = await prepare(c, bankInquiry({ number: '1234500011', nominal: '100.000' }));
    const res = await c.post('/transaction/cashout_payment', paid.payment);
    expect(res.rc, res.rd).toBe('00');
    expect(res.data.status_trx).toBe('SUCCESS');
    const id = paid.inquiry.idtransaksi as string;
    const w = await written(id);
    expect(w.transaction).toMatchObject({ status_trx: 'SUCCESS', is_void: 'Debited' });
    expect(w.statusChanges).toEqual([
      { id_transaksi: id, old_status: 'PROCESS', new_status: 'SUCCESS' },
    ]);
    expect(w.audits).toHaveLength(1);
    const audit = detailOf(w.audits[0].detail);
    expect(audit).toMatchObject({
      source_kind: 'withdraw',
      status: 'SUCCESS',
      amount: 100_000,
      fee: paid.inquiry.nominal_admin,
    });
    expect(w.callbacks).toHaveLength(1);
    expect(w.callbacks[0]).toMatchObject({ type_callback: 'disbursement', status_sent: 0 });
    expect(JSON.parse(w.callbacks[0].request_raw)).toMatchObject({
      id_transaksi: id,
      status_trx: 'SUCCESS',
      nominal: 100_000,
    });
    // The submission is keyed by its source: the withdraw inquiry.
    expect(w.submission).toMatchObject({ state: 'DONE', source_kind: 'withdraw' });
    expect(Number(w.submission.source_id)).toBe(await inquiryId(id));
    expect(w.hold).toBe('posted');
    expect(w.posted).toBe(true);
    expect(w.voided).toBe(false);
    expect(await ledgerBalance(t, 'partner@demo.id')).toBe(
      before - 100_000 - paid.inquiry.nominal_admin,
    );
    await expectLedgerClean();
  });

  it('void path: one status change, one audit row, one callback row; the hold is voided', async () => {
    const before = await ledgerBalance(t, 'partner@demo.id');
    const paid = await prepare(c, bankInquiry({ number: '1234509999', nominal: '120.000' }));
    const res = await c.post('/transaction/cashout_payment', paid.payment);
    expect(res.rc, res.rd).toBe('00');
    expect(res.data.status_trx).toBe('FAILED');
    const id = paid.inquiry.idtransaksi as string;
    const w = await written(id);
    expect(w.transaction).toMatchObject({
      status_trx: 'FAILED',
      is_void: 'Refunded',
      response_code: 'REJECTED_BY_BANK',
    });
    expect(w.statusChanges).toEqual([
      { id_transaksi: id, old_status: 'PROCESS', new_status: 'FAILED' },
    ]);
    expect(w.audits).toHaveLength(1);
    expect(detailOf(w.audits[0].detail)).toMatchObject({
      status: 'FAILED',
      reason: 'REJECTED_BY_BANK',
    });
    expect(w.callbacks).toHaveLength(1);
    expect(JSON.parse(w.callbacks[0].request_raw)).toMatchObject({
      status_trx: 'FAILED',
      response_code: 'REJECTED_BY_BANK',
    });
    expect(w.hold).toBe('voided');
    expect(w.voided).toBe(true);
    expect(w.posted).toBe(false);
    expect(await ledgerBalance(t, 'partner@demo.id')).toBe(before);
    await expectLedgerClean();
  });

  it('a second finalize of a finished payout writes nothing (its lease and PROCESS are gone)', async () => {
    const paid = await prepare(c, bankInquiry({ number: '1234500022', nominal: '50.000' }));
    const res = await c.post('/transaction/cashout_payment', paid.payment);
    expect(res.data.status_trx).toBe('SUCCESS');
    const id = paid.inquiry.idtransaksi as string;
    const row = await t.services.db
      .selectFrom('rail_submissions')
      .selectAll()
      .where('reference', '=', id)
      .executeTakeFirstOrThrow();
    // A DONE row cannot be claimed, and a finalize with its old lease is refused.
    expect(await claimSubmission(t.services, row.id)).toBeUndefined();
    await expect(
      finalize(t.services, row, { ok: false, reason: 'REJECTED_BY_BANK' }),
    ).rejects.toThrow(/lease/);
    const w = await written(id);
    expect(w.transaction.status_trx).toBe('SUCCESS');
    expect(w.statusChanges).toHaveLength(1);
    expect(w.audits).toHaveLength(1);
    expect(w.callbacks).toHaveLength(1);
    expect(w.voided).toBe(false);
  });

  it.each([
    { path: 'post', number: '1234500033', status: 'SUCCESS', hold: 'posted' },
    { path: 'void', number: '1234539999', status: 'FAILED', hold: 'voided' },
  ])(
    '$path path is atomic: a failure after the ledger step leaves nothing half-written, the sweep finishes it once',
    async ({ number, status, hold }) => {
      const before = await ledgerBalance(t, 'partner@demo.id');
      // The last step of finalize (the callback row) fails, after the ledger step succeeded in it.
      await sql
        .raw(`CREATE FUNCTION test_refuse_callback() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN RAISE EXCEPTION 'callback insert refused by the test'; END $$`)
        .execute(db);
      await sql`CREATE TRIGGER test_refuse_callback BEFORE INSERT ON callbacks FOR EACH ROW EXECUTE FUNCTION test_refuse_callback()`.execute(
        db,
      );
      const paid = await prepare(c, bankInquiry({ number, nominal: '75.000' }));
      const id = paid.inquiry.idtransaksi as string;
      try {
        const res = await c.post('/transaction/cashout_payment', paid.payment);
        expect(res.rc, res.rd).toBe('00');
        // The payment itself committed (hold, PROCESS row, submission); finalize rolled back whole.
        expect(res.data.status_trx).toBe('PROCESS');
        const w = await written(id);
        expect(w.transaction).toMatchObject({ status_trx: 'PROCESS', is_void: null });
        expect(w.statusChanges).toEqual([]);
        expect(w.audits).toEqual([]);
        expect(w.callbacks).toEqual([]);
        expect(w.hold).toBe('pending');
        expect(w.posted).toBe(false);
        expect(w.voided).toBe(false);
        expect(w.submission.state).not.toBe('DONE');
        // It failed at the callback row, after the ledger step had run in the same transaction.
        expect(w.submission.last_error).toMatch(/callback insert refused by the test/);
        // The money is held, not gone and not back.
        expect(await ledgerBalance(t, 'partner@demo.id')).toBe(
          before - 75_000 - paid.inquiry.nominal_admin,
        );
        await expectLedgerClean();
      } finally {
        await sql`DROP TRIGGER test_refuse_callback ON callbacks`.execute(db);
        await sql`DROP FUNCTION test_refuse_callback()`.execute(db);
      }

      // The step failed in transport terms: retried after its backoff, and finished exactly once.
      t.clock.advance(10 * 60_000);
      expect(await runRailSweep(t.services)).toMatchObject({ claimed: 1, finished: 1 });
      expect(await runRailSweep(t.services)).toEqual({ claimed: 0, finished: 0 });
      const w = await written(id);
      expect(w.transaction.status_trx).toBe(status);
      expect(w.statusChanges).toEqual([
        { id_transaksi: id, old_status: 'PROCESS', new_status: status },
      ]);
      expect(w.audits).toHaveLength(1);
      expect(w.callbacks).toHaveLength(1);
      expect(w.hold).toBe(hold);
      expect(w.submission.state).toBe('DONE');
      await expectLedgerClean();
    },
  );

  // Last in the file: it rebuilds the table's pre-0080 shape.
  it('migration 0080 keys the existing withdraw rows by their inquiry', async () => {
    const paid = await prepare(c, bankInquiry({ number: '1234500044', nominal: '60.000' }));
    expect((await c.post('/transaction/cashout_payment', paid.payment)).rc).toBe('00');
    const id = paid.inquiry.idtransaksi as string;
    const rows = async () =>
      db
        .selectFrom('rail_submissions')
        .select(['id', 'source_kind', 'source_id'])
        .orderBy('id')
        .execute();
    const keyed = await rows();
    expect(keyed.length).toBeGreaterThan(3);
    // Back to the 0031 shape: rows named by inquiry_id, no source columns.
    for (const statement of [
      'ALTER TABLE rail_submissions ADD COLUMN inquiry_id bigint REFERENCES withdraw_inquiries(id)',
      'UPDATE rail_submissions SET inquiry_id = source_id',
      'ALTER TABLE rail_submissions DROP CONSTRAINT rail_submissions_source_key',
      'ALTER TABLE rail_submissions DROP COLUMN source_kind',
      'ALTER TABLE rail_submissions DROP COLUMN source_id',
    ]) {
      await sql.raw(statement).execute(db);
    }
    await migration0080(db);
    expect(await rows()).toEqual(keyed);
    expect(keyed.every((row) => row.source_kind === 'withdraw')).toBe(true);
    const mine = await db
      .selectFrom('rail_submissions')
      .select('source_id')
      .where('reference', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(mine.source_id)).toBe(await inquiryId(id));
    const columns = await sql<{ column_name: string }>`
      select column_name from information_schema.columns where table_name = 'rail_submissions'`.execute(
      db,
    );
    expect(columns.rows.map((r) => r.column_name)).not.toContain('inquiry_id');
    // One submission per source.
    const constraints = await sql<{ constraint_name: string }>`
      select constraint_name from information_schema.table_constraints
      where table_name = 'rail_submissions' and constraint_type = 'UNIQUE'`.execute(db);
    expect(constraints.rows.map((r) => r.constraint_name)).toContain('rail_submissions_source_key');
  });
});
