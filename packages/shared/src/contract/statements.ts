import { z } from 'zod';
import { isDateInRange } from './input-rules';

/**
 * Balance statements (ADR 020): the available balance of one agent and environment
 * over WIB days, every ledger line with its type and running balance, opening + lines = closing
 * checked before a file is written; five formats; scheduled delivery by e-mail.
 */
export const STATEMENT_FORMATS = ['pdf', 'csv', 'xlsx', 'mt940', 'camt053'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

export const DELIVERY_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type DeliveryFrequency = (typeof DELIVERY_FREQUENCIES)[number];

/** The line types a statement shows (ADR 020 maps every ledger transfer kind to one). */
export const STATEMENT_LINE_TYPES = [
  'PAYMENT',
  'FEE',
  'SETTLEMENT',
  'PAYOUT',
  'REFUND',
  'REVERSAL',
  'ADVANCE',
  'ADVANCE_RECOVERY',
  'TOPUP',
  'REVENUE_SHARE',
  'OTHER',
] as const;
export type StatementLineType = (typeof STATEMENT_LINE_TYPES)[number];

/** The longest period one statement covers (a year of WIB days). */
export const STATEMENT_MAX_DAYS = 366;

const day = z
  .string({ error: 'statements.errors.period' })
  .refine(isDateInRange, { error: 'statements.errors.period' });

export const statementRequest = z
  .object({
    from: day,
    to: day,
    format: z.enum(STATEMENT_FORMATS, { error: 'statements.errors.format' }),
  })
  .refine((r) => r.from <= r.to, { error: 'statements.errors.period' })
  .refine((r) => (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 < STATEMENT_MAX_DAYS, {
    error: 'statements.errors.periodTooLong',
  });
export type StatementRequest = z.infer<typeof statementRequest>;

/** 0 waiting, 2 being written, 3 ready, 4 failed. */
export const statementFile = z.object({
  id: z.number(),
  format: z.enum(STATEMENT_FORMATS),
  from: z.string(),
  to: z.string(),
  status: z.number(),
  line_count: z.number().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  /** A link with its token while the file is ready (an hour). */
  download: z.string().nullable(),
});
export type StatementFile = z.infer<typeof statementFile>;

export const statementCreated = z.object({ id: z.number(), status: z.number() });

export const statementDownloadQuery = z.object({
  id: z.string().regex(/^\d{1,18}$/, 'statements.errors.linkInvalid'),
  token: z.string().max(200, 'statements.errors.linkInvalid'),
});

export const deliveryRequest = z.object({
  frequency: z.enum(DELIVERY_FREQUENCIES, { error: 'statements.errors.frequency' }),
  format: z.enum(STATEMENT_FORMATS, { error: 'statements.errors.format' }),
});

export const delivery = z.object({
  id: z.number(),
  frequency: z.enum(DELIVERY_FREQUENCIES),
  format: z.enum(STATEMENT_FORMATS),
  active: z.boolean(),
  /** The e-mail address it goes to: the user's own. */
  email: z.string(),
  /** The last period sent (`from`..`to`), if any. */
  last_sent: z.string().nullable(),
});
export type Delivery = z.infer<typeof delivery>;

export const deliveryIdRequest = z.object({ id: z.number().int().positive() });
