import { z } from 'zod';
import { isDateInRange } from './input-rules';

export { RECONCILIATION_ACCESS } from './access-rules';

/**
 * Reconciliation: statements of the provider's accounts come in (MT940,
 * camt.053, CSV with a saved per-bank column mapping), a matcher pairs their lines with ledger
 * items, and what does not pair is an exception to resolve by hand. Records only: nothing here
 * posts money (ADR 019).
 */

/** The provider's accounts a statement can be of: settlement, payout clearing, deposit. */
export const RECON_ACCOUNTS = ['settlement', 'payout', 'deposit'] as const;
export type ReconAccount = (typeof RECON_ACCOUNTS)[number];

export const RECON_FORMATS = ['mt940', 'camt053', 'csv'] as const;
export type ReconFormat = (typeof RECON_FORMATS)[number];

/** matched and written_off are resolved; the other three are the exceptions queue. */
export const RECON_STATUSES = [
  'matched',
  'amount_mismatch',
  'unmatched_line',
  'unmatched_item',
  'written_off',
] as const;
export type ReconStatus = (typeof RECON_STATUSES)[number];

export const RECON_DATE_FORMATS = ['YYYY-MM-DD', 'DD/MM/YYYY', 'DD-MM-YYYY', 'MM/DD/YYYY'] as const;

const column = z
  .string({ error: 'recon.errors.mapping' })
  .trim()
  .min(1, { error: 'recon.errors.mapping' })
  .max(60, { error: 'recon.errors.mapping' });

/**
 * A bank's CSV layout, saved per bank code: columns named by their header text (any case); the
 * amount is one signed column or a debit and a credit column.
 */
export const reconCsvMapping = z
  .object({
    bank_code: z
      .string()
      .trim()
      .regex(/^[0-9A-Za-z]{1,10}$/, { error: 'recon.errors.mapping' }),
    delimiter: z.enum([',', ';', '\t'], { error: 'recon.errors.mapping' }),
    date_column: column,
    date_format: z.enum(RECON_DATE_FORMATS, { error: 'recon.errors.mapping' }),
    amount_column: column.nullable(),
    debit_column: column.nullable(),
    credit_column: column.nullable(),
    reference_column: column,
    bank_reference_column: column.nullable(),
    description_column: column.nullable(),
  })
  .refine(
    (m) => (m.amount_column !== null) !== (m.debit_column !== null && m.credit_column !== null),
    {
      error: 'recon.errors.mappingAmount',
    },
  );
export type ReconCsvMapping = z.infer<typeof reconCsvMapping>;

/** A real calendar day (2026-13-45 is refused here, not by the database). */
const day = z
  .string({ error: 'recon.errors.day' })
  .refine(isDateInRange, { error: 'recon.errors.day' });

export const reconImportQuery = z.object({
  account: z.enum(RECON_ACCOUNTS, { error: 'recon.errors.account' }),
  format: z.enum(RECON_FORMATS, { error: 'recon.errors.format' }),
  bank_code: z
    .string()
    .regex(/^[0-9A-Za-z]{1,10}$/, { error: 'recon.errors.mapping' })
    .optional(),
});

export const reconImportAnswer = z.object({
  statement_id: z.number(),
  /** true: this very file was imported before; nothing new was stored. */
  duplicate_file: z.boolean(),
  lines: z.number(),
  /** Lines already known from another file (same line identity), not stored again. */
  known_lines: z.number(),
  first_day: z.string().nullable(),
  last_day: z.string().nullable(),
});

export const reconSettings = z.object({
  /** Days a line's date may differ from the item's for an amount + date match. */
  tolerance_days: z
    .number()
    .int()
    .min(0, { error: 'recon.errors.tolerance' })
    .max(10, { error: 'recon.errors.tolerance' }),
  /** An item not on any statement this many days after its date is an exception. */
  late_after_days: z
    .number()
    .int()
    .min(1, { error: 'recon.errors.lateAfter' })
    .max(30, { error: 'recon.errors.lateAfter' }),
});
export type ReconSettings = z.infer<typeof reconSettings>;

export const reconRunRequest = z.object({
  account: z.enum(RECON_ACCOUNTS, { error: 'recon.errors.account' }),
});
export const reconRunAnswer = z.object({
  matched: z.number(),
  amount_mismatch: z.number(),
  unmatched_line: z.number(),
  unmatched_item: z.number(),
  pending_items: z.number(),
});

