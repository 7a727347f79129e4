/**
 * The ledger's vocabulary: accounts, transfers, entries, flags, limits and result codes.
 * Everything here is plain data and pure functions, so the posting engine and the reference model
 * in the tests can share it without touching a database.
 */
import { ENVIRONMENTS, type Environment } from '@gerbang/shared/domain/environment';

export { ENVIRONMENTS, type Environment };

export const DEFAULT_CURRENCY = 'IDR';

/**
 * Hard bounds, in TigerBeetle's spirit: every loop and every batch has a ceiling, so a bad caller
 * gets a clear error instead of a statement that runs for minutes.
 */
export const LIMITS = {
  /** Transfers in one createTransfers call (one database transaction). */
  batchTransfersMax: 50_000,
  /** Accounts in one ensureAccounts call. */
  batchAccountsMax: 20_000,
  idLengthMax: 128,
  kindLengthMax: 40,
  referenceLengthMax: 128,
  descriptionLengthMax: 512,
  subkeyLengthMax: 40,
  metadataBytesMax: 8_192,
  /** A pending transfer may wait at most a year before it expires. */
  timeoutSecondsMax: 366 * 24 * 60 * 60,
  /** Expired holds voided by one sweep call; the caller loops until none are left. */
  expireBatchMax: 1_000,
  /** Attempts of one call after a deadlock, serialization failure or a concurrent duplicate id. */
  retryAttemptsMax: 8,
  /**
   * Lock sets up to this many accounts queue in arrival order first (store.ts `turnQueue`); each
   * queued account holds one slot of PostgreSQL's shared lock table until commit, which big
   * merged batches would exhaust.
   */
  turnQueueAccountsMax: 32,
} as const;

/** Account kinds the product uses. The column is free text so new system accounts need no migration. */
export const ACCOUNT_KINDS = [
  'merchant_available',
  'merchant_held',
  'rail_clearing',
  'cash_in_clearing',
  'fee_revenue',
  'aggregator_share',
  'fx',
  'suspense',
] as const;
export type KnownAccountKind = (typeof ACCOUNT_KINDS)[number];

/**
 * Which side grows an account's balance. Merchant balances are liabilities of the gateway, so they
 * are credit-normal; clearing accounts mirror money held at a bank or rail, so they are debit-normal.
 */
export type NormalSide = 'credit' | 'debit';

const DEBIT_NORMAL_KINDS: ReadonlySet<string> = new Set(['rail_clearing', 'cash_in_clearing']);

export function defaultNormalSide(kind: string): NormalSide {
  return DEBIT_NORMAL_KINDS.has(kind) ? 'debit' : 'credit';
}

/** Merchant accounts hold customers' money and must never go below zero; system accounts may. */
export function defaultAllowNegative(kind: string): boolean {
  return !kind.startsWith('merchant_');
}

export interface AccountBalances {
  debitsPosted: number;
  creditsPosted: number;
  debitsPending: number;
  creditsPending: number;
}

export interface Account extends AccountBalances {
  id: number;
  kind: string;
  agentId: number | null;
  subkey: string;
  environment: Environment;
  currency: string;
  normalSide: NormalSide;
  allowNegative: boolean;
  version: number;
  createdAt: Date;
}

export interface AccountSpec {
  /** Caller-chosen id; generated from a sequence when omitted. */
  id?: number;
  kind: string;
  agentId?: number | null;
  /** Distinguishes several accounts of one kind, e.g. the bank code of a rail clearing account. */
  subkey?: string;
  environment: Environment;
  currency?: string;
  normalSide?: NormalSide;
  allowNegative?: boolean;
}

/** A balance as the account holder reads it, in the account's normal direction. */
export interface Balance extends AccountBalances {
  /** Posted net balance: credits − debits for credit-normal accounts. */
  posted: number;
  /** Net pending amount: credits_pending − debits_pending for credit-normal accounts. */
  pending: number;
  /** What the holder can spend: posted minus outgoing reservations. Incoming pending is not spendable. */
  available: number;
  /** Outgoing reservations (the "hold balance"): debits_pending for credit-normal accounts. */
  reserved: number;
}

export function balanceOfAccount(account: AccountBalances & { normalSide: NormalSide }): Balance {
  const credit = account.normalSide === 'credit';
  const posted = credit
    ? account.creditsPosted - account.debitsPosted
    : account.debitsPosted - account.creditsPosted;
  const pending = credit
    ? account.creditsPending - account.debitsPending
    : account.debitsPending - account.creditsPending;
  const reserved = credit ? account.debitsPending : account.creditsPending;
  return {
    debitsPosted: account.debitsPosted,
    creditsPosted: account.creditsPosted,
    debitsPending: account.debitsPending,
    creditsPending: account.creditsPending,
    posted,
    pending,
    available: posted - reserved,
    reserved,
  };
}

export function availableOf(account: AccountBalances & { normalSide: NormalSide }): number {
  return account.normalSide === 'credit'
    ? account.creditsPosted - account.debitsPosted - account.debitsPending
    : account.debitsPosted - account.creditsPosted - account.creditsPending;
}

/** Transfer flags, stored as a bit set with TigerBeetle's bit positions. */
export const TRANSFER_FLAG = {
  linked: 1,
  pending: 2,
  postPending: 4,
  voidPending: 8,
} as const;

