/**
 * The payment channels money comes in through (spec 02 §2.5, §9; spec 03 §3.4 "special codes"):
 * a virtual account per bank, QRIS, retail pay codes, e-wallets and credit card. One catalog for
 * the server (pricing, settlement dates, the simulator) and the pages (channel lists, logos).
 *
 * Fees here are the defaults; an agent's `product_pricing` row for the channel's `productCode`
 * overrides the admin fee and the disruption flag. `settlementDays` is D+n in WIB business days.
 */
import {
  BSI_VA_COMPANY_CODE,
  findBank,
  MANDIRI_VA_COMPANY_CODE,
  TUTORIAL_BANK_CODES,
} from './banks';
import { vaProductCode } from './products';

export type PayinChannelKind = 'VA' | 'QRIS' | 'RETAIL' | 'EWALLET' | 'CREDIT_CARD';

export interface PayinChannel {
  /** The code lists and the public payment page use: a bank code, QRIS, ALFAMART, PAYDANA, … */
  readonly code: string;
  readonly kind: PayinChannelKind;
  readonly name: string;
  /** `kode_produk` of the agent's pricing row, and the hold's `id_produk`. */
  readonly productCode: string;
  /** Flat admin fee in rupiah charged to the merchant when no pricing row overrides it. */
  readonly adminFee: number;
  /** Admin fee as a percent of the amount (0.7 = 0.7 %), added to the flat fee. */
  readonly adminFeePercent: number;
  /** Flat service fee in rupiah, on top of the admin fee. */
  readonly serviceFee: number;
  /** D+n: the n-th WIB business day after the payment (0: the payment's own business day). */
  readonly settlementDays: 0 | 1 | 2;
  /** The ledger clearing account (`cash_in_clearing` subkey) the money arrives in. */
  readonly clearingSubkey: string;
}

/** Banks that issue virtual accounts: the VA-capable ones and those with how-to steps (spec 02 §9). */
export const PAYIN_VA_BANK_CODES: readonly string[] = Object.freeze([...TUTORIAL_BANK_CODES]);

const va = (code: string): PayinChannel => ({
  code,
  kind: 'VA',
  name: `Virtual Account ${findBank(code)?.namabank ?? code}`,
  productCode: vaProductCode(code),
  adminFee: 4_000,
  adminFeePercent: 0,
  serviceFee: 0,
  settlementDays: 1,
  clearingSubkey: code,
});

const qris = (code: string, name: string): PayinChannel => ({
  code,
  kind: 'QRIS',
  name,
  productCode: 'QRIS',
  adminFee: 0,
  adminFeePercent: 0.7,
  serviceFee: 0,
  settlementDays: 2,
  clearingSubkey: 'QRIS',
});

const retail = (code: string, name: string): PayinChannel => ({
  code,
  kind: 'RETAIL',
  name,
  productCode: code,
  adminFee: 5_000,
  adminFeePercent: 0,
  serviceFee: 0,
  settlementDays: 2,
  clearingSubkey: code,
});

const ewallet = (code: string, name: string): PayinChannel => ({
  code,
  kind: 'EWALLET',
  name,
  productCode: code,
  adminFee: 0,
  adminFeePercent: 1.5,
  serviceFee: 0,
  settlementDays: 0,
  clearingSubkey: code,
});

export const PAYIN_CHANNELS: readonly PayinChannel[] = Object.freeze([
  ...PAYIN_VA_BANK_CODES.map(va),
  qris('QRIS', 'QRIS'),
  qris('QRISB', 'QRIS Bisnis'),
  qris('523', 'QRIS Dana'),
  retail('ALFAMART', 'Alfamart'),
  retail('INDOMARET', 'Indomaret'),
  ewallet('PAYDANA', 'DANA'),
  ewallet('PAYOVO', 'OVO'),
  ewallet('PAYLINKAJA', 'LinkAja'),
  ewallet('PAYSHOPEE', 'ShopeePay'),
  ewallet('PAYGOPAY', 'GoPay'),
  {
    code: 'CREDITCARD',
    kind: 'CREDIT_CARD',
    name: 'Kartu Kredit',
    productCode: 'CREDITCARD',
    adminFee: 2_000,
    adminFeePercent: 2.9,
    serviceFee: 0,
    settlementDays: 2,
    clearingSubkey: 'CREDITCARD',
  },
]);

const byCode: ReadonlyMap<string, PayinChannel> = new Map(PAYIN_CHANNELS.map((c) => [c.code, c]));

export function findPayinChannel(code: string): PayinChannel | undefined {
  return byCode.get(code);
}

/** The VA company prefix of a bank: Mandiri 87827, BSI 9001062, others `8` + bank code. */
export function vaPrefix(kodebank: string): string {
  if (kodebank === '008') return MANDIRI_VA_COMPANY_CODE;
  if (kodebank === '451') return BSI_VA_COMPANY_CODE;
  return `8${kodebank}`;
}

/** Virtual-account numbers are 16 digits: the bank prefix, then the customer part. */
export const VA_NUMBER_LENGTH = 16;
