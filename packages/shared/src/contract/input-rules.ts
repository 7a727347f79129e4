import { z } from 'zod';

/**
 * The input rules every request obeys before anything reaches the database,
 * in one place. PostgreSQL refuses these with an error, so unchecked they became HTTP 500s:
 * - text with U+0000 (a `text` value cannot hold NUL): the route wrapper looks through every
 *   body, query and path value with `findForbiddenText` and answers 400 with the field's message;
 * - integers beyond their column's type (`integer` is 32-bit; `bigint` columns take JS safe
 *   integers): `isIntegerInRange`, used by the data-page filters and the `int4Field` schema;
 * - dates outside 2000-01-01..2100-12-31 (year 0000 does not exist in PostgreSQL, and no business
 *   date of this product lies outside): `isDateInRange`, used by every date field and filter.
 */
export const INPUT_BOUNDS = {
  int4: { min: -2_147_483_648, max: 2_147_483_647 },
  int8: { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER },
  dateMin: '2000-01-01',
  dateMax: '2100-12-31',
} as const;

/** The SQL integer type a value is compared with: `integer` (int4) or `bigint` (int8). */
export type IntegerWidth = 'int4' | 'int8';

export function isIntegerInRange(value: number, width: IntegerWidth): boolean {
  const { min, max } = INPUT_BOUNDS[width];
  return Number.isSafeInteger(value) && value >= min && value <= max;
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date `YYYY-MM-DD` within INPUT_BOUNDS. */
export function isDateInRange(text: string): boolean {
  if (!DATE_RE.test(text)) return false;
  if (text < INPUT_BOUNDS.dateMin || text > INPUT_BOUNDS.dateMax) return false;
  const parsed = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === text;
}

/** Characters no text field accepts: NUL (PostgreSQL cannot store it). */
export function hasForbiddenText(text: string): boolean {
  return text.includes('\u0000');
}

/**
 * How deep a request value may nest. No form nests beyond a few levels; a body nested thousands
 * deep would overflow the stack of every recursive reader after it (the schemas, the cloning of
 * `forbiddenTextKey`), so the route wrapper refuses it first with `isNestedTooDeep`.
 */
export const MAX_DEPTH = 32;

/** True when `value` nests objects or arrays deeper than `maxDepth`, checked without recursion. */
export function isNestedTooDeep(value: unknown, maxDepth = MAX_DEPTH): boolean {
  const stack: Array<{ node: unknown; depth: number }> = [{ node: value, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop() as { node: unknown; depth: number };
    if (node === null || typeof node !== 'object') continue;
    if (depth >= maxDepth) return true;
    for (const child of Object.values(node)) stack.push({ node: child, depth: depth + 1 });
  }
  return false;
}

/**
 * The path of the first string (value or key) with a forbidden character in a request value, or
 * null when there is none. An empty path means the value as a whole (or a key at the top level).
 */
export function findForbiddenText(value: unknown): Array<string | number> | null {
  const walk = (node: unknown, path: Array<string | number>): Array<string | number> | null => {
    if (typeof node === 'string') return hasForbiddenText(node) ? path : null;
    if (node === null || typeof node !== 'object') return null;
    if (path.length >= MAX_DEPTH) return path;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const found = walk(node[i], [...path, i]);
        if (found) return found;
      }
      return null;
    }
    for (const [key, child] of Object.entries(node)) {
      if (hasForbiddenText(key)) return path;
      const found = walk(child, [...path, key]);
      if (found) return found;
    }
    return null;
  };
  return walk(value, []);
}

/** A `YYYY-MM-DD` date field within the bounds; `messageKey` is the field's message. */
export const dateField = (messageKey: string) =>
  z
    .string({ error: messageKey })
    .regex(DATE_RE, { error: messageKey })
    .refine(isDateInRange, { error: messageKey });

/** An integer field compared with an `integer` column (query text or JSON number). */
export const int4Field = (messageKey: string) =>
  z.coerce
    .number({ error: messageKey })
    .int({ error: messageKey })
    .min(INPUT_BOUNDS.int4.min, { error: messageKey })
    .max(INPUT_BOUNDS.int4.max, { error: messageKey });
