import { sql } from 'kysely';
import { at, type DataSource, n, s, tenant } from './kit';

const vaBillType = sql`va.bill_type`;

export const virtualAccountReservedSource: DataSource = {
  from: () => sql`virtual_accounts va`,
  where: tenant('va'),
  columns: () => ({
    customer_id: s(sql`va.customer_id`),
    nama_pemilik: s(sql`va.nama_pemilik`),
    va_number: s(sql`va.va_number`),
    nama_pemilik_va: s(sql`va.nama_pemilik_va`),
    partner_reff_id: s(sql`va.partner_reff_id`),
    bill_type: s(vaBillType),
    amount: n(sql`va.amount`),
    status: n(sql`va.status`),
    created_at: at(sql`va.created_at`),
  }),
  tiebreak: sql`va.id`,
  param: (value) => sql`va.kodebank = ${value}`,
};
