import { sql } from 'kysely';
import { at, type DataSource, n, s, tenant } from './kit';

export const virtualAccountTransactionSource: DataSource = {
  from: () => sql`va_bills vb`,
  where: tenant('vb'),
  columns: () => ({
    id: n(sql`vb.id`),
    virtual_account_no: s(sql`vb.virtual_account_no`),
    id_outlet: s(sql`vb.id_outlet`),
    bill_type: s(sql`vb.bill_type`),
    transaction_type: n(sql`vb.transaction_type`),
    created_time: at(sql`vb.created_time`),
    expired_time: at(sql`vb.expired_time`),
    payment_time: at(sql`vb.payment_time`),
    customer_name: s(sql`vb.customer_name`),
    amount: n(sql`vb.amount`),
    amount_origin: n(sql`vb.amount_origin`),
    admin: n(sql`vb.admin`),
    partner_reff: s(sql`vb.partner_reff`),
    biller_reff: s(sql`vb.biller_reff`),
    url_payment: s(sql`vb.url_payment`),
  }),
  tiebreak: sql`vb.id`,
  param: (value) => sql`vb.kodebank = ${value}`,
};
