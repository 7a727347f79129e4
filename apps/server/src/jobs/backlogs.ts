import { sql } from 'kysely';
import type { Services } from '../http/services';
import { FINAL_STATES } from '../modules/payouts/submissions';
import type { Backlog } from '../platform/metrics/metrics';

/**
 * What each job has due and not done yet, for GET /metrics (gerbang_job_backlog and
 * gerbang_job_lag_seconds). Each query counts what the job's claim would pick up now, with the
 * same conditions, so a backlog that grows is work the job is not keeping up with.
 */

async function backlogOf(services: Services, query: ReturnType<typeof sql>): Promise<Backlog> {
  const row = (
    await sql<{ waiting: number; oldest: Date | string | null }>`${query}`.execute(services.db)
  ).rows[0];
  return {
    waiting: Number(row?.waiting ?? 0),
    oldestDueAt: row?.oldest ? new Date(row.oldest) : null,
  };
}

const at = (services: Services) => services.now().toISOString();

/** Payout rail work due: submissions not final whose next check has come. */
export const railSweepBacklog = (services: Services) =>
  backlogOf(
    services,
    sql`select count(*)::int8 as waiting, min(next_check_at) as oldest from rail_submissions
      where state not in (${sql.join(FINAL_STATES.map((s) => sql`${s}`))})
        and next_check_at <= ${at(services)}::timestamptz`,
  );

/** Callbacks due: new or waiting for a retry whose time has come. */
export const callbackBacklog = (services: Services) =>
  backlogOf(
    services,
    sql`select count(*)::int8 as waiting, min(next_attempt_at) as oldest from callbacks
      where status_sent in (0, 3) and next_attempt_at <= ${at(services)}::timestamptz`,
  );

/** Export jobs queued or on process. */
export const exportBacklog = (services: Services) =>
  backlogOf(
    services,
    sql`select count(*)::int8 as waiting, min(tanggal_waktu_dibuat) as oldest from export_jobs
      where status in (0, 1, 2)`,
  );

/** Bulk rows of running groups that are not final yet, or failed and not refunded. */
export const bulkBacklog = (services: Services) =>
  backlogOf(
    services,
    sql`select count(*)::int8 as waiting, min(d.created_date) as oldest
      from disbursement_details d join disbursement_groups g on g.id = d.group_id
      where g.status = 'RUNNING'
        and (d.status in (-2, -1, 0) or (d.status = 2 and d.refunded_at is null))`,
  );

/** Held pay-ins whose settlement date has come (WIB), not settled yet. */
export const settlementBacklog = (services: Services) =>
  backlogOf(
    services,
    sql`select count(*)::int8 as waiting, min(date_settlement)::timestamptz as oldest
      from incoming_holds
      where is_sent = 0
        and date_settlement <= (${at(services)}::timestamptz at time zone 'Asia/Jakarta')::date`,
  );
