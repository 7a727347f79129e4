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
  const kodeProduk = WITHDRAW_PRODUCT_CODE[kind];
  const product = findProductCode(kodeProduk);
  const row = await db
    .selectFrom('product_pricing')
    .select(['nama_produk', 'fee_admin', 'fee_admin_prosen', 'is_gangguan'])
    .where('agent_id', '=', agentId)
    .where('kode_produk', '=', kodeProduk)
    .executeTakeFirst();
  if (!row) {
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
