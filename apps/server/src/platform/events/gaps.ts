/**
 * Ids the reader has passed but not seen (ADR 017 "Ids and commit order"). Identity ids are
 * taken at insert and become visible at commit, so id 100 may commit after id 101: a reader that
 * moved its cursor past 100 must look for it again. A gap closes when the row shows up, or after
 * `waitMs` (a rolled-back transaction leaves a gap for ever; money transactions are short, ADR
 * 013). The stream's `id:` field is the watermark — below the oldest open gap — so a reconnect
 * with `Last-Event-ID` replays from there and misses nothing (a few events twice: the page
 * de-duplicates by the event's own id).
 */
export class Gaps {
  private open = new Map<number, number>();

  constructor(
    private readonly waitMs: number,
    /** Bound: a burst of rolled-back ids beyond this forgets the oldest first. */
    private readonly max = 10_000,
  ) {}

  get ids(): number[] {
    return [...this.open.keys()];
  }

  /** Records the ids between `cursor` and the rows read that did not come, and closes the rows'. */
  see(cursor: number, ids: readonly number[], at: number): void {
    let expect = cursor + 1;
    for (const id of ids) {
      this.open.delete(id);
      for (let missing = expect; missing < id; missing++) {
        if (this.open.size >= this.max) this.open.delete(this.open.keys().next().value as number);
        this.open.set(missing, at);
      }
      expect = Math.max(expect, id + 1);
    }
  }

  /** A row that was missing came (its transaction committed late). */
  close(id: number): void {
    this.open.delete(id);
  }

  /** Drops the gaps older than the wait: those transactions rolled back (or are far too slow). */
  expire(at: number): void {
    for (const [id, since] of this.open) if (at - since > this.waitMs) this.open.delete(id);
  }

  /** Every id at or below this has been delivered or given up on. */
  watermark(cursor: number): number {
    let low = cursor;
    for (const id of this.open.keys()) if (id - 1 < low) low = id - 1;
    return low;
  }
}
