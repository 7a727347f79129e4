/**
 * The matching rules (ADR 019), pure: statement lines against expected ledger items of one account.
 * 1. By reference: any of a line's references (its reference, the bank's id, id-like words of its
 *    description) that names exactly one item of the same direction. Equal amounts → matched;
 *    different → amount_mismatch with the drift. A second line naming an item already taken is a
 *    duplicate (unmatched_line).
 * 2. The rest by amount and date: an untaken item of exactly the line's amount whose day is within
 *    `toleranceDays`, the nearest day first (top-ups are found so: their amount carries the unique
 *    code). Never across directions, never a different amount.
 * 3. Lines left are unmatched_line; items left are unmatched_item once `lateAfterDays` have passed
 *    since their day by the statement's last day (`asOf`), else still pending (no result yet).
 * Bounded: every step is a map lookup or a walk over one amount's candidates; no pair loops.
 */

export interface MatchLine {
  id: number;
  day: string;
  /** Credit positive, debit negative. */
  amount: number;
  refs: readonly string[];
}

export interface MatchItem {
  key: string;
  day: string;
  /** As the statement would show it: money in positive, out negative. */
  amount: number;
  refs: readonly string[];
}

export interface MatchOptions {
  toleranceDays: number;
  lateAfterDays: number;
  /** The last day the statements cover. */
  asOf: string;
}

export type MatchOutcome =
  | {
      status: 'matched' | 'amount_mismatch';
      method: 'reference' | 'amount_date';
      lineId: number;
      itemKey: string;
      /** line − item, rupiah. */
      drift: number;
    }
  | {
      status: 'unmatched_line';
      lineId: number;
      reason: 'duplicate' | 'unknown_reference' | 'no_candidate';
    }
  | { status: 'unmatched_item'; itemKey: string };

export interface MatchResult {
  outcomes: MatchOutcome[];
  pendingItems: number;
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
export const normalRef = (ref: string) => ref.trim().toUpperCase();

/** Each reference → the one item it names; a reference two items share names neither. */
function referenceIndex(items: readonly MatchItem[]): Map<string, number> {
  const index = new Map<string, number>();
  const shared = new Set<string>();
  items.forEach((item, i) => {
    for (const raw of item.refs) {
      const ref = normalRef(raw);
      if (!ref || shared.has(ref)) continue;
      if (index.has(ref) && index.get(ref) !== i) {
        index.delete(ref);
        shared.add(ref);
      } else index.set(ref, i);
    }
  });
  return index;
}

/** Untaken items by amount, each list in day order. */
function amountIndex(items: readonly MatchItem[], taken: Set<number>): Map<number, number[]> {
  const index = new Map<number, number[]>();
  items.forEach((item, i) => {
    if (taken.has(i)) return;
    const list = index.get(item.amount);
    if (list) list.push(i);
    else index.set(item.amount, [i]);
  });
  for (const list of index.values())
    list.sort((a, b) => dayNumber(items[a]?.day ?? '') - dayNumber(items[b]?.day ?? ''));
  return index;
}

function byReference(
  lines: readonly MatchLine[],
  items: readonly MatchItem[],
  taken: Set<number>,
  outcomes: MatchOutcome[],
): MatchLine[] {
  const index = referenceIndex(items);
  const rest: MatchLine[] = [];
  for (const line of lines) {
    let found: number | undefined;
    for (const ref of line.refs) {
      const i = index.get(normalRef(ref));
      if (i !== undefined && Math.sign(items[i]?.amount ?? 0) === Math.sign(line.amount)) {
        found = i;
        break;
      }
    }
    const item = found === undefined ? undefined : items[found];
    if (found === undefined || !item) rest.push(line);
    else if (taken.has(found))
      outcomes.push({ status: 'unmatched_line', lineId: line.id, reason: 'duplicate' });
    else {
      taken.add(found);
      const drift = line.amount - item.amount;
      outcomes.push({
        status: drift === 0 ? 'matched' : 'amount_mismatch',
        method: 'reference',
        lineId: line.id,
        itemKey: item.key,
        drift,
      });
    }
  }
  return rest;
}

function byAmountAndDate(
  lines: readonly MatchLine[],
  items: readonly MatchItem[],
  taken: Set<number>,
  toleranceDays: number,
  outcomes: MatchOutcome[],
): void {
  const index = amountIndex(items, taken);
  for (const line of lines) {
    const candidates = index.get(line.amount) ?? [];
    const day = dayNumber(line.day);
    let best = -1;
    let bestGap = toleranceDays + 1;
    for (const i of candidates) {
      if (taken.has(i)) continue;
      const gap = Math.abs(dayNumber(items[i]?.day ?? '') - day);
      if (gap < bestGap) {
        best = i;
        bestGap = gap;
      }
    }
    const item = items[best];
    if (best >= 0 && item) {
      taken.add(best);
      outcomes.push({
        status: 'matched',
        method: 'amount_date',
        lineId: line.id,
        itemKey: item.key,
        drift: 0,
      });
    } else {
      const hasRef = line.refs.some((r) => r.trim() !== '');
      outcomes.push({
        status: 'unmatched_line',
        lineId: line.id,
        reason: hasRef ? 'unknown_reference' : 'no_candidate',
      });
    }
  }
}

/**
 * Rules 2 and 3 over what rule 1 left: the lines no reference placed and the items no line took
 * (the matcher runs rule 1 inside the database and hands the rest here).
 */
export function matchRest(
  lines: readonly MatchLine[],
  items: readonly MatchItem[],
  options: MatchOptions,
  taken: Set<number> = new Set(),
  outcomes: MatchOutcome[] = [],
): MatchResult {
  const ordered = [...lines].sort((a, b) =>
    a.day === b.day ? a.id - b.id : a.day < b.day ? -1 : 1,
  );
  byAmountAndDate(ordered, items, taken, options.toleranceDays, outcomes);
  const asOf = dayNumber(options.asOf);
  let pendingItems = 0;
  items.forEach((item, i) => {
    if (taken.has(i)) return;
    if (asOf - dayNumber(item.day) >= options.lateAfterDays)
      outcomes.push({ status: 'unmatched_item', itemKey: item.key });
    else pendingItems++;
  });
  return { outcomes, pendingItems };
}

export function matchStatement(
  lines: readonly MatchLine[],
  items: readonly MatchItem[],
  options: MatchOptions,
): MatchResult {
  const ordered = [...lines].sort((a, b) =>
    a.day === b.day ? a.id - b.id : a.day < b.day ? -1 : 1,
  );
  const taken = new Set<number>();
  const outcomes: MatchOutcome[] = [];
  const rest = byReference(ordered, items, taken, outcomes);
  return matchRest(rest, items, options, taken, outcomes);
}
