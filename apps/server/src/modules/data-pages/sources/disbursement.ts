import { sql } from 'kysely';
import { at, type DataSource, n, s, tenant } from './kit';

export const disbursementSource: DataSource = {
  from: () => sql`disbursement_groups dg`,
  where: tenant('dg'),
  columns: () => ({
    id: n(sql`dg.id`),
    group_name: s(sql`dg.group_name`),
    group_desc: s(sql`dg.group_desc`),
    created_date: at(sql`dg.created_date`),
    detail_count: n(sql`dg.detail_count`),
    total_amount: n(sql`dg.total_amount`),
    status: s(sql`dg.status`),
  }),
  tiebreak: sql`dg.id`,
};
