import { z } from 'zod';

export { BENEFICIARY_ACCESS } from './access-rules';

/**
 * The beneficiary book: saved recipients — a bank account, an e-wallet or a bank
 * virtual account — per agent and environment, with the name the account inquiry returned, a
 * label and tags. It is the spec's favourite list (data/setting_account_favourite and the
 * withdraw page's stored destinations read the same rows). Messages are catalog keys.
 */
export const BENEFICIARY_LIMITS = {
  labelMax: 40,
  tagMax: 20,
  tagsMax: 8,
  pageMax: 200,
  /** The bulk page's "recipients from a tag": at most this many rows at once. */
  tagRowsMax: 1000,
} as const;

export const BENEFICIARY_TYPES = ['BANK', 'EWALLET', 'VA'] as const;
export type BeneficiaryType = (typeof BENEFICIARY_TYPES)[number];

const TAG_PATTERN = /^[\p{L}\p{N}_-]+$/u;

const label = z
  .string({ error: 'beneficiaries.errors.label' })
  .trim()
  .max(BENEFICIARY_LIMITS.labelMax, { error: 'beneficiaries.errors.label' })
  .optional()
  .default('');

/** Tags: words of letters, digits, - or _, lower-cased, each once. */
const tags = z
  .array(
    z
      .string({ error: 'beneficiaries.errors.tag' })
      .trim()
      .toLowerCase()
      .min(1, { error: 'beneficiaries.errors.tag' })
      .max(BENEFICIARY_LIMITS.tagMax, { error: 'beneficiaries.errors.tag' })
      .regex(TAG_PATTERN, { error: 'beneficiaries.errors.tag' }),
    { error: 'beneficiaries.errors.tag' },
  )
  .max(BENEFICIARY_LIMITS.tagsMax, { error: 'beneficiaries.errors.tooManyTags' })
  .optional()
  .default([])
  .transform((list) => [...new Set(list)]);

/** POST beneficiaries: the server asks the rail for the account's name before saving it. */
export const createBeneficiaryRequest = z.object({
  type: z.enum(BENEFICIARY_TYPES, { error: 'beneficiaries.errors.type' }),
  /** A bank code (BANK, VA) or an e-wallet product id (EWALLET). */
  code: z
    .string({ error: 'beneficiaries.errors.code' })
    .trim()
    .min(1, { error: 'beneficiaries.errors.code' })
    .max(20, { error: 'beneficiaries.errors.code' }),
  account_number: z
    .string({ error: 'beneficiaries.errors.accountNumber' })
    .trim()
    .min(1, { error: 'beneficiaries.errors.accountNumber' })
    .max(24, { error: 'beneficiaries.errors.accountNumber' }),
  label,
  tags,
});
export type CreateBeneficiaryRequest = z.input<typeof createBeneficiaryRequest>;

/** "Save as favourite" from a withdraw or transfer receipt: the payout's destination and name. */
export const saveFromTransactionRequest = z.object({
  id_transaksi: z
    .string({ error: 'beneficiaries.errors.transaction' })
    .trim()
    .min(1, { error: 'beneficiaries.errors.transaction' })
    .max(64, { error: 'beneficiaries.errors.transaction' }),
  label,
  tags,
});

export const updateBeneficiaryRequest = z.object({
  id: z.number({ error: 'beneficiaries.errors.notFound' }).int().positive(),
  label,
  tags,
});

export const deleteBeneficiaryRequest = z.object({
  id: z.number({ error: 'beneficiaries.errors.notFound' }).int().positive(),
});

export const beneficiaryListQuery = z.object({
  /** Matches the label, the name, the account number or the bank. */
  q: z.string().trim().max(60).optional().default(''),
  tag: z.string().trim().toLowerCase().max(BENEFICIARY_LIMITS.tagMax).optional().default(''),
  type: z
    .enum(['', ...BENEFICIARY_TYPES])
    .optional()
    .default(''),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(BENEFICIARY_LIMITS.pageMax).default(50),
});

export const beneficiary = z.object({
  id: z.number(),
  type: z.enum(BENEFICIARY_TYPES),
  code: z.string(),
  bank_name: z.string(),
  account_number: z.string(),
  /** The name the account inquiry returned when saved (or when a mismatch was last overridden). */
  account_name: z.string(),
  label: z.string(),
  tags: z.array(z.string()),
  is_active: z.boolean(),
  checked_at: z.string().nullable(),
});
export type Beneficiary = z.infer<typeof beneficiary>;

export const beneficiaryList = z.object({
  items: z.array(beneficiary),
  total: z.number(),
  /** Every tag of the agent's book (for the filter and the bulk page's groups). */
  tags: z.array(z.string()),
});

export const deletedAnswer = z.object({ id: z.number() });

/** A payout held because the inquiry's name differs from the saved one. */
export const nameHold = z.object({
  submission_id: z.number(),
  reference: z.string(),
  amount: z.number(),
  destination: z.string(),
  saved_name: z.string(),
  found_name: z.string(),
  maker: z.string().nullable(),
  created_at: z.string(),
  /** When it ends by itself (WIB): the held money goes back, the maker is mailed. */
  expires_at: z.string(),
});
export type NameHold = z.infer<typeof nameHold>;

export const nameHoldList = z.object({
  items: z.array(nameHold),
  /** Whether the caller may release or reject (name_mismatch OVERRIDE). */
  can_override: z.boolean(),
});

export const NAME_HOLD_OUTCOMES = [
  'released',
  'rejected',
  'decided',
  'expired',
  'not_found',
  'permission',
] as const;
export type NameHoldOutcome = (typeof NAME_HOLD_OUTCOMES)[number];

/** Release or reject held payouts: one transaction-PIN entry for the batch. */
export const nameHoldDecision = z.object({
  ids: z
    .array(z.number().int().positive(), { error: 'beneficiaries.errors.chooseHold' })
    .min(1, { error: 'beneficiaries.errors.chooseHold' })
    .max(100, { error: 'beneficiaries.errors.chooseHold' }),
  pin: z
    .string({ error: 'beneficiaries.errors.pin' })
    .regex(/^\d{6}$/, { error: 'beneficiaries.errors.pin' }),
  reason: z.string().trim().max(200).optional().default(''),
});

export const nameHoldDecisionAnswer = z.object({
  results: z.array(z.object({ id: z.number(), outcome: z.enum(NAME_HOLD_OUTCOMES) })),
  done: z.number(),
});
