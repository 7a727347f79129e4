import { sql } from 'kysely';
import { at, b, type DataSource, n, s } from './kit';

export const merchantMemberSource: DataSource = {
  from: () => sql`agents m left join merchant_members mm on mm.agent_id = m.id`,
  where: (scope) => [sql`m.aggregator_agent_id = ${scope.agentId}`],
  columns: (scope) => ({
    id_agen: n(sql`m.id`),
    username: s(sql`m.username`),
    nama_pemilik: s(sql`m.nama_agen`),
    nickname: s(sql`mm.nickname`),
    nama_initial: s(sql`mm.nama_initial`),
    email: s(sql`m.email`),
    telp_pemilik: s(sql`mm.telp_pemilik`),
    nama_propinsi: s(sql`mm.nama_propinsi`),
    nama_kota: s(sql`mm.nama_kota`),
    namagrupagen: s(sql`('Grup ' || m.id_grup::text)`),
    namakomisi: s(sql`mm.namakomisi`),
    balance: n(
      sql`coalesce((select la.credits_posted - la.debits_posted - la.debits_pending
          from ledger_accounts la where la.kind = 'merchant_available' and la.agent_id = m.id
            and la.environment = ${scope.environment} and la.currency = 'IDR' and la.subkey = ''), 0)`,
    ),
    minimum_balance: n(sql`coalesce(mm.minimum_balance, 0)`),
    id_refferer: s(sql`mm.id_refferer`),
    status: n(sql`coalesce(mm.status, 1)`),
    is_blocked: b(sql`coalesce(mm.is_blocked, false)`),
    tanggal_aktivasi: at(sql`mm.tanggal_aktivasi`),
    tanggal_registrasi: at(sql`coalesce(mm.tanggal_registrasi, m.created_at)`),
  }),
  tiebreak: sql`m.id`,
};
