/**
 * Group commit by key (ADR 009): calls with the same key (e.g. one merchant's payouts, which all
 * lock that merchant's ledger row anyway) that arrive while an earlier group of that key is being
 * written are merged into the next group, ONE database transaction for all of them. Under no load
 * a call runs alone after one turn of the event loop (no timer); under load one lock of the
 * merchant's row and one commit serve many calls. Different keys never share a group, so one
 * merchant's traffic never waits on another's lock.
 *
 * The runner answers every item on its own (`Settled`), so a refusal of one item (a short
 * balance) is that item's answer only. When the runner throws for a group of several items, each
 * item runs again ALONE: the item that broke the group gets the error, the others their answers —
 * and since the failed group's transaction rolled back, nothing of it was written, so nothing is
 * lost or written twice.
 */

export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

/** Writes a group of one key's items in one transaction; one answer per item, in order. */
export type GroupRunner<I, R> = (key: string, items: readonly I[]) => Promise<Settled<R>[]>;

interface Waiting<I, R> {
  item: I;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

interface KeyQueue<I, R> {
  waiting: Waiting<I, R>[];
  /** Groups of this key being written now. */
  running: number;
}

export class GroupCommit<I, R> {
  private readonly queues = new Map<string, KeyQueue<I, R>>();
  /** What the groups held so far (tests and the bench read it). */
  readonly stats = { groups: 0, items: 0, largest: 0, fallbacks: 0 };

  constructor(
    private readonly run: GroupRunner<I, R>,
    /** Items per group: bounds the statements' size and one group's latency. */
    private readonly maxItems = 64,
    /**
     * Groups of one key in flight at once. Two: the next group writes its rows while the previous
     * one holds the payer's lock, then waits for it (same rows, same order: no deadlock).
     */
    private readonly maxInFlight = 2,
  ) {}

  submit(key: string, item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      let queue = this.queues.get(key);
      if (!queue) {
        queue = { waiting: [], running: 0 };
        this.queues.set(key, queue);
      }
      queue.waiting.push({ item, resolve, reject });
      if (queue.running < this.maxInFlight && queue.waiting.length === 1) {
        // One turn: the calls that arrive in the same turn share the group.
        setImmediate(() => void this.flush(key));
      }
    });
  }

  private async flush(key: string): Promise<void> {
    const queue = this.queues.get(key);
    if (!queue || queue.running >= this.maxInFlight || queue.waiting.length === 0) return;
    queue.running += 1;
    const group = queue.waiting.splice(0, this.maxItems);
    this.stats.groups += 1;
    this.stats.items += group.length;
    this.stats.largest = Math.max(this.stats.largest, group.length);
    try {
      await this.answer(key, group);
    } finally {
      queue.running -= 1;
      if (queue.waiting.length > 0) void this.flush(key);
      else if (queue.running === 0) this.queues.delete(key);
    }
  }

  private async answer(key: string, group: Waiting<I, R>[]): Promise<void> {
    let settled: Settled<R>[];
    try {
      settled = await this.run(
        key,
        group.map((w) => w.item),
      );
      if (settled.length !== group.length) {
        throw new Error(`group runner answered ${settled.length} of ${group.length} items`);
      }
    } catch (error) {
      if (group.length === 1) {
        group[0]?.reject(error);
        return;
      }
      this.stats.fallbacks += 1;
      // Sequentially: the fallback stays one transaction at a time for this group.
      for (const waiting of group) await this.answer(key, [waiting]);
      return;
    }
    settled.forEach((answer, index) => {
      const waiting = group[index] as Waiting<I, R>;
      if (answer.ok) waiting.resolve(answer.value);
      else waiting.reject(answer.error);
    });
  }
}
