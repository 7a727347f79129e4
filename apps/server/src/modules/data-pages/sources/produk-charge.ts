import { sql } from 'kysely';
import { at, b, type DataSource, d, n, s } from './kit';

/** The agent's product charge history (migration 0155), like /data/produk not per environment. */
export const produkChargeSource: DataSource = {
  from: () => sql`product_charges pc`,
  where: (scope) => [sql`pc.agent_id = ${scope.agentId}`],
  columns: () => ({
    id: n(sql`pc.id`),
    kode_produk: s(sql`pc.kode_produk`),
    transaction_date: d(sql`pc.transaction_date`),
    created_date: at(sql`pc.created_date`),
    charge_nominal: n(sql`pc.charge_nominal`),
    charge_percentage: s(sql`pc.charge_percentage::text`),
    is_active: b(sql`pc.is_active`),
  }),
  tiebreak: sql`pc.id`,
};
