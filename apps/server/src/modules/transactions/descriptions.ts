import { catalogs, hasKey, type Language, leafKeys, translate } from '@gerbang/shared';
import { type RawBuilder, sql } from 'kysely';

/**
 * Transaction descriptions (KETERANGAN) in the reader's language. A row the server
 * writes stores the description's kind — a catalog key — and its parameters; the Indonesian text
 * goes to `keterangan` too, for rows read by older code and as the fallback. Pages and exports
 * render the kind in the request's language IN SQL (`describedSql`), so filters and sorting on
 * the column see the same words the reader sees, and the export writes them. Rows without a kind
 * (written before migration 0105, or a key the catalogs lack) show their stored text.
 *
 * A new server-written description adds a key under `descriptions.*` in both catalogs, or a key
 * of its own area's catalog that the area declares in its `description-keys.ts` (registered at
 * the composition root, modules/description-keys.ts), and writes `describedColumns(...)`. A key
 * that no area declared fails in test mode, so a forgotten declaration cannot pass unnoticed.
 */

/** A catalog key, or a subtree when it ends with '.' (a rail's failure reasons). */
export type DescriptionSource = string;

/** The shared subtree; every other source is declared by the area that writes it. */
const declaredSources = new Set<DescriptionSource>(['descriptions.']);
let registered = false;
let keys: readonly string[] | null = null;

/** Declares the description keys an area writes (called once at start, composition root). */
export function declareDescriptionKeys(sources: readonly DescriptionSource[]): void {
  for (const source of sources) declaredSources.add(source);
  registered = true;
  keys = null;
}

const isTestMode = () => process.env.GERBANG_MODE === 'test' || process.env.VITEST !== undefined;

/** True when an area declared the key or a subtree that holds it. */
export function isDeclaredDescriptionKey(key: string): boolean {
  for (const source of declaredSources) {
    if (source.endsWith('.') ? key.startsWith(source) : key === source) return true;
  }
  return false;
}

/** Every key a row may store as its kind: the declared keys the catalogs hold. */
function descriptionKeys(): readonly string[] {
  if (!registered && isTestMode())
    throw new Error('Description keys are not registered: call registerDescriptionKeys() at start');
  keys ??= leafKeys(catalogs.id).filter(isDeclaredDescriptionKey);
  return keys;
}

export type DescriptionParams = Record<string, string | number | null | undefined>;

/** The columns a writer sets: the kind, its parameters and the Indonesian text. */
export function describedColumns(
  key: string,
  params: DescriptionParams = {},
): { keterangan: string; keterangan_key: string | null; keterangan_params: string | null } {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) values[name] = String(value ?? '');
  // A declared subtree may miss a leaf (a rail reason the catalogs do not know yet): that row
  // keeps its text. A key outside every declaration is a writer that forgot to declare it.
  if (!isDeclaredDescriptionKey(key) && isTestMode())
    throw new Error(
      `Undeclared transaction description key '${key}': declare it in its area's description-keys.ts`,
    );
  const known = descriptionKeys().includes(key) && hasKey('id', key);
  return {
    keterangan: translate('id', key, values),
    keterangan_key: known ? key : null,
    keterangan_params: known && Object.keys(values).length > 0 ? JSON.stringify(values) : null,
  };
}

/** One catalog text as SQL: literal parts (bound) and `params->>'name'` for each placeholder. */
function templateSql(template: string, params: RawBuilder<unknown>): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  let last = 0;
  for (const match of template.matchAll(/\{\{\s*(\w+)\s*\}\}/g)) {
    const index = match.index ?? 0;
    if (index > last) parts.push(sql`${template.slice(last, index)}::text`);
    parts.push(sql`coalesce(${params}->>${match[1]}::text, '')`);
    last = index + match[0].length;
  }
  if (last < template.length) parts.push(sql`${template.slice(last)}::text`);
  if (parts.length === 0) return sql`''::text`;
  if (parts.length === 1) return parts[0] as RawBuilder<unknown>;
  return sql`(${sql.join(parts, sql` || `)})`;
}

/**
 * The description of a `transactions` row aliased `alias`, in `lang`: the stored kind rendered
 * from the catalog, else the stored text.
 */
export function describedSql(lang: Language, alias: string): RawBuilder<unknown> {
  const a = sql.raw(alias);
  const params = sql`${a}.keterangan_params`;
  const branches = descriptionKeys().map(
    (key) => sql`when ${key}::text then ${templateSql(translate(lang, key), params)}`,
  );
  return sql`(case ${a}.keterangan_key ${sql.join(branches, sql` `)} else ${a}.keterangan end)`;
}

/** The same rendering in code, for a row already read (receipts, e-mails). */
export function describeRow(
  lang: Language,
  row: { keterangan: string | null; keterangan_key?: string | null; keterangan_params?: unknown },
): string | null {
  const key = row.keterangan_key;
  if (!key || !descriptionKeys().includes(key)) return row.keterangan;
  const raw = row.keterangan_params;
  const params = (typeof raw === 'string' ? JSON.parse(raw) : (raw ?? {})) as Record<
    string,
    string
  >;
  return translate(lang, key, params);
}
