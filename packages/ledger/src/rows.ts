/**
 * Row decoding. `pg` returns int8 as text unless told otherwise and PGlite as number or BigInt, so
 * every integer read from the database is normalised here and checked to be a safe integer: the
 * ledger never computes with a value it could not represent exactly.
 */
import {
  type Account,
  ENVIRONMENTS,
  type Entry,
  type Environment,
  LedgerError,
  type NormalSide,
  type PendingStatus,
  type Transfer,
} from './model';

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

export function toSafeInteger(value: unknown, field: string): number {
  let result: number;
  if (typeof value === 'number') {
    result = value;
  } else if (typeof value === 'string' && /^-?\d+$/.test(value)) {
    result = Number(value);
  } else if (typeof value === 'bigint') {
    if (value > MAX_SAFE || value < -MAX_SAFE) {
      throw new LedgerError(`${field} is not a safe integer: ${value}`);
    }
    result = Number(value);
  } else {
    throw new LedgerError(`${field} is not an integer: ${String(value)}`);
  }
  if (!Number.isSafeInteger(result)) {
    throw new LedgerError(`${field} is not a safe integer: ${String(value)}`);
  }
  return result;
}

function toNullableSafeInteger(value: unknown, field: string): number | null {
  return value === null || value === undefined ? null : toSafeInteger(value, field);
}

function toDate(value: unknown, field: string): Date {
  const date = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(date.getTime())) throw new LedgerError(`${field} is not a timestamp`);
  return date;
}

function toEnvironment(value: unknown): Environment {
  const found = ENVIRONMENTS.find((environment) => environment === value);
  if (found === undefined) throw new LedgerError(`unknown environment ${String(value)}`);
  return found;
}

function toMetadata(value: unknown): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new LedgerError('transfer metadata is not an object');
  }
  return parsed as Record<string, unknown>;
}

const PENDING_STATUSES: readonly PendingStatus[] = ['pending', 'posted', 'voided', 'expired'];

function toStatus(value: unknown): PendingStatus | null {
  if (value === null || value === undefined) return null;
  const found = PENDING_STATUSES.find((status) => status === value);
  if (found === undefined) throw new LedgerError(`unknown transfer status ${String(value)}`);
  return found;
}

export type Row = Record<string, unknown>;

export function accountFromRow(row: Row): Account {
  const normalSide = row.normal_side;
  if (normalSide !== 'credit' && normalSide !== 'debit') {
    throw new LedgerError(`unknown normal side ${String(normalSide)}`);
  }
  return {
    id: toSafeInteger(row.id, 'account id'),
    kind: String(row.kind),
    agentId: toNullableSafeInteger(row.agent_id, 'agent_id'),
    subkey: String(row.subkey),
    environment: toEnvironment(row.environment),
    currency: String(row.currency),
    normalSide: normalSide as NormalSide,
    allowNegative: row.allow_negative === true,
    debitsPosted: toSafeInteger(row.debits_posted, 'debits_posted'),
    creditsPosted: toSafeInteger(row.credits_posted, 'credits_posted'),
    debitsPending: toSafeInteger(row.debits_pending, 'debits_pending'),
    creditsPending: toSafeInteger(row.credits_pending, 'credits_pending'),
    version: toSafeInteger(row.version, 'version'),
    createdAt: toDate(row.created_at, 'account created_at'),
  };
}

export function transferFromRow(row: Row): Transfer {
  return {
    id: String(row.id),
    debitAccountId: toSafeInteger(row.debit_account_id, 'debit_account_id'),
    creditAccountId: toSafeInteger(row.credit_account_id, 'credit_account_id'),
    amount: toSafeInteger(row.amount, 'amount'),
    pendingId: row.pending_id === null ? null : String(row.pending_id),
    flags: toSafeInteger(row.flags, 'flags'),
    kind: String(row.kind),
    reference: row.reference === null ? null : String(row.reference),
    description: row.description === null ? null : String(row.description),
    timeoutSeconds: toSafeInteger(row.timeout_seconds, 'timeout_seconds'),
    timeoutAt: row.timeout_at === null ? null : toDate(row.timeout_at, 'timeout_at'),
    status: toStatus(row.status),
    environment: toEnvironment(row.environment),
    currency: String(row.currency),
    createdAt: toDate(row.created_at, 'transfer created_at'),
    metadata: toMetadata(row.metadata),
  };
}

export interface StoredEntry extends Entry {
  id: number;
}

export function entryFromRow(row: Row): StoredEntry {
  const direction = row.direction;
  if (direction !== 'debit' && direction !== 'credit') {
    throw new LedgerError(`unknown entry direction ${String(direction)}`);
  }
  return {
    id: toSafeInteger(row.id, 'entry id'),
    accountId: toSafeInteger(row.account_id, 'entry account_id'),
    transferId: String(row.transfer_id),
    direction,
    amount: toSafeInteger(row.amount, 'entry amount'),
    balanceBefore: toSafeInteger(row.balance_before, 'balance_before'),
    balanceAfter: toSafeInteger(row.balance_after, 'balance_after'),
    createdAt: toDate(row.created_at, 'entry created_at'),
  };
}
