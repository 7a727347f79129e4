import { pruneEvents } from '../platform/events/prune';
import type { Job } from './job';

/** Keeps the live events table to its replay window (24 h; platform/events/prune.ts, ADR 017). */
export const eventsPruneJob: Job<{ deleted: number }> = {
  name: 'events prune',
  intervalMs: 10 * 60_000,
  runOnce: (services) => pruneEvents(services.db),
  report: (report) => (report.deleted > 0 ? report : null),
};
