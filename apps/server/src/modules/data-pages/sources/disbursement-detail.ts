import { sql } from 'kysely';
import { at, type DataSource, n, s, tenant } from './kit';

export const disbursementDetailSource: DataSource = {
  from: () => sql`disbursement_details dd`,
  where: tenant('dd'),
  columns: () => ({
    id: n(sql`dd.id`),
    group_id: n(sql`dd.group_id`),
    customername: s(sql`dd.customername`),
    phone: s(sql`dd.phone`),
    email: s(sql`dd.email`),
    namabank: s(sql`dd.namabank`),
    norekeningtujuan: s(sql`dd.norekeningtujuan`),
    nominal: n(sql`dd.nominal`),
    id_transaksi: s(sql`dd.id_transaksi`),
    payment_id: s(sql`dd.payment_id`),
    processed_time: at(sql`dd.processed_time`),
    status: n(sql`dd.status`),
    name_check: s(
      sql`(select nc.status from rail_submissions rs join name_checks nc on nc.submission_id = rs.id where rs.transaction_id = dd.transaction_id)`,
    ),
    created_date: at(sql`dd.created_date`),
  }),
  tiebreak: sql`dd.id`,
};
