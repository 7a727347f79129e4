import { z } from 'zod';
import { DISBURSEMENT_MAX_AMOUNT } from '../domain/limits';
import {
  payoutDetailResult,
  payoutReceiptHead,
  payoutReceiptTail,
  payoutStatusResult,
  payoutTableHead,
  payoutTableTail,
} from './payout-results';

/**
 * International remittance (spec 02 §2.4, §5 International, §7): six destination currencies, an
 * IDR amount converted at the published selling rate, a beneficiary abroad, an e-mailed OTP.
 * Messages are catalog keys (`remittance.*`). The server and the page check the fields with the
 * same schema (`remittanceInquiryRequest`), so both say the same first problem.
 */

/** Spec 02 §9: the six destination currencies. */
export const REMITTANCE_CURRENCIES = ['PHP', 'INR', 'MYR', 'SGD', 'CNY', 'HKD'] as const;
export type RemittanceCurrency = (typeof REMITTANCE_CURRENCIES)[number];

export interface RemittanceCountry {
  id_country: number;
  country_name: string;
  country_code: string;
  currency: RemittanceCurrency;
}

/** The destinations of spec 02 §3 (currency-country list item without its rate). */
export const REMITTANCE_COUNTRIES: readonly RemittanceCountry[] = [
  { id_country: 1, country_name: 'Philippines', country_code: 'PH', currency: 'PHP' },
  { id_country: 2, country_name: 'India', country_code: 'IN', currency: 'INR' },
  { id_country: 3, country_name: 'Malaysia', country_code: 'MY', currency: 'MYR' },
  { id_country: 4, country_name: 'Singapore', country_code: 'SG', currency: 'SGD' },
  { id_country: 5, country_name: 'China', country_code: 'CN', currency: 'CNY' },
  { id_country: 6, country_name: 'Hong Kong', country_code: 'HK', currency: 'HKD' },
];

export function countryOfCurrency(currency: string): RemittanceCountry | undefined {
  return REMITTANCE_COUNTRIES.find((country) => country.currency === currency);
}

/** Spec 02 §5: which conditional fields a currency asks for. */
export const NEEDS_PHONE: readonly RemittanceCurrency[] = ['CNY', 'HKD', 'SGD'];
export const NEEDS_IFSC: readonly RemittanceCurrency[] = ['INR'];
export const NEEDS_NATIONALITY: readonly RemittanceCurrency[] = ['MYR', 'SGD'];

export const needsPhone = (c: string) => (NEEDS_PHONE as readonly string[]).includes(c);
export const needsIfsc = (c: string) => (NEEDS_IFSC as readonly string[]).includes(c);
export const needsNationality = (c: string) => (NEEDS_NATIONALITY as readonly string[]).includes(c);

/** The nationality picker (ISO 3166 alpha-2); names are proper names, the same in both languages. */
export const NATIONALITIES = [
  { code: 'ID', name: 'Indonesia' },
  { code: 'MY', name: 'Malaysia' },
  { code: 'SG', name: 'Singapore' },
  { code: 'PH', name: 'Philippines' },
  { code: 'IN', name: 'India' },
  { code: 'CN', name: 'China' },
  { code: 'HK', name: 'Hong Kong' },
  { code: 'TH', name: 'Thailand' },
  { code: 'VN', name: 'Vietnam' },
  { code: 'AU', name: 'Australia' },
  { code: 'US', name: 'United States' },
  { code: 'GB', name: 'United Kingdom' },
] as const;

/** Receiver phone numbers per country: the country code is optional, the national part exact. */
export const PHONE_PATTERNS: Partial<Record<RemittanceCurrency, RegExp>> = {
  CNY: /^(\+?86)?1\d{10}$/,
  HKD: /^(\+?852)?[4-9]\d{7}$/,
  SGD: /^(\+?65)?[689]\d{7}$/,
};

export const REMITTANCE_LIMITS = {
  /** Spec 02 §9. */
  accountNumberMax: 24,
  secretMax: 64,
  amountDigitsMax: 15,
  textMax: 100,
  maxAmount: DISBURSEMENT_MAX_AMOUNT,
  /** Flat admin fee per remittance, in rupiah (the demo's price list). */
  adminFee: 25_000,
  quickPercents: [25, 50, 75, 100] as const,
  statusPollMs: 10_000,
} as const;

