import { z } from 'zod';
import { DISBURSEMENT_MAX_AMOUNT } from '../domain/limits';
import { INQUIRY_ACCESS, INQUIRY_ROUTE_ACCESS, WITHDRAW_ACCESS } from './access-rules';
import {
  payoutDetailResult,
  payoutReceiptHead,
  payoutReceiptTail,
  payoutStatusResult,
  payoutTableHead,
  payoutTableTail,
} from './payout-results';

/**
 * The withdraw calls of spec 02 §7 (cash-out to a bank, an e-wallet or Indomaret cash pick-up).
 * Messages are catalog keys. Fields are declared in the validation order of spec 02 §5, so the
 * first failing rule is the one the user reads; the captcha (rule 6) is checked by the server
 * after these because a test session skips it.
 */

/** Spec 02 §5 input shaping. */
export const WITHDRAW_LIMITS = {
  accountNumberMax: 24,
  amountDigitsMax: 15,
  secretMax: 64,
  senderNameMax: 15,
  noteMax: 25,
  otpLength: 6,
  /** Favourite destinations on the withdraw page (the data page reads up to 1000). */
  favouritesOnWithdraw: 100,
  favouritesMax: 1000,
  /** Percent quick buttons of the amount field. */
  quickPercents: [25, 50, 75, 100] as const,
  /** Status polling of the check-status mode. */
  statusPollMs: 10_000,
  maxAmount: DISBURSEMENT_MAX_AMOUNT,
} as const;

/** Plain digits, or the form's display with dots between thousands. */
const PLAIN_AMOUNT = /^\d{1,15}$/;
const DOTTED_AMOUNT = /^\d{1,3}(\.\d{3})*$/;

/**
 * "1500000", "1.500.000" or 1500000 → 1500000. Anything else is NaN (the amount message): decimals
 * ("10.000,50", "10.5"), signs ("-5000"), currency text ("Rp 5000"), misplaced dots ("1.0000"),
 * more than 15 digits, and numbers that are not safe positive integers.
 */
export function parseAmount(value: unknown): number {
  let amount = Number.NaN;
  if (typeof value === 'number') amount = value;
  else if (typeof value === 'string') {
    const text = value.trim();
    const digits = text.replaceAll('.', '');
    const wellFormed = PLAIN_AMOUNT.test(text) || DOTTED_AMOUNT.test(text);
    if (wellFormed && digits.length <= WITHDRAW_LIMITS.amountDigitsMax) amount = Number(digits);
  }
  return Number.isSafeInteger(amount) && amount > 0 ? amount : Number.NaN;
}

/** The account number as the rails want it: digits only (the form groups them with dashes). */
export function normaliseAccountNumber(value: string): string {
  return value.replace(/[-\s]/g, '');
}

/** Only digits, dashes and spaces, at most 24 characters (spec 02 §5). */
export function isWellFormedAccountNumber(value: string): boolean {
  const trimmed = value.trim();
  return (
    trimmed.length <= WITHDRAW_LIMITS.accountNumberMax &&
    /^[\d\s-]+$/.test(trimmed) &&
    normaliseAccountNumber(trimmed).length > 0
  );
}

/** Digits grouped in blocks of 4 with dashes, as the account number field shows them. */
export function formatAccountNumberInput(value: string): string {
  const digits = value.replace(/\D/g, '');
  return (digits.match(/.{1,4}/g) ?? []).join('-').slice(0, WITHDRAW_LIMITS.accountNumberMax);
}

const required = (key: string) => z.string({ error: key }).trim().min(1, { error: key });
const amount = z.preprocess(
  parseAmount,
  z.number({ error: 'withdraw.enterAmount' }).int().positive({ error: 'withdraw.enterAmount' }),
);
const secret = (key: string) =>
  z
    .string({ error: key })
    .min(1, { error: key })
    .max(WITHDRAW_LIMITS.secretMax, { error: 'withdraw.secretTooLong' });
const optionalText = (max: number, key: string) =>
  z
    .string()
    .trim()
    .max(max, { error: key })
    .optional()
    .default('')
    .or(z.null().transform(() => ''));
const accountType = z
  .enum(['VA', ''], { error: 'withdraw.invalidAccountType' })
  .optional()
  .default('');
const captcha = z.string().optional().default('');

