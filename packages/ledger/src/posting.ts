/**
 * The posting engine: applies a batch of transfer requests, in order, to a snapshot of the locked
 * accounts and the already stored transfers, and returns a plan (rows to insert, per-account
 * deltas, per-request results). Pure: no I/O, so the same code is checked against the reference
 * model in the property tests, and the store only writes what this function decided.
 */
import { resolvePending, timeoutAtOf } from './holds';
import {
  type Account,
  type AccountBalances,
  assert,
  availableOf,
  type Entry,
  type PendingStatus,
  type Transfer,
  type TransferErrorCode,
  type TransferInput,
  type TransferResult,
} from './model';
import {
  type CheckedTransfer,
  canonicalJson,
  checkTransfer,
  isSafePositiveInteger,
} from './validate';

export interface LoadedState {
  /** Every account the batch may touch, read under lock. */
  accounts: ReadonlyMap<number, Account>;
  /** Stored transfers whose id is in the batch or is named as a pendingId. */
  transfers: ReadonlyMap<string, Transfer>;
}

export interface PlanOptions {
  /** Booking time of requests without an explicit createdAt. */
  now: Date;
  /** Marks every void in the batch as an expiry (status 'expired'); used by the sweep only. */
  expiry?: boolean;
}

export interface AccountChange {
  id: number;
  /** The version read under lock; the store updates only that version. */
  version: number;
  delta: AccountBalances;
  after: Account;
}

export interface PostingPlan {
  /** Per group (caller), per request. */
  results: TransferResult[][];
  created: Transfer[];
  entries: Entry[];
  /** Stored pending transfers whose status this batch changes. */
  resolved: Array<{ id: string; status: Exclude<PendingStatus, 'pending'> }>;
  accountChanges: AccountChange[];
}

export interface BatchKeys {
  accountIds: number[];
  transferIds: string[];
  pendingIds: string[];
}

/** What the store must lock and load before planning; invalid values are left to validation. */
export function collectKeys(groups: readonly (readonly TransferInput[])[]): BatchKeys {
  const accountIds = new Set<number>();
  const transferIds = new Set<string>();
  const pendingIds = new Set<string>();
  for (const input of groups.flat()) {
    if (isSafePositiveInteger(input.debitAccountId)) accountIds.add(input.debitAccountId);
    if (isSafePositiveInteger(input.creditAccountId)) accountIds.add(input.creditAccountId);
    if (typeof input.id === 'string' && input.id.length > 0) transferIds.add(input.id);
    if (typeof input.pendingId === 'string' && input.pendingId.length > 0) {
      pendingIds.add(input.pendingId);
    }
  }
  return {
    accountIds: [...accountIds].sort((a, b) => a - b),
    transferIds: [...transferIds],
    pendingIds: [...pendingIds],
  };
}

/** True when a replayed request names the same transfer as the stored one. */
function isSameTransfer(
  checked: CheckedTransfer,
  stored: Transfer,
  transfers: ReadonlyMap<string, Transfer>,
): boolean {
  if (checked.flags !== stored.flags) return false;
  if (checked.pendingId !== stored.pendingId) return false;
  if (checked.debitAccountId !== null && checked.debitAccountId !== stored.debitAccountId) {
    return false;
  }
  if (checked.creditAccountId !== null && checked.creditAccountId !== stored.creditAccountId) {
    return false;
  }
  if (checked.amount !== null) {
    if (checked.amount !== stored.amount) return false;
  } else if (checked.type === 'post') {
    // "Post the whole hold" matches only a stored full post.
    const pending = checked.pendingId === null ? undefined : transfers.get(checked.pendingId);
    if (pending === undefined || pending.amount !== stored.amount) return false;
  }
  if (checked.kind !== null && checked.kind !== stored.kind) return false;
  if (checked.reference !== stored.reference) return false;
  if (checked.description !== stored.description) return false;
  if (checked.timeoutSeconds !== stored.timeoutSeconds) return false;
  if (checked.createdAt !== null && checked.createdAt.getTime() !== stored.createdAt.getTime()) {
    return false;
  }
  const storedMetadataKey = stored.metadata === null ? null : canonicalJson(stored.metadata);
  return checked.metadataKey === storedMetadataKey;
}

