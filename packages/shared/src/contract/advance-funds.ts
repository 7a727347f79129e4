import { z } from 'zod';
import type { AccessRequirement } from '../domain/access-rule';
import { isDateInRange } from './input-rules';

/**
 * Advance funds (dana talangan, spec 03 §2.9, §3.6, §5.8, §7.7): a merchant asks the provider to
 * pay a range of days' sales early; the provider's staff approve (paid into the balance) or reject
 * in the console; the advance is recovered from the product's later settlements.
 */

export const ADVANCE_FUNDS_PATHS = {
  /** The product list call of the form (spec 03 §7.7: "path not shown"). */
  products: '/data/list_produk_talangan',
  create: '/data/create_talangan',
  createNext: '/data/create_talangan_next',
} as const;

/** READ (menu) and ADD (form) on data_dana_talangan, API enabled (spec 03 §6). */
export const ADVANCE_FUNDS_ACCESS = {
  read: { permission: { module: 'data_dana_talangan', action: 'READ' }, apiEnabled: true },
  add: {
    permission: { module: 'data_dana_talangan', action: 'ADD' },
    alsoPermissions: [{ module: 'data_dana_talangan', action: 'READ' }],
    apiEnabled: true,
  },
} as const satisfies Record<string, AccessRequirement>;

export const ADVANCE_FUNDS_LIMITS = {
  /** One request covers at most this many days. */
  maxDays: 31,
} as const;

/** 0 New, 1 Approved, 2 Rejected, 3 Disbursed (paid; recovered from later settlements). */
export const ADVANCE_STATUS = { new: 0, approved: 1, rejected: 2, disbursed: 3 } as const;

/** Why a date was rejected (the panel lists them; the server decides). */
export type MissingDateReason = 'future' | 'no_sales' | 'already_advanced';
export interface MissingDate {
  date: string;
  reason: MissingDateReason;
}

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

export interface TalanganProduct {
  id_produk: string;
  nama_produk: string;
}

export interface CreateTalanganAnswer {
  id: number;
  nominal: number;
  missing_dates: MissingDate[];
}
