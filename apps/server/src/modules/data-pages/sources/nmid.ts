import { sql } from 'kysely';
import { at, type DataSource, n, s, tenant } from './kit';

export const nmidSource: DataSource = {
  from: () => sql`nmid_requests nr`,
  where: tenant('nr'),
  columns: () => ({
    id: n(sql`nr.id`),
    nama_nmid: s(sql`nr.nama_nmid`),
    nmid: s(sql`nr.nmid`),
    nama: s(sql`nr.nama`),
    nama_usaha: s(sql`nr.nama_usaha`),
    jenis_usaha: s(sql`nr.jenis_usaha`),
    no_hp: s(sql`nr.no_hp`),
    email: s(sql`nr.email`),
    kabupaten: s(sql`nr.kabupaten`),
    status: n(sql`nr.status`),
    created_at: at(sql`nr.created_at`),
    tempat_lahir: s(sql`nr.tempat_lahir`),
    tgl_lahir: { raw: sql`nr.tgl_lahir`, kind: 'date' },
    no_ktp: s(sql`nr.no_ktp`),
    no_npwp: s(sql`nr.no_npwp`),
    nama_aplikasi: s(sql`nr.nama_aplikasi`),
    url_website: s(sql`nr.url_website`),
    alamat_usaha: s(sql`nr.alamat_usaha`),
    kode_pos: s(sql`nr.kode_pos`),
    pendapatan: s(sql`nr.pendapatan`),
  }),
  tiebreak: sql`nr.id`,
};