function addBalances(account: Account, delta: AccountBalances): Account {
  return {
    ...account,
    debitsPosted: account.debitsPosted + delta.debitsPosted,
    creditsPosted: account.creditsPosted + delta.creditsPosted,
    debitsPending: account.debitsPending + delta.debitsPending,
    creditsPending: account.creditsPending + delta.creditsPending,
  };
}

function balancesAreSafe(account: Account): boolean {
  return (
    Number.isSafeInteger(account.debitsPosted) &&
    Number.isSafeInteger(account.creditsPosted) &&
    Number.isSafeInteger(account.debitsPending) &&
    Number.isSafeInteger(account.creditsPending) &&
    Number.isSafeInteger(account.debitsPosted + account.debitsPending) &&
    Number.isSafeInteger(account.creditsPosted + account.creditsPending)
  );
}

/** Debit-side and credit-side balance movements of one transfer. */
interface Movement {
  debit: AccountBalances;
  credit: AccountBalances;
}

function movementOf(
  type: CheckedTransfer['type'],
  amount: number,
  pendingAmount: number,
): Movement {
  const zero = { debitsPosted: 0, creditsPosted: 0, debitsPending: 0, creditsPending: 0 };
  if (type === 'single') {
    return { debit: { ...zero, debitsPosted: amount }, credit: { ...zero, creditsPosted: amount } };
  }
  if (type === 'pending') {
    return {
      debit: { ...zero, debitsPending: amount },
      credit: { ...zero, creditsPending: amount },
    };
  }
  const posted = type === 'post' ? amount : 0;
  return {
    debit: { ...zero, debitsPosted: posted, debitsPending: -pendingAmount },
    credit: { ...zero, creditsPosted: posted, creditsPending: -pendingAmount },
  };
}

/** Mutable working copy of the batch, with an undo log so a failed linked chain leaves no trace. */
class Batch {
  readonly accounts: Map<number, Account>;
  readonly transfers: Map<string, Transfer>;
  readonly createdIds: string[] = [];
  readonly entries: Entry[] = [];
  private readonly undoLog: Array<() => void> = [];

  constructor(loaded: LoadedState) {
    this.accounts = new Map(loaded.accounts);
    this.transfers = new Map(loaded.transfers);
  }

  mark(): number {
    return this.undoLog.length;
  }

  rollbackTo(mark: number): void {
    while (this.undoLog.length > mark) {
      const undo = this.undoLog.pop();
      if (undo !== undefined) undo();
    }
  }

  setAccount(account: Account): void {
    const previous = this.accounts.get(account.id);
    assert(previous !== undefined, `account ${account.id} is loaded`);
    this.undoLog.push(() => this.accounts.set(previous.id, previous));
    this.accounts.set(account.id, account);
  }

  setTransfer(transfer: Transfer): void {
    const previous = this.transfers.get(transfer.id);
    this.undoLog.push(() => {
      if (previous === undefined) this.transfers.delete(transfer.id);
      else this.transfers.set(previous.id, previous);
    });
    this.transfers.set(transfer.id, transfer);
  }

  addCreated(transfer: Transfer, entries: readonly Entry[]): void {
    this.setTransfer(transfer);
    this.createdIds.push(transfer.id);
    this.entries.push(...entries);
    const entriesLength = this.entries.length - entries.length;
    this.undoLog.push(() => {
      this.createdIds.pop();
      this.entries.length = entriesLength;
    });
  }
}

type ApplyOutcome = { result: 'created' | 'exists'; transfer: Transfer } | TransferErrorCode;

