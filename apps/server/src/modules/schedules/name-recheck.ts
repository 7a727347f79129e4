import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/services';
import type { InquiryResult } from '../../rails';
import { withdrawalOf } from './destination';
import type { ScheduledDestination } from './tables';

/**
 * The account-name check of a scheduled withdrawal made for a saved beneficiary (ADR 015, 016):
 * the book's name was checked when the schedule was made, but the account may have changed hands
 * since, so each occurrence asks the rail's account inquiry again and the payout carries the saved
 * name with the name found today; the pipeline's name-check gate holds it on a mismatch.
 *
 * A rail is never called inside a database transaction (a slow bank would hold the batch's row
 * locks), so the pass asks before the batch's transaction: the due schedules that have a
 * beneficiary, a few at once. The batch then uses the answer of the same occurrence only; a
 * schedule the pass did not ask about (it became due, or a second process took the others) waits
 * for the next batch instead of being paid unchecked.
 */

/** Inquiries in flight at once: a burst of thousands is asked in bounded parallel. */
const INQUIRY_CONCURRENCY = 8;

type Db = Kysely<Database> | Transaction<Database>;

export type RecheckFailure = 'ACCOUNT_NOT_FOUND' | 'ACCOUNT_CHECK_FAILED';

export interface NameRecheck {
  /** The occurrence the answer is for (`next_due_at`): another occurrence asks again. */
  dueAt: number;
  beneficiary: { id: number; savedName: string };
  answer: { ok: true; accountName: string } | { ok: false; reason: RecheckFailure };
}

/** The pass's answers by schedule id. */
export type NameRechecks = Map<number, NameRecheck>;

interface Due {
  id: number;
  destination: ScheduledDestination;
  dueAt: number;
  beneficiary: { id: number; savedName: string };
}

/** The saved beneficiary of each withdrawal schedule made for one (its inquiry carried it). */
async function beneficiaryDue(db: Db, filter: { now: Date; limit: number } | { ids: number[] }) {
  let query = db
    .selectFrom('payout_schedules as s')
    .innerJoin('withdraw_inquiries as i', 'i.id', 's.source_inquiry_id')
    .select(['s.id', 's.kind', 's.destination', 's.next_due_at'])
    .select(['i.beneficiary_id', 'i.beneficiary_name'])
    .where('s.kind', '=', 'withdraw')
    .where('i.beneficiary_id', 'is not', null);
  if ('ids' in filter) {
    if (filter.ids.length === 0) return [];
    query = query.where('s.id', 'in', filter.ids);
  } else {
    query = query
      .where('s.status', '=', 'ACTIVE')
      .where('s.next_run_at', '<=', filter.now)
      .orderBy('s.next_run_at')
      .limit(filter.limit);
  }
  const rows = await query.execute();
  return rows.map(
    (r): Due => ({
      id: Number(r.id),
      destination: withdrawalOf(r),
      dueAt: new Date(r.next_due_at as Date).getTime(),
      beneficiary: { id: Number(r.beneficiary_id), savedName: r.beneficiary_name ?? '' },
    }),
  );
}

/** Asks the rail again for the due schedules that have a beneficiary (before the transaction). */
export async function recheckDueNames(
  services: Services,
  now: Date,
  limit: number,
): Promise<NameRechecks> {
  const due = await beneficiaryDue(services.db, { now, limit });
  const out: NameRechecks = new Map();
  let next = 0;
  const worker = async () => {
    while (next < due.length) {
      const entry = due[next++] as Due;
      const answer = await askRail(services, entry.destination, now);
      out.set(entry.id, { dueAt: entry.dueAt, beneficiary: entry.beneficiary, answer });
    }
  };
  await Promise.all(Array.from({ length: INQUIRY_CONCURRENCY }, worker));
  return out;
}

/**
 * In the batch: the taken withdrawal schedules made for a beneficiary that the pass has no answer
 * for this occurrence. They are neither claimed nor advanced (the next batch asks and runs them).
 */
export async function uncheckedIds(
  trx: Transaction<Database>,
  ids: number[],
  rechecks: NameRechecks,
): Promise<Set<number>> {
  const needed = await beneficiaryDue(trx, { ids });
  const missing = needed.filter((d) => rechecks.get(d.id)?.dueAt !== d.dueAt);
  return new Set(missing.map((d) => d.id));
}

async function askRail(
  services: Services,
  d: ScheduledDestination,
  now: Date,
): Promise<NameRecheck['answer']> {
  let found: InquiryResult;
  try {
    found =
      d.rail === 'EWALLET'
        ? await services.rails.ewallet.inquiry({
            productId: d.rail_code,
            phoneNumber: d.account_number,
            now,
          })
        : await services.rails.bank.inquiry({
            bankCode: d.rail_code,
            accountNumber: d.account_number,
            accountType: d.account_type,
            now,
          });
  } catch (error) {
    // Not paid blind: the occurrence fails and the maker is told (the next one asks again).
    services.log.warn({ err: error, account: d.account_number }, 'scheduled name check');
    return { ok: false, reason: 'ACCOUNT_CHECK_FAILED' };
  }
  if (found.ok) return { ok: true, accountName: found.accountName };
  const reason = found.code === 'ACCOUNT_NOT_FOUND' ? 'ACCOUNT_NOT_FOUND' : 'ACCOUNT_CHECK_FAILED';
  return { ok: false, reason };
}
