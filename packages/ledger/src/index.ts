export { expiryTransferId } from './holds';
export { checkInvariants, type InvariantOptions, type InvariantReport } from './invariants';
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
  availableOf,
  type Balance,
  balanceOfAccount,
  DEFAULT_CURRENCY,
  decodeFlags,
  defaultAllowNegative,
  defaultNormalSide,
  type Entry,
  type EntryDirection,
  INSUFFICIENT_FUNDS,
  isTransferOk,
  type KnownAccountKind,
  LedgerError,
  LIMITS,
  type NormalSide,
  type PendingStatus,
  TRANSFER_ERROR_CODES,
  TRANSFER_FLAG,
  type Transfer,
  type TransferErrorCode,
  type TransferFlags,
  type TransferInput,
  type TransferResult,
} from './model';
export { collectKeys, type LoadedState, type PostingPlan, planTransfers } from './posting';
export { type StoredEntry, toSafeInteger } from './rows';
export { SUB_ACCOUNT_SEPARATOR, subAccount } from './spread';
export type { AccountKey, EntryPage } from './store';