/**
 * The use of the shared inquiry calls (spec 02 §7 `type_inq`): empty or `withdraw`, `domestic`
 * (an order line) or `bulk`. Each use has its own access rule (`INQUIRY_ACCESS`).
 */
export const INQUIRY_USES = ['withdraw', 'domestic', 'bulk'] as const;
export type InquiryUse = (typeof INQUIRY_USES)[number];
const typeInq = z
  .enum(['', ...INQUIRY_USES], { error: 'withdraw.invalidInquiryUse' })
  .optional()
  .default('')
  .transform((value): InquiryUse => (value === '' ? 'withdraw' : value));

/** Kept in the zod-free ./access-rules (the calls, route table and menu load them without zod). */
export { INQUIRY_ACCESS, INQUIRY_ROUTE_ACCESS, WITHDRAW_ACCESS };

/** POST transaction/cashout_inquiry: bank or Indomaret (code IDMTARIKTUNAI or INDOMARET). */
export const cashoutInquiryRequest = z.object({
  code: required('withdraw.chooseBank'),
  number: required('withdraw.enterAccountNumber'),
  nominal: amount,
  password: secret('withdraw.enterPassword'),
  note: optionalText(WITHDRAW_LIMITS.noteMax, 'withdraw.noteTooLong'),
  sendername: optionalText(WITHDRAW_LIMITS.senderNameMax, 'withdraw.senderNameTooLong'),
  purposetransaction: optionalText(64, 'common.errors.invalidInput'),
  jenis_rekening: accountType,
  recaptcha: captcha,
  type_inq: typeInq,
  /** The saved beneficiary this inquiry is for: its name is checked again at payout. */
  beneficiary_id: z.coerce.number().int().positive().optional(),
});
export type CashoutInquiryRequest = z.input<typeof cashoutInquiryRequest>;

/** POST transaction/ewallet_inquiry: `produk` is an e-wallet id_produk, `number` the phone. */
export const ewalletInquiryRequest = z.object({
  number: required('withdraw.enterAccountNumber'),
  nominal: amount,
  password: secret('withdraw.enterPassword'),
  produk: required('withdraw.chooseEwallet'),
  note: optionalText(WITHDRAW_LIMITS.noteMax, 'withdraw.noteTooLong'),
  sendername: optionalText(WITHDRAW_LIMITS.senderNameMax, 'withdraw.senderNameTooLong'),
  purposetransaction: optionalText(64, 'common.errors.invalidInput'),
  jenis_rekening: accountType,
  recaptcha: captcha,
  type_inq: typeInq,
  /** The saved beneficiary this inquiry is for: its name is checked again at payout. */
  beneficiary_id: z.coerce.number().int().positive().optional(),
});
export type EwalletInquiryRequest = z.input<typeof ewalletInquiryRequest>;

/** POST transaction/create_otp: the account password again, the amount and the inquiry it is for. */
export const createOtpRequest = z.object({
  password: secret('withdraw.enterPassword'),
  nominal_transfer: amount,
  idtransaksi: required('withdraw.inquiryNotFound'),
});

/** POST transaction/cashout_payment and ewallet_payment: `pin` is the OTP. */
export const withdrawPaymentRequest = z.object({
  pin: z
    .string({ error: 'withdraw.enterOtp' })
    .trim()
    .min(1, { error: 'withdraw.enterOtp' })
    .max(WITHDRAW_LIMITS.secretMax, { error: 'withdraw.secretTooLong' }),
  reff_id: required('withdraw.inquiryNotFound'),
  checksum: required('withdraw.inquiryMismatch'),
  uuid_user: required('withdraw.inquiryMismatch'),
  number: required('withdraw.enterAccountNumber'),
  nominal: amount,
  bank_code: z.string().optional().default(''),
});
export type WithdrawPaymentRequest = z.input<typeof withdrawPaymentRequest>;

/** GET transaction/status. */
export const withdrawStatusQuery = z.object({
  reff_id: required('withdraw.inquiryNotFound'),
  checksum: required('withdraw.inquiryMismatch'),
  uuid_user: required('withdraw.inquiryMismatch'),
});

/** GET transaction/detail. */
export const withdrawDetailQuery = withdrawStatusQuery.extend({
  id_product: z.string().optional().default(''),
});

