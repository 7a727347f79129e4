import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Budgets of guesses that hold however the guesses arrive. A try is RESERVED before the
 * secret is compared: one short transaction locks the budget's row (so requests for the same key
 * queue there, on PGlite and on PostgreSQL alike), counts the tries still inside the window and
 * inserts one more only if the count is under the limit. The slow comparison (argon2) then runs
 * outside any transaction. A failure keeps its try; a success deletes its own try and nobody
 * else's, so at most `limit` wrong guesses are compared in any window, whatever succeeds among
 * them. A rule with `lockMs` also locks the key for that long once `limit` failures are in the
 * window (login: ten failures lock the account for 30 minutes).
 */

export interface GuessRule {
  /** What is guessed, e.g. `login_user`; budgets of different scopes never mix. */
  scope: string;
  /** Tries allowed inside the window. */
  limit: number;
  windowMs: number;
  /** Once `limit` failures are in the window, no try at all for this long. */
  lockMs?: number;
}

export type Reservation =
  | { ok: true; tryId: number; rule: GuessRule; key: string }
  /**
   * `retryAt`: when a try will be possible again (the lock's end or the oldest try leaving).
   * `pending`: some of the tries in the window are still being compared, so one may come back
   * within a second (a right guess gives its try back).
   */
  | { ok: false; retryAt: Date; locked: boolean; pending: boolean };

const MAX_KEY_LENGTH = 320;

/** Keys are bounded and case-insensitive (user names are e-mail addresses). */
export function budgetKey(value: string | number): string {
  return String(value).trim().toLowerCase().slice(0, MAX_KEY_LENGTH);
}

const windowStart = (rule: GuessRule, now: Date) => new Date(now.getTime() - rule.windowMs);

/**
 * A reserved try whose comparison never finished (its process was killed) stops counting after
 * this long, so a crash cannot lock a user out for the whole window. A comparison is one argon2
 * verify (well under a second); a pending try this old has no request behind it any more. It is
 * kept far above PENDING_WAIT_MS: on a loaded machine the comparisons queue behind the waiters,
 * and a live try pruned as abandoned would let one more wrong guess be compared.
 */
export const PENDING_TRY_MS = 60_000;

/**
 * Reserves one try of `rule` for `key` before a secret is compared, or says until when there is
 * none. The caller ends it with `recordFailure` or `releaseTry`.
 */
export function reserveTry(
  db: Kysely<Database>,
  rule: GuessRule,
  rawKey: string | number,
  now: Date,
): Promise<Reservation> {
  return takeTry(db, rule, rawKey, now, null);
}

/**
 * Uses one try of `rule` for `key` for good, when every request counts rather than every wrong
 * guess (e.g. reset mails per address): it never goes back and never expires as pending.
 */
export function spendTry(
  db: Kysely<Database>,
  rule: GuessRule,
  rawKey: string | number,
  now: Date,
): Promise<Reservation> {
  return takeTry(db, rule, rawKey, now, now);
}

async function takeTry(
  db: Kysely<Database>,
  rule: GuessRule,
  rawKey: string | number,
  now: Date,
  spentAt: Date | null,
): Promise<Reservation> {
  const key = budgetKey(rawKey);
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('guess_budgets')
      .values({ scope: rule.scope, key })
      .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
      .execute();
    const budget = await trx
      .selectFrom('guess_budgets')
      .select('locked_until')
      .where('scope', '=', rule.scope)
      .where('key', '=', key)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (budget.locked_until && budget.locked_until.getTime() > now.getTime()) {
      return { ok: false, retryAt: budget.locked_until, locked: true, pending: false };
    }
    await trx
      .deleteFrom('guess_tries')
      .where('scope', '=', rule.scope)
      .where('key', '=', key)
      .where((eb) =>
        eb.or([
          eb('created_at', '<=', windowStart(rule, now)),
          eb.and([
            eb('failed_at', 'is', null),
            eb('created_at', '<=', new Date(now.getTime() - PENDING_TRY_MS)),
          ]),
        ]),
      )
      .execute();
    const used = await trx
      .selectFrom('guess_tries')
      .select((eb) => [
        eb.fn.countAll<number>().as('tries'),
        eb.fn.count<number>('failed_at').as('failures'),
        eb.fn.min<Date | null>('created_at').as('oldest'),
      ])
      .where('scope', '=', rule.scope)
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    if (Number(used.tries) >= rule.limit) {
      const oldest = used.oldest ? new Date(used.oldest).getTime() : now.getTime();
      return {
        ok: false,
        retryAt: new Date(oldest + rule.windowMs),
        locked: false,
        pending: Number(used.failures) < Number(used.tries),
      };
    }
    const inserted = await trx
      .insertInto('guess_tries')
      .values({ scope: rule.scope, key, created_at: now, failed_at: spentAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ok: true, tryId: inserted.id, rule, key };
  });
}

