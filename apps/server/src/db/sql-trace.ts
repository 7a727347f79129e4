import { writeFileSync } from 'node:fs';
import type pg from 'pg';

/**
 * Opt-in statement counting for benchmarks (`GERBANG_SQL_TRACE=<file>`): every statement a pooled
 * connection sends is counted under its first words, and SIGUSR2 writes the totals to the file.
 * Off by default; it exists so a bench can count the round trips of one call from outside.
 */
export function traceStatements(pool: pg.Pool, file: string): void {
  const counts = new Map<string, number>();
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
      const first = args[0];
      const text = typeof first === 'string' ? first : String((first as { text?: string })?.text);
      // The key needs the first 90 characters only: whitespace is collapsed in a prefix, not in
      // the whole text at every statement (the bench measures the server with this on).
      const key = text
        .slice(0, 400)
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/ledger_\d+/, 'ledger_N')
        .slice(0, 90);
      counts.set(key, (counts.get(key) ?? 0) + 1);
      return query(...args);
    };
  });
  process.on('SIGUSR2', () => {
    writeFileSync(file, JSON.stringify(Object.fromEntries(counts)));
  });
}
