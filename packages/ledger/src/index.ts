export { expiryTransferId } from './holds';
export { type InvariantOptions, type InvariantReport, checkInvariants } from './invariants';
export {
  type CallOptions,
  type ExpireOptions,
  type ExpireReport,
  Ledger,
  type LedgerOptions,
} from './ledger';
export { ledgerMigration } from './migration';
export {
  ACCOUNT_KINDS,
  type Account,
  type AccountBalances,
  type AccountSpec,
  type Balance,
  DEFAULT_CURRENCY,
  type Entry,
  type EntryDirection,
  INSUFFICIENT_FUNDS,
  LIMITS,
  LedgerError,
  type KnownAccountKind,
  type NormalSide,
  type PendingStatus,
  TRANSFER_ERROR_CODES,
  TRANSFER_FLAG,
  type Transfer,
  type TransferErrorCode,
  type TransferFlags,
  type TransferInput,
  type TransferResult,
  availableOf,
  balanceOfAccount,
  decodeFlags,
  defaultAllowNegative,
  defaultNormalSide,
  isTransferOk,
} from './model';
export { type LoadedState, type PostingPlan, collectKeys, planTransfers } from './posting';
export { type StoredEntry, toSafeInteger } from './rows';
export type { AccountKey, EntryPage } from './store';
