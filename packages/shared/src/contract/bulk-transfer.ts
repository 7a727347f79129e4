import { z } from 'zod';
import { findBank } from '../domain/banks';
import { DISBURSEMENT_MAX_AMOUNT } from '../domain/limits';
import { BULK_TRANSFER_ACCESS } from './access-rules';

/**
 * Bulk transfer (spec 02 §2.3, §3 bulk row and group, §4 Bulk, §5 Bulk transfer, §6, §7): a CSV of
 * up to 20,000 payees is uploaded and checked, the checked rows are inquired (one batch call, or
 * the spec's per-row `cashout_inquiry` with `type_inq=bulk`), saved as a group with the transaction
 * PIN, approved by a second person when the agent has an approver rule, and paid out row by row.
 * One rule set for the server (file, inquiry, save) and the page.
 */

/** A saved group's states: waiting for its approver, rejected, paying out, done. */
export const GROUP_STATUSES = ['WAITING_APPROVAL', 'REJECTED', 'RUNNING', 'DONE'] as const;
export type BulkGroupStatus = (typeof GROUP_STATUSES)[number];

export const BULK_TRANSFER_LIMITS = {
  maxFileBytes: 10_000_000,
  maxRows: 20_000,
  accountMax: 64,
  phoneMax: 64,
  emailMax: 64,
  nominalDigitsMax: 20,
  noteMax: 64,
  groupNameMax: 64,
  groupDescMax: 255,
  secretMax: 64,
  /** Broken cells an upload's answer lists (the counts cover all of them). */
  maxListedErrors: 1_000,
  maxAmount: DISBURSEMENT_MAX_AMOUNT,
  /** How long a checksum token (the password check of one Check) can be used. */
  tokenTtlMs: 30 * 60 * 1000,
} as const;

/** Kept in the zod-free ./access-rules (the route table loads them without zod). */
export { BULK_TRANSFER_ACCESS };

/** The sample file's columns, in its order (spec 02 §2.3, /sample/disbursement.csv). */
export const BULK_TRANSFER_COLUMNS = [
  'bankCode',
  'accountNumber',
  'phone',
  'email',
  'nominal',
  'note',
] as const;
export type BulkTransferColumn = (typeof BULK_TRANSFER_COLUMNS)[number];

/** One checked row of the file. */
export const bulkTransferRow = z.object({
  bankCode: z.string(),
  accountNumber: z.string(),
  phone: z.string(),
  email: z.string(),
  nominal: z.number(),
  note: z.string(),
});
export type BulkTransferRow = z.infer<typeof bulkTransferRow>;

export interface BulkRowProblem {
  /** The file's line (header = 1), or the row's index + 1 in a request. */
  row: number;
  column: BulkTransferColumn | 'file';
  key: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const cellText = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());

/**
 * Spec 02 §5, one column at a time: the catalog key of the cell's first broken rule, or null.
 * Account, phone, e-mail 64; nominal 20 digits and within the 50,000,000 limit; note 64; a known
 * bank code.
 */
const CELL_RULES: Record<BulkTransferColumn, (text: string) => string | null> = {
  bankCode: (code) => (!code || !findBank(code) ? 'bulk.errors.bankCode' : null),
  accountNumber: (account) => {
    if (!account) return 'bulk.errors.accountRequired';
    if (account.length > BULK_TRANSFER_LIMITS.accountMax) return 'bulk.errors.accountTooLong';
    return /^[\d\s-]+$/.test(account) ? null : 'bulk.errors.accountDigits';
  },
  phone: (phone) => {
    if (phone.length > BULK_TRANSFER_LIMITS.phoneMax) return 'bulk.errors.phone';
    // A phone with letters is named as such, not as "too long".
    return phone && !/^\+?[\d\s-]+$/.test(phone) ? 'bulk.errors.phoneChars' : null;
  },
  email: (email) => {
    if (email.length > BULK_TRANSFER_LIMITS.emailMax) return 'bulk.errors.emailTooLong';
    return email && !EMAIL.test(email) ? 'bulk.errors.email' : null;
  },
  nominal: (text) => {
    const digits = text.replaceAll('.', '');
    if (!/^\d+$/.test(digits) || digits.length > BULK_TRANSFER_LIMITS.nominalDigitsMax)
      return 'bulk.errors.nominal';
    const nominal = Number(digits);
    if (!(nominal > 0)) return 'bulk.errors.nominal';
    return nominal > BULK_TRANSFER_LIMITS.maxAmount ? 'bulk.errors.nominalMax' : null;
  },
  note: (note) => (note.length > BULK_TRANSFER_LIMITS.noteMax ? 'bulk.errors.note' : null),
};

