import { sql } from 'kysely';
import type { Services } from '../../http/services';
import { mapBounded } from '../../platform/bounded';
import type { AcceptedSend } from '../../rails';
import {
  advanceSubmission,
  type Finalizer,
  pollAccepted,
  sendFailed,
  sendToRail,
} from './rail-work';
import type { SubmissionRow } from './submissions';

/**
 * The rail step of many claimed payouts at once (a bulk group's rows), with the same states and
 * guards as `advanceSubmission` — only the database writes around the rail calls are made once
 * for the whole batch instead of once per row:
 *
 *   one UPDATE moves every fresh row (SEND) to CHECK with its `sent_at`, BEFORE any send call,
 *   each conditional on that row's lease token — a row whose lease another worker took is left out
 *   and never sent;
 *   the sends go to the rail `concurrency` at a time;
 *   one statement records every accepted send's reference (POLL) on the submission and its
 *   transaction row, again only while each row's lease holds;
 *   then each row's status is read and finalized through `finalizer` (a group commit).
 *
 * A crash or a failed statement anywhere leaves rows in CHECK under an expiring lease: the next
 * claim looks each one up at the rail before it could send again, as for a single row. Rows that
 * are not fresh (CHECK, POLL) and retail pickups take the single-row path.
 */
export async function advanceMany(
  services: Services,
  claimed: readonly SubmissionRow[],
  finalizer: Finalizer,
  concurrency: number,
): Promise<void> {
  const batched = claimed.filter((row) => row.state === 'SEND' && row.rail !== 'RETAIL');
  const single = claimed.filter((row) => !batched.includes(row));
  const marked = await markSendingMany(services, batched);
  const answers = await mapBounded(marked, concurrency, async (row) => {
    try {
      return { row, sent: await sendToRail(services, row) };
    } catch (error) {
      await sendFailed(services, row, error);
      return null;
    }
  });
  const accepted: { row: SubmissionRow; sent: AcceptedSend }[] = [];
  const refused: (() => Promise<unknown>)[] = [];
  for (const answer of answers) {
    if (!answer) continue;
    const { row, sent } = answer;
    if (sent.accepted && !('pickupCode' in sent)) accepted.push({ row, sent });
    else if (!sent.accepted) {
      refused.push(() => finishOrRetry(services, row, finalizer, { ok: false, reason: sent.code }));
    }
  }
  const polled = await recordAcceptedMany(services, accepted);
  await Promise.all([
    mapBounded(refused, concurrency, (finish) => finish()),
    mapBounded(polled, concurrency, (row) => pollAccepted(services, row, finalizer)),
    mapBounded(single, concurrency, (row) => advanceSubmission(services, row, finalizer)),
  ]);
}

/** A send the rail refused: finalize it (FAILED, hold voided); a failed finalize retries later. */
async function finishOrRetry(
  services: Services,
  row: SubmissionRow,
  finalizer: Finalizer,
  outcome: Parameters<Finalizer>[1],
) {
  try {
    await finalizer(row, outcome);
  } catch (error) {
    await sendFailed(services, row, error);
  }
}

/** Written before the send calls: from here on the rail may have these transfers. */
async function markSendingMany(
  services: Services,
  rows: readonly SubmissionRow[],
): Promise<SubmissionRow[]> {
  if (rows.length === 0) return [];
  const now = services.now();
  return services.db
    .updateTable('rail_submissions')
    .set({ state: 'CHECK', sent_at: now, updated_at: now })
    .where(
      sql<boolean>`(id, lease_token) in (${sql.join(rows.map((r) => sql`(${r.id}, ${r.lease_token})`))})`,
    )
    .where('state', '=', 'SEND')
    .returningAll()
    .execute();
}

/**
 * Every accepted send's reference in ONE statement: the submissions move to POLL (only while each
 * row's lease holds) and their transaction rows take the rail's reference, both or neither.
 */
async function recordAcceptedMany(
  services: Services,
  accepted: readonly { row: SubmissionRow; sent: AcceptedSend }[],
): Promise<SubmissionRow[]> {
  if (accepted.length === 0) return [];
  const now = services.now();
  const values = sql.join(
    accepted.map(
      ({ row, sent }) =>
        sql`(${row.id}::bigint, ${row.lease_token}::text, ${sent.railReference}::text, ${JSON.stringify({ expectedCompletionAt: sent.expectedCompletionAt })}::jsonb)`,
    ),
  );
  const result = await sql<SubmissionRow>`
    with v(id, token, reference, detail) as (values ${values}),
    polled as (
      update rail_submissions s
         set state = 'POLL', rail_reference = v.reference, detail = v.detail,
             next_check_at = ${now}, updated_at = ${now}
        from v
       where s.id = v.id and s.lease_token = v.token
      returning s.*),
    referenced as (
      update transactions t
         set rail_reference = polled.rail_reference, updated_at = ${now}
        from polled
       where t.id = polled.transaction_id
      returning t.id)
    select * from polled`.execute(services.db);
  return result.rows;
}
