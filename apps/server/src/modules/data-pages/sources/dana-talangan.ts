import { sql } from 'kysely';
import { at, type DataSource, d, n, s, tenant } from './kit';

export const danaTalanganSource: DataSource = {
  from: () => sql`dana_talangan_requests dt`,
  where: (scope) => [...tenant('dt')(scope), sql`dt.deleted_at is null`],
  columns: () => ({
    id: n(sql`dt.id`),
    username: s(sql`dt.username`),
    date_from: d(sql`dt.date_from`),
    date_to: d(sql`dt.date_to`),
    id_produk: s(sql`dt.id_produk`),
    nama_produk: s(sql`dt.nama_produk`),
    nominal: n(sql`dt.nominal`),
    outstanding: n(
      sql`case when dt.paid_transfer_id is null then 0 else dt.nominal - dt.recovered end`,
    ),
    status: n(sql`dt.status`),
    created_at: at(sql`dt.created_at`),
  }),
  tiebreak: sql`dt.id`,
};