export const reconResultsQuery = z.object({
  account: z.enum(RECON_ACCOUNTS, { error: 'recon.errors.account' }).optional(),
  status: z.enum([...RECON_STATUSES, 'open'], { error: 'recon.errors.status' }).optional(),
  from: day.optional(),
  to: day.optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
});

export const reconResult = z.object({
  id: z.number(),
  account: z.enum(RECON_ACCOUNTS),
  day: z.string(),
  status: z.enum(RECON_STATUSES),
  method: z.enum(['reference', 'amount_date', 'manual']).nullable(),
  line_id: z.number().nullable(),
  file_line: z.number().nullable(),
  line_reference: z.string().nullable(),
  line_amount: z.number().nullable(),
  item_key: z.string().nullable(),
  item_reference: z.string().nullable(),
  item_amount: z.number().nullable(),
  /** The merchant whose ledger item it is (the provider's queue spans every merchant). */
  item_agent_id: z.number().nullable(),
  merchant: z.string().nullable(),
  drift: z.number(),
  note: z.string().nullable(),
});
export type ReconResult = z.infer<typeof reconResult>;

export const reconResultsAnswer = z.object({ rows: z.array(reconResult), total: z.number() });

const note = z
  .string({ error: 'recon.errors.note' })
  .trim()
  .min(3, { error: 'recon.errors.note' })
  .max(500, { error: 'recon.errors.note' });

/** Pair an unmatched statement line with an unmatched ledger item by hand. */
export const reconMatchRequest = z.object({
  line_result_id: z.number().int().positive(),
  item_result_id: z.number().int().positive(),
  note,
});
/** Undo a match (automatic or by hand): both sides become exceptions again. */
export const reconUnmatchRequest = z.object({ result_id: z.number().int().positive(), note });
export const reconWriteOffRequest = z.object({ result_id: z.number().int().positive(), note });
export const reconDecisionAnswer = z.object({ ids: z.array(z.number()) });

export const reconSummaryQuery = z.object({
  account: z.enum(RECON_ACCOUNTS, { error: 'recon.errors.account' }).optional(),
  from: day,
  to: day,
});
export const reconSummaryDay = z.object({
  day: z.string(),
  lines: z.number(),
  matched: z.number(),
  exceptions: z.number(),
  written_off: z.number(),
  /** matched ÷ (statement lines + unmatched ledger items), 0–1; 1 on a day with nothing. */
  match_rate: z.number(),
  /** Rupiah the statement and the ledger differ by on that day (open exceptions, signed). */
  drift: z.number(),
});
export const reconSummaryAnswer = z.object({ days: z.array(reconSummaryDay) });

export const simulatorStatementQuery = z.object({
  account: z.enum(RECON_ACCOUNTS, { error: 'recon.errors.account' }),
  format: z.enum(RECON_FORMATS, { error: 'recon.errors.format' }),
  day,
});

/** One settlement's breakdown: the payments inside it, gross → net. */
export const settlementBreakdownQuery = z.object({
  id: z.coerce
    .number({ error: 'recon.errors.settlement' })
    .int({ error: 'recon.errors.settlement' })
    .min(1, { error: 'recon.errors.settlement' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'recon.errors.settlement' }),
});
export const settlementBreakdownAnswer = z.object({
  settlement: z.object({
    id: z.number(),
    reference: z.string(),
    product: z.string(),
    payment_day: z.string(),
    settle_day: z.string(),
    status: z.string(),
  }),
  transactions: z.array(
    z.object({
      id_transaksi: z.string(),
      gross: z.number(),
      fee: z.number(),
      net: z.number(),
      /** Given back to the payer from the available balance since (not taken from the settlement). */
      refunded: z.number(),
    }),
  ),
  totals: z.object({
    gross: z.number(),
    fees: z.number(),
    /** gross − fees: what the settlement moved from held to available (its nominal). */
    settled: z.number(),
    advance_recoveries: z.number(),
    /** settled − advance recoveries: what the merchant kept of it. */
    net: z.number(),
    refunds: z.number(),
  }),
});
export type SettlementBreakdown = z.infer<typeof settlementBreakdownAnswer>;
