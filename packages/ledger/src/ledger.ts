/**
 * The ledger's public face: short transactions around the pure posting engine.
 *
 * One transaction: lock the accounts (ascending id) → read the stored transfers the batch names →
 * plan in memory → write the plan in one statement → commit. Given a caller's transaction, the
 * same steps run inside a savepoint of it, so the caller can commit a posting together with its
 * own rows (transactional outbox). Without one, concurrent calls are merged by the batcher.
 */
import { type Kysely, sql } from 'kysely';
import { type BatcherLimits, TransferBatcher } from './batcher';
import { expiryTransferId } from './holds';
import {
  type Account,
  type AccountSpec,
  type Balance,
  balanceOfAccount,
  defaultNormalSide,
  type Environment,
  isTransferOk,
  LedgerError,
  LIMITS,
  type Transfer,
  type TransferInput,
  type TransferResult,
} from './model';
import { collectKeys, planTransfers } from './posting';
import type { StoredEntry } from './rows';
import {
  type AccountKey,
  type EntryPage,
  type Executor,
  ensureAccounts,
  findAccount,
  getAccounts,
  listEntries,
  listExpiredPendings,
  loadTransfers,
  lockAccounts,
  lockAccountsAndLoad,
  sumSpread,
  writePlan,
} from './store';

export interface LedgerOptions {
  /** Booking clock for transfers without an explicit createdAt; injectable for tests. */
  clock?: () => Date;
  /**
   * Merge concurrent calls made without a caller transaction into one database transaction
   * (default on: at most 2 merged transactions in flight, 1,000 transfers each). `false` runs
   * every call in its own transaction.
   */
  batching?: Partial<BatcherLimits> | false;
}

export interface CallOptions {
  /** Run inside this transaction instead of opening one; the caller commits. */
  trx?: Kysely<any>;
  /**
   * With `trx`: `false` runs the posting directly in the caller's transaction, without the
   * savepoint around it (two round trips less, one of them while the accounts are locked). Then
   * nothing is retried inside: a deadlock or a concurrent duplicate id aborts the caller's
   * transaction, which the caller rolls back as a whole. For a caller whose posting is its last
   * step before commit. Refusals are answers as always; a refused call writes nothing of the
   * refused transfers, but other transfers of the same call are written (as with the savepoint).
   */
  savepoint?: boolean;
}

export interface ExpireOptions extends CallOptions {
  environment?: Environment;
  /** Holds voided by this call, at most LIMITS.expireBatchMax. */
  limit?: number;
}

export interface ExpireReport {
  /** Holds this call voided as expired. */
  expired: number;
  /** Holds another writer resolved first (posted, voided or expired concurrently). */
  skipped: number;
  results: TransferResult[];
}

const DEFAULT_BATCHING: BatcherLimits = { maxInFlight: 2, maxTransfers: 1_000 };

/** PostgreSQL errors after which the whole attempt can safely run again. */
const RETRYABLE_SQLSTATES = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '23505', // unique_violation: the transfer id is stored already (replay or concurrent writer)
]);

function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** A plan that needs an account the lock step did not cover (a hold created meanwhile). */
class LockSetChanged extends Error {
  readonly code = 'ledger_lock_set_changed';
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

type Group = readonly TransferInput[];

export class Ledger {
  private readonly db: Kysely<any>;
  private readonly clock: () => Date;
  private readonly batcher: TransferBatcher | null;
  private readonly batchingLimits: BatcherLimits | null;

  constructor(db: Kysely<any>, options: LedgerOptions = {}) {
    this.db = db;
    this.clock = options.clock ?? (() => new Date());
    if (options.batching === false) {
      this.batchingLimits = null;
      this.batcher = null;
    } else {
      const limits = { ...DEFAULT_BATCHING, ...options.batching };
      this.batchingLimits = limits;
      this.batcher = new TransferBatcher(
        (groups) => this.postGroups(groups, undefined, false),
        limits,
      );
    }
  }

  async ensureAccount(spec: AccountSpec, options: CallOptions = {}): Promise<Account> {
    const [account] = await ensureAccounts(options.trx ?? this.db, [spec]);
    if (account === undefined) throw new LedgerError('ensureAccount returned nothing');
    return account;
  }

  /** Creates missing accounts in one statement; returns them in the order asked. */
  async ensureAccounts(
    specs: readonly AccountSpec[],
    options: CallOptions = {},
  ): Promise<Account[]> {
    if (specs.length > LIMITS.batchAccountsMax) {
      throw new LedgerError(`at most ${LIMITS.batchAccountsMax} accounts per call`);
    }
    return ensureAccounts(options.trx ?? this.db, specs);
  }

