import { sql } from 'kysely';
import {
  at,
  type DataSource,
  d,
  n,
  ownerName,
  ownerUsername,
  type SourceScope,
  s,
  tenant,
} from './kit';

const holdsColumns = (scope: SourceScope) => ({
  id_hold: n(sql`h.id_hold`),
  id_transaksi: s(sql`h.id_transaksi`),
  partner_reff: s(sql`h.partner_reff`),
  nama_produk: s(sql`h.nama_produk`),
  id_produk: s(sql`h.id_produk`),
  addinfo1: s(sql`h.addinfo1`),
  nominal_origin: n(sql`h.nominal_origin`),
  hold_amount: n(sql`h.hold_amount`),
  date_created: at(sql`h.date_created`),
  date_settlement: d(sql`h.date_settlement`),
  days_settlement: n(sql`h.days_settlement`),
  date_flag: at(sql`h.date_flag`),
  is_sent: n(sql`h.is_sent`),
  nama_pemilik: s(ownerName(scope)),
  username: s(ownerUsername(scope)),
});

/** Incoming holds (money paid in, not yet settled): the hold balance page and its monitor. */
export const incomingHoldsSource = (): DataSource => ({
  from: () => sql`incoming_holds h`,
  where: tenant('h'),
  columns: holdsColumns,
  tiebreak: sql`h.id_hold`,
});
