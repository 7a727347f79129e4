import { sql } from 'kysely';
import { at, type DataSource, n, s, tenant } from './kit';

export const bulkVirtualAccountSource: DataSource = {
  from: () => sql`va_requests vr`,
  where: tenant('vr'),
  columns: () => ({
    id: n(sql`vr.id`),
    date_created: at(sql`vr.date_created`),
    date_complete: at(sql`vr.date_complete`),
    group_name: s(sql`vr.group_name`),
    amount: n(sql`vr.amount`),
    partner_reff: s(sql`vr.partner_reff`),
    customer_id: s(sql`vr.customer_id`),
    customer_name: s(sql`vr.customer_name`),
    customer_phone: s(sql`vr.customer_phone`),
    customer_email: s(sql`vr.customer_email`),
    nova: s(sql`vr.nova`),
    kodebank: s(sql`vr.kodebank`),
    expired: at(sql`vr.expired`),
    username: s(sql`vr.username`),
    // Spec 03 §3.1: 1 COMPLETED, 2 FAILED, anything else PROCESS.
    status: n(sql`(case when vr.status in (1, 2) then vr.status else 0 end)`),
    bill_type: s(sql`vr.bill_type`),
  }),
  tiebreak: sql`vr.id`,
};
