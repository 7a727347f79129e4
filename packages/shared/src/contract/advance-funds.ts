import { z } from 'zod';
import { isDateInRange } from './input-rules';

/**
 * Advance funds (dana talangan, spec 03 §2.9, §3.6, §5.8, §7.7): a merchant asks the provider to
 * pay a range of days' sales early; the provider's staff approve (paid into the balance) or reject
 * in the console; the advance is recovered from the product's later settlements.
 */

// The zod-free rules live with the others the route table and menu read.
export { ADVANCE_FUNDS_ACCESS } from './access-rules';

export const ADVANCE_FUNDS_LIMITS = {
  /** One request covers at most this many days. */
  maxDays: 31,
} as const;

/** 0 New, 1 Approved, 2 Rejected, 3 Disbursed (paid; recovered from later settlements). */
export const ADVANCE_STATUS = { new: 0, approved: 1, rejected: 2, disbursed: 3 } as const;

/** Why a date was rejected (the panel lists them; the server decides). */
export const missingDateReason = z.enum(['future', 'no_sales', 'already_advanced']);
export type MissingDateReason = z.infer<typeof missingDateReason>;
export const missingDate = z.object({ date: z.string(), reason: missingDateReason });
export type MissingDate = z.infer<typeof missingDate>;

const date = (key: string) =>
  z
    .string({ error: key })
    .trim()
    .min(1, key)
    .refine((v) => isDateInRange(v), key);

/** POST data/create_talangan (and _next): fields in the spec's validation order (§5.8). */
export const createTalanganBody = z
  .object({
    username: z.string().max(254).default(''),
    kode_produk: z
      .string({ error: 'advanceFunds.chooseProduct' })
      .trim()
      .min(1, 'advanceFunds.chooseProduct')
      .max(40, 'advanceFunds.chooseProduct'),
    date_from: date('advanceFunds.enterFrom'),
    date_to: date('advanceFunds.enterTo'),
    recaptcha: z.string({ error: 'advanceFunds.captcha' }).max(4096).default(''),
  })
  .refine((b) => b.date_to >= b.date_from, {
    message: 'advanceFunds.toBeforeFrom',
    path: ['date_to'],
  });
export type CreateTalanganBody = z.infer<typeof createTalanganBody>;

/** A product the merchant may ask an advance for (its sales are still held). */
export const talanganProduct = z.object({ id_produk: z.string(), nama_produk: z.string() });
export type TalanganProduct = z.infer<typeof talanganProduct>;

/** The request saved (rc 00); on rc 99 the envelope's `data` holds `missing_dates` alone. */
export const createTalanganAnswer = z.object({
  id: z.number().int(),
  nominal: z.number().int(),
  missing_dates: z.array(missingDate),
});
export type CreateTalanganAnswer = z.infer<typeof createTalanganAnswer>;

/** What the rc 99 answer ("dates rejected") carries: the dates, for "Tetap Simpan". */
export type TalanganRejection = Pick<CreateTalanganAnswer, 'missing_dates'>;
