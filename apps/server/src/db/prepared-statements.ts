import { createHash } from 'node:crypto';
import { PREPARED_STATEMENT_MARK } from '@gerbang/shared/db/prepared-statements';
import { sql } from 'kysely';
import type pg from 'pg';

/**
 * First in a statement the server sends often with one fixed text (values only as parameters,
 * lists as arrays): the pool below names it, so PostgreSQL parses and plans it once per connection.
 */
export const preparedMark = sql.raw(PREPARED_STATEMENT_MARK);

/** DATABASE_PREPARED_STATEMENTS: on unless off, false, 0 or no (the server and the benches). */
export function preparedStatementsWanted(env: NodeJS.ProcessEnv): boolean {
  const value = env.DATABASE_PREPARED_STATEMENTS?.trim().toLowerCase() ?? '';
  return !['off', 'false', '0', 'no'].includes(value);
}

/**
 * Named prepared statements for the statements that mark themselves (`PREPARED_STATEMENT_MARK`:
 * the ledger's lock and write, the callback sender's claim and outcomes, the SNAP transfer's
 * admission, pricing and rail writes): node-postgres sends everything else through the unnamed
 * statement, which PostgreSQL parses and plans again at every call. A statement named here is
 * parsed once per connection and its plan kept (PostgreSQL still decides between a custom and a
 * generic plan), so a busy account's lock holder waits less for its own write. Marked texts are
 * fixed (a handful of variants), so the names per connection stay few.
 *
 * Not behind PgBouncer in transaction mode (DATABASE_PREPARED_STATEMENTS=off): a statement
 * prepared on one server connection is not there on the next.
 */
export function nameMarkedStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
      const [text, values] = args;
      if (
        args.length === 2 &&
        typeof text === 'string' &&
        text.startsWith(PREPARED_STATEMENT_MARK) &&
        Array.isArray(values)
      ) {
        return query({ name: statementName(text), text, values });
      }
      return query(...args);
    };
  });
}

const names = new Map<string, string>();

/** The same name for the same text in every connection and process (the text's hash). */
function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `gerbang_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    // Marked texts are a handful; past 1,000 a text is hashed at each call instead of kept.
    if (names.size < 1_000) names.set(text, name);
  }
  return name;
}