/** Every broken cell of one row, in the file's column order (one problem per cell). */
export function bulkRowProblems(
  raw: Partial<Record<BulkTransferColumn, unknown>>,
  row: number,
): BulkRowProblem[] {
  const problems: BulkRowProblem[] = [];
  for (const column of BULK_TRANSFER_COLUMNS) {
    const key = CELL_RULES[column](cellText(raw[column]));
    if (key) problems.push({ row, column, key });
  }
  return problems;
}

/**
 * Checks one row against spec 02 §5. Answers the row shaped (account digits only) or the first
 * problem, by column in the file's order.
 */
export function checkBulkRow(
  raw: Partial<Record<BulkTransferColumn, unknown>>,
  row: number,
): { ok: true; row: BulkTransferRow } | { ok: false; problem: BulkRowProblem } {
  const [problem] = bulkRowProblems(raw, row);
  if (problem) return { ok: false, problem };
  return {
    ok: true,
    row: {
      bankCode: cellText(raw.bankCode),
      accountNumber: cellText(raw.accountNumber).replace(/[\s-]/g, ''),
      phone: cellText(raw.phone),
      email: cellText(raw.email),
      nominal: Number(cellText(raw.nominal).replaceAll('.', '')),
      note: cellText(raw.note),
    },
  };
}

/** One row of the file as read (every cell as text), with its line (header = 1). */
export type BulkRawRow = { line: number } & Record<BulkTransferColumn, string>;

/** One broken cell of an upload, with its message in the user's language. */
export interface BulkCellError {
  row: number;
  column: BulkTransferColumn;
  value: string;
  message: string;
}

/**
 * What a refused upload carries when rows are broken (rc 400): every row as read, so the page can
 * fix or drop them, and the broken cells (the first `maxListedErrors`, in file order) with counts.
 * `row` and `column` name the first broken cell, as a one-error answer always did.
 */
export interface BulkUploadProblems {
  row: number;
  column: BulkTransferColumn;
  errors: BulkCellError[];
  error_count: number;
  bad_row_count: number;
  rows: BulkRawRow[];
}

const secret = (key: string) =>
  z
    .string({ error: key })
    .min(1, { error: key })
    .max(BULK_TRANSFER_LIMITS.secretMax, { error: 'bulk.errors.secretTooLong' });

/** POST transaction/checksum: the password once for the whole Check. */
export const bulkChecksumRequest = z.object({
  password: secret('bulk.enterPassword'),
});

const token = z.string({ error: 'bulk.errors.token' }).min(1, { error: 'bulk.errors.token' });
const loose = z.union([z.string(), z.number()]).optional().nullable();

/** The spec's per-row bulk inquiry (`cashout_inquiry` with `type_inq=bulk`): no password. */
export const bulkRowInquiryRequest = z.object({
  code: loose,
  number: loose,
  nominal: loose,
  phone: loose,
  email: loose,
  note: loose,
  token,
  uuid_user: token,
  type_inq: z.literal('bulk'),
});

/** POST transaction/cashout_inquiry_bulk: every checked row in one request. */
export const bulkBatchInquiryRequest = z.object({
  token,
  uuid_user: token,
  rows: z
    .array(
      z.object({
        code: loose,
        number: loose,
        nominal: loose,
        phone: loose,
        email: loose,
        note: loose,
        /** The row's line in the uploaded file (header = 1), so problems name it as the upload did. */
        line: z.number().int().positive().optional(),
      }),
      { error: 'bulk.errors.noRows' },
    )
    .min(1, { error: 'bulk.errors.noRows' })
    .max(BULK_TRANSFER_LIMITS.maxRows, { error: 'bulk.errors.tooManyRows' }),
});

/** Spec 02 §3: the per-row result fields (the row's other columns stay with the server). */
export const bulkInquiryResult = z.object({
  idtransaksi: z.string(),
  anrekeningtujuan: z.string(),
  nominal: z.number(),
  nominaladmin: z.number(),
  nominalorigin: z.number(),
  kodebanktujuan: z.string(),
  norekeningtujuan: z.string(),
  customername: z.string(),
});
export type BulkInquiryResult = z.infer<typeof bulkInquiryResult>;

