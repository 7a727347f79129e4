import { sql } from 'kysely';
import { at, type DataSource, n, s, tenant } from './kit';

export const exportDataSource: DataSource = {
  from: () => sql`export_jobs x`,
  // Each user sees the exports they asked for: an export holds the data of a page the user
  // was allowed to read, which another user of the agent may not be.
  where: (scope) => [...tenant('x')(scope), sql`x.user_id = ${scope.userId}`],
  columns: () => ({
    id: n(sql`x.id`),
    tanggal_waktu_dibuat: at(sql`x.tanggal_waktu_dibuat`),
    nama_menu: s(sql`x.nama_menu`),
    status: n(sql`x.status`),
    tanggal_waktu_selesai: at(sql`x.tanggal_waktu_selesai`),
    row_count: n(sql`x.row_count`),
    lokasi_file: s(sql`x.lokasi_file`),
    lokasi_file_xlsx: s(sql`x.lokasi_file_xlsx`),
  }),
  tiebreak: sql`x.id`,
};
