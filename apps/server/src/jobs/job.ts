import type { Services } from '../http/services';
import type { Backlog } from '../platform/metrics/metrics';

/**
 * A background job: its area owns `runOnce(services)` (one bounded pass, safe to run from several
 * processes at once); loop.ts only schedules. A new job is one file in `jobs/` that exports a
 * `Job`, plus one line in `JOBS` (loop.ts).
 */
export interface Job<R = unknown> {
  name: string;
  /** Pause between the end of one pass and the start of the next. */
  intervalMs: number;
  runOnce(services: Services): Promise<R>;
  /** What to log at info level after a pass; null when the pass did nothing worth a line. */
  report?(result: R): object | null;
  /** The work due and not done yet, read when /metrics is scraped (gerbang_job_backlog, _lag). */
  backlog?(services: Services): Promise<Backlog>;
}
