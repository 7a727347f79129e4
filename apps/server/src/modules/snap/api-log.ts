import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { perOwner } from '../../platform/per-owner';
import type { SnapApiLogTable } from './tables';

/**
 * The API log's writer: rows of calls that end in the same turns of the event loop are written by
 * ONE insert, never inside a money transaction and never holding a lock of the ledger. One insert
 * is in flight at a time; rows that arrive meanwhile go into the next one, so under load a
 * statement carries many calls, and with one call at a time nothing waits longer than a turn.
 * Each caller's promise settles when its row is written (or the insert failed), so a caller that
 * answers after it knows its call is in the log, as before.
 */
class ApiLogWriter {
  private pending: Array<{ row: Insertable<SnapApiLogTable>; done: (error?: unknown) => void }> =
    [];
  private writing = false;

  constructor(private readonly db: Kysely<Database>) {}

  write(row: Insertable<SnapApiLogTable>): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({
        row,
        done: (error) => (error === undefined ? resolve() : reject(error)),
      });
      if (this.pending.length === 1 && !this.writing) setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    if (this.writing || this.pending.length === 0) return;
    this.writing = true;
    const batch = this.pending;
    this.pending = [];
    try {
      await this.db
        .insertInto('snap_api_log')
        .values(batch.map((item) => item.row))
        .execute();
      for (const item of batch) item.done();
    } catch (error) {
      for (const item of batch) item.done(error);
    } finally {
      this.writing = false;
      if (this.pending.length > 0) void this.flush();
    }
  }
}

const writers = perOwner((db: Kysely<Database>) => new ApiLogWriter(db));

/** Writes one API log row, sharing the insert with the other calls of the moment. */
export function appendApiLog(db: Kysely<Database>, row: Insertable<SnapApiLogTable>) {
  return writers(db).write(row);
}
