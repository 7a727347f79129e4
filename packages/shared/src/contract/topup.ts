import { z } from 'zod';
import { TUTORIAL_BANK_CODES } from '../domain/banks';
import { showsDepositLink, TOPUP_ACCESS } from './access-rules';
import { formCaptcha, parseAmount } from './withdraw';

/** Kept in the zod-free ./access-rules (the route table and menu load them without zod). */
export { showsDepositLink, TOPUP_ACCESS };

/**
 * The top-up calls of spec 02 §2.5, §5 and §7 and spec 03 §3.2, §7.1: the agent's own deposit
 * virtual accounts (`data/user_list_va`), the provider's receiving bank accounts for a manual
 * transfer (`data/bank_list`) and the manual top-up itself (`transaction/topup`). Messages are
 * catalog keys, checked in the order spec 02 §5 lists the fields.
 */

export const TOPUP_LIMITS = {
  /** Smallest and largest manual top-up (rupiah). */
  minAmount: 10_000,
  maxAmount: 1_000_000_000,
  /** Spec 02 §9: password max 64 characters. */
  secretMax: 64,
  /** Spec 02 §9: the random unique code, 100 to 999 inclusive. */
  uniqueCodeMin: 100,
  uniqueCodeMax: 999,
  /** Spec 02 §9: the top-up loading modal lasts 3 seconds. */
  loadingModalMs: 3_000,
  /** How long a manual deposit waits for its transfer. */
  expiryMs: 3 * 60 * 60 * 1000,
} as const;

/** Banks whose deposit VA the agent gets (spec 02 §9 "bank codes treated as virtual account"). */
export const DEPOSIT_VA_BANK_CODES = ['014', '008', '009', '002', '013', '022', '011'] as const;

/** The channel code of the agent's deposit QRIS entry (shown with VA number "-"). */
export const DEPOSIT_QRIS_CODE = 'QRIS';

/** Spec 02 §9: how-to pages exist for these bank codes. */
export const TOPUP_GUIDE_BANK_CODES: readonly string[] = TUTORIAL_BANK_CODES;

/** One entry of `data/user_list_va` (spec 03 §3.2), plus the bank code the guide page needs. */
export const userVaItem = z.object({
  url_image: z.string(),
  bank: z.string(),
  kodeBank: z.string(),
  /** Off (false) when the product is disrupted: the page shows "Gangguan" instead of the number. */
  status_gangguan_va: z.boolean(),
  /** "-" for QRIS. */
  va_number: z.string(),
  nama_pemilik: z.string(),
  channel: z.enum(['VA', 'QRIS']),
});
export type UserVaItem = z.infer<typeof userVaItem>;

/** `data/bank_list`: the provider's receiving accounts (spec 03 §3.2 `data.nonipg[0].data`). */
export const topupBankListAnswer = z.object({
  nonipg: z.array(
    z.object({ data: z.array(z.object({ codeBank: z.string(), namaBank: z.string() })) }),
  ),
});
export type TopupBankListAnswer = z.infer<typeof topupBankListAnswer>;

/** Spec 02 §3 "top-up success content". */
export const topupResult = z.object({
  idDeposit: z.string(),
  kodeBank: z.string(),
  namabank: z.string(),
  atasNamaRekening: z.string(),
  noRekening: z.string(),
  nominal: z.number(),
  /** The unique code, 100–999: the last three digits of the total. */
  nominalUnik: z.number(),
  /** nominal + nominalUnik: what must be transferred, exactly. */
  nominalTransfer: z.number(),
  /** ISO instant. */
  expiredTime: z.string(),
});
export type TopupResult = z.infer<typeof topupResult>;

/** Where a manual top-up stands: the order view polls it and flips to "paid" on the transfer. */
export const topupStatusAnswer = z.object({
  idDeposit: z.string(),
  status: z.enum(['OPEN', 'PAID', 'FAILED', 'EXPIRED']),
});
export type TopupStatusAnswer = z.infer<typeof topupStatusAnswer>;
export type TopupStatus = TopupStatusAnswer['status'];

/** GET transaction/topup_status: one of the agent's own deposits, by its id. */
export const topupStatusQuery = z.object({
  idDeposit: z.string({ error: 'common.errors.notFound' }).max(64, 'common.errors.notFound'),
});

const required = (key: string) =>
  z.union([z.string(), z.number()], { error: key }).transform((v, ctx) => {
    const text = String(v).trim();
    if (!text) {
      ctx.addIssue({ code: 'custom', message: key });
      return z.NEVER;
    }
    return text;
  });

const nominal = z.preprocess(
  (v) => (v === undefined || v === null || v === '' || v === '0' || v === 0 ? undefined : v),
  // Each member names the message too: the form's resolver reads a union's members, the server
  // the union's own message.
  z
    .union([z.string({ error: 'topup.enterNominal' }), z.number({ error: 'topup.enterNominal' })], {
      error: 'topup.enterNominal',
    })
    .transform((v, ctx) => {
      const amount = parseAmount(v);
      if (Number.isNaN(amount)) {
        ctx.addIssue({ code: 'custom', message: 'topup.invalidNominal' });
        return z.NEVER;
      }
      return amount;
    }),
);

const secret = z
  .string({ error: 'topup.enterPassword' })
  .min(1, { error: 'topup.enterPassword' })
  .max(TOPUP_LIMITS.secretMax, { error: 'topup.secretTooLong' });

const topupFields = z.object({
  kodeBank: required('topup.chooseBank'),
  nominal,
  password: secret,
  recaptcha: z.string().optional().default(''),
});

/**
 * POST transaction/topup. The spec's payload names the account password `pin` in one reading and
 * `password` in another: both are accepted. username, email and brand are ignored (the session
 * says who tops up). The captcha is checked by the server after these (a test user skips it).
 */
export const topupRequest = z.preprocess((v) => {
  if (!v || typeof v !== 'object') return v;
  const body = v as Record<string, unknown>;
  return body.password === undefined && body.pin !== undefined
    ? { ...body, password: body.pin }
    : body;
}, topupFields);
export type TopupRequest = z.input<typeof topupRequest>;

/**
 * The manual top-up form (spec 02 §5 order): bank, nominal, password, captcha (unless a test
 * session), then the amount bounds. The fields report their issues in that order and the bounds
 * are a refinement, which comes after them.
 */
export function topupFormSchema(isTestUser: boolean) {
  return topupFields
    .extend({ recaptcha: formCaptcha(isTestUser, 'topup.fillCaptcha') })
    .superRefine((form, ctx) => {
      const problem = amountProblem(form.nominal);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['nominal'] });
    });
}

/** The amount bounds, after the spec's emptiness rules. */
export function amountProblem(amount: number): string | null {
  if (amount < TOPUP_LIMITS.minAmount) return 'topup.minAmount';
  if (amount > TOPUP_LIMITS.maxAmount) return 'topup.maxAmount';
  return null;
}
