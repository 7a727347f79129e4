import { sql } from 'kysely';
import { b, type DataSource, n, s } from './kit';

export const produkSource: DataSource = {
  // Pricing rows are per agent (not per environment): the fee applies in both.
  from: () => sql`product_pricing pp join agents pa on pa.id = pp.agent_id`,
  where: (scope) => [sql`pp.agent_id = ${scope.agentId}`],
  columns: () => ({
    username: s(sql`pa.username`),
    kode_produk: s(sql`pp.kode_produk`),
    nama_produk: s(sql`pp.nama_produk`),
    jenis_trx: s(sql`pp.jenis_trx`),
    fee_admin: n(sql`pp.fee_admin`),
    fee_admin_prosen: s(sql`pp.fee_admin_prosen::text`),
    is_gangguan: b(sql`pp.is_gangguan`),
  }),
  tiebreak: sql`pp.id`,
};
