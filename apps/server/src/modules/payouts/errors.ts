/** Another worker claimed the row after this one's lease ran out: this one stops, changing nothing. */
export class LeaseLostError extends Error {
  constructor(reference: string) {
    super(`lease on rail submission ${reference} was taken over`);
    this.name = 'LeaseLostError';
  }
}

/** A rail call that did not answer in time: its outcome is unknown. */
export class RailTimeoutError extends Error {
  constructor(call: string, ms: number) {
    super(`rail ${call} did not answer within ${ms} ms`);
    this.name = 'RailTimeoutError';
  }
}

/** The ledger refused to post or void a hold: our bug or corrupt data, never a failed transfer. */
export class LedgerRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerRefusedError';
  }
}
