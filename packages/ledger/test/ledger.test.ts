/**
 * Behaviour of the ledger against a real database, on PGlite and on PostgreSQL: transfers,
 * balance checks, linked chains, two-phase holds, expiry, idempotency, caller transactions and
 * the entry log. Every test ends with the invariant check.
 */
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  checkInvariants,
  expiryTransferId,
  isTransferOk,
  Ledger,
  LedgerError,
  ledgerMigration,
  planTransfers,
  subAccount,
  type TransferResult,
} from '../src/index';
import { writePlan } from '../src/store';
import { availableDrivers, createTestDb, type TestDb } from './db';
import { type Book, codes, fund, nextId, openBook, testClock, transfer } from './factories';

const drivers = await availableDrivers();

function created(result: TransferResult | undefined) {
  expect(result?.result).toBe('created');
  if (result === undefined || !isTransferOk(result)) throw new Error('not created');
  return result.transfer;
}

describe.each(drivers)('ledger on %s', (driver) => {
  let testDb: TestDb;
  let clock: ReturnType<typeof testClock>;
  let ledger: Ledger;
  let book: Book;

  beforeAll(async () => {
    testDb = await createTestDb(driver);
  }, 60_000);

  afterAll(async () => {
    await testDb?.close();
  });

  beforeEach(async () => {
    await testDb.reset();
    clock = testClock();
    ledger = new Ledger(testDb.db, clock.options());
    book = await openBook(ledger);
  });

  afterEach(async () => {
    const report = await checkInvariants(testDb.db);
    expect(report.violations).toEqual([]);
  });

  describe('accounts', () => {
    it('ensureAccount is idempotent and found by its natural key', async () => {
      const again = await ledger.ensureAccount({
        kind: 'merchant_available',
        agentId: 1,
        environment: 'production',
      });
      expect(again.id).toBe(book.merchantA.id);
      expect(again.allowNegative).toBe(false);
      expect(again.normalSide).toBe('credit');
      expect(book.clearing.allowNegative).toBe(true);
      expect(book.clearing.normalSide).toBe('debit');
      const found = await ledger.findAccount({
        environment: 'production',
        kind: 'rail_clearing',
        subkey: '014',
      });
      expect(found?.id).toBe(book.clearing.id);
      expect(
        await ledger.findAccount({ environment: 'sandbox', kind: 'fee_revenue' }),
      ).toBeUndefined();
    });

    it('accepts a caller-chosen id and refuses a different one for an existing key', async () => {
      const chosen = await ledger.ensureAccount({
        id: 900_001,
        kind: 'suspense',
        environment: 'production',
      });
      expect(chosen.id).toBe(900_001);
      await expect(
        ledger.ensureAccount({ id: 900_002, kind: 'suspense', environment: 'production' }),
      ).rejects.toThrow(LedgerError);
    });

    it('balanceOf reports posted, pending and available', async () => {
      await fund(ledger, book, book.merchantA, 10_000);
      await ledger.createTransfer(
        transfer({
          debitAccountId: book.merchantA.id,
          creditAccountId: book.clearing.id,
          amount: 3_000,
          flags: { pending: true },
        }),
      );
      expect(await ledger.balanceOf(book.merchantA.id)).toMatchObject({
        posted: 10_000,
        pending: -3_000,
        reserved: 3_000,
        available: 7_000,
      });
      await expect(ledger.balanceOf(424_242)).rejects.toThrow(LedgerError);
    });
  });

  describe('single transfers', () => {
    it('moves money and writes one entry per side', async () => {
      await fund(ledger, book, book.merchantA, 50_000);
      const result = await ledger.createTransfer(
        transfer({
          id: 'pay-1',
          debitAccountId: book.merchantA.id,
          creditAccountId: book.merchantB.id,
          amount: 20_000,
          kind: 'transfer',
          reference: 'TRX-1',
          description: 'to B',
          metadata: { channel: 'api' },
        }),
      );
      const stored = created(result);
      expect(stored).toMatchObject({
        id: 'pay-1',
        amount: 20_000,
        reference: 'TRX-1',
        status: null,
        environment: 'production',
        currency: 'IDR',
        metadata: { channel: 'api' },
      });
      expect((await ledger.balanceOf(book.merchantA.id)).available).toBe(30_000);
      expect((await ledger.balanceOf(book.merchantB.id)).available).toBe(20_000);
      const [entryA] = await ledger.listEntries({ accountId: book.merchantA.id, limit: 1 });
      expect(entryA).toMatchObject({
        transferId: 'pay-1',
        direction: 'debit',
        amount: 20_000,
        balanceBefore: 50_000,
        balanceAfter: 30_000,
      });
      const [entryB] = await ledger.listEntries({ accountId: book.merchantB.id, limit: 1 });
      expect(entryB).toMatchObject({ direction: 'credit', balanceBefore: 0, balanceAfter: 20_000 });
    });

    it('refuses to overdraw a merchant and lets a system account go negative', async () => {
      await fund(ledger, book, book.merchantA, 5_000);
      const refused = await ledger.createTransfer(
        transfer({
          debitAccountId: book.merchantA.id,
          creditAccountId: book.merchantB.id,
          amount: 5_001,
        }),
      );
      expect(refused.result).toBe('exceeds_credits');
      const exact = await ledger.createTransfer(
        transfer({
          debitAccountId: book.merchantA.id,
          creditAccountId: book.merchantB.id,
          amount: 5_000,
        }),
      );
      expect(exact.result).toBe('created');
      // The fee revenue account is credit-normal but allowed below zero (e.g. a refunded fee).
      const negative = await ledger.createTransfer(
        transfer({
          debitAccountId: book.feeRevenue.id,
          creditAccountId: book.merchantB.id,
          amount: 700,
        }),
      );
      expect(negative.result).toBe('created');
      expect((await ledger.balanceOf(book.feeRevenue.id)).available).toBe(-700);
      expect((await ledger.balanceOf(book.clearing.id)).available).toBe(5_000);
    });

    it('refuses a debit-normal account without allow_negative going below zero', async () => {
      const vault = await ledger.ensureAccount({
        kind: 'cash_in_clearing',
        environment: 'production',
        allowNegative: false,
      });
      const result = await ledger.createTransfer(
        transfer({ debitAccountId: book.merchantB.id, creditAccountId: vault.id, amount: 1 }),
      );
      // merchantB has nothing either, so its own check fires first.
      expect(result.result).toBe('exceeds_credits');
      const fromSystem = await ledger.createTransfer(
        transfer({ debitAccountId: book.feeRevenue.id, creditAccountId: vault.id, amount: 1 }),
      );
      expect(fromSystem.result).toBe('exceeds_debits');
    });

    it('validates requests with typed codes and writes nothing for them', async () => {
      await fund(ledger, book, book.merchantA, 1_000);
      const a = book.merchantA.id;
      const b = book.merchantB.id;
      const results = await ledger.createTransfers([
        { id: '', debitAccountId: a, creditAccountId: b, amount: 1, kind: 'x' },
        { id: 'x'.repeat(129), debitAccountId: a, creditAccountId: b, amount: 1, kind: 'x' },
        { id: nextId(), debitAccountId: a, creditAccountId: b, amount: 0, kind: 'x' },
        { id: nextId(), debitAccountId: a, creditAccountId: b, amount: 1.5, kind: 'x' },
        { id: nextId(), debitAccountId: a, creditAccountId: b, amount: 2 ** 53, kind: 'x' },
        { id: nextId(), debitAccountId: a, creditAccountId: a, amount: 1, kind: 'x' },
        { id: nextId(), creditAccountId: b, amount: 1, kind: 'x' },
        { id: nextId(), debitAccountId: a, creditAccountId: 987_654, amount: 1, kind: 'x' },
        {
          id: nextId(),
          debitAccountId: a,
          creditAccountId: book.sandboxMerchant.id,
          amount: 1,
          kind: 'x',
        },
        {
          id: nextId(),
          debitAccountId: a,
          creditAccountId: book.usdMerchant.id,
          amount: 1,
          kind: 'x',
        },
        { id: nextId(), debitAccountId: a, creditAccountId: b, amount: 1, kind: 'Bad Kind' },
        {
          id: nextId(),
          debitAccountId: a,
          creditAccountId: b,
          amount: 1,
          kind: 'x',
          timeoutSeconds: 5,
        },
        {
          id: nextId(),
          debitAccountId: a,
          creditAccountId: b,
          amount: 1,
          kind: 'x',
          flags: { pending: true, voidPending: true },
        },
        {
          id: nextId(),
          debitAccountId: a,
          creditAccountId: b,
          amount: 1,
          kind: 'x',
          pendingId: 'p',
        },
        { id: nextId(), flags: { postPending: true } },
        {
          id: nextId(),
          debitAccountId: a,
          creditAccountId: b,
          amount: 1,
          kind: 'x',
          createdAt: new Date(Number.NaN),
        },
        {
          id: nextId(),
          debitAccountId: a,
          creditAccountId: b,
          amount: 1,
          kind: 'x',
          metadata: { big: 'x'.repeat(9_000) },
        },
      ]);
      expect(codes(results)).toEqual([
        'id_must_not_be_empty',
        'id_too_long',
        'invalid_amount',
        'invalid_amount',
        'invalid_amount',
        'accounts_must_be_different',
        'debit_account_id_required',
        'credit_account_not_found',
        'accounts_must_have_same_environment',
        'accounts_must_have_same_currency',
        'invalid_kind',
        'timeout_reserved_for_pending_transfer',
        'flags_are_mutually_exclusive',
        'pending_id_must_be_empty',
        'pending_id_required',
        'invalid_created_at',
        'invalid_metadata',
      ]);
      expect(results.map((result) => result.index)).toEqual(results.map((_, index) => index));
      expect((await ledger.balanceOf(a)).available).toBe(1_000);
    });

    it('later transfers of a batch see earlier ones, and the entry chain follows the batch order', async () => {
      const a = book.merchantA.id;
      const b = book.merchantB.id;
      const results = await ledger.createTransfers([
        {
          id: 'b1',
          debitAccountId: book.clearing.id,
          creditAccountId: a,
          amount: 100,
          kind: 'topup',
        },
        { id: 'b2', debitAccountId: a, creditAccountId: b, amount: 60, kind: 'transfer' },
        { id: 'b3', debitAccountId: a, creditAccountId: b, amount: 60, kind: 'transfer' },
        { id: 'b4', debitAccountId: b, creditAccountId: a, amount: 60, kind: 'transfer' },
        { id: 'b5', debitAccountId: a, creditAccountId: b, amount: 60, kind: 'transfer' },
      ]);
      expect(codes(results)).toEqual([
        'created',
        'created',
        'exceeds_credits',
        'created',
        'created',
      ]);
      const entries = await ledger.listEntries({ accountId: a, limit: 10 });
      expect(
        entries.map((entry) => [entry.transferId, entry.balanceBefore, entry.balanceAfter]),
      ).toEqual([
        ['b5', 100, 40],
        ['b4', 40, 100],
        ['b2', 100, 40],
        ['b1', 0, 100],
      ]);
    });

    it('keeps an explicit booking time for history', async () => {
      const past = new Date('2024-10-01T03:00:00.000Z');
      const result = await ledger.createTransfer(
        transfer({
          debitAccountId: book.clearing.id,
          creditAccountId: book.merchantA.id,
          createdAt: past,
        }),
      );
      expect(created(result).createdAt.toISOString()).toBe(past.toISOString());
      const entries = await ledger.listEntries({ accountId: book.merchantA.id, limit: 1 });
      expect(entries[0]?.createdAt.toISOString()).toBe(past.toISOString());
      // Keyset paging walks back in booking time.
      await fund(ledger, book, book.merchantA, 5);
      const [newest] = await ledger.listEntries({ accountId: book.merchantA.id, limit: 1 });
      expect(newest?.amount).toBe(5);
      const older = await ledger.listEntries({
        accountId: book.merchantA.id,
        limit: 10,
        before: newest ? { createdAt: newest.createdAt, id: newest.id } : undefined,
      });
      expect(older.map((entry) => entry.createdAt.toISOString())).toEqual([past.toISOString()]);
    });
  });

  describe('linked chains', () => {
    it('applies amount + admin fee + service fee − voucher together', async () => {
      await fund(ledger, book, book.merchantA, 100_000);
      const a = book.merchantA.id;
      const results = await ledger.createTransfers([
        {
          id: 'w-amount',
          debitAccountId: a,
          creditAccountId: book.clearing.id,
          amount: 50_000,
          kind: 'withdraw',
          flags: { linked: true },
        },
        {
          id: 'w-admin',
          debitAccountId: a,
          creditAccountId: book.feeRevenue.id,
          amount: 2_500,
          kind: 'withdraw_fee',
          flags: { linked: true },
        },
        {
          id: 'w-service',
          debitAccountId: a,
          creditAccountId: book.feeRevenue.id,
          amount: 1_000,
          kind: 'service_fee',
          flags: { linked: true },
        },
        {
          id: 'w-voucher',
          debitAccountId: book.feeRevenue.id,
          creditAccountId: a,
          amount: 500,
          kind: 'voucher',
        },
      ]);
      expect(codes(results)).toEqual(['created', 'created', 'created', 'created']);
      expect((await ledger.balanceOf(a)).available).toBe(100_000 - 50_000 - 2_500 - 1_000 + 500);
      expect((await ledger.balanceOf(book.feeRevenue.id)).available).toBe(3_000);
    });

    it('rolls the whole chain back when one transfer fails, and leaves other transfers alone', async () => {
      await fund(ledger, book, book.merchantA, 51_000);
      const a = book.merchantA.id;
      const results = await ledger.createTransfers([
        {
          id: 'before',
          debitAccountId: a,
          creditAccountId: book.merchantB.id,
          amount: 1_000,
          kind: 'transfer',
        },
        {
          id: 'c-amount',
          debitAccountId: a,
          creditAccountId: book.clearing.id,
          amount: 50_000,
          kind: 'withdraw',
          flags: { linked: true },
        },
        {
          id: 'c-admin',
          debitAccountId: a,
          creditAccountId: book.feeRevenue.id,
          amount: 2_500,
          kind: 'withdraw_fee',
          flags: { linked: true },
        },
        {
          id: 'c-voucher',
          debitAccountId: book.feeRevenue.id,
          creditAccountId: a,
          amount: 500,
          kind: 'voucher',
        },
        {
          id: 'after',
          debitAccountId: a,
          creditAccountId: book.merchantB.id,
          amount: 1_000,
          kind: 'transfer',
        },
      ]);
      expect(codes(results)).toEqual([
        'created',
        'linked_event_failed',
        'exceeds_credits',
        'linked_event_failed',
        'created',
      ]);
      expect((await ledger.balanceOf(a)).available).toBe(49_000);
      expect(await ledger.lookupTransfers(['c-amount', 'c-admin', 'c-voucher'])).toEqual([]);
      // The failed chain's ids stay free: a corrected retry is a new posting.
      const retry = await ledger.createTransfers([
        {
          id: 'c-amount',
          debitAccountId: a,
          creditAccountId: book.clearing.id,
          amount: 40_000,
          kind: 'withdraw',
          flags: { linked: true },
        },
        {
          id: 'c-admin',
          debitAccountId: a,
          creditAccountId: book.feeRevenue.id,
          amount: 2_500,
          kind: 'withdraw_fee',
        },
      ]);
      expect(codes(retry)).toEqual(['created', 'created']);
    });

    it('refuses a chain left open at the end of the call', async () => {
      await fund(ledger, book, book.merchantA, 10_000);
      const results = await ledger.createTransfers([
        transfer({ debitAccountId: book.merchantA.id, creditAccountId: book.merchantB.id }),
        transfer({
          debitAccountId: book.merchantA.id,
          creditAccountId: book.merchantB.id,
          flags: { linked: true },
        }),
        transfer({
          debitAccountId: book.merchantA.id,
          creditAccountId: book.merchantB.id,
          flags: { linked: true },
        }),
      ]);
      expect(codes(results)).toEqual(['created', 'linked_event_failed', 'linked_event_chain_open']);
      expect((await ledger.balanceOf(book.merchantA.id)).available).toBe(9_000);
    });
  });

  describe('two-phase transfers', () => {
    it('reserves funds, then posts the whole amount', async () => {
      await fund(ledger, book, book.merchantA, 10_000);
      const hold = created(
        await ledger.createTransfer({
          id: 'hold-1',
          debitAccountId: book.merchantA.id,
          creditAccountId: book.clearing.id,
          amount: 4_000,
          kind: 'withdraw',
          flags: { pending: true },
        }),
      );
      expect(hold.status).toBe('pending');
      expect(await ledger.balanceOf(book.merchantA.id)).toMatchObject({
        available: 6_000,
        reserved: 4_000,
        posted: 10_000,
      });
      const tooMuch = await ledger.createTransfer(
        transfer({
          debitAccountId: book.merchantA.id,
          creditAccountId: book.merchantB.id,
          amount: 6_001,
        }),
      );
      expect(tooMuch.result).toBe('exceeds_credits');

      const post = created(
        await ledger.createTransfer({
          id: 'post-1',
          pendingId: 'hold-1',
          flags: { postPending: true },
        }),
      );
      expect(post).toMatchObject({
        amount: 4_000,
        kind: 'withdraw',
        debitAccountId: book.merchantA.id,
      });
      expect(await ledger.balanceOf(book.merchantA.id)).toMatchObject({
        available: 6_000,
        reserved: 0,
        posted: 6_000,
      });
      expect((await ledger.getTransfer('hold-1'))?.status).toBe('posted');
      const again = await ledger.createTransfer({
        id: 'post-2',
        pendingId: 'hold-1',
        flags: { postPending: true },
      });
      expect(again.result).toBe('pending_transfer_already_posted');
      const voidAfterPost = await ledger.createTransfer({
        id: 'void-1',
        pendingId: 'hold-1',
        flags: { voidPending: true },
      });
      expect(voidAfterPost.result).toBe('pending_transfer_already_posted');
    });

    it('posts part of a hold and releases the rest', async () => {
      await fund(ledger, book, book.merchantA, 10_000);
      await ledger.createTransfer({
        id: 'hold-2',
        debitAccountId: book.merchantA.id,
        creditAccountId: book.clearing.id,
        amount: 4_000,
        kind: 'withdraw',
        flags: { pending: true },
      });
      const over = await ledger.createTransfer({
        id: 'post-over',
        pendingId: 'hold-2',
        amount: 4_001,
        flags: { postPending: true },
      });
      expect(over.result).toBe('exceeds_pending_transfer_amount');
      const post = created(
        await ledger.createTransfer({
          id: 'post-part',
          pendingId: 'hold-2',
          amount: 2_500,
          flags: { postPending: true },
        }),
      );
      expect(post.amount).toBe(2_500);
      expect(await ledger.balanceOf(book.merchantA.id)).toMatchObject({
        available: 7_500,
        reserved: 0,
        posted: 7_500,
      });
      const [entry] = await ledger.listEntries({ accountId: book.merchantA.id, limit: 1 });
      expect(entry).toMatchObject({
        transferId: 'post-part',
        balanceBefore: 6_000,
        balanceAfter: 7_500,
      });
    });

    it('voids a hold and refuses to post it afterwards', async () => {
      await fund(ledger, book, book.merchantA, 10_000);
      await ledger.createTransfer({
        id: 'hold-3',
        debitAccountId: book.merchantA.id,
        creditAccountId: book.clearing.id,
        amount: 4_000,
        kind: 'withdraw',
        flags: { pending: true },
      });
      const wrongAmount = await ledger.createTransfer({
        id: 'void-wrong',
        pendingId: 'hold-3',
        amount: 1,
        flags: { voidPending: true },
      });
      expect(wrongAmount.result).toBe('pending_transfer_has_different_amount');
      const wrongAccount = await ledger.createTransfer({
        id: 'void-acct',
        pendingId: 'hold-3',
        debitAccountId: book.merchantB.id,
        flags: { voidPending: true },
      });
      expect(wrongAccount.result).toBe('pending_transfer_has_different_debit_account_id');
      created(
        await ledger.createTransfer({
          id: 'void-3',
          pendingId: 'hold-3',
          flags: { voidPending: true },
        }),
      );
      expect(await ledger.balanceOf(book.merchantA.id)).toMatchObject({
        available: 10_000,
        reserved: 0,
      });
      expect((await ledger.getTransfer('hold-3'))?.status).toBe('voided');
      const post = await ledger.createTransfer({
        id: 'post-3',
        pendingId: 'hold-3',
        flags: { postPending: true },
      });
      expect(post.result).toBe('pending_transfer_already_voided');
      const notHold = await ledger.createTransfer({
        id: 'post-x',
        pendingId: 'void-3',
        flags: { postPending: true },
      });
      expect(notHold.result).toBe('pending_transfer_not_pending');
      const missing = await ledger.createTransfer({
        id: 'post-y',
        pendingId: 'nope',
        flags: { postPending: true },
      });
      expect(missing.result).toBe('pending_transfer_not_found');
    });

    it('holds incoming funds on a credit-normal account without making them spendable', async () => {
      const hold = await ledger.createTransfer({
        id: 'va-hold',
        debitAccountId: book.clearing.id,
        creditAccountId: book.merchantA.id,
        amount: 9_000,
        kind: 'va_payment',
        flags: { pending: true },
      });
      expect(hold.result).toBe('created');
      expect(await ledger.balanceOf(book.merchantA.id)).toMatchObject({
        available: 0,
        pending: 9_000,
      });
      await ledger.createTransfer({
        id: 'va-post',
        pendingId: 'va-hold',
        flags: { postPending: true },
      });
      expect(await ledger.balanceOf(book.merchantA.id)).toMatchObject({
        available: 9_000,
        pending: 0,
      });
    });

    it('creates and resolves a hold in one call', async () => {
      await fund(ledger, book, book.merchantA, 1_000);
      const results = await ledger.createTransfers([
        {
          id: 'h',
          debitAccountId: book.merchantA.id,
          creditAccountId: book.clearing.id,
          amount: 800,
          kind: 'withdraw',
          flags: { pending: true },
        },
        { id: 'h-post', pendingId: 'h', amount: 300, flags: { postPending: true } },
        { id: 'h-void', pendingId: 'h', flags: { voidPending: true } },
      ]);
      expect(codes(results)).toEqual(['created', 'created', 'pending_transfer_already_posted']);
      expect(
        isTransferOk(results[0] as TransferResult) &&
          (results[0] as { transfer: { status: string } }).transfer.status,
      ).toBe('posted');
      expect((await ledger.balanceOf(book.merchantA.id)).available).toBe(700);
    });

    it('expires holds after their timeout; late posts are refused', async () => {
      await fund(ledger, book, book.merchantA, 10_000);
      await ledger.createTransfers([
        {
          id: 'short',
          debitAccountId: book.merchantA.id,
          creditAccountId: book.clearing.id,
          amount: 1_000,
          kind: 'withdraw',
          flags: { pending: true },
          timeoutSeconds: 60,
        },
        {
          id: 'long',
          debitAccountId: book.merchantA.id,
          creditAccountId: book.clearing.id,
          amount: 2_000,
          kind: 'withdraw',
          flags: { pending: true },
          timeoutSeconds: 3_600,
        },
        {
          id: 'forever',
          debitAccountId: book.merchantA.id,
          creditAccountId: book.clearing.id,
          amount: 3_000,
          kind: 'withdraw',
          flags: { pending: true },
        },
      ]);
      expect((await ledger.expirePendingTransfers()).expired).toBe(0);
      clock.advanceSeconds(61);
      const late = await ledger.createTransfer({
        id: 'late-post',
        pendingId: 'short',
        flags: { postPending: true },
      });
      expect(late.result).toBe('pending_transfer_expired');
      const sweep = await ledger.expirePendingTransfers();
      expect(sweep).toMatchObject({ expired: 1, skipped: 0 });
      expect(sweep.results[0]?.id).toBe(expiryTransferId('short'));
      expect((await ledger.getTransfer('short'))?.status).toBe('expired');
      expect((await ledger.getTransfer(expiryTransferId('short')))?.kind).toBe('hold_timeout');
      expect((await ledger.balanceOf(book.merchantA.id)).available).toBe(10_000 - 2_000 - 3_000);
      expect((await ledger.expirePendingTransfers()).expired).toBe(0);
      clock.advanceSeconds(3_600);
      expect(
        (await ledger.expirePendingTransfers(clock.now(), { environment: 'sandbox' })).expired,
      ).toBe(0);
      expect(
        (await ledger.expirePendingTransfers(clock.now(), { environment: 'production' })).expired,
      ).toBe(1);
      expect((await ledger.balanceOf(book.merchantA.id)).available).toBe(7_000);
      expect((await ledger.getTransfer('forever'))?.status).toBe('pending');
    });
  });

  describe('idempotency', () => {
    it('answers a replay with the first transfer and changes nothing', async () => {
      await fund(ledger, book, book.merchantA, 10_000);
      const request = {
        id: 'idem-1',
        debitAccountId: book.merchantA.id,
        creditAccountId: book.merchantB.id,
        amount: 2_000,
        kind: 'transfer',
        reference: 'TRX-9',
        metadata: { b: 2, a: [1, { c: 3 }] },
      };
      const first = created(await ledger.createTransfer(request));
      clock.advanceSeconds(5);
      const replay = await ledger.createTransfer({
        ...request,
        metadata: { a: [1, { c: 3 }], b: 2 },
      });
      expect(replay.result).toBe('exists');
      expect(isTransferOk(replay) && replay.transfer).toEqual(first);
      expect((await ledger.balanceOf(book.merchantA.id)).available).toBe(8_000);
      expect(await ledger.listEntries({ accountId: book.merchantA.id, limit: 10 })).toHaveLength(2);
    });

    it('refuses the same id with other fields', async () => {
      await fund(ledger, book, book.merchantA, 10_000);
      const request = {
        id: 'idem-2',
        debitAccountId: book.merchantA.id,
        creditAccountId: book.merchantB.id,
        amount: 2_000,
        kind: 'transfer',
      };
      await ledger.createTransfer(request);
      const variants = [
        { ...request, amount: 2_001 },
        { ...request, creditAccountId: book.feeRevenue.id },
        { ...request, kind: 'topup' },
        { ...request, reference: 'other' },
        { ...request, metadata: { x: 1 } },
        { ...request, flags: { pending: true } },
        { ...request, createdAt: new Date('2020-01-01T00:00:00Z') },
      ];
      const results = await ledger.createTransfers(variants);
      expect(new Set(codes(results))).toEqual(new Set(['exists_with_different_fields']));
      expect((await ledger.balanceOf(book.merchantA.id)).available).toBe(8_000);
    });

    it('treats a repeated id inside one batch like a replay', async () => {
      await fund(ledger, book, book.merchantA, 10_000);
      const request = transfer({
        debitAccountId: book.merchantA.id,
        creditAccountId: book.merchantB.id,
      });
      const results = await ledger.createTransfers([request, request, { ...request, amount: 7 }]);
      expect(codes(results)).toEqual(['created', 'exists', 'exists_with_different_fields']);
    });

    it('replays holds, posts and whole chains', async () => {
      await fund(ledger, book, book.merchantA, 10_000);
      const chain = [
        {
          id: 'r-hold',
          debitAccountId: book.merchantA.id,
          creditAccountId: book.clearing.id,
          amount: 3_000,
          kind: 'withdraw',
          flags: { pending: true, linked: true },
          timeoutSeconds: 600,
        },
        {
          id: 'r-fee',
          debitAccountId: book.merchantA.id,
          creditAccountId: book.feeRevenue.id,
          amount: 100,
          kind: 'withdraw_fee',
        },
      ];
      expect(codes(await ledger.createTransfers(chain))).toEqual(['created', 'created']);
      expect(codes(await ledger.createTransfers(chain))).toEqual(['exists', 'exists']);
      const post = { id: 'r-post', pendingId: 'r-hold', flags: { postPending: true } };
      expect((await ledger.createTransfer(post)).result).toBe('created');
      expect((await ledger.createTransfer(post)).result).toBe('exists');
      expect((await ledger.createTransfer({ ...post, amount: 3_000 })).result).toBe('exists');
      expect((await ledger.createTransfer({ ...post, amount: 2_000 })).result).toBe(
        'exists_with_different_fields',
      );
      expect((await ledger.balanceOf(book.merchantA.id)).available).toBe(6_900);
    });
  });

  describe('spread accounts', () => {
    it('credits one sub-account per payer and reads the base as their sum', async () => {
      const base = { kind: 'fee_revenue', environment: 'production' as const };
      const [one, two] = await ledger.ensureAccounts([
        subAccount(base, 'a1'),
        subAccount(base, 'a2'),
      ]);
      expect(one?.subkey).toBe('~a1');
      expect(two?.id).not.toBe(one?.id);
      expect(one?.normalSide).toBe('credit');
      await fund(ledger, book, book.merchantA, 10_000);
      await fund(ledger, book, book.merchantB, 10_000);
      for (const [merchant, fee, amount] of [
        [book.merchantA, one, 700],
        [book.merchantB, two, 300],
        [book.merchantA, book.feeRevenue, 50],
      ] as const) {
        const result = await ledger.createTransfer(
          transfer({ debitAccountId: merchant.id, creditAccountId: fee?.id, amount }),
        );
        expect(result.result).toBe('created');
      }
      const hold = await ledger.createTransfer(
        transfer({
          debitAccountId: book.merchantB.id,
          creditAccountId: two?.id,
          amount: 20,
          flags: { pending: true },
        }),
      );
      expect(hold.result).toBe('created');
      const spread = await ledger.spreadBalance(base);
      expect(spread).toMatchObject({ posted: 1_050, pending: 20, creditsPosted: 1_050 });
      expect((await ledger.balanceOf(book.feeRevenue.id)).posted).toBe(50);
      // Rail clearing's sub-accounts sit under the rail code's own subkey.
      const clearingSub = subAccount(
        { kind: 'rail_clearing', subkey: '014', environment: 'production' },
        'a1',
      );
      expect(clearingSub.subkey).toBe('014~a1');
      expect(
        (
          await ledger.spreadBalance({
            kind: 'rail_clearing',
            subkey: '014',
            environment: 'production',
          })
        ).posted,
      ).toBe((await ledger.balanceOf(book.clearing.id)).posted);
      expect(
        (await ledger.spreadBalance({ kind: 'nothing_here', environment: 'production' })).posted,
      ).toBe(0);
    });

    it('refuses keys that could name another account', () => {
      const base = { kind: 'fee_revenue', environment: 'production' as const };
      expect(() => subAccount(base, '')).toThrow(LedgerError);
      expect(() => subAccount(base, 'a~b')).toThrow(LedgerError);
      expect(() => subAccount(base, 'x'.repeat(40))).toThrow(LedgerError);
      expect(() => subAccount(subAccount(base, 'a1'), 'a2')).toThrow(LedgerError);
    });

    it('ensureAccounts reads existing accounts without waiting for a transaction posting on them', async () => {
      await fund(ledger, book, book.merchantA, 10_000);
      if (driver !== 'postgres') return;
      // A posting holds merchant A's row (updated, not committed) while another caller ensures it.
      let release: () => void = () => undefined;
      const holding = testDb.db.transaction().execute(async (trx) => {
        await ledger.createTransfer(
          transfer({ debitAccountId: book.merchantA.id, creditAccountId: book.merchantB.id }),
          { trx },
        );
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      });
      await new Promise((r) => setTimeout(r, 50));
      const found = await Promise.race([
        ledger.ensureAccounts([
          { kind: 'merchant_available', agentId: 1, environment: 'production' },
        ]),
        new Promise<'waited'>((r) => setTimeout(() => r('waited'), 2_000)),
      ]);
      release();
      await holding;
      expect(found).not.toBe('waited');
    });
  });

  describe('caller transactions', () => {
    it('commits the posting together with the caller rows', async () => {
      await sql`create table if not exists test_outbox (id text primary key)`.execute(testDb.db);
      await fund(ledger, book, book.merchantA, 10_000);
      await testDb.db.transaction().execute(async (trx) => {
        const result = await ledger.createTransfer(
          transfer({
            id: 'outbox-1',
            debitAccountId: book.merchantA.id,
            creditAccountId: book.merchantB.id,
          }),
          { trx },
        );
        expect(result.result).toBe('created');
        await sql`insert into test_outbox (id) values ('outbox-1')`.execute(trx);
        // Reads through the caller's transaction see the uncommitted posting.
        expect((await ledger.balanceOf(book.merchantA.id, { trx })).available).toBe(9_000);
      });
      expect((await ledger.balanceOf(book.merchantA.id)).available).toBe(9_000);
      const rows = await sql<{ id: string }>`select id from test_outbox`.execute(testDb.db);
      expect(rows.rows).toEqual([{ id: 'outbox-1' }]);
      await sql`drop table test_outbox`.execute(testDb.db);
    });

    it('rolls the posting back with the caller transaction', async () => {
      await fund(ledger, book, book.merchantA, 10_000);
      await expect(
        testDb.db.transaction().execute(async (trx) => {
          await ledger.createTransfers(
            [
              transfer({
                id: 'rb-1',
                debitAccountId: book.merchantA.id,
                creditAccountId: book.merchantB.id,
              }),
              transfer({
                id: 'rb-2',
                debitAccountId: book.merchantA.id,
                creditAccountId: book.merchantB.id,
                amount: 99_999,
              }),
            ],
            { trx },
          );
          throw new Error('caller changed its mind');
        }),
      ).rejects.toThrow('caller changed its mind');
      expect(await ledger.lookupTransfers(['rb-1'])).toEqual([]);
      expect((await ledger.balanceOf(book.merchantA.id)).available).toBe(10_000);
    });

    it('leaves the caller transaction usable after a replayed id', async () => {
      await fund(ledger, book, book.merchantA, 10_000);
      const request = transfer({
        debitAccountId: book.merchantA.id,
        creditAccountId: book.merchantB.id,
      });
      await ledger.createTransfer(request);
      await testDb.db.transaction().execute(async (trx) => {
        // The first attempt does not read stored ids, fails on the key and retries in a savepoint.
        expect((await ledger.createTransfer(request, { trx })).result).toBe('exists');
        const next = await ledger.createTransfer(
          transfer({ debitAccountId: book.merchantA.id, creditAccountId: book.merchantB.id }),
          { trx },
        );
        expect(next.result).toBe('created');
      });
      expect((await ledger.balanceOf(book.merchantA.id)).available).toBe(8_000);
    });

    it('posts without a savepoint as the caller transaction last step, and rolls back with it', async () => {
      await fund(ledger, book, book.merchantA, 10_000);
      const hold = transfer({
        id: 'nosp-hold',
        debitAccountId: book.merchantA.id,
        creditAccountId: book.feeRevenue.id,
        amount: 4_000,
        flags: { pending: true },
      });
      await testDb.db.transaction().execute(async (trx) => {
        expect((await ledger.createTransfer(hold, { trx, savepoint: false })).result).toBe(
          'created',
        );
        // A refusal writes nothing and leaves the caller's transaction usable.
        const short = transfer({
          id: 'nosp-short',
          debitAccountId: book.merchantA.id,
          creditAccountId: book.merchantB.id,
          amount: 6_001,
        });
        expect((await ledger.createTransfer(short, { trx, savepoint: false })).result).toBe(
          'exceeds_credits',
        );
        const post = { id: 'nosp-post', pendingId: 'nosp-hold', flags: { postPending: true } };
        expect((await ledger.createTransfer(post, { trx, savepoint: false })).result).toBe(
          'created',
        );
      });
      expect((await ledger.balanceOf(book.merchantA.id)).available).toBe(6_000);
      await expect(
        testDb.db.transaction().execute(async (trx) => {
          const again = transfer({
            id: 'nosp-rolled-back',
            debitAccountId: book.merchantA.id,
            creditAccountId: book.merchantB.id,
          });
          await ledger.createTransfer(again, { trx, savepoint: false });
          throw new Error('caller changed its mind');
        }),
      ).rejects.toThrow('caller changed its mind');
      expect(await ledger.lookupTransfers(['nosp-rolled-back', 'nosp-short'])).toEqual([]);
      expect((await ledger.balanceOf(book.merchantA.id)).available).toBe(6_000);
    });

    it('without a savepoint, a replayed id aborts the caller transaction instead of retrying', async () => {
      await fund(ledger, book, book.merchantA, 10_000);
      const request = transfer({
        debitAccountId: book.merchantA.id,
        creditAccountId: book.merchantB.id,
      });
      await ledger.createTransfer(request);
      await expect(
        testDb.db
          .transaction()
          .execute((trx) => ledger.createTransfer(request, { trx, savepoint: false })),
      ).rejects.toMatchObject({ code: '23505' });
      expect((await ledger.balanceOf(book.merchantA.id)).available).toBe(9_000);
    });

    it('refuses a trx option that is not a transaction', async () => {
      await expect(
        ledger.createTransfer(
          transfer({ debitAccountId: book.clearing.id, creditAccountId: book.merchantA.id }),
          {
            trx: testDb.db,
          },
        ),
      ).rejects.toThrow(LedgerError);
    });
  });

  describe('database safety nets', () => {
    it('refuses to write a plan made from a stale account version', async () => {
      await fund(ledger, book, book.merchantA, 1_000);
      const stale = { ...book.merchantA, creditsPosted: 1_000, version: book.merchantA.version };
      const plan = planTransfers(
        [[transfer({ debitAccountId: book.merchantA.id, creditAccountId: book.merchantB.id })]],
        {
          accounts: new Map([
            [stale.id, stale],
            [book.merchantB.id, book.merchantB],
          ]),
          transfers: new Map(),
        },
        { now: clock.now() },
      );
      await expect(testDb.db.transaction().execute((trx) => writePlan(trx, plan))).rejects.toThrow(
        /ledger assertion failed: updated 1 of 2 accounts/,
      );
      expect((await ledger.balanceOf(book.merchantA.id)).available).toBe(1_000);
    });

    it('refuses an overdraft even if the engine were wrong', async () => {
      await expect(
        sql`update ledger_accounts set debits_posted = 1 where id = ${book.merchantA.id}`.execute(
          testDb.db,
        ),
      ).rejects.toThrow(/ledger_accounts_available_not_negative/);
    });

    it('runs the migration again without harm', async () => {
      await ledgerMigration.up(testDb.db);
      expect((await ledger.getAccount(book.merchantA.id))?.kind).toBe('merchant_available');
    });
  });

  describe('invariant check', () => {
    it('reports a tampered balance, a broken entry chain and a double resolution', async () => {
      await fund(ledger, book, book.merchantA, 10_000);
      await ledger.createTransfer({
        id: 'inv-hold',
        debitAccountId: book.merchantA.id,
        creditAccountId: book.clearing.id,
        amount: 1_000,
        kind: 'withdraw',
        flags: { pending: true },
      });
      expect((await checkInvariants(testDb.db)).ok).toBe(true);

      await sql`update ledger_accounts set credits_posted = credits_posted + 1 where id = ${book.merchantB.id}`.execute(
        testDb.db,
      );
      await sql`update ledger_entries set balance_after = balance_after + 5
        where id = (select min(id) from ledger_entries where account_id = ${book.merchantA.id})`.execute(
        testDb.db,
      );
      await sql`update ledger_transfers set status = 'voided' where id = 'inv-hold'`.execute(
        testDb.db,
      );
      const report = await checkInvariants(testDb.db);
      expect(report.ok).toBe(false);
      const text = report.violations.join('\n');
      expect(text).toContain('total debits equal total credits');
      expect(text).toContain(`account ${book.merchantB.id}: columns`);
      expect(text).toContain('entry chains are continuous');
      expect(text).toContain('hold inv-hold: status voided');
      expect(report.counted.transfers).toBe(2);

      // Repair, so the afterEach check sees a consistent ledger.
      await testDb.reset();
    });

    it('scopes the check to one environment', async () => {
      const sandboxClearing = await ledger.ensureAccount({
        kind: 'rail_clearing',
        environment: 'sandbox',
      });
      await ledger.createTransfer(
        transfer({
          debitAccountId: sandboxClearing.id,
          creditAccountId: book.sandboxMerchant.id,
          amount: 500,
        }),
      );
      await sql`update ledger_accounts set debits_posted = debits_posted + 1 where id = ${book.feeRevenue.id}`.execute(
        testDb.db,
      );
      expect((await checkInvariants(testDb.db, { environment: 'sandbox' })).ok).toBe(true);
      expect((await checkInvariants(testDb.db, { environment: 'production' })).ok).toBe(false);
      await testDb.reset();
    });
  });
});
