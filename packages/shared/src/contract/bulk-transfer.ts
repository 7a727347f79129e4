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

export * from './bulk-transfer-paths';

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
export interface BulkTransferRow {
  bankCode: string;
  accountNumber: string;
  phone: string;
  email: string;
  nominal: number;
  note: string;
}

export interface BulkRowProblem {
  /** The file's line (header = 1), or the row's index + 1 in a request. */
  row: number;
  column: BulkTransferColumn | 'file';
  key: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Checks one row against spec 02 §5 (account, phone, e-mail 64; nominal 20 digits and within the
 * 50,000,000 limit; note 64; a known bank code). Answers the row shaped (account digits only) or
 * the first problem, by column in the file's order.
 */
export function checkBulkRow(
  raw: Partial<Record<BulkTransferColumn, unknown>>,
  row: number,
): { ok: true; row: BulkTransferRow } | { ok: false; problem: BulkRowProblem } {
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());
  const fail = (column: BulkTransferColumn, key: string) =>
    ({ ok: false, problem: { row, column, key } }) as const;
  const bankCode = text(raw.bankCode);
  if (!bankCode || !findBank(bankCode)) return fail('bankCode', 'bulk.errors.bankCode');
  const account = text(raw.accountNumber);
  if (!account) return fail('accountNumber', 'bulk.errors.accountRequired');
  if (account.length > BULK_TRANSFER_LIMITS.accountMax)
    return fail('accountNumber', 'bulk.errors.accountTooLong');
  if (!/^[\d\s-]+$/.test(account)) return fail('accountNumber', 'bulk.errors.accountDigits');
  const phone = text(raw.phone);
  if (phone.length > BULK_TRANSFER_LIMITS.phoneMax) return fail('phone', 'bulk.errors.phone');
  if (phone && !/^\+?[\d\s-]+$/.test(phone)) return fail('phone', 'bulk.errors.phoneChars');
  const email = text(raw.email);
  if (email.length > BULK_TRANSFER_LIMITS.emailMax)
    return fail('email', 'bulk.errors.emailTooLong');
  if (email && !EMAIL.test(email)) return fail('email', 'bulk.errors.email');
  const nominalText = text(raw.nominal).replaceAll('.', '');
  if (!/^\d+$/.test(nominalText) || nominalText.length > BULK_TRANSFER_LIMITS.nominalDigitsMax)
    return fail('nominal', 'bulk.errors.nominal');
  const nominal = Number(nominalText);
  if (!(nominal > 0)) return fail('nominal', 'bulk.errors.nominal');
  if (nominal > BULK_TRANSFER_LIMITS.maxAmount) return fail('nominal', 'bulk.errors.nominalMax');
  const note = text(raw.note);
  if (note.length > BULK_TRANSFER_LIMITS.noteMax) return fail('note', 'bulk.errors.note');
  return {
    ok: true,
    row: {
      bankCode,
      accountNumber: account.replace(/[\s-]/g, ''),
      phone,
      email,
      nominal,
      note,
    },
  };
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
export interface BulkInquiryResult {
  idtransaksi: string;
  anrekeningtujuan: string;
  nominal: number;
  nominaladmin: number;
  nominalorigin: number;
  kodebanktujuan: string;
  norekeningtujuan: string;
  customername: string;
}

export type BulkBatchItem =
  | ({ index: number; status: 'paid' } & BulkInquiryResult)
  | { index: number; status: 'error'; rc: string; rd: string; column?: string };

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

export const bulkRuleRequest = z.object({
  enabled: z.boolean({ error: 'common.errors.invalidInput' }),
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
