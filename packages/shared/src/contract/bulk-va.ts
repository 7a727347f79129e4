import { z } from 'zod';
import { findBank } from '../domain/banks';
import { PAYIN_CHANNELS } from '../domain/payin-channels';
import { WIB_OFFSET_MS } from '../format/wib';
import { BULK_VA_ACCESS } from './access-rules';

/** Kept in the zod-free ./access-rules (the route table and menu load them without zod). */
export { BULK_VA_ACCESS };

/**
 * Bulk virtual accounts (spec 03 §2.8, §3.5, §5.7, §6, §7.6; spec 02 §7 `transaction/store_va_bulk`):
 * a file of rows is uploaded and parsed, the rows are edited in a table, then saved as one group
 * with the account password and the transaction PIN. One rule set for the server (file parsing and
 * the save) and the page (the editable table), so both name the same first problem.
 */

export const BULK_VA_LIMITS = {
  /** Upload size: 10 MB. */
  maxFileBytes: 10 * 1024 * 1024,
  /** Rows in one file and in one save. */
  maxRows: 10_000,
  /** Text fields (spec 03 §9). */
  textMax: 255,
  /** Serial fields: customer id and phone (spec 03 §9). */
  serialMax: 64,
  /** Password and PIN (spec 03 §9). */
  secretMax: 64,
  /** A closed VA's amount (Rp 10 billion). */
  maxAmount: 10_000_000_000,
} as const;

/** The file's columns, in the spec's row order (spec 03 §3.5); the header row names them. */
export const BULK_VA_COLUMNS = [
  'kode_bank',
  'amount',
  'customer_id',
  'customer_name',
  'customer_phone',
  'customer_email',
  'expired',
  'type',
  'send_mail',
  'description',
] as const;
export type BulkVaColumn = (typeof BULK_VA_COLUMNS)[number];

/** Open: any amount, many times. Close: one bill of a fixed amount until its expiry. */
export const BULK_VA_TYPES = ['open', 'close'] as const;
export type BulkVaType = (typeof BULK_VA_TYPES)[number];

/** One row of the table (the upload's answer, the check's and the save's body). */
export const bulkVaRow = z.object({
  kode_bank: z.string(),
  /** Whole rupiah; 0 on an open VA (it takes any amount). */
  amount: z.number(),
  customer_id: z.string(),
  customer_name: z.string(),
  customer_phone: z.string(),
  customer_email: z.string(),
  /** `YYYY-MM-DD HH:mm` WIB; required on a closed VA, empty on an open one. */
  expired: z.string(),
  type: z.enum(BULK_VA_TYPES),
  send_mail: z.boolean(),
  description: z.string(),
});
export type BulkVaRow = z.infer<typeof bulkVaRow>;

/** Banks of `GET data/list_va` (spec 03 §7.1): the VA-issuing channels, bank 523 never listed. */
export const vaBankItem = z.object({ kodeBank: z.string(), namaBank: z.string() });
export type VaBankItem = z.infer<typeof vaBankItem>;

export function vaBankList(): VaBankItem[] {
  return PAYIN_CHANNELS.filter((c) => c.kind === 'VA' && c.code !== '523').map((c) => ({
    kodeBank: c.code,
    namaBank: findBank(c.code)?.namabank ?? c.name,
  }));
}

const VA_BANK_CODES = new Set(vaBankList().map((b) => b.kodeBank));

/** GET data/list_va */
export const listVaQuery = z.object({
  type: z.enum(BULK_VA_TYPES, { error: 'bulkva.errors.listType' }).default('close'),
});

/** A problem in one cell: the 1-based row (file line, or table row) and the column. */
export interface BulkVaCellProblem {
  row: number;
  column: BulkVaColumn | 'file';
  /** Catalog key; its text takes `{{row}}` and `{{column}}`. */
  key: string;
}

const SERIAL = /^[A-Za-z0-9._-]+$/;
const PHONE = /^\+?[0-9]+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EXPIRY = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** `YYYY-MM-DD[ HH:mm[:ss]]` read as WIB; a date alone means 23:59 that day. Null when not a date. */
export function parseWibExpiry(text: string): Date | null {
  const m = EXPIRY.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h = '23', mi = '59', s = '00'] = m;
  const parts = [y, mo, d, h, mi, s].map(Number);
  const utc = Date.UTC(parts[0], parts[1] - 1, parts[2], parts[3], parts[4], parts[5]);
  const check = new Date(utc);
  if (
    check.getUTCMonth() !== parts[1] - 1 ||
    check.getUTCDate() !== parts[2] ||
    parts[3] > 23 ||
    parts[4] > 59 ||
    parts[5] > 59
  )
    return null;
  return new Date(utc - WIB_OFFSET_MS);
}