// The zod-free rules live with the others the route table and menu read.
export { REMITTANCE_ACCESS, REMITTANCE_MENU_ACCESS } from './access-rules';

/**
 * Spec 02 §5: destination = floor(IDR ÷ rate), 0 when below 1; IDR = destination × rate. Rates
 * are whole rupiah per unit of the destination currency, so both directions stay integers.
 */
export function toDestination(idr: number, rate: number): number {
  if (!(rate > 0) || !(idr > 0)) return 0;
  const destination = Math.floor(idr / rate);
  return destination < 1 ? 0 : destination;
}

export function toIdr(destination: number, rate: number): number {
  if (!(rate > 0) || !(destination > 0)) return 0;
  return destination * rate;
}

/**
 * What a remittance charges in rupiah (before the admin fee): exactly what is sent, the whole
 * destination units times the rate. Typing Rp 500,000 at Rp 12,089 per SGD sends SGD 41 and
 * charges Rp 495,649; the Rp 4,351 that cannot buy a whole unit stays in the balance and is shown
 * as the rounding (`nominal_requested − nominal`).
 */
export function chargedIdr(destination: number, rate: number): number {
  return toIdr(destination, rate);
}

/** Percent buttons (spec 02 §5): the balance times percent / 100, whole rupiah. */
export function percentOf(balance: number, percent: number): number {
  return Math.floor((Math.max(0, balance) * percent) / 100);
}

const compact = (value: string) => value.replace(/[\s-]/g, '');

export const SWIFT_PATTERN = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;

/** The inquiry fields after parsing (what the service works with). */
export interface RemittanceFields {
  country_destination: string;
  currency: string;
  nominal: number;
  nominal_destination: number;
  account_number: string;
  city: string;
  address: string;
  id_number_receiver: string;
  swift_code: string;
  anrekening: string;
  password: string;
  purposetransaction: string;
  kodebanktujuan: string;
  phonenumberreceiver: string;
  ifscode: string;
  nationality: string;
}

/** A rule's message key and the field it is shown for. */
type BrokenRule = [message: string, field: keyof RemittanceFields];

/**
 * Spec 02 §5 International, in its order: country, amounts > 0, account number, city, address,
 * receiver id number, SWIFT code, beneficiary name, password, purpose; then the destination bank,
 * the receiver phone (CNY, HKD, SGD), the IFS code (INR) and the nationality (MYR, SGD: the spec
 * shows the IFS-code message for it); then the formats (SWIFT/BIC 8 or 11 characters of the
 * destination country, IFSC 11 characters, phone per country). Returns the first broken rule:
 * later rules assume the earlier ones hold (the SWIFT country needs a known country), so the
 * inquiry schema reports only this one, after the fields' own shape issues.
 */
