import { sql } from 'kysely';
import { preparedMark } from '../../db/prepared-statements';
import type { Services } from '../../http/services';
import { GroupCommit, type Settled } from '../../platform/group-commit';
import { perOwner } from '../../platform/per-owner';
import type { AcceptedPickup, AcceptedSend } from '../../rails';
import { LeaseLostError } from '../payouts/errors';
import type { RailWrites } from '../payouts/rail-work';
import type { SubmissionRow } from '../payouts/submissions';

/**
 * The rail step's two writes of a partner's concurrent SNAP transfers, grouped (ADR 009's group
 * commit, keyed by payer like the booking and the finalize): rows marked CHECK before their sends
 * in ONE statement, and the accepted sends recorded (POLL, the rail's reference on the submission
 * and on its transaction row) in ONE statement. Each is a single autocommitted statement, written
 * before the step goes on, so a crash leaves exactly what the one-row writes would: a row in CHECK
 * (looked up at the rail before any new send) or in POLL. A row whose lease another worker took is
 * that call's `LeaseLostError`; the others go on. A failed statement runs each call alone.
 */

type Accepted = AcceptedSend | AcceptedPickup;

interface RailGroups {
  marks: GroupCommit<SubmissionRow, SubmissionRow>;
  accepts: GroupCommit<{ row: SubmissionRow; sent: Accepted }, SubmissionRow>;
}

const groups = perOwner(
  (services: Services): RailGroups => ({
    marks: new GroupCommit((_key, items) => markGroup(services, items)),
    accepts: new GroupCommit((_key, items) => acceptGroup(services, items)),
  }),
);

/** Each item's row as the statement returned it, or its lease lost. */
function byLease(rows: readonly SubmissionRow[], items: readonly SubmissionRow[]) {
  const found = new Map(rows.map((row) => [Number(row.id), row]));
  return items.map((item): Settled<SubmissionRow> => {
    const row = found.get(Number(item.id));
    return row
      ? { ok: true, value: row }
      : { ok: false, error: new LeaseLostError(item.reference) };
  });
}

async function markGroup(services: Services, items: readonly SubmissionRow[]) {
  const now = services.now();
  const { rows } = await sql<SubmissionRow>`${preparedMark}
    update rail_submissions s set state = 'CHECK', sent_at = ${now}, updated_at = ${now}
    from unnest(${items.map((r) => r.id)}::int8[], ${items.map((r) => r.lease_token)}::text[])
      as u(id, token)
    where s.id = u.id and s.lease_token = u.token
    returning s.*`.execute(services.db);
  return byLease(rows, items);
}

async function acceptGroup(
  services: Services,
  items: readonly { row: SubmissionRow; sent: Accepted }[],
) {
  const now = services.now();
  const detail = ({ sent }: { sent: Accepted }) =>
    JSON.stringify(
      'pickupCode' in sent
        ? {
            pickupCode: sent.pickupCode,
            howToCollect: sent.howToCollect,
            expiresAt: sent.expiresAt,
          }
        : { expectedCompletionAt: sent.expectedCompletionAt },
    );
  const pickup = ({ sent }: { sent: Accepted }) => ('pickupCode' in sent ? sent : null);
  // The submission moves to POLL (only while this worker's lease holds) and its transaction row
  // takes the rail's reference (and a pickup's code and note), both or neither, per row.
  const { rows } = await sql<SubmissionRow>`${preparedMark}
    with u as (
      select * from unnest(
        ${items.map((i) => i.row.id)}::int8[], ${items.map((i) => i.row.lease_token)}::text[],
        ${items.map((i) => i.sent.railReference)}::text[], ${items.map(detail)}::text[],
        ${items.map((i) => pickup(i)?.pickupCode ?? null)}::text[],
        ${items.map((i) => pickup(i)?.howToCollect.id ?? null)}::text[])
        as u(id, token, rail_reference, detail, token_code, note)),
    polled as (
      update rail_submissions s set state = 'POLL', rail_reference = u.rail_reference,
        detail = u.detail::jsonb, next_check_at = ${now}, updated_at = ${now}
      from u where s.id = u.id and s.lease_token = u.token
      returning s.*),
    referenced as (
      update transactions t set rail_reference = p.rail_reference,
        token_code = coalesce(u.token_code, t.token_code), note = coalesce(u.note, t.note),
        updated_at = ${now}
      from polled p join u on u.id = p.id
      where t.id = p.transaction_id
      returning t.id)
    select * from polled`.execute(services.db);
  return byLease(
    rows,
    items.map((i) => i.row),
  );
}

/** The rail step's writes for one payer's transfers, grouped with its concurrent ones. */
export function railWritesInGroup(services: Services, payerKey: string): RailWrites {
  const { marks, accepts } = groups(services);
  return {
    markSending: (row) => marks.submit(payerKey, row),
    recordAccepted: (row, sent) => accepts.submit(payerKey, { row, sent }),
  };
}