/** The canonical `YYYY-MM-DD HH:mm` text of an expiry. */
export function formatWibExpiry(instant: Date): string {
  const w = new Date(instant.getTime() + WIB_OFFSET_MS);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${w.getUTCFullYear()}-${p(w.getUTCMonth() + 1)}-${p(w.getUTCDate())} ${p(w.getUTCHours())}:${p(w.getUTCMinutes())}`;
}

/**
 * The first problem of a row, in column order, or null (spec 03 §5.7: serial fields 64 characters
 * of letters, digits, `.`, `_` and `-`; text fields 255; a closed VA needs an amount and an expiry
 * after `now`; a row that sends mail needs an e-mail address).
 */
export function bulkVaRowProblem(r: BulkVaRow, row: number, now: Date): BulkVaCellProblem | null {
  const at = (column: BulkVaColumn, key: string): BulkVaCellProblem => ({ row, column, key });
  const L = BULK_VA_LIMITS;
  if (!VA_BANK_CODES.has(r.kode_bank)) return at('kode_bank', 'bulkva.errors.bank');
  if (!Number.isSafeInteger(r.amount) || r.amount < 0 || r.amount > L.maxAmount)
    return at('amount', 'bulkva.errors.amount');
  if (r.type === 'close' && r.amount <= 0) return at('amount', 'bulkva.errors.amountRequired');
  if (!r.customer_id || r.customer_id.length > L.serialMax || !SERIAL.test(r.customer_id))
    return at('customer_id', 'bulkva.errors.customerId');
  if (!r.customer_name.trim() || r.customer_name.length > L.textMax)
    return at('customer_name', 'bulkva.errors.customerName');
  if (r.customer_phone && r.customer_phone.length > L.serialMax)
    return at('customer_phone', 'bulkva.errors.phone');
  if (r.customer_phone && !PHONE.test(r.customer_phone))
    return at('customer_phone', 'bulkva.errors.phoneChars');
  if (r.customer_email && (r.customer_email.length > L.textMax || !EMAIL.test(r.customer_email)))
    return at('customer_email', 'bulkva.errors.email');
  if (r.send_mail && !r.customer_email) return at('customer_email', 'bulkva.errors.emailForMail');
  if (r.type === 'close') {
    const expiry = parseWibExpiry(r.expired);
    if (!expiry) return at('expired', 'bulkva.errors.expired');
    if (expiry.getTime() <= now.getTime()) return at('expired', 'bulkva.errors.expiredPast');
  } else if (r.expired && !parseWibExpiry(r.expired)) {
    return at('expired', 'bulkva.errors.expired');
  }
  if (!BULK_VA_TYPES.includes(r.type)) return at('type', 'bulkva.errors.type');
  if (typeof r.send_mail !== 'boolean') return at('send_mail', 'bulkva.errors.sendMail');
  if (r.description.length > L.textMax) return at('description', 'bulkva.errors.description');
  return null;
}

// ---------------------------------------------------------------------------------------------
// Reading file cells: every cell arrives as text (CSV) or as a number, date or text (XLSX).

export type CellValue = string | number | boolean | Date | null | undefined;

export type CellResult<T> = { ok: true; value: T } | { ok: false; key: string };

const text = (v: CellValue): string => {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return formatWibExpiry(new Date(v.getTime() - WIB_OFFSET_MS));
  return String(v).trim();
};

/** An amount as a price: `150000`, `150.000`, `150,000` or `Rp 150.000` (spec 03 §5.7). */
export function readAmountCell(v: CellValue): CellResult<number> {
  if (typeof v === 'number') {
    return Number.isSafeInteger(v) && v >= 0
      ? { ok: true, value: v }
      : { ok: false, key: 'bulkva.errors.amount' };
  }
  const s = text(v).replace(/^Rp\.?\s*/i, '');
  if (s === '') return { ok: true, value: 0 };
  if (/^\d+$/.test(s) || /^\d{1,3}(\.\d{3})+$/.test(s) || /^\d{1,3}(,\d{3})+$/.test(s)) {
    const n = Number(s.replace(/[.,]/g, ''));
    if (Number.isSafeInteger(n)) return { ok: true, value: n };
  }
  return { ok: false, key: 'bulkva.errors.amount' };
}

const TRUE_WORDS = new Set(['1', 'true', 'yes', 'y', 'ya']);
const FALSE_WORDS = new Set(['', '0', 'false', 'no', 'n', 'tidak']);

export function readSendMailCell(v: CellValue): CellResult<boolean> {
  if (typeof v === 'boolean') return { ok: true, value: v };
  const s = text(v).toLowerCase();
  if (TRUE_WORDS.has(s)) return { ok: true, value: true };
  if (FALSE_WORDS.has(s)) return { ok: true, value: false };
  return { ok: false, key: 'bulkva.errors.sendMail' };
}

/**
 * One file record (by column name) as a row, or the first cell that cannot be read. An XLSX date
 * cell holds the wall-clock time as UTC (how spreadsheets store it), read as WIB.
 */
export function readBulkVaRecord(
  record: Partial<Record<BulkVaColumn, CellValue>>,
  row: number,
): { ok: true; row: BulkVaRow } | { ok: false; problem: BulkVaCellProblem } {
  const fail = (column: BulkVaColumn, key: string) => ({
    ok: false as const,
    problem: { row, column, key },
  });
  const type = text(record.type).toLowerCase() || 'close';
  if (!BULK_VA_TYPES.includes(type as BulkVaType)) return fail('type', 'bulkva.errors.type');
  const amount = readAmountCell(record.amount);
  if (!amount.ok) return fail('amount', amount.key);
  const sendMail = readSendMailCell(record.send_mail);
  if (!sendMail.ok) return fail('send_mail', sendMail.key);
  const rawExpiry = record.expired;
  let expired = text(rawExpiry);
  if (expired && !(rawExpiry instanceof Date)) {
    const parsed = parseWibExpiry(expired);
    if (!parsed) return fail('expired', 'bulkva.errors.expired');
    expired = formatWibExpiry(parsed);
  }
  const bank = text(record.kode_bank);
  return {
    ok: true,
    row: {
      // A spreadsheet drops the leading zeros of `008`.
      kode_bank: /^\d{1,3}$/.test(bank) ? bank.padStart(3, '0') : bank,
      amount: type === 'open' ? 0 : amount.value,
      customer_id: text(record.customer_id),
      customer_name: text(record.customer_name),
      customer_phone: text(record.customer_phone),
      customer_email: text(record.customer_email),
      expired: type === 'open' ? '' : expired,
      type: type as BulkVaType,
      send_mail: sendMail.value,
      description: text(record.description),
    },
  };
}

/** The header row of a file: every column known, each required one present. */
export function bulkVaHeaderProblem(header: string[]): BulkVaCellProblem | null {
  const names = header.map((h) => h.trim().toLowerCase());
  const unknown = names.find((n) => n !== '' && !BULK_VA_COLUMNS.includes(n as BulkVaColumn));
  if (unknown !== undefined) return { row: 1, column: 'file', key: 'bulkva.errors.unknownColumn' };
  const missing = BULK_VA_COLUMNS.find((c) => !names.includes(c));
  if (missing) return { row: 1, column: missing, key: 'bulkva.errors.missingColumn' };
  return null;
}

// ---------------------------------------------------------------------------------------------
// POST transaction/store_va_bulk

const rowSchema = z.object({
  kode_bank: z.string().max(8),
  amount: z.number(),
  customer_id: z.string().max(BULK_VA_LIMITS.serialMax + 1),
  customer_name: z.string().max(BULK_VA_LIMITS.textMax + 1),
  customer_phone: z
    .string()
    .max(BULK_VA_LIMITS.serialMax + 1)
    .default(''),
  customer_email: z
    .string()
    .max(BULK_VA_LIMITS.textMax + 1)
    .default(''),
  expired: z.string().max(32).default(''),
  type: z.enum(BULK_VA_TYPES, { error: 'bulkva.errors.typeAny' }),
  send_mail: z.boolean().default(false),
  description: z
    .string()
    .max(BULK_VA_LIMITS.textMax + 1)
    .default(''),
});

const secret = (key: string) =>
  z.string({ error: key }).min(1, key).max(BULK_VA_LIMITS.secretMax, 'bulkva.errors.secretTooLong');

const rows = z
  .array(rowSchema, { error: 'bulkva.errors.noRows' })
  .min(1, 'bulkva.errors.noRows')
  .max(BULK_VA_LIMITS.maxRows, 'bulkva.errors.tooManyRows');

/** POST transaction/va_bulk_check: the rows and the account password, before the group dialog. */
export const bulkVaCheckRequest = z.object({
  data: rows,
  password: secret('bulkva.errors.password'),
});

/** POST transaction/store_va_bulk */
export const storeVaBulkRequest = z.object({
  data: rows,
  password: secret('bulkva.errors.password'),
  groupName: z
    .string({ error: 'bulkva.errors.groupName' })
    .trim()
    .min(1, 'bulkva.errors.groupName')
    .max(BULK_VA_LIMITS.textMax, 'bulkva.errors.groupNameTooLong'),
  groupDesc: z
    .string({ error: 'bulkva.errors.groupDesc' })
    .trim()
    .min(1, 'bulkva.errors.groupDesc')
    .max(BULK_VA_LIMITS.textMax, 'bulkva.errors.groupDescTooLong'),
  pin: secret('bulkva.errors.pin'),
});
export type StoreVaBulkRequest = z.infer<typeof storeVaBulkRequest>;

/**
 * The group dialog's own fields, in its order (spec 03 §5.7: 'Please fill group name', 'Please
 * fill group description', 'Please input your transaction PIN'): the page checks them with the
 * rules the save is checked with.
 */
export const bulkVaGroupFields = storeVaBulkRequest.pick({
  groupName: true,
  groupDesc: true,
  pin: true,
});

export const storeVaBulkResult = z.object({
  groupId: z.number(),
  created: z.number(),
  mailed: z.number(),
});
export type StoreVaBulkResult = z.infer<typeof storeVaBulkResult>;

/** The answer of the upload: the rows as read, ready for the table. */
export const bulkVaUploadResult = z.object({ rows: z.array(bulkVaRow) });
export type BulkVaUploadResult = z.infer<typeof bulkVaUploadResult>;
