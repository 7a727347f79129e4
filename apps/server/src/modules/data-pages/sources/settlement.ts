import { sql } from 'kysely';
import { type DataSource, d, n, ownerName, ownerUsername, s, tenant } from './kit';

/** Settlements of the agent in the given statuses. */
export const settlementSource = (statuses: readonly string[]): DataSource => ({
  from: () => sql`settlements st`,
  where: (scope) => [
    ...tenant('st')(scope),
    sql`st.status in (${sql.join(statuses.map((v) => sql`${v}`))})`,
  ],
  columns: (scope) => ({
    id: n(sql`st.id`),
    tgltrx: d(sql`st.tgltrx`),
    tglsettle: d(sql`st.tglsettle`),
    username: s(ownerUsername(scope)),
    nama_pemilik: s(ownerName(scope)),
    nama_produk: s(sql`st.nama_produk`),
    rekonnum: n(sql`st.rekonnum`),
    nominal: n(sql`st.nominal`),
    status: s(sql`st.status`),
  }),
  tiebreak: sql`st.id`,
});