/**
 * How long a check waits for tries being compared to come back before it answers 429: far longer
 * than one comparison (an argon2 verify, well under a second even on a loaded machine), so a burst
 * of right secrets gets through, but far shorter than a pending try counts (PENDING_TRY_MS), so
 * tries a crashed request left behind still refuse the budget until they are pruned.
 */
export const PENDING_WAIT_MS = 10_000;
const FIRST_POLL_MS = 25;
const LONGEST_POLL_MS = 400;

/**
 * `reserveTry`, but when the budget is full only because other tries of the key are still being
 * compared, it waits for them (up to PENDING_WAIT_MS on the services clock) rather than refusing:
 * the same right secret sent several times at once must not read as too many guesses, while wrong
 * guesses still get at most `limit` comparisons, because a try is only ever taken from a free slot.
 * The wait is read from the clock, not counted in polls: under load a poll takes far longer than
 * its pause, and waiters counting polls outlived PENDING_TRY_MS, so live tries were pruned as
 * abandoned. Polls back off so waiters do not crowd out the comparisons they wait for.
 */
export async function reserveTryWhenFree(
  db: Kysely<Database>,
  rule: GuessRule,
  rawKey: string | number,
  now: () => Date,
): Promise<Reservation> {
  const startedAt = now().getTime();
  // Pauses are summed too, so a clock that stands still (a pinned test clock) still ends the wait.
  let paused = 0;
  for (let pause = FIRST_POLL_MS; ; pause = Math.min(pause * 2, LONGEST_POLL_MS)) {
    const reservation = await reserveTry(db, rule, rawKey, now());
    const waited = Math.max(now().getTime() - startedAt, paused);
    if (reservation.ok || !reservation.pending || waited >= PENDING_WAIT_MS) return reservation;
    await new Promise((resolve) => setTimeout(resolve, pause));
    paused += pause;
  }
}

/** A right guess gives its own try back (never anyone else's). */
export async function releaseTry(
  db: Kysely<Database>,
  reservation: Extract<Reservation, { ok: true }>,
): Promise<void> {
  await db.deleteFrom('guess_tries').where('id', '=', reservation.tryId).execute();
}

/**
 * A wrong guess keeps its try. Returns the failures now inside the window; with a `lockMs` rule,
 * reaching the limit locks the key (a lock already running is kept as it is).
 */
export async function recordFailure(
  db: Kysely<Database>,
  reservation: Extract<Reservation, { ok: true }>,
  now: Date,
): Promise<{ failures: number; locked: boolean }> {
  const { rule, key } = reservation;
  await db
    .updateTable('guess_tries')
    .set({ failed_at: now })
    .where('id', '=', reservation.tryId)
    .execute();
  const row = await db
    .selectFrom('guess_tries')
    .select((eb) => eb.fn.countAll<number>().as('tries'))
    .where('scope', '=', rule.scope)
    .where('key', '=', key)
    .where('failed_at', 'is not', null)
    .where('created_at', '>', windowStart(rule, now))
    .executeTakeFirstOrThrow();
  const failures = Number(row.tries);
  if (!rule.lockMs || failures < rule.limit) return { failures, locked: false };
  const lockUntil = new Date(now.getTime() + rule.lockMs);
  await db
    .updateTable('guess_budgets')
    .set({ locked_until: lockUntil })
    .where('scope', '=', rule.scope)
    .where('key', '=', key)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .execute();
  return { failures, locked: true };
}

/**
 * At start-up: tries still pending belong to requests of a process that died (killed mid-check),
 * so they are given back rather than counted as wrong guesses. With several processes on one
 * database a restart may free another process's pending try: at most a few extra comparisons,
 * only when a process starts, which an attacker does not control.
 */
export async function releaseAbandonedTries(db: Kysely<Database>): Promise<number> {
  const result = await db
    .deleteFrom('guess_tries')
    .where('failed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

/** Forgets a key's failures and lock (the owner proved themselves another way, e.g. a reset link). */
export async function clearBudget(
  db: Kysely<Database>,
  rule: GuessRule,
  rawKey: string | number,
): Promise<void> {
  const key = budgetKey(rawKey);
  await db
    .deleteFrom('guess_tries')
    .where('scope', '=', rule.scope)
    .where('key', '=', key)
    .execute();
  await db
    .updateTable('guess_budgets')
    .set({ locked_until: null })
    .where('scope', '=', rule.scope)
    .where('key', '=', key)
    .execute();
}

/** Whole minutes until `at` (at least 1), for "try again in N minutes". */
export function minutesUntil(at: Date, now: Date): number {
  return Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 60_000));
}
