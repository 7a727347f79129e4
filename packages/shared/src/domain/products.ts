/**
 * E-wallet and retail products (spec 02 §3 "id_produk, nama_produk") and the product codes
 * (`kode_produk`) that pricing rows and advance-funds requests refer to (spec 03 §3.1, §7.7).
 */
import { findBank, VA_CAPABLE_BANK_CODES } from './banks';

export interface Product {
  readonly id_produk: string;
  readonly nama_produk: string;
}

/** Spec 02 §9: "Default admin fee placeholder 2500" (rupiah), used until a pricing row exists. */
export const DEFAULT_ADMIN_FEE = 2500;

export const EWALLET_PRODUCTS: readonly Product[] = Object.freeze([
  { id_produk: 'OVO', nama_produk: 'OVO' },
  { id_produk: 'GOPAY', nama_produk: 'GoPay' },
  { id_produk: 'DANA', nama_produk: 'DANA' },
  { id_produk: 'SHOPEEPAY', nama_produk: 'ShopeePay' },
  { id_produk: 'LINKAJA', nama_produk: 'LinkAja' },
]);

/** Cash pick-up at Indomaret; the withdraw form relabels the account number as customer number. */
export const RETAIL_CASH_WITHDRAWAL_CODE = 'IDMTARIKTUNAI';

/** What the rails call the retail destination (spec 02 §5, §9: IDMTARIKTUNAI maps to INDOMARET). */
export const INDOMARET_RAIL_BANK_CODE = 'INDOMARET';

export const RETAIL_PRODUCTS: readonly Product[] = Object.freeze([
  { id_produk: RETAIL_CASH_WITHDRAWAL_CODE, nama_produk: 'Indomaret Tarik Tunai' },
]);

const railBankCodes: ReadonlyMap<string, string> = new Map([
  [RETAIL_CASH_WITHDRAWAL_CODE, INDOMARET_RAIL_BANK_CODE],
]);

/** The bank code a rail expects for a code chosen in the withdraw form; banks pass through. */
export function railBankCodeFor(code: string): string {
  return railBankCodes.get(code) ?? code;
}

export function findEwalletProduct(idProduk: string): Product | undefined {
  return EWALLET_PRODUCTS.find((product) => product.id_produk === idProduk);
}

export function findRetailProduct(idProduk: string): Product | undefined {
  return RETAIL_PRODUCTS.find((product) => product.id_produk === idProduk);
}

export type ProductCategory =
  | 'BANK_TRANSFER'
  | 'EWALLET'
  | 'RETAIL_WITHDRAWAL'
  | 'VIRTUAL_ACCOUNT'
  | 'QRIS';

export interface ProductCode {
  readonly kode_produk: string;
  readonly nama_produk: string;
  readonly category: ProductCategory;
  /** Flat fee in rupiah charged when no pricing row overrides it. */
  readonly defaultAdminFee: number;
}

/** Incoming-payment product per VA-capable bank, e.g. `VA014` for BCA virtual accounts. */
export function vaProductCode(kodebank: string): string {
  return `VA${kodebank}`;
}

export const PRODUCT_CODES: readonly ProductCode[] = Object.freeze([
  {
    kode_produk: 'TRANSFERBANK',
    nama_produk: 'Transfer Bank',
    category: 'BANK_TRANSFER',
    defaultAdminFee: DEFAULT_ADMIN_FEE,
  },
  {
    kode_produk: 'TRANSFEREWALLET',
    nama_produk: 'Transfer E-Wallet',
    category: 'EWALLET',
    defaultAdminFee: DEFAULT_ADMIN_FEE,
  },
  {
    kode_produk: RETAIL_CASH_WITHDRAWAL_CODE,
    nama_produk: 'Indomaret Tarik Tunai',
    category: 'RETAIL_WITHDRAWAL',
    defaultAdminFee: DEFAULT_ADMIN_FEE,
  },
  ...VA_CAPABLE_BANK_CODES.map(
    (kodebank): ProductCode => ({
      kode_produk: vaProductCode(kodebank),
      nama_produk: `Virtual Account ${findBank(kodebank)?.namabank ?? kodebank}`,
      category: 'VIRTUAL_ACCOUNT',
      defaultAdminFee: DEFAULT_ADMIN_FEE,
    }),
  ),
  {
    kode_produk: 'QRIS',
    nama_produk: 'QRIS',
    category: 'QRIS',
    defaultAdminFee: DEFAULT_ADMIN_FEE,
  },
]);

export function findProductCode(kodeProduk: string): ProductCode | undefined {
  return PRODUCT_CODES.find((product) => product.kode_produk === kodeProduk);
}
