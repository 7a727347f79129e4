import { catalogs, hasKey, type Language, leafKeys, translate } from '@gerbang/shared';
import { type RawBuilder, sql } from 'kysely';

/**
 * Transaction descriptions (KETERANGAN) in the reader's language (issue 12 §3). A row the server
 * writes stores the description's kind — a catalog key — and its parameters; the Indonesian text
 * goes to `keterangan` too, for rows read by older code and as the fallback. Pages and exports
 * render the kind in the request's language IN SQL (`describedSql`), so filters and sorting on
 * the column see the same words the reader sees, and the export writes them. Rows without a kind
 * (written before migration 0105, or a key the catalogs lack) show their stored text.
 *
 * A new server-written description adds a key under `descriptions.*` in both catalogs (or uses
 * one of the feature keys listed in DESCRIPTION_SOURCES) and writes `describedColumns(...)`.
 */

/** Where kinds come from: whole catalog subtrees and single keys. */
const DESCRIPTION_SOURCES = [
  'descriptions.',
  'withdraw.rail.',
  'withdraw.paymentSuccess',
  'depositReturn.success',
  'depositReturn.description',
  'transfer.lineSuccess',
  'transfer.lineSent',
  'transfer.orderPayment',
  'transfer.orderPaymentReturned',
  'bulk.rowLine',
  'bulk.rowSuccess',
  'remittance.rail.',
  'remittance.paymentSuccess',
  'remittance.description',
] as const;

/** Every key a row may store as its kind. */
export const DESCRIPTION_KEYS: readonly string[] = leafKeys(catalogs.id).filter((key) =>
  DESCRIPTION_SOURCES.some((source) =>
    source.endsWith('.') ? key.startsWith(source) : key === source,
  ),
);

export type DescriptionParams = Record<string, string | number | null | undefined>;

/** The columns a writer sets: the kind, its parameters and the Indonesian text. */
export function describedColumns(
  key: string,
  params: DescriptionParams = {},
): { keterangan: string; keterangan_key: string | null; keterangan_params: string | null } {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) values[name] = String(value ?? '');
  const known = DESCRIPTION_KEYS.includes(key) && hasKey('id', key);
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
  const branches = DESCRIPTION_KEYS.map(
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
  if (!key || !DESCRIPTION_KEYS.includes(key)) return row.keterangan;
  const raw = row.keterangan_params;
  const params = (typeof raw === 'string' ? JSON.parse(raw) : (raw ?? {})) as Record<
    string,
    string
  >;
  return translate(lang, key, params);
}