export const bulkBatchItem = z.discriminatedUnion('status', [
  bulkInquiryResult.extend({ index: z.number(), status: z.literal('paid') }),
  z.object({
    index: z.number(),
    status: z.literal('error'),
    rc: z.string(),
    rd: z.string(),
    column: z.string().optional(),
  }),
]);
export type BulkBatchItem = z.infer<typeof bulkBatchItem>;

export const bulkGroupSummary = z.object({
  id: z.number(),
  group_name: z.string(),
  group_desc: z.string(),
  status: z.enum(GROUP_STATUSES),
  detail_count: z.number(),
  total_amount: z.number(),
  total_fee: z.number(),
  maker: z.string(),
  created_date: z.string(),
  /** Rows by spec status: -2 On Process, -1 Queue, 0 New, 1 Success, 2 Failed. */
  counts: z.record(z.string(), z.number()),
  own: z.boolean(),
});
export type BulkGroupSummary = z.infer<typeof bulkGroupSummary>;

/** What `transaction/cashout_save` answers: the new group, waiting for approval or running. */
export const bulkSaveResult = z.object({
  group_id: z.number(),
  status: z.enum(['WAITING_APPROVAL', 'RUNNING']),
  detail_count: z.number(),
  subtotal: z.number(),
  admin_fee: z.number(),
  total_amount: z.number(),
});
export type BulkSaveResult = z.infer<typeof bulkSaveResult>;

/**
 * A saved row names an answered row of this Check by its transaction id; what is paid is what the
 * inquiry answered (kept by the server), so other fields the page sends along are ignored.
 */
const savedRow = z.object({
  idtransaksi: z.string({ error: 'bulk.errors.noRows' }).min(1).max(40),
});
export type BulkSavedRow = z.infer<typeof savedRow>;

/** POST transaction/cashout_save, in the spec's message order: name, description, PIN. */
export const bulkSaveRequest = z.object({
  group_name: z
    .string({ error: 'bulk.fillGroupName' })
    .trim()
    .min(1, { error: 'bulk.fillGroupName' })
    .max(BULK_TRANSFER_LIMITS.groupNameMax, { error: 'bulk.errors.groupNameTooLong' }),
  group_desc: z
    .string({ error: 'bulk.fillGroupDesc' })
    .trim()
    .min(1, { error: 'bulk.fillGroupDesc' })
    .max(BULK_TRANSFER_LIMITS.groupDescMax, { error: 'bulk.errors.groupDescTooLong' }),
  pin: secret('bulk.enterPin'),
  token,
  uuid_user: token,
  saved_data: z
    .array(savedRow, { error: 'bulk.errors.noRows' })
    .min(1, { error: 'bulk.errors.noRows' })
    .max(BULK_TRANSFER_LIMITS.maxRows, { error: 'bulk.errors.tooManyRows' }),
});

/** POST disbursement_approve / disbursement_reject. */
export const bulkDecisionRequest = z.object({
  group_id: z.coerce.number({ error: 'bulk.errors.groupNotFound' }).int().positive(),
  pin: secret('bulk.enterPin'),
});

export const bulkGroupQuery = z.object({
  group_id: z.coerce.number({ error: 'bulk.errors.groupNotFound' }).int().positive(),
});

/** Group states (ours; the rows keep the spec's -2…2). */
export type BulkRowInquiryRequest = z.output<typeof bulkRowInquiryRequest>;

/**
 * The body of the shared `transaction/cashout_inquiry` route: the spec's bulk variant (type_inq
 * `bulk` with the Check's token, no password) or the standard inquiry, each with its own schema so
 * the first failing rule's message is the one the user reads (a zod union would hide it).
 */
export function withBulkRowInquiry<S extends z.ZodType>(standard: S) {
  return z
    .unknown()
    .transform(
      (value, ctx): ({ bulk: true } & BulkRowInquiryRequest) | ({ bulk: false } & z.output<S>) => {
        const record =
          typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
        const bulk = record?.type_inq === 'bulk' && record.token !== undefined;
        const result = (bulk ? bulkRowInquiryRequest : standard).safeParse(value);
        if (!result.success) {
          for (const issue of result.error.issues) {
            ctx.issues.push({
              code: 'custom',
              message: issue.message,
              path: issue.path,
              input: value,
            });
          }
          return z.NEVER;
        }
        return { ...(result.data as object), bulk } as never;
      },
    );
}