  async getAccount(id: number, options: CallOptions = {}): Promise<Account | undefined> {
    return (await getAccounts(options.trx ?? this.db, [id])).get(id);
  }

  async getAccounts(
    ids: readonly number[],
    options: CallOptions = {},
  ): Promise<Map<number, Account>> {
    return getAccounts(options.trx ?? this.db, ids);
  }

  /** Looks an account up by its natural key, e.g. the merchant available account of agent 7. */
  async findAccount(key: AccountKey, options: CallOptions = {}): Promise<Account | undefined> {
    return findAccount(options.trx ?? this.db, key);
  }

  async balanceOf(accountId: number, options: CallOptions = {}): Promise<Balance> {
    const account = await this.getAccount(accountId, options);
    if (account === undefined) throw new LedgerError(`account ${accountId} not found`);
    return balanceOfAccount(account);
  }

  /**
   * The balance of a spread account (spread.ts): the base account of `key` and all its
   * sub-accounts summed; zero when none exists yet.
   */
  async spreadBalance(key: AccountKey, options: CallOptions = {}): Promise<Balance> {
    const spread = await sumSpread(options.trx ?? this.db, key);
    const zero = { debitsPosted: 0, creditsPosted: 0, debitsPending: 0, creditsPending: 0 };
    return balanceOfAccount({
      ...(spread?.sums ?? zero),
      normalSide: spread?.normalSide ?? defaultNormalSide(key.kind),
    });
  }

  async getTransfer(id: string, options: CallOptions = {}): Promise<Transfer | undefined> {
    return (await loadTransfers(options.trx ?? this.db, [id])).get(id);
  }