function applyOne(batch: Batch, checked: CheckedTransfer, options: PlanOptions): ApplyOutcome {
  const stored = batch.transfers.get(checked.id);
  if (stored !== undefined) {
    return isSameTransfer(checked, stored, batch.transfers)
      ? { result: 'exists', transfer: stored }
      : 'exists_with_different_fields';
  }
  const createdAt = checked.createdAt ?? options.now;

  let debitAccountId: number;
  let creditAccountId: number;
  let amount: number;
  let pendingAmount = 0;
  let kind: string;
  let resolution: ReturnType<typeof resolvePending> | null = null;
  if (checked.type === 'post' || checked.type === 'void') {
    const pending = batch.transfers.get(checked.pendingId ?? '');
    resolution = resolvePending(checked, pending, createdAt, options.expiry === true);
    if (typeof resolution === 'string') return resolution;
    debitAccountId = resolution.pending.debitAccountId;
    creditAccountId = resolution.pending.creditAccountId;
    amount = resolution.amount;
    pendingAmount = resolution.pending.amount;
    kind = checked.kind ?? resolution.pending.kind;
  } else {
    assert(checked.debitAccountId !== null && checked.creditAccountId !== null, 'accounts checked');
    assert(checked.amount !== null && checked.kind !== null, 'amount and kind checked');
    debitAccountId = checked.debitAccountId;
    creditAccountId = checked.creditAccountId;
    amount = checked.amount;
    kind = checked.kind;
  }

  const debitBefore = batch.accounts.get(debitAccountId);
  if (debitBefore === undefined) return 'debit_account_not_found';
  const creditBefore = batch.accounts.get(creditAccountId);
  if (creditBefore === undefined) return 'credit_account_not_found';
  if (debitBefore.environment !== creditBefore.environment) {
    return 'accounts_must_have_same_environment';
  }
  if (debitBefore.currency !== creditBefore.currency) return 'accounts_must_have_same_currency';

  const movement = movementOf(checked.type, amount, pendingAmount);
  const debitAfter = addBalances(debitBefore, movement.debit);
  const creditAfter = addBalances(creditBefore, movement.credit);
  if (!balancesAreSafe(debitAfter) || !balancesAreSafe(creditAfter)) return 'overflows_balance';

  const debitAvailableBefore = availableOf(debitBefore);
  const debitAvailableAfter = availableOf(debitAfter);
  const creditAvailableBefore = availableOf(creditBefore);
  const creditAvailableAfter = availableOf(creditAfter);
  // Only a movement that lowers the available balance can be refused; releases always pass.
  if (
    !debitBefore.allowNegative &&
    debitAvailableAfter < 0 &&
    debitAvailableAfter < debitAvailableBefore
  ) {
    return 'exceeds_credits';
  }
  if (
    !creditBefore.allowNegative &&
    creditAvailableAfter < 0 &&
    creditAvailableAfter < creditAvailableBefore
  ) {
    return 'exceeds_debits';
  }

  const transfer: Transfer = {
    id: checked.id,
    debitAccountId,
    creditAccountId,
    amount,
    pendingId: checked.pendingId,
    flags: checked.flags,
    kind,
    reference: checked.reference,
    description: checked.description,
    timeoutSeconds: checked.timeoutSeconds,
    timeoutAt: timeoutAtOf(createdAt, checked.timeoutSeconds),
    status: checked.type === 'pending' ? 'pending' : null,
    environment: debitBefore.environment,
    currency: debitBefore.currency,
    createdAt,
    metadata: checked.metadata,
  };
  const entries: Entry[] = [
    {
      accountId: debitAccountId,
      transferId: checked.id,
      direction: 'debit',
      amount,
      balanceBefore: debitAvailableBefore,
      balanceAfter: debitAvailableAfter,
      createdAt,
    },
    {
      accountId: creditAccountId,
      transferId: checked.id,
      direction: 'credit',
      amount,
      balanceBefore: creditAvailableBefore,
      balanceAfter: creditAvailableAfter,
      createdAt,
    },
  ];

  batch.setAccount(debitAfter);
  batch.setAccount(creditAfter);
  if (resolution !== null) {
    batch.setTransfer({ ...resolution.pending, status: resolution.status });
  }
  batch.addCreated(transfer, entries);
  return { result: 'created', transfer };
}

function accountChanges(loaded: LoadedState, batch: Batch): AccountChange[] {
  const changes: AccountChange[] = [];
  for (const [id, after] of batch.accounts) {
    const before = loaded.accounts.get(id);
    assert(before !== undefined, `account ${id} was loaded`);
    if (after === before) continue;
    const delta = {
      debitsPosted: after.debitsPosted - before.debitsPosted,
      creditsPosted: after.creditsPosted - before.creditsPosted,
      debitsPending: after.debitsPending - before.debitsPending,
      creditsPending: after.creditsPending - before.creditsPending,
    };
    const moved =
      delta.debitsPosted !== 0 ||
      delta.creditsPosted !== 0 ||
      delta.debitsPending !== 0 ||
      delta.creditsPending !== 0;
    if (moved) changes.push({ id, version: before.version, delta, after });
  }
  return changes.sort((a, b) => a.id - b.id);
}

