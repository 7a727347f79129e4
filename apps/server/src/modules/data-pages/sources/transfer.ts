import { sql } from 'kysely';
import { at, type DataSource, n, s, tenant } from './kit';

export const transferSource: DataSource = {
  from: () => sql`transfer_orders o`,
  where: tenant('o'),
  columns: (scope) => ({
    id: s(sql`o.id`),
    time_created: at(sql`o.time_created`),
    account_name: s(sql`o.account_name`),
    account_number: s(sql`o.account_number`),
    namabank: s(sql`o.namabank`),
    amount: n(sql`o.amount`),
    time_expired: at(sql`o.time_expired`),
    // A NEW order past its expiry shows (and filters) as EXPIRED (spec 03 §4).
    status: s(
      sql`(case when o.status = 'NEW' and o.time_expired < ${scope.now.toISOString()}::timestamptz then 'EXPIRED' else o.status end)`,
    ),
  }),
  tiebreak: sql`o.id`,
};