function firstBrokenRule(f: RemittanceFields): BrokenRule | null {
  const country = countryOfCurrency(f.currency);
  if (!f.country_destination.trim() || !country || country.country_code !== f.country_destination)
    return ['remittance.chooseCountry', 'country_destination'];
  if (!(f.nominal > 0) || !(f.nominal_destination > 0))
    return ['remittance.enterAmount', 'nominal'];
  if (!f.account_number.trim()) return ['remittance.enterAccountNumber', 'account_number'];
  if (!f.city.trim()) return ['remittance.enterCity', 'city'];
  if (!f.address.trim()) return ['remittance.enterAddress', 'address'];
  if (!f.id_number_receiver.trim()) return ['remittance.enterIdNumber', 'id_number_receiver'];
  if (!f.swift_code.trim()) return ['remittance.enterSwift', 'swift_code'];
  if (!f.anrekening.trim()) return ['remittance.enterAccountName', 'anrekening'];
  if (!f.password) return ['remittance.enterPassword', 'password'];
  if (!f.purposetransaction.trim()) return ['remittance.choosePurpose', 'purposetransaction'];
  if (!f.kodebanktujuan.trim()) return ['remittance.chooseBank', 'kodebanktujuan'];
  if (needsPhone(f.currency) && !f.phonenumberreceiver.trim())
    return ['remittance.enterPhone', 'phonenumberreceiver'];
  if (needsIfsc(f.currency) && !f.ifscode.trim()) return ['remittance.enterIfsc', 'ifscode'];
  if (needsNationality(f.currency) && !f.nationality.trim())
    return ['remittance.enterIfsc', 'nationality'];
  if (!/^[A-Za-z0-9\s-]+$/.test(f.account_number.trim()))
    return ['remittance.checkAccountNumber', 'account_number'];
  const swift = f.swift_code.trim().toUpperCase();
  if (!SWIFT_PATTERN.test(swift)) return ['remittance.swiftFormat', 'swift_code'];
  if (swift.slice(4, 6) !== country.country_code) return ['remittance.swiftCountry', 'swift_code'];
  if (needsIfsc(f.currency) && !IFSC_PATTERN.test(f.ifscode.trim().toUpperCase()))
    return ['remittance.ifscFormat', 'ifscode'];
  const phonePattern = PHONE_PATTERNS[country.currency];
  if (phonePattern && needsPhone(f.currency) && !phonePattern.test(compact(f.phonenumberreceiver)))
    return ['remittance.phoneFormat', 'phonenumberreceiver'];
  if (
    needsNationality(f.currency) &&
    !NATIONALITIES.some((n) => n.code === f.nationality.trim().toUpperCase())
  )
    return ['remittance.enterIfsc', 'nationality'];
  return null;
}

// ── Requests ─────────────────────────────────────────────────────────────────────────────────────

const PLAIN_AMOUNT = /^\d{1,15}$/;
const DOTTED_AMOUNT = /^\d{1,3}(\.\d{3})*$/;

/** "1500000", "1.500.000" or 1500000 → the number; anything else → 0 (the amount message). */
export function parseRemittanceAmount(value: unknown): number {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : 0;
  if (typeof value !== 'string') return 0;
  const text = value.trim();
  if (!PLAIN_AMOUNT.test(text) && !DOTTED_AMOUNT.test(text)) return 0;
  const digits = text.replaceAll('.', '');
  if (digits.length > REMITTANCE_LIMITS.amountDigitsMax) return 0;
  const amount = Number(digits);
  return Number.isSafeInteger(amount) ? amount : 0;
}

const text = (max: number) =>
  z
    .string({ error: 'common.errors.invalidInput' })
    .max(max, { error: 'remittance.textTooLong' })
    .optional()
    .default('');
const amountField = z.preprocess(parseRemittanceAmount, z.number());
const secret = z
  .string({ error: 'common.errors.invalidInput' })
  .max(REMITTANCE_LIMITS.secretMax, { error: 'remittance.secretTooLong' })
  .optional()
  .default('');

/**
 * POST transaction/cashout_inquiry_remittance (spec 02 §7): the shapes, then the field rules of
 * spec 02 §5 in its order (the first broken one). The page's form uses the same schema.
 */
export const remittanceInquiryRequest = z
  .object({
    country_destination: text(2),
    nominal: amountField,
    nominal_destination: amountField,
    account_number: text(REMITTANCE_LIMITS.accountNumberMax),
    city: text(REMITTANCE_LIMITS.textMax),
    address: text(255),
    id_number_receiver: text(64),
    swift_code: text(11),
    anrekening: text(REMITTANCE_LIMITS.textMax),
    password: secret,
    currency: text(3),
    kodebanktujuan: text(32),
    purposetransaction: text(32),
    phonenumberreceiver: text(20),
    ifscode: text(11),
    nationality: text(2),
  })
  .superRefine((fields, ctx) => {
    const broken = firstBrokenRule(fields);
    if (broken) ctx.addIssue({ code: 'custom', message: broken[0], path: [broken[1]] });
  });
export type RemittanceInquiryRequest = z.input<typeof remittanceInquiryRequest>;

const required = (key: string) => z.string({ error: key }).trim().min(1, { error: key });

