/**
 * The one way our own code turns a catalog entry into text, with the syntax i18next reads in the
 * web app: `{{name}}` interpolation, and plural forms `key_one` / `key_other` chosen by a numeric
 * `count` with the language's plural rules. No catalog is imported here, so the public pay page
 * can use it with its own small catalog.
 */
export type MessageVars = Record<string, string | number>;

const pluralRules = new Map<string, Intl.PluralRules>();

function pluralCategory(lang: string, count: number): string {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  return rules.select(count);
}

function lookup(tree: unknown, path: string[]): unknown {
  let node: unknown = tree;
  for (const part of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/**
 * The catalog text of a dotted key, or undefined. With a count the plural form of the language
 * comes first (`rows_one` for 1 in English), then `_other`, then the plain key; a plural key asked
 * without a count answers its `_other` form rather than nothing.
 */
export function findMessage(
  tree: unknown,
  lang: string,
  key: string,
  count?: unknown,
): string | undefined {
  const path = key.split('.');
  const last = path.pop() as string;
  const parent = lookup(tree, path);
  if (parent === null || typeof parent !== 'object') return undefined;
  const entries = parent as Record<string, unknown>;
  const n = typeof count === 'string' && count.trim() !== '' ? Number(count) : count;
  const names =
    typeof n === 'number' && Number.isFinite(n)
      ? [`${last}_${pluralCategory(lang, n)}`, `${last}_other`, last]
      : [last, `${last}_other`];
  for (const name of names) {
    const text = entries[name];
    if (typeof text === 'string') return text;
  }
  return undefined;
}

/** `{{name}}` → the value; a missing value leaves nothing, as i18next does. */
export function interpolate(text: string, vars?: MessageVars): string {
  if (!vars) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}
