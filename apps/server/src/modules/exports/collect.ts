/**
 * A full garbage collection, where the process allows one. The JavaScript writer (PGlite, pages
 * rendered in JS) keeps one batch or two alive (~30 MB of heap), but V8, free to grow the heap,
 * let the garbage of a 1M-row export reach ~85 MB before collecting it (peak RSS 155–160 MB
 * against a 150 MB target); a heap cap instead made V8 collect so often that the export took twice
 * the CPU. A full collection every EXPORT_COLLECT_EVERY_ROWS rows bounds the heap at ~30 ms of CPU
 * each (measured on the 1M-row job every 10,000 rows: peak RSS 161 → 141 MB, CPU 23.6 → 26.9 s).
 *
 * `gc` exists only when the process starts with `--expose-gc`: the export process does
 * (WORKER_NODE_FLAGS in scripts/export-worker.mjs). An export thread inside the API process has
 * none — V8 flags are per process, a Worker's execArgv cannot set them, and turning the flag on
 * at run time (v8.setFlagsFromString) is unsupported by Node — so there the collection is skipped:
 * large exports on PostgreSQL are written by the database (no JavaScript rows to collect), and
 * the JavaScript writer's remaining pages are small.
 */
export function fullCollection(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** Rows written between two full collections in an export. */
export const EXPORT_COLLECT_EVERY_ROWS = 10_000;
