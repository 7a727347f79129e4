import { z } from 'zod';

/**
 * Test mode checks every `{rc: '00'}` answer against its call's `response` schema, so a contract
 * that does not describe what the handler really sends fails the test that made the call, instead
 * of misleading the web's types. The check reads the answer as the client gets it (after JSON), and
 * a field the schema does not declare is a mismatch too (zod would drop it silently).
 *
 * Returns what is wrong, or null when the answer matches.
 */
export function answerMismatch(schema: z.ZodType, data: unknown): string | null {
  const sent: unknown = JSON.parse(JSON.stringify(data ?? null));
  const result = schema.safeParse(sent);
  if (!result.success) return z.prettifyError(result.error);
  const undeclared = undeclaredFields(sent, result.data, '');
  return undeclared.length > 0
    ? `fields the contract does not declare: ${undeclared.join(', ')}`
    : null;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Paths present in what was sent but gone from what the schema kept (first 10). */
function undeclaredFields(sent: unknown, kept: unknown, at: string): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    return sent.flatMap((item, i) => undeclaredFields(item, kept[i], `${at}[${i}]`)).slice(0, 10);
  }
  if (!isPlainObject(sent) || !isPlainObject(kept)) return [];
  return Object.keys(sent)
    .flatMap((key) => {
      const path = at ? `${at}.${key}` : key;
      return key in kept ? undeclaredFields(sent[key], kept[key], path) : [path];
    })
    .slice(0, 10);
}
