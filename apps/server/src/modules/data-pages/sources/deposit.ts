import { sql } from 'kysely';
import { at, type DataSource, n, s, tenant } from './kit';

export const depositSource: DataSource = {
  from: () => sql`deposits dp`,
  where: tenant('dp'),
  columns: () => ({
    id_deposit: s(sql`dp.id_deposit`),
    tanggal_transaksi: at(sql`dp.tanggal_transaksi`),
    username: s(sql`dp.username`),
    atasnama: s(sql`dp.atasnama`),
    norekening: s(sql`dp.norekening`),
    namabank: s(sql`dp.namabank`),
    nominal: n(sql`dp.nominal`),
    nominal_unik: n(sql`dp.nominal_unik`),
    status: n(sql`dp.status`),
    tanggal_transfer: at(sql`dp.tanggal_transfer`),
  }),
  tiebreak: sql`dp.id`,
};
