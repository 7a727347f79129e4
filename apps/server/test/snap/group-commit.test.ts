import { checkInvariants } from '@gerbang/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeaseLostError, LedgerRefusedError } from '../../src/modules/payouts/errors';
import { finalizeGroupStats, finalizeInGroup } from '../../src/modules/payouts/finalize-group';
import { postTransferId } from '../../src/modules/payouts/hold';
import { claimSubmission } from '../../src/modules/payouts/rail-work';
import type { SubmissionRow } from '../../src/modules/payouts/submissions';
import { railWritesInGroup } from '../../src/modules/snap/rail-group';
import { bookingGroupStats } from '../../src/modules/snap/transfer-group';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { registerPartner, rupiah, snapClient, TEN_WIB } from './partner';

/**
 * The SNAP transfer's group commit (ADR 009): concurrent transfers of one partner share one
 * booking transaction and one finalize transaction. Each call still gets its own answer — a short
 * balance refuses exactly the calls the money does not cover and leaves no row of them; a lease
 * another worker took or a hold the ledger refuses is that payout's error only — and every
 * booked transfer has exactly its rows, its audit and callback rows, and an exact ledger.
 */
describe.each(testDatabases())('SNAP transfer group commit on %s', (kind) => {
  let t: TestApp;
  let snap: ReturnType<typeof snapClient>;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { clockAt: TEN_WIB });
    const portal = await t.loginAs('partner@demo.id', { lang: 'en' });
    snap = snapClient(t, await registerPartner(t, portal, { ips: '127.0.0.1' }));
    token = await snap.token();
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const transfer = (partnerReferenceNo: string, amount: number, accountNo = '1234567890') =>
    snap.call(
      '/snap/v1.0/transfer-interbank',
      {
        partnerReferenceNo,
        amount: rupiah(amount),
        beneficiaryAccountNo: accountNo,
        beneficiaryBankCode: '014',
      },
      { token },
    );

  async function available(): Promise<number> {
    const res = await snap.call('/snap/v1.0/balance-inquiry', {}, { token });
    return Number(res.body.accountInfos[0].availableBalance.value.slice(0, -3));
  }

  /** How many rows each table holds for these transaction ids. */
  async function rowsOf(ids: string[]) {
    const db = t.services.db;
    const count = async (rows: Promise<unknown[]>) => (await rows).length;
    return {
      success: await count(
        db
          .selectFrom('transactions')
          .select('id')
          .where('id_transaksi', 'in', ids)
          .where('status_trx', '=', 'SUCCESS')
          .execute(),
      ),
      done: await count(
        db
          .selectFrom('rail_submissions')
          .select('id')
          .where('reference', 'in', ids)
          .where('state', '=', 'DONE')
          .execute(),
      ),
      callbacks: await count(
        db
          .selectFrom('callbacks')
          .select('id_transaksi')
          .where('id_transaksi', 'in', ids)
          .execute(),
      ),
      audits: await count(
        db
          .selectFrom('audit_log')
          .select('id')
          .where('target', 'in', ids)
          .where('action', 'in', ['snap_transfer', 'snap_transfer_final'])
          .execute(),
      ),
    };
  }

  it('a burst: each call answered alone, the short ones refused without rows, money exact', async () => {
    const first = await transfer('G-WARM', 10_000);
    expect(first.body.responseCode, JSON.stringify(first.body)).toBe('2001800');
    const fee = Number(first.body.additionalInfo.fee.value.slice(0, -3));
    const before = await available();
    // Enough for exactly 8 of the 12 parallel transfers.
    const amount = Math.floor(before / 8.5) - fee;
    const refs = Array.from({ length: 12 }, (_, i) => `G-${i}`);
    const answers = await Promise.all(refs.map((ref) => transfer(ref, amount)));
    const codes = answers.map((a) => a.body.responseCode);
    expect(codes.filter((c) => c === '2001800')).toHaveLength(8);
    expect(codes.filter((c) => c === '4031814')).toHaveLength(4);
    expect(await available()).toBe(before - 8 * (amount + fee));

    const stored = await t.services.db
      .selectFrom('snap_transfers')
      .select(['partner_reference_no', 'id_transaksi', 'status'])
      .where('partner_reference_no', 'in', refs)
      .execute();
    const okRefs = refs.filter((_, i) => codes[i] === '2001800');
    expect(stored.map((s) => s.partner_reference_no).sort()).toEqual(okRefs.sort());
    expect(stored.every((s) => s.status === 1)).toBe(true);
    const ids = stored.map((s) => s.id_transaksi);
    expect(await rowsOf(ids)).toEqual({ success: 8, done: 8, callbacks: 8, audits: 16 });
    expect((await checkInvariants(t.services.db)).violations).toEqual([]);
    // The burst really went through groups of several calls.
    expect(bookingGroupStats(t.services)?.largest).toBeGreaterThan(1);
    expect(finalizeGroupStats(t.services)?.largest).toBeGreaterThan(1);
  });

  /** Transfers the slow bank keeps PROCESSING (suffix 8888), claimed as a worker would. */
  async function claimedSlowTransfers(prefix: string, n: number): Promise<SubmissionRow[]> {
    const rows: SubmissionRow[] = [];
    for (let i = 0; i < n; i++) {
      const res = await transfer(`${prefix}-${i}`, 20_000, '1234508888');
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      const submission = await t.services.db
        .selectFrom('rail_submissions')
        .select('id')
        .where('reference', '=', res.body.referenceNo)
        .executeTakeFirstOrThrow();
      const claimed = await claimSubmission(t.services, Number(submission.id));
      if (!claimed) throw new Error('not claimed');
      rows.push(claimed);
    }
    return rows;
  }

  async function stateOf(row: SubmissionRow) {
    const trx = await t.services.db
      .selectFrom('transactions')
      .select('status_trx')
      .where('id', '=', row.transaction_id)
      .executeTakeFirstOrThrow();
    const sub = await t.services.db
      .selectFrom('rail_submissions')
      .select('state')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    const pendingId = row.pending_transfer_ids.split(',')[0] as string;
    const hold = await t.services.ledger.getTransfer(pendingId);
    const posted = await t.services.ledger.getTransfer(postTransferId(pendingId));
    return { status: trx.status_trx, state: sub.state, hold: hold?.status, posted: !!posted };
  }

  it('finalize group: a lost lease and a refused hold are their payouts’ errors only', async () => {
    const [a, lost, b, broken, c] = await claimedSlowTransfers('F', 5);
    // Another worker took `lost`; `broken` names a hold the ledger does not know.
    await t.services.db
      .updateTable('rail_submissions')
      .set({ lease_token: 'someone-else' })
      .where('id', '=', lost?.id as number)
      .execute();
    const brokenRow = { ...(broken as SubmissionRow), pending_transfer_ids: 'no-such-hold' };
    await t.services.db
      .updateTable('rail_submissions')
      .set({ pending_transfer_ids: 'no-such-hold' })
      .where('id', '=', brokenRow.id)
      .execute();
    const fallbacks = finalizeGroupStats(t.services)?.fallbacks ?? 0;
    const key = 'test-payer';
    const settled = await Promise.allSettled(
      [a, lost, b, brokenRow, c].map((row) =>
        finalizeInGroup(t.services, key, row as SubmissionRow, { ok: true }),
      ),
    );
    expect(settled.map((s) => s.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect((settled[1] as PromiseRejectedResult).reason).toBeInstanceOf(LeaseLostError);
    expect((settled[3] as PromiseRejectedResult).reason).toBeInstanceOf(LedgerRefusedError);
    // The refused hold broke the group: each ran alone.
    expect(finalizeGroupStats(t.services)?.fallbacks).toBe(fallbacks + 1);
    for (const row of [a, b, c]) {
      expect(await stateOf(row as SubmissionRow)).toEqual({
        status: 'SUCCESS',
        state: 'DONE',
        hold: 'posted',
        posted: true,
      });
    }
    for (const row of [lost, broken]) {
      expect(await stateOf(row as SubmissionRow)).toMatchObject({
        status: 'PROCESS',
        hold: 'pending',
        posted: false,
      });
    }
    expect((await checkInvariants(t.services.db)).violations).toEqual([]);
  });

  it('rail writes group: each row marked and recorded under its own lease; a lost lease is that row’s error only', async () => {
    const [a, lost, b] = await claimedSlowTransfers('R', 3);
    await t.services.db
      .updateTable('rail_submissions')
      .set({ lease_token: 'someone-else' })
      .where('id', '=', lost?.id as number)
      .execute();
    const writes = railWritesInGroup(t.services, 'rail-test');
    const rows = [a, lost, b] as SubmissionRow[];
    const marked = await Promise.allSettled(rows.map((row) => writes.markSending(row)));
    expect(marked.map((m) => m.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((marked[1] as PromiseRejectedResult).reason).toBeInstanceOf(LeaseLostError);
    for (const m of [marked[0], marked[2]]) {
      const row = (m as PromiseFulfilledResult<SubmissionRow>).value;
      expect(row.state).toBe('CHECK');
      expect(row.sent_at).not.toBeNull();
    }
    const completion = new Date(TEN_WIB.getTime() + 60_000);
    const accepted = await Promise.allSettled(
      rows.map((row) =>
        writes.recordAccepted(row, {
          accepted: true,
          railReference: `RR-${row.id}`,
          expectedCompletionAt: completion,
        }),
      ),
    );
    expect(accepted.map((m) => m.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((accepted[1] as PromiseRejectedResult).reason).toBeInstanceOf(LeaseLostError);
    for (const row of rows) {
      const sub = await t.services.db
        .selectFrom('rail_submissions')
        .select(['state', 'rail_reference', 'detail'])
        .where('id', '=', row.id)
        .executeTakeFirstOrThrow();
      const trx = await t.services.db
        .selectFrom('transactions')
        .select('rail_reference')
        .where('id', '=', row.transaction_id)
        .executeTakeFirstOrThrow();
      if (row === lost) {
        // Untouched: the worker holding its lease moves it.
        expect(sub.state).not.toBe('CHECK');
        expect(sub.rail_reference).not.toBe(`RR-${row.id}`);
        expect(trx.rail_reference).not.toBe(`RR-${row.id}`);
      } else {
        expect(sub).toMatchObject({ state: 'POLL', rail_reference: `RR-${row.id}` });
        expect(new Date(String(sub.detail?.expectedCompletionAt)).getTime()).toBe(
          completion.getTime(),
        );
        expect(trx.rail_reference).toBe(`RR-${row.id}`);
      }
    }
  });
});
