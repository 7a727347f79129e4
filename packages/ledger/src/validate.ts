/**
 * Static checks of one transfer request: everything that can be decided without the database.
 * Pure: the posting engine runs these first, in TigerBeetle's order, so a malformed request never
 * reaches a lock.
 */
import {
  encodeFlags,
  LIMITS,
  TRANSFER_FLAG,
  type TransferErrorCode,
  type TransferInput,
} from './model';

export type TransferType = 'single' | 'pending' | 'post' | 'void';

/** A request after static validation, with defaults not yet resolved (null = inherit). */
export interface CheckedTransfer {
  id: string;
  type: TransferType;
  linked: boolean;
  flags: number;
  debitAccountId: number | null;
  creditAccountId: number | null;
  amount: number | null;
  pendingId: string | null;
  kind: string | null;
  reference: string | null;
  description: string | null;
  timeoutSeconds: number;
  createdAt: Date | null;
  metadata: Record<string, unknown> | null;
  /** Canonical JSON of metadata, for replay comparison. */
  metadataKey: string | null;
}

const KIND_PATTERN = /^[a-z][a-z0-9_]*$/;

export function isSafePositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/** JSON with object keys sorted at every depth, so two equal documents give one string. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
}

function typeOf(flags: number): TransferType | null {
  const phases =
    flags & (TRANSFER_FLAG.pending | TRANSFER_FLAG.postPending | TRANSFER_FLAG.voidPending);
  if (phases === 0) return 'single';
  if (phases === TRANSFER_FLAG.pending) return 'pending';
  if (phases === TRANSFER_FLAG.postPending) return 'post';
  if (phases === TRANSFER_FLAG.voidPending) return 'void';
  return null;
}

function optionalText(value: unknown, lengthMax: number): string | null | undefined {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length > lengthMax) return undefined;
  return value;
}

function checkMetadata(
  value: unknown,
): { metadata: Record<string, unknown> | null; key: string | null } | null {
  if (value === undefined || value === null) return { metadata: null, key: null };
  if (typeof value !== 'object' || Array.isArray(value)) return null;
  let text: string;
  try {
    text = JSON.stringify(value);
  } catch {
    return null;
  }
  if (Buffer.byteLength(text, 'utf8') > LIMITS.metadataBytesMax) return null;
  // Round-trip through JSON so what we compare is what jsonb will store (no undefined, no Dates).
  const metadata = JSON.parse(text) as Record<string, unknown>;
  return { metadata, key: canonicalJson(metadata) };
}

function checkAccountId(value: unknown): number | null | undefined {
  if (value === undefined || value === null) return null;
  return isSafePositiveInteger(value) ? value : undefined;
}

/** Returns the checked request, or the first rule it breaks. */
export function checkTransfer(input: TransferInput): CheckedTransfer | TransferErrorCode {
  if (typeof input.id !== 'string' || input.id.length === 0) return 'id_must_not_be_empty';
  if (input.id.length > LIMITS.idLengthMax) return 'id_too_long';

  const flags = encodeFlags(input.flags);
  const type = typeOf(flags);
  if (type === null) return 'flags_are_mutually_exclusive';
  const resolves = type === 'post' || type === 'void';

  const debitAccountId = checkAccountId(input.debitAccountId);
  const creditAccountId = checkAccountId(input.creditAccountId);
  if (debitAccountId === undefined || (debitAccountId === null && !resolves)) {
    return 'debit_account_id_required';
  }
  if (creditAccountId === undefined || (creditAccountId === null && !resolves)) {
    return 'credit_account_id_required';
  }
  if (debitAccountId !== null && debitAccountId === creditAccountId) {
    return 'accounts_must_be_different';
  }

  let pendingId: string | null = null;
  if (resolves) {
    if (typeof input.pendingId !== 'string' || input.pendingId.length === 0) {
      return 'pending_id_required';
    }
    if (input.pendingId.length > LIMITS.idLengthMax) return 'pending_transfer_not_found';
    if (input.pendingId === input.id) return 'pending_id_must_be_different';
    pendingId = input.pendingId;
  } else if (input.pendingId !== undefined && input.pendingId !== null) {
    return 'pending_id_must_be_empty';
  }

  let amount: number | null = null;
  if (input.amount !== undefined && input.amount !== null) {
    if (!isSafePositiveInteger(input.amount)) return 'invalid_amount';
    amount = input.amount;
  } else if (!resolves) {
    return 'invalid_amount';
  }

  let kind: string | null = null;
  if (input.kind !== undefined && input.kind !== null) {
    const valid =
      typeof input.kind === 'string' &&
      input.kind.length <= LIMITS.kindLengthMax &&
      KIND_PATTERN.test(input.kind);
    if (!valid) return 'invalid_kind';
    kind = input.kind;
  } else if (!resolves) {
    return 'invalid_kind';
  }

  const reference = optionalText(input.reference, LIMITS.referenceLengthMax);
  if (reference === undefined) return 'invalid_reference';
  const description = optionalText(input.description, LIMITS.descriptionLengthMax);
  if (description === undefined) return 'invalid_description';
  const metadata = checkMetadata(input.metadata);
  if (metadata === null) return 'invalid_metadata';

  let createdAt: Date | null = null;
  if (input.createdAt !== undefined && input.createdAt !== null) {
    if (!(input.createdAt instanceof Date) || Number.isNaN(input.createdAt.getTime())) {
      return 'invalid_created_at';
    }
    createdAt = new Date(input.createdAt.getTime());
  }

  const timeoutSeconds = input.timeoutSeconds ?? 0;
  if (timeoutSeconds !== 0) {
    if (type !== 'pending') return 'timeout_reserved_for_pending_transfer';
    const valid =
      Number.isSafeInteger(timeoutSeconds) &&
      timeoutSeconds > 0 &&
      timeoutSeconds <= LIMITS.timeoutSecondsMax;
    if (!valid) return 'invalid_timeout';
  }

  return {
    id: input.id,
    type,
    linked: (flags & TRANSFER_FLAG.linked) !== 0,
    flags,
    debitAccountId,
    creditAccountId,
    amount,
    pendingId,
    kind,
    reference,
    description,
    timeoutSeconds,
    createdAt,
    metadata: metadata.metadata,
    metadataKey: metadata.key,
  };
}