export interface TransferFlags {
  /** Chains this transfer to the next one: the chain succeeds or fails as a whole. */
  linked?: boolean;
  /** Reserves the amount (two-phase); resolve it later with postPending or voidPending. */
  pending?: boolean;
  /** Posts a pending transfer named by pendingId, fully or partially. */
  postPending?: boolean;
  /** Releases a pending transfer named by pendingId. */
  voidPending?: boolean;
}

export function encodeFlags(flags: TransferFlags | undefined): number {
  if (flags === undefined) return 0;
  return (
    (flags.linked ? TRANSFER_FLAG.linked : 0) |
    (flags.pending ? TRANSFER_FLAG.pending : 0) |
    (flags.postPending ? TRANSFER_FLAG.postPending : 0) |
    (flags.voidPending ? TRANSFER_FLAG.voidPending : 0)
  );
}

export function decodeFlags(bits: number): Required<TransferFlags> {
  return {
    linked: (bits & TRANSFER_FLAG.linked) !== 0,
    pending: (bits & TRANSFER_FLAG.pending) !== 0,
    postPending: (bits & TRANSFER_FLAG.postPending) !== 0,
    voidPending: (bits & TRANSFER_FLAG.voidPending) !== 0,
  };
}

export type PendingStatus = 'pending' | 'posted' | 'voided' | 'expired';

export interface TransferInput {
  /** The idempotency key: a replay with the same fields answers 'exists' and changes nothing. */
  id: string;
  /** Required, except for post/void where it defaults to the pending transfer's account. */
  debitAccountId?: number;
  creditAccountId?: number;
  /**
   * Integer rupiah. Required, except: a post defaults to the full pending amount (a smaller amount
   * posts partially and releases the rest); a void defaults to, and must equal, the pending amount.
   */
  amount?: number;
  /** The pending transfer a post or void resolves. */
  pendingId?: string;
  flags?: TransferFlags;
  /** Business code, e.g. 'topup', 'withdraw_fee'. Post/void default to the pending transfer's kind. */
  kind?: string;
  /** Business id, e.g. the transaction id the mutation pages show. */
  reference?: string | null;
  description?: string | null;
  /** Pending only: the hold is voided by expirePendingTransfers once this many seconds have passed. */
  timeoutSeconds?: number;
  /** Explicit booking time (e.g. a seed writing history); defaults to the ledger clock. */
  createdAt?: Date;
  metadata?: Record<string, unknown> | null;
}

export interface Transfer {
  id: string;
  debitAccountId: number;
  creditAccountId: number;
  amount: number;
  pendingId: string | null;
  flags: number;
  kind: string;
  reference: string | null;
  description: string | null;
  timeoutSeconds: number;
  timeoutAt: Date | null;
  /** Only pending transfers carry a status; it moves once from 'pending' to a final one. */
  status: PendingStatus | null;
  environment: Environment;
  currency: string;
  createdAt: Date;
  metadata: Record<string, unknown> | null;
}

export type EntryDirection = 'debit' | 'credit';

export interface Entry {
  accountId: number;
  transferId: string;
  direction: EntryDirection;
  amount: number;
  /** Available balance of the account just before and just after this transfer. */
  balanceBefore: number;
  balanceAfter: number;
  createdAt: Date;
}

/** Business refusals. They are answers, never exceptions; exceptions mean a bug or an outage. */
export const TRANSFER_ERROR_CODES = [
  'linked_event_failed',
  'linked_event_chain_open',
  'id_must_not_be_empty',
  'id_too_long',
  'flags_are_mutually_exclusive',
  'invalid_amount',
  'invalid_kind',
  'invalid_reference',
  'invalid_description',
  'invalid_metadata',
  'invalid_created_at',
  'invalid_timeout',
  'timeout_reserved_for_pending_transfer',
  'debit_account_id_required',
  'credit_account_id_required',
  'accounts_must_be_different',
  'pending_id_required',
  'pending_id_must_be_empty',
  'pending_id_must_be_different',
  'debit_account_not_found',
  'credit_account_not_found',
  'accounts_must_have_same_environment',
  'accounts_must_have_same_currency',
  'pending_transfer_not_found',
  'pending_transfer_not_pending',
  'pending_transfer_has_different_debit_account_id',
  'pending_transfer_has_different_credit_account_id',
  'pending_transfer_has_different_amount',
  'exceeds_pending_transfer_amount',
  'pending_transfer_already_posted',
  'pending_transfer_already_voided',
  'pending_transfer_expired',
  'pending_transfer_not_expired',
  'exists_with_different_fields',
  'exceeds_credits',
  'exceeds_debits',
  'overflows_balance',
] as const;
export type TransferErrorCode = (typeof TRANSFER_ERROR_CODES)[number];

/** `exceeds_credits` is the insufficient-funds answer: the debit side would go below zero. */
export const INSUFFICIENT_FUNDS: TransferErrorCode = 'exceeds_credits';

export type TransferResult =
  | { index: number; id: string; result: 'created'; transfer: Transfer }
  | { index: number; id: string; result: 'exists'; transfer: Transfer }
  | { index: number; id: string; result: TransferErrorCode };

export function isTransferOk(
  result: TransferResult,
): result is Extract<TransferResult, { transfer: Transfer }> {
  return result.result === 'created' || result.result === 'exists';
}

/** Thrown for broken preconditions of the caller (bugs) and for violated internal assertions. */
export class LedgerError extends Error {
  override readonly name = 'LedgerError';
}

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new LedgerError(`ledger assertion failed: ${message}`);
}
