import { z } from 'zod';
import { TUTORIAL_BANK_CODES } from '../domain/banks';
import { showsDepositLink, TOPUP_ACCESS } from './access-rules';
import { parseAmount } from './withdraw';

/** Kept in the zod-free ./access-rules (the route table and menu load them without zod). */
export { showsDepositLink, TOPUP_ACCESS };

/**
 * The top-up calls of spec 02 §2.5, §5 and §7 and spec 03 §3.2, §7.1: the agent's own deposit
 * virtual accounts (`data/user_list_va`), the provider's receiving bank accounts for a manual
 * transfer (`data/bank_list`) and the manual top-up itself (`transaction/topup`). Messages are
 * catalog keys, checked in the order spec 02 §5 lists the fields.
 */

export const TOPUP_PATHS = {
  userListVa: '/data/user_list_va',
  bankList: '/data/bank_list',
  topup: '/transaction/topup',
  topupStatus: '/transaction/topup_status',
} as const;

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
export interface UserVaItem {
  url_image: string;
  bank: string;
  kodeBank: string;
  /** Off (false) when the product is disrupted: the page shows "Gangguan" instead of the number. */
  status_gangguan_va: boolean;
  /** "-" for QRIS. */
  va_number: string;
  nama_pemilik: string;
  channel: 'VA' | 'QRIS';
}

/** `data/bank_list`: the provider's receiving accounts (spec 03 §3.2 `data.nonipg[0].data`). */
export interface TopupBankListAnswer {
  nonipg: Array<{ data: Array<{ codeBank: string; namaBank: string }> }>;
}

/** Spec 02 §3 "top-up success content". */
export interface TopupResult {
  idDeposit: string;
  kodeBank: string;
  namabank: string;
  atasNamaRekening: string;
  noRekening: string;
  nominal: number;
  /** The unique code, 100–999: the last three digits of the total. */
  nominalUnik: number;
  /** nominal + nominalUnik: what must be transferred, exactly. */
  nominalTransfer: number;
  /** ISO instant. */
  expiredTime: string;
}

/** Where a manual top-up stands: the order view polls it and flips to "paid" on the transfer. */
export type TopupStatus = 'OPEN' | 'PAID' | 'FAILED' | 'EXPIRED';

export interface TopupStatusAnswer {
  idDeposit: string;
  status: TopupStatus;
}

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
  z.union([z.string(), z.number()], { error: 'topup.enterNominal' }).transform((v, ctx) => {
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

/**
 * POST transaction/topup. The spec's payload names the account password `pin` in one reading and
 * `password` in another: both are accepted. username, email and brand are ignored (the session
 * says who tops up). The captcha is checked by the server after these (a test user skips it).
 */
export const topupRequest = z.preprocess(
  (v) => {
    if (!v || typeof v !== 'object') return v;
    const body = v as Record<string, unknown>;
    return body.password === undefined && body.pin !== undefined
      ? { ...body, password: body.pin }
      : body;
  },
  z.object({
    kodeBank: required('topup.chooseBank'),
    nominal,
    password: secret,
    recaptcha: z.string().optional().default(''),
  }),
);
export type TopupRequest = z.input<typeof topupRequest>;

/** The form's first problem in spec 02 §5 order (bank, nominal, password, captcha), or null. */
export function firstTopupFormError(v: {
  kodeBank: string;
  nominal: number;
  password: string;
  captcha: string;
  isTestUser: boolean;
}): string | null {
  if (!v.kodeBank) return 'topup.chooseBank';
  if (!v.nominal) return 'topup.enterNominal';
  if (!v.password) return 'topup.enterPassword';
  if (!v.isTestUser && !v.captcha) return 'topup.fillCaptcha';
  return amountProblem(v.nominal);
}

/** The amount bounds, after the spec's emptiness rules. */
export function amountProblem(amount: number): string | null {
  if (amount < TOPUP_LIMITS.minAmount) return 'topup.minAmount';
  if (amount > TOPUP_LIMITS.maxAmount) return 'topup.maxAmount';
  return null;
}