type Outcome = ApplyOutcome | 'linked_event_failed' | 'linked_event_chain_open';

/** Plans one caller's requests; a linked chain never reaches past the end of its group. */
function planGroup(
  batch: Batch,
  inputs: readonly TransferInput[],
  options: PlanOptions,
): Outcome[] {
  const outcomes: Outcome[] = [];
  let chainStart: number | null = null;
  let chainMark = 0;
  let chainFailed = false;

  for (let index = 0; index < inputs.length; index++) {
    const input = inputs[index];
    assert(input !== undefined, 'input exists');
    const linked = input.flags?.linked === true;
    if (chainStart === null && linked) {
      chainStart = index;
      chainMark = batch.mark();
      chainFailed = false;
    }
    if (chainFailed) {
      outcomes.push('linked_event_failed');
    } else {
      const checked = checkTransfer(input);
      const outcome = typeof checked === 'string' ? checked : applyOne(batch, checked, options);
      outcomes.push(outcome);
      if (typeof outcome === 'string' && chainStart !== null) {
        chainFailed = true;
        batch.rollbackTo(chainMark);
        for (let earlier = chainStart; earlier < index; earlier++) {
          outcomes[earlier] = 'linked_event_failed';
        }
      }
    }
    if (chainStart !== null && !linked) {
      chainStart = null;
      chainFailed = false;
    }
  }
  if (chainStart !== null) {
    // The group ended inside a chain: the chain never closed, so none of it applies.
    batch.rollbackTo(chainMark);
    for (let index = chainStart; index < inputs.length; index++) {
      const outcome = outcomes[index];
      const ownError = typeof outcome === 'string' && outcome !== 'linked_event_failed';
      if (!ownError) outcomes[index] = 'linked_event_failed';
    }
    outcomes[inputs.length - 1] = 'linked_event_chain_open';
  }
  return outcomes;
}

/**
 * Plans a batch with TigerBeetle's semantics: requests apply in order; a chain of `linked`
 * requests (closed by the first one without the flag) applies entirely or not at all; an 'exists'
 * replay is not a failure. Later requests see the effects of earlier ones. Each group is one
 * caller's call (the batcher merges several calls into one transaction); results come back per
 * group, indexed within it.
 */
export function planTransfers(
  groups: readonly (readonly TransferInput[])[],
  loaded: LoadedState,
  options: PlanOptions,
): PostingPlan {
  const batch = new Batch(loaded);
  const groupOutcomes = groups.map((inputs) => planGroup(batch, inputs, options));

  const results: TransferResult[][] = groupOutcomes.map((outcomes, group) =>
    outcomes.map((outcome, index) => {
      const id = String(groups[group]?.[index]?.id ?? '');
      if (typeof outcome === 'string') return { index, id, result: outcome };
      // A transfer created and resolved in this batch is reported with its final status.
      const transfer = batch.transfers.get(outcome.transfer.id) ?? outcome.transfer;
      return { index, id, result: outcome.result, transfer };
    }),
  );

  const created = batch.createdIds.map((id) => {
    const transfer = batch.transfers.get(id);
    assert(transfer !== undefined, `created transfer ${id} is in the batch`);
    return transfer;
  });
  const resolved: PostingPlan['resolved'] = [];
  for (const [id, before] of loaded.transfers) {
    const after = batch.transfers.get(id);
    if (after !== undefined && after.status !== before.status) {
      assert(before.status === 'pending' && after.status !== null, `hold ${id} resolved once`);
      assert(after.status !== 'pending', `hold ${id} moves to a final status`);
      resolved.push({ id, status: after.status });
    }
  }
  return {
    results,
    created,
    entries: batch.entries,
    resolved,
    accountChanges: accountChanges(loaded, batch),
  };
}