  async lookupTransfers(ids: readonly string[], options: CallOptions = {}): Promise<Transfer[]> {
    const found = await loadTransfers(options.trx ?? this.db, ids);
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  /** An account's entry log, newest first (the mutation pages' source). */
  async listEntries(page: EntryPage, options: CallOptions = {}): Promise<StoredEntry[]> {
    return listEntries(options.trx ?? this.db, page);
  }

  async createTransfer(input: TransferInput, options: CallOptions = {}): Promise<TransferResult> {
    const [result] = await this.createTransfers([input], options);
    if (result === undefined) throw new LedgerError('createTransfers returned nothing');
    return result;
  }

  /**
   * Applies a batch atomically with per-transfer results. Business refusals come back as result
   * codes; an exception means a bug or an outage, and then nothing of the batch was written.
   */
  async createTransfers(
    inputs: readonly TransferInput[],
    options: CallOptions = {},
  ): Promise<TransferResult[]> {
    if (inputs.length === 0) return [];
    if (inputs.length > LIMITS.batchTransfersMax) {
      throw new LedgerError(`at most ${LIMITS.batchTransfersMax} transfers per call`);
    }
    const mergeable =
      options.trx === undefined &&
      this.batcher !== null &&
      this.batchingLimits !== null &&
      inputs.length <= this.batchingLimits.maxTransfers;
    if (mergeable && this.batcher !== null) return this.batcher.submit(inputs);
    const [results] = await this.postGroups([inputs], options.trx, false, options.savepoint);
    return results ?? [];
  }

  /**
   * Voids holds whose timeout has passed (status 'expired'), oldest first, at most `limit` per
   * call. Safe to run from several workers: each hold is resolved by exactly one of them.
   */
  async expirePendingTransfers(now?: Date, options: ExpireOptions = {}): Promise<ExpireReport> {
    const at = now ?? this.clock();
    const limit = Math.min(options.limit ?? LIMITS.expireBatchMax, LIMITS.expireBatchMax);
    const expired = await listExpiredPendings(
      options.trx ?? this.db,
      at,
      limit,
      options.environment,
    );
    const inputs: TransferInput[] = expired.map((pending) => ({
      id: expiryTransferId(pending.id),
      pendingId: pending.id,
      flags: { voidPending: true },
      kind: 'hold_timeout',
      createdAt: at,
    }));
    if (inputs.length === 0) return { expired: 0, skipped: 0, results: [] };
    const [results = []] = await this.postGroups([inputs], options.trx, true);
    const created = results.filter((result) => result.result === 'created').length;
    return { expired: created, skipped: results.length - created, results };
  }

  private async postGroups(
    groups: readonly Group[],
    trx: Kysely<any> | undefined,
    expiry: boolean,
    savepoint = true,
  ): Promise<TransferResult[][]> {
    const keys = collectKeys(groups);
    // Replays are rare, so stored transfers are read up front only when holds are involved.
    // Without them, a plan where everything is created is written as is (a replayed id then
    // fails the insert with a unique violation, and the retry reads them); a plan with any
    // refusal is made again with them, since a replay must answer 'exists' and not a refusal.
    let loadStored = keys.pendingIds.length > 0;
    const attempt = async (executor: Executor): Promise<TransferResult[][]> => {
      const now = this.clock();
      const load = () => loadTransfers(executor, [...keys.transferIds, ...keys.pendingIds]);
      // Read after the locks: holds on these accounts cannot change status until we commit.
      const { accounts, transfers: read } = await lockAndRead(executor, keys, loadStored);
      let transfers = read;
      // A named hold the locking statement's snapshot did not see yet: read again, now.
      if (keys.pendingIds.some((id) => !transfers.has(id))) transfers = await load();
      assertLocksCoverHolds(keys.pendingIds, transfers, accounts);
      let plan = planTransfers(groups, { accounts, transfers }, { now, expiry });
      if (!loadStored && !plan.results.every((results) => results.every(isTransferOk))) {
        transfers = await load();
        plan = planTransfers(groups, { accounts, transfers }, { now, expiry });
      }
      for (const change of plan.accountChanges) {
        if (!accounts.has(change.id))
          throw new LedgerError(`account ${change.id} changed unlocked`);
      }
      await writePlan(executor, plan);
      return plan.results;
    };
    if (trx !== undefined && savepoint === false) {
      if (!trx.isTransaction) throw new LedgerError('options.trx must be a transaction');
      return attempt(trx);
    }
    return this.runWithRetries(trx, attempt, (error) => {
      if (sqlState(error) === '23505') loadStored = true;
    });
  }

  private async runWithRetries<T>(
    trx: Kysely<any> | undefined,
    attempt: (executor: Executor) => Promise<T>,
    beforeRetry: (error: unknown) => void,
  ): Promise<T> {
    if (trx !== undefined && !trx.isTransaction) {
      throw new LedgerError('options.trx must be a transaction');
    }
    for (let attemptNumber = 1; ; attemptNumber++) {
      try {
        if (trx === undefined) return await this.db.transaction().execute(attempt);
        return await inSavepoint(trx, attempt);
      } catch (error) {
        const state = sqlState(error);
        const retry =
          (state !== undefined && RETRYABLE_SQLSTATES.has(state)) ||
          error instanceof LockSetChanged;
        if (!retry || attemptNumber >= LIMITS.retryAttemptsMax) throw error;
        beforeRetry(error);
        // A replay retries at once; contention backs off, jittered, so writers do not collide
        // again in lockstep.
        if (state !== '23505') await pause(Math.random() * 2 ** Math.min(attemptNumber, 6));
      }
    }
  }
}

/**
 * Locks the batch's accounts; with `read`, the stored transfers it names come in the same
 * statement (store.ts `lockAccountsAndLoad`), otherwise none are read.
 */
async function lockAndRead(
  executor: Executor,
  keys: ReturnType<typeof collectKeys>,
  read: boolean,
): Promise<{ accounts: Map<number, Account>; transfers: Map<string, Transfer> }> {
  if (!read) {
    const accounts = await lockAccounts(executor, keys.accountIds, keys.pendingIds);
    return { accounts, transfers: new Map() };
  }
  return lockAccountsAndLoad(executor, keys.accountIds, keys.pendingIds, [
    ...keys.transferIds,
    ...keys.pendingIds,
  ]);
}

/**
 * The lock statement found the accounts of the named holds from its own snapshot; a hold created
 * after that snapshot may name accounts we did not lock, so the attempt starts again.
 */
function assertLocksCoverHolds(
  pendingIds: readonly string[],
  transfers: ReadonlyMap<string, Transfer>,
  accounts: ReadonlyMap<number, Account>,
): void {
  for (const pendingId of pendingIds) {
    const hold = transfers.get(pendingId);
    if (hold === undefined || hold.status !== 'pending') continue;
    if (!accounts.has(hold.debitAccountId) || !accounts.has(hold.creditAccountId)) {
      throw new LockSetChanged();
    }
  }
}

let savepointCounter = 0;

async function inSavepoint<T>(
  trx: Kysely<any>,
  work: (executor: Executor) => Promise<T>,
): Promise<T> {
  savepointCounter = (savepointCounter + 1) % 1_000_000;
  const name = sql.raw(`ledger_${savepointCounter}`);
  await sql`savepoint ${name}`.execute(trx);
  try {
    const result = await work(trx);
    await sql`release savepoint ${name}`.execute(trx);
    return result;
  } catch (error) {
    // If the connection itself failed, the rollback fails too; the first error is the one to see.
    await sql`rollback to savepoint ${name}`.execute(trx).catch(() => undefined);
    throw error;
  }
}
