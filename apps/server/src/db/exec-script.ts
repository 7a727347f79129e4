import { type Kysely, sql } from 'kysely';

/**
 * Splits a SQL script into statements (on `;` outside `$$` bodies and quotes) and runs them in
 * order. Both drivers run each query as a prepared statement, which accepts one command only.
 */
export function splitStatements(script: string): string[] {
  const statements: string[] = [];
  let current = '';
  let inDollar = false;
  let inQuote = false;
  for (let i = 0; i < script.length; i++) {
    const ch = script[i];
    if (!inQuote && script.startsWith('$$', i)) {
      inDollar = !inDollar;
      current += '$$';
      i++;
      continue;
    }
    if (!inDollar && ch === "'") inQuote = !inQuote;
    if (!inDollar && !inQuote && ch === ';') {
      if (current.trim()) statements.push(current.trim());
      current = '';
      continue;
    }
    current += ch;
  }
  if (current.trim()) statements.push(current.trim());
  return statements.filter((s) => !/^(--[^\n]*\n?\s*)+$/.test(`${s}\n`));
}

export async function execScript(db: Kysely<any>, script: string): Promise<void> {
  for (const statement of splitStatements(script)) {
    await sql.raw(statement).execute(db);
  }
}
