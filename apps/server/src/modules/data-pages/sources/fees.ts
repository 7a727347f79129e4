import { sql } from 'kysely';
import { type DataSource, n, ownerName, s } from './kit';

/** Aggregated fee pages: one derived table grouped by period (and member for the mitra pages). */
export function feeSource(period: 'day' | 'month', byMember: boolean): DataSource {
  const bucket = period === 'day' ? sql`f.fee_date` : sql`date_trunc('month', f.fee_date)::date`;
  return {
    rangeInside: true,
    from: (scope) => {
      const range = scope.range
        ? sql`and f.fee_date between ${scope.range.from}::date and ${scope.range.to}::date`
        : sql``;
      const member = byMember ? sql`f.member_agent_id` : sql`0`;
      return sql`(
        select ${bucket} as period, ${member} as member_id,
          count(*) filter (where f.fee_type = 'VA') as trxva,
          coalesce(sum(f.fee) filter (where f.fee_type = 'VA'), 0) as feeva,
          count(*) filter (where f.fee_type = 'TRF') as trxtrf,
          coalesce(sum(f.fee) filter (where f.fee_type = 'TRF'), 0) as feetrf,
          count(*) as totaltrx,
          coalesce(sum(f.fee), 0) as totalfee
        from aggregator_fees f
        where f.agent_id = ${scope.agentId} and f.environment = ${scope.environment} ${range}
        group by 1, 2) g`;
    },
    where: () => [],
    columns: (scope) => ({
      [period === 'day' ? 'tanggal' : 'bulan']: {
        raw: sql`g.period`,
        kind: 'date',
        output:
          period === 'day'
            ? sql`to_char(g.period, 'YYYY-MM-DD')`
            : sql`to_char(g.period, 'YYYY-MM')`,
      },
      nama_pemilik: s(
        byMember ? sql`(select nama_agen from agents where id = g.member_id)` : ownerName(scope),
      ),
      trxva: n(sql`g.trxva`),
      feeva: n(sql`g.feeva`),
      trxtrf: n(sql`g.trxtrf`),
      feetrf: n(sql`g.feetrf`),
      totaltrx: n(sql`g.totaltrx`),
      totalfee: n(sql`g.totalfee`),
      row_id: s(sql`(to_char(g.period, 'YYYYMMDD') || '-' || g.member_id::text)`),
    }),
    tiebreak: sql`g.member_id`,
  };
}
