import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  advanceSubmission,
  claimSubmission,
  MAX_STUCK_FAILURES,
  runRailSweep,
} from '../../src/modules/payouts/rail-work';
import { type BankTransferRail, createRails, UnknownRailReferenceError } from '../../src/rails';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';
import {
  bankInquiry,
  expectConsistent,
  fundAgent,
  ledgerBalance,
  offsetToWib,
  prepare,
} from './factory';

/** How long the server waits for one rail call in these tests. */
const CALL_TIMEOUT_MS = 1_500;

/**
 * The rail work of a withdrawal against a bank that is slow, loses answers or answers nonsense:
 * the same transfer is never sent twice, money whose fate is unknown is never returned, and a row
 * nobody can finish ends in REVIEW with the hold kept.
 */
describe.each(testDatabases())('withdraw rail safety on %s', (kind) => {
  const simulated = createRails();
  /** What the bank does; each test sets its own, the simulator's by default. */
  let bank: Pick<BankTransferRail, 'send' | 'lookup' | 'status'>;
  let sends: string[];
  const connector: BankTransferRail = {
    inquiry: (request) => simulated.bank.inquiry(request),
    send: (request) => {
      sends.push(request.reference);
      return bank.send(request);
    },
    lookup: (request) => bank.lookup(request),
    status: (request) => bank.status(request),
  };
  let t: TestApp;
  let c: TestClient;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      clockOffsetMs: offsetToWib(10, 0),
      rails: { callTimeoutMs: CALL_TIMEOUT_MS, connectors: { bank: connector } },
    });
    c = await t.loginAs('partner@demo.id', { lang: 'en' });
    await fundAgent(t, 'partner@demo.id', 5_000_000);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    bank = { ...simulated.bank };
    sends = [];
  });

  async function submissionOf(reference: string) {
    return t.services.db
      .selectFrom('rail_submissions')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
  }
  async function transactionOf(reference: string) {
    return t.services.db
      .selectFrom('transactions')
      .selectAll()
      .where('id_transaksi', '=', reference)
      .executeTakeFirstOrThrow();
  }
  async function holdStatus(reference: string) {
    return (await t.services.ledger.getTransfer(`withdraw:${reference}:amount`))?.status;
  }

  it('a worker whose lease ran out changes nothing once another has claimed the row, which finds the first send instead of sending again', async () => {
    const before = await ledgerBalance(t, 'partner@demo.id');
    const paid = await prepare(c, bankInquiry({ nominal: 61_000 }));
    const reference = paid.inquiry.idtransaksi;
    let answer = () => {};
    const reply = new Promise<void>((resolve) => {
      answer = resolve;
    });
    let reached = () => {};
    const atBank = new Promise<void>((resolve) => {
      reached = resolve;
    });
    bank.send = async (request) => {
      const sent = await simulated.bank.send(request);
      reached();
      await reply;
      return sent;
    };
    const paying = c.post('/transaction/cashout_payment', paid.payment);
    await atBank;
    // The paying request still waits for the bank when its lease runs out and the sweep claims.
    t.clock.advance(61_000);
    const submission = await submissionOf(reference);
    const taken = await claimSubmission(t.services, submission.id);
    expect(taken).toBeDefined();
    answer();
    const res = await paying;
    expect(res.rc, res.rd).toBe('00');
    expect(res.data.status_trx).toBe('PROCESS');
    // The late answer recorded nothing and did not end the new lease.
    const after = await submissionOf(reference);
    expect(after).toMatchObject({
      state: 'CHECK',
      rail_reference: null,
      lease_token: taken?.lease_token,
    });
    expect(after.claimed_until).toEqual(taken?.claimed_until);

    // The new owner asks the bank by our reference and finds the first transfer.
    await advanceSubmission(t.services, taken!);
    expect(sends).toEqual([reference]);
    expect(await submissionOf(reference)).toMatchObject({ state: 'DONE', lease_token: null });
    expect(await transactionOf(reference)).toMatchObject({
      status_trx: 'SUCCESS',
      is_void: 'Debited',
    });
    expect(await holdStatus(reference)).toBe('posted');
    expect(await ledgerBalance(t, 'partner@demo.id')).toBe(before - 63_500);
    await expectConsistent(t, c);
  });

  it('a send whose reply times out is looked up, not resent: a later rejection cannot refund money that left', async () => {
    const before = await ledgerBalance(t, 'partner@demo.id');
    const paid = await prepare(c, bankInquiry({ nominal: 72_000 }));
    const reference = paid.inquiry.idtransaksi;
    // The bank takes the transfer, and its answer never comes back.
    bank.send = async (request) => {
      await simulated.bank.send(request);
      return new Promise(() => {});
    };
    const started = Date.now();
    const res = await c.post('/transaction/cashout_payment', paid.payment);
    expect(Date.now() - started).toBeLessThan(CALL_TIMEOUT_MS + 5_000);
    expect(res.rc, res.rd).toBe('00');
    expect(res.data.status_trx).toBe('PROCESS');
    const unknown = await submissionOf(reference);
    expect(unknown.state).toBe('CHECK');
    expect(unknown.last_error).toContain('did not answer');
    expect(await holdStatus(reference)).toBe('pending');

    // Sent again now, the bank would refuse it (a disruption); asked, it has the first transfer.
    bank.send = async () => ({ accepted: false, code: 'BANK_UNAVAILABLE' });
    t.clock.advance(60_000);
    await runRailSweep(t.services);
    expect(sends).toEqual([reference]);
    expect(await transactionOf(reference)).toMatchObject({
      status_trx: 'SUCCESS',
      is_void: 'Debited',
    });
    expect(await holdStatus(reference)).toBe('posted');
    expect(await ledgerBalance(t, 'partner@demo.id')).toBe(before - 74_500);
    await expectConsistent(t, c);
  });

  it('an unknown rail reference ends in REVIEW after a bounded number of tries, logged as an error, with the hold kept', async () => {
    const before = await ledgerBalance(t, 'partner@demo.id');
    const paid = await prepare(c, bankInquiry({ nominal: 83_000 }));
    const reference = paid.inquiry.idtransaksi;
    bank.status = async ({ railReference }) => {
      throw new UnknownRailReferenceError(railReference);
    };
    const errors = vi.spyOn(t.services.log, 'error');
    try {
      const res = await c.post('/transaction/cashout_payment', paid.payment);
      expect(res.data.status_trx).toBe('PROCESS');
      for (let sweep = 1; sweep < MAX_STUCK_FAILURES; sweep++) {
        expect((await submissionOf(reference)).state).toBe('POLL');
        t.clock.advance(5 * 60_000 + 1_000);
        await runRailSweep(t.services);
      }
      const parked = await submissionOf(reference);
      expect(parked).toMatchObject({
        state: 'REVIEW',
        failures: MAX_STUCK_FAILURES,
        claimed_until: null,
        lease_token: null,
      });
      expect(parked.last_error).toContain('Unknown rail reference');
      expect(errors).toHaveBeenCalledWith(
        expect.objectContaining({ reference }),
        expect.stringContaining('needs review'),
      );
    } finally {
      errors.mockRestore();
    }

    // Nobody touches it any more: not the sweep, not the status call. The money stays held.
    t.clock.advance(60 * 60_000);
    await runRailSweep(t.services);
    const status = await c.get('/transaction/status', {
      checksum: paid.inquiry.checksum,
      reff_id: reference,
      uuid_user: paid.inquiry.uuid_user,
    });
    expect(status.data.status_trx).toBe('PROCESS');
    expect((await submissionOf(reference)).attempts).toBe(MAX_STUCK_FAILURES);
    expect(await transactionOf(reference)).toMatchObject({ status_trx: 'PROCESS' });
    expect(await holdStatus(reference)).toBe('pending');
    expect(await ledgerBalance(t, 'partner@demo.id')).toBe(before - 85_500);
    await expectConsistent(t, await t.loginAs('partner@demo.id'));
  });

  it('a ledger refusal in finalize ends in REVIEW too, leaving the transaction in PROCESS', async () => {
    const paid = await prepare(c, bankInquiry({ nominal: 94_000 }));
    const reference = paid.inquiry.idtransaksi;
    bank.status = async () => ({
      status: 'PROCESSING',
      reason: 'SLOW_BANK',
      expectedCompletionAt: t.clock.now,
    });
    const res = await c.post('/transaction/cashout_payment', paid.payment);
    expect(res.data.status_trx).toBe('PROCESS');
    // Corrupt the row: its pending transfers are ones the ledger never had.
    await t.services.db
      .updateTable('rail_submissions')
      .set({ pending_transfer_ids: `withdraw:${reference}:nothing` })
      .where('reference', '=', reference)
      .execute();
    bank.status = simulated.bank.status;
    for (let sweep = 0; sweep < MAX_STUCK_FAILURES; sweep++) {
      t.clock.advance(5 * 60_000 + 1_000);
      await runRailSweep(t.services);
    }
    const parked = await submissionOf(reference);
    expect(parked.state).toBe('REVIEW');
    expect(parked.last_error).toContain('ledger refused to post');
    expect(await transactionOf(reference)).toMatchObject({ status_trx: 'PROCESS' });
    expect(await holdStatus(reference)).toBe('pending');
    await expectConsistent(t, await t.loginAs('partner@demo.id'));
  });
});
