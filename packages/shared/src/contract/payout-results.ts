import { z } from 'zod';

/**
 * What the single-payout answers (withdraw, remittance) have in common: the key/value table of
 * spec 02 §3, the receipt's transaction fields, and the status and detail answers the wizard polls
 * (`components/payout-wizard`). Each feature adds its own columns to these.
 */

/** The table's columns every payout has, in the spec's order up to the admin fee. */
export const payoutTableHead = {
  CATATAN: z.string(),
  'ID TRANSAKSI': z.string(),
  KETERANGAN: z.string(),
  'NAMA CHANNEL': z.string(),
  'NAMA PELANGGAN': z.string(),
  'NAMA PRODUK': z.string(),
  'NO PELANGGAN': z.string(),
  NOMINAL: z.number(),
  'NOMINAL ADMIN': z.number(),
};

/** The table's last columns: the date, and the retail pick-up rows of a payment. */
export const payoutTableTail = {
  'TANGGAL TRANSAKSI': z.string(),
  'KODE PENGAMBILAN': z.string().optional(),
  'CARA BAYAR': z.string().optional(),
};

/** The receipt's transaction fields, before the feature's own amounts and status. */
export const payoutReceiptHead = {
  id_transaksi: z.string(),
  tanggal_transaksi: z.string(),
  /** WIB business date `YYYY-MM-DD`, for the invoice link. */
  transaction_date: z.string(),
  nama_channel: z.string(),
  nama_pelanggan: z.string(),
  no_pelanggan: z.string(),
  nominal: z.number(),
  nominal_admin: z.number(),
  total: z.number(),
};

/** The receipt's closing fields: the product and the payment's proof. */
export const payoutReceiptTail = {
  produkname: z.string(),
  checksum: z.string(),
  uuid_user: z.string(),
  id_produk: z.string(),
};

/** GET …/status: where a payment in process stands. */
export const payoutStatusResult = <S extends z.ZodType>(status: S) =>
  z.object({ payment_reff: z.string(), id_produk: z.string(), status_trx: status });

/** GET …/detail: the final table and the receipt. */
export const payoutDetailResult = <T extends z.ZodType, R extends z.ZodType>(
  tabledata: T,
  receipt: R,
) => z.object({ tabledata, produkname: z.string(), receipt });