/** POST transaction/cashout_payment_remittance: the payment fields without bank_code; pin = OTP. */
export const remittancePaymentRequest = z.object({
  pin: z
    .string({ error: 'remittance.enterOtp' })
    .trim()
    .min(1, { error: 'remittance.enterOtp' })
    .max(REMITTANCE_LIMITS.secretMax, { error: 'remittance.secretTooLong' }),
  reff_id: required('remittance.inquiryNotFound'),
  checksum: required('remittance.inquiryMismatch'),
  uuid_user: required('remittance.inquiryMismatch'),
  number: required('remittance.enterAccountNumber'),
  nominal: z.preprocess(
    parseRemittanceAmount,
    z.number().positive({ error: 'remittance.enterAmount' }),
  ),
});
export type RemittancePaymentRequest = z.input<typeof remittancePaymentRequest>;

/** GET transaction/status_remittance and detail_remittance. */
export const remittanceStatusQuery = z.object({
  reff_id: required('remittance.inquiryNotFound'),
  checksum: required('remittance.inquiryMismatch'),
  uuid_user: required('remittance.inquiryMismatch'),
  id_product: z.string().optional().default(''),
});

export const bankInternationalQuery = z.object({
  country_code: z.string({ error: 'remittance.chooseCountry' }).trim().length(2, {
    error: 'remittance.chooseCountry',
  }),
});

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────

const currency = z.enum(REMITTANCE_CURRENCIES);
const remittanceStatus = z.enum(['PROCESS', 'SUCCESS', 'FAILED']);

export const countryItem = z.object({
  id_country: z.number(),
  country_name: z.string(),
  country_code: z.string(),
});

export const currencyCountryItem = countryItem.extend({
  currency,
  /** Rupiah per unit of the currency. */
  selling_rate: z.number(),
  /** Until when the rate is published (ISO instant). */
  valid_until: z.string(),
});
export type CurrencyCountryItem = z.infer<typeof currencyCountryItem>;

export const internationalBankItem = z.object({ id: z.string(), namaBank: z.string() });
export type InternationalBankItem = z.infer<typeof internationalBankItem>;

export const purposeItem = z.object({ id: z.string(), name: z.string() });
export type PurposeItem = z.infer<typeof purposeItem>;

export const remittanceTableData = z.object({
  ...payoutTableHead,
  'NOMINAL TUJUAN': z.string(),
  KURS: z.number(),
  ...payoutTableTail,
});
export type RemittanceTableData = z.infer<typeof remittanceTableData>;

export const remittanceInquiryResult = z.object({
  tabledata: remittanceTableData,
  /** What is charged before the fee: nominal_destination × selling_rate (`chargedIdr`). */
  nominal: z.number(),
  /** The rupiah amount the user typed (or the destination amount × rate when that was typed). */
  nominal_requested: z.number(),
  /** nominal_requested − nominal: the part below one destination unit, not charged (≥ 0). */
  rounding: z.number(),
  nominal_admin: z.number(),
  total: z.number(),
  nominal_destination: z.number(),
  currency,
  selling_rate: z.number(),
  /** The quote (rate) holds until then; a later payment is refused. */
  rate_valid_until: z.string(),
  produkname: z.string(),
  checksum: z.string(),
  uuid_user: z.string(),
  idtransaksi: z.string(),
  url_image: z.string(),
  expires_at: z.string(),
  /** The OTP mail went to this (masked) address. */
  email: z.string(),
});
export type RemittanceInquiryResult = z.infer<typeof remittanceInquiryResult>;

export const remittanceReceipt = z.object({
  ...payoutReceiptHead,
  nominal_destination: z.number(),
  currency,
  selling_rate: z.number(),
  token_code: z.string().nullable(),
  note: z.string().nullable(),
  status_trx: remittanceStatus,
  keterangan: z.string(),
  tabledata: remittanceTableData,
  ...payoutReceiptTail,
});
export type RemittanceReceipt = z.infer<typeof remittanceReceipt>;

export const remittanceStatusResult = payoutStatusResult(remittanceStatus);
export type RemittanceStatusResult = z.infer<typeof remittanceStatusResult>;

export const remittanceDetailResult = payoutDetailResult(remittanceTableData, remittanceReceipt);
export type RemittanceDetailResult = z.infer<typeof remittanceDetailResult>;