/** GET data/transaction_destination_stored and _mobile. */
export const storedDestinationsQuery = (limitMax: number) =>
  z.object({
    email: z.string().optional(),
    offset: z.coerce.number().int().min(0).default(0),
    limit: z.coerce.number().int().min(1).max(limitMax).default(limitMax),
  });

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────

export const bankListItem = z.object({ kodebank: z.string(), namabank: z.string() });
export type BankListItem = z.infer<typeof bankListItem>;

export const productListItem = z.object({ id_produk: z.string(), nama_produk: z.string() });
export type ProductListItem = z.infer<typeof productListItem>;

export const productCodeItem = z.object({
  kode_produk: z.string(),
  id_produk: z.string(),
  nama_produk: z.string(),
});
export type ProductCodeItem = z.infer<typeof productCodeItem>;

export const favouriteDestination = z.object({
  id: z.number(),
  kodebank: z.string(),
  namabank: z.string(),
  accountnumber: z.string(),
  accountname: z.string(),
  type: z.enum(['BANK', 'EWALLET', 'VA']),
  /** The beneficiary book's label and tags (the favourite list is the book). */
  label: z.string(),
  tags: z.array(z.string()),
});
export type FavouriteDestination = z.infer<typeof favouriteDestination>;

/** The key/value table of an inquiry or a payment (spec 02 §3); payment adds the retail rows. */
export const withdrawTableData = z.object({ ...payoutTableHead, ...payoutTableTail });
export type WithdrawTableData = z.infer<typeof withdrawTableData>;

export const withdrawInquiryResult = z.object({
  tabledata: withdrawTableData,
  nominal: z.number(),
  /** Admin fee and total, beside the table (the table carries them too). */
  nominal_admin: z.number(),
  total: z.number(),
  produkname: z.string(),
  checksum: z.string(),
  uuid_user: z.string(),
  idtransaksi: z.string(),
  url_image: z.string(),
  /** What the payment call is: cashout_payment or ewallet_payment. */
  kind: z.enum(['BANK', 'EWALLET', 'RETAIL']),
  bank_code: z.string(),
  expires_at: z.string(),
});
export type WithdrawInquiryResult = z.infer<typeof withdrawInquiryResult>;

export const createOtpResult = z.object({
  email: z.string(),
  idOtp: z.string(),
  expires_at: z.string(),
});
export type CreateOtpResult = z.infer<typeof createOtpResult>;

const withdrawStatus = z.enum(['PROCESS', 'SUCCESS', 'FAILED']);
export type WithdrawStatus = z.infer<typeof withdrawStatus>;

/** The transaction result of spec 02 §3, plus what the receipt needs. */
export const withdrawPaymentResult = z.object({
  ...payoutReceiptHead,
  token_code: z.string().nullable(),
  note: z.string().nullable(),
  status_trx: withdrawStatus,
  keterangan: z.string().nullable(),
  is_void: z.string().nullable(),
  tabledata: withdrawTableData,
  url_image: z.string(),
  ...payoutReceiptTail,
});
export type WithdrawPaymentResult = z.infer<typeof withdrawPaymentResult>;

export const withdrawStatusResult = payoutStatusResult(withdrawStatus);
export type WithdrawStatusResult = z.infer<typeof withdrawStatusResult>;

export const withdrawDetailResult = payoutDetailResult(withdrawTableData, withdrawPaymentResult);
export type WithdrawDetailResult = z.infer<typeof withdrawDetailResult>;

/**
 * Spec 02 §5 rule 6: the forms ask for the captcha after the other fields (the server checks it
 * after the schema); a test session skips it.
 */
export const formCaptcha = (isTestUser: boolean, key: string) =>
  isTestUser ? captcha : z.string({ error: key }).min(1, { error: key });

/**
 * The withdraw form (spec 02 §5 rules 1–6): the inquiry request the server validates, plus the
 * captcha. Its issues come in the fields' order, which is the spec's order, so the first issue is
 * the message the user reads (bank, number, amount, password, e-wallet, captcha).
 */
export function withdrawFormSchema(kind: 'cashout' | 'ewallet', isTestUser: boolean) {
  const captchaRule = { recaptcha: formCaptcha(isTestUser, 'withdraw.fillCaptcha') };
  return kind === 'ewallet'
    ? ewalletInquiryRequest.extend(captchaRule)
    : cashoutInquiryRequest.extend(captchaRule);
}
