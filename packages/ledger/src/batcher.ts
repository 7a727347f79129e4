/**
 * Automatic batching, as TigerBeetle's clients do it: concurrent createTransfers calls that arrive
 * in the same turn of the event loop or while the database is busy are merged into one
 * transaction. Each call keeps its own results and its own linked chains; under no load a call
 * runs alone at once (no timer); under load one lock of a hot account and one commit serve many
 * calls.
 */
import type { TransferInput, TransferResult } from './model';

export interface BatcherLimits {
  /** Merged transactions running at once (keep below the connection pool size). */
  maxInFlight: number;
  /** Transfers per merged transaction; bigger calls bypass the batcher. */
  maxTransfers: number;
}

type Group = readonly TransferInput[];

interface QueuedCall {
  inputs: Group;
  resolve: (results: TransferResult[]) => void;
  reject: (error: unknown) => void;
}

/** Runs groups in one transaction and answers per group. */
export type GroupRunner = (groups: readonly Group[]) => Promise<TransferResult[][]>;

export class TransferBatcher {
  private readonly queue: QueuedCall[] = [];
  private inFlight = 0;
  private pumpScheduled = false;

  constructor(
    private readonly run: GroupRunner,
    private readonly limits: BatcherLimits,
  ) {}

  submit(inputs: Group): Promise<TransferResult[]> {
    return new Promise((resolve, reject) => {
      this.queue.push({ inputs, resolve, reject });
      this.schedulePump();
    });
  }

  /**
   * Takes batches once the calls of this turn of the event loop are queued: callers answered
   * together (the last merged transaction) call again together, one microtask chain each, and
   * requests read from the network in the same poll arrive together. Taking a batch at the first
   * call would send it alone and make the others wait a whole transaction for the next one.
   * `setImmediate` runs once the microtasks and this turn's I/O callbacks are done: no timer, a few
   * microseconds under no load.
   */
  private schedulePump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    // Bounded: each turn removes at least one call from the queue.
    while (this.inFlight < this.limits.maxInFlight && this.queue.length > 0) {
      const calls = this.takeBatch();
      this.inFlight++;
      void this.flush(calls).finally(() => {
        this.inFlight--;
        this.schedulePump();
      });
    }
  }

  private takeBatch(): QueuedCall[] {
    const calls: QueuedCall[] = [];
    let transfers = 0;
    while (this.queue.length > 0) {
      const next = this.queue[0];
      if (next === undefined) break;
      if (calls.length > 0 && transfers + next.inputs.length > this.limits.maxTransfers) break;
      this.queue.shift();
      calls.push(next);
      transfers += next.inputs.length;
    }
    return calls;
  }

  private async flush(calls: readonly QueuedCall[]): Promise<void> {
    try {
      const results = await this.run(calls.map((call) => call.inputs));
      calls.forEach((call, index) => {
        call.resolve(results[index] ?? []);
      });
    } catch (error) {
      if (calls.length === 1) {
        calls[0]?.reject(error);
        return;
      }
      // One call may carry what broke the merged transaction: run each alone, so only that
      // call sees the error and the others still get their answers.
      // Sequentially, so the fallback stays within maxInFlight connections.
      for (const call of calls) {
        try {
          const [results] = await this.run([call.inputs]);
          call.resolve(results ?? []);
        } catch (callError) {
          call.reject(callError);
        }
      }
    }
  }
}
