import { DEFAULT_ADMIN_FEE, findProductCode, PRODUCT_CODES } from '@gerbang/shared/domain/products';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { WithdrawKind } from './tables';

/** The product code whose pricing row gives a withdrawal's admin fee. */
export const WITHDRAW_PRODUCT_CODE: Record<WithdrawKind, string> = {
  BANK: 'TRANSFERBANK',
  EWALLET: 'TRANSFEREWALLET',
  RETAIL: 'IDMTARIKTUNAI',
};

export interface Pricing {
  kodeProduk: string;
  namaProduk: string;
  adminFee: number;
  disrupted: boolean;
}

/** Percent in thousandths of a percent (numeric(6,3)), so the fee is computed in integers. */
export function percentFee(amount: number, percent: number): number {
  const milliPercent = Math.round(percent * 1000);
  // amount × percent / 100, rounded half up; amount ≤ 10^15 and milliPercent ≤ 10^5 stay exact
  // in BigInt, which Number would not guarantee.
  const scaled = BigInt(amount) * BigInt(milliPercent);
  return Number((scaled + 50_000n) / 100_000n);
}

/** The pricing row's columns a withdrawal's fee needs (absent: the product's default). */
export interface PricingRow {
  nama_produk: string;
  fee_admin: number;
  fee_admin_prosen: string | number;
  is_gangguan: boolean;
}

/** The pricing of one withdrawal from the agent's pricing row, or the product's default. */
export function pricingOf(
  kind: WithdrawKind,
  amount: number,
  row: PricingRow | undefined,
): Pricing {
  const kodeProduk = WITHDRAW_PRODUCT_CODE[kind];
  if (!row) {
    const product = findProductCode(kodeProduk);
    return {
      kodeProduk,
      namaProduk: product?.nama_produk ?? kodeProduk,
      adminFee: product?.defaultAdminFee ?? DEFAULT_ADMIN_FEE,
      disrupted: false,
    };
  }
  return {
    kodeProduk,
    namaProduk: row.nama_produk,
    adminFee: row.fee_admin + percentFee(amount, Number(row.fee_admin_prosen)),
    disrupted: row.is_gangguan,
  };
}

/**
 * The admin fee of one withdrawal for this agent: its pricing row when it has one, otherwise the
 * product's default (spec 02 §9 "default admin fee placeholder 2500").
 */
export async function priceWithdrawal(
  db: Kysely<Database>,
  agentId: number,
  kind: WithdrawKind,
  amount: number,
): Promise<Pricing> {
  const row = await db
    .selectFrom('product_pricing')
    .select(['nama_produk', 'fee_admin', 'fee_admin_prosen', 'is_gangguan'])
    .where('agent_id', '=', agentId)
    .where('kode_produk', '=', WITHDRAW_PRODUCT_CODE[kind])
    .executeTakeFirst();
  return pricingOf(kind, amount, row);
}

/** Demo pricing: what a partner pays per product (flat fees; QRIS as a percentage). */
export const DEMO_PRICING: ReadonlyArray<{
  kodeProduk: string;
  feeAdmin: number;
  feePercent: number;
  jenisTrx: 'CASH IN' | 'CASH OUT';
}> = PRODUCT_CODES.map((product) => {
  switch (product.category) {
    case 'BANK_TRANSFER':
      return {
        kodeProduk: product.kode_produk,
        feeAdmin: 2_500,
        feePercent: 0,
        jenisTrx: 'CASH OUT',
      };
    case 'EWALLET':
      return {
        kodeProduk: product.kode_produk,
        feeAdmin: 1_500,
        feePercent: 0,
        jenisTrx: 'CASH OUT',
      };
    case 'RETAIL_WITHDRAWAL':
      return {
        kodeProduk: product.kode_produk,
        feeAdmin: 3_500,
        feePercent: 0,
        jenisTrx: 'CASH OUT',
      };
    case 'QRIS':
      return { kodeProduk: product.kode_produk, feeAdmin: 0, feePercent: 0.7, jenisTrx: 'CASH IN' };
    default:
      return {
        kodeProduk: product.kode_produk,
        feeAdmin: 4_000,
        feePercent: 0,
        jenisTrx: 'CASH IN',
      };
  }
});
