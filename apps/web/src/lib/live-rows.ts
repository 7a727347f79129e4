/**
 * Data pages while payments flow (ADR 017, "Data pages"): a `transaction` or `callback` event
 * names up to 20 changed rows with the fields a row shows. A row already on screen is patched in
 * place from the event; only a row the page does not show (a new one, or more than the event
 * names) needs the server — and only on the page where it would appear: page 1 in the default
 * order (`meta.liveHead`, set by the data table). Other pages are marked stale and reload when
 * the user moves.
 */
import type { LiveEvent } from '@gerbang/shared/contract/events';
import type { Query, QueryClient } from '@tanstack/react-query';

interface RowPatch {
  /** The row's key in both the event row and the page row. */
  key: string;
  /** Event field → page column it fills. */
  fields: Record<string, string>;
  /**
   * False when the row shows more than the event carries (a callback's sent time and answer):
   * then the patch is the instant feedback and the page still reloads (throttled).
   */
  complete: boolean;
}

export const ROW_PATCHES: Record<string, RowPatch> = {
  transaction: { key: 'id_transaksi', fields: { status: 'status_trx' }, complete: true },
  callback: { key: 'id_callback', fields: { status_sent: 'status_sent' }, complete: false },
};

type Row = Record<string, unknown>;
interface PageAnswer {
  total: number;
  data: Row[];
}

/** What one event means for one data-page query after patching it. */
export type RowOutcome = 'patched' | 'reload' | 'stale';

const isPageAnswer = (d: unknown): d is PageAnswer =>
  !!d && typeof d === 'object' && Array.isArray((d as PageAnswer).data);

/** Keeps the page row's own type: a column the server sends as text stays text. */
const like = (old: unknown, value: unknown) =>
  typeof old === 'string' && typeof value !== 'string' ? String(value) : value;

function patchAnswer(answer: PageAnswer, spec: RowPatch, named: Row[]) {
  const index = new Map(answer.data.map((row, i) => [String(row[spec.key]), i]));
  let changed = false;
  let missing = 0;
  const data = [...answer.data];
  for (const e of named) {
    const at = index.get(String(e[spec.key]));
    if (at === undefined) {
      missing += 1;
      continue;
    }
    const row = { ...(data[at] as Row) };
    for (const [from, to] of Object.entries(spec.fields)) {
      if (!(from in e) || !(to in row) || row[to] === like(row[to], e[from])) continue;
      row[to] = like(row[to], e[from]);
      changed = true;
    }
    data[at] = row;
  }
  return { next: changed ? { ...answer, data } : answer, missing };
}

/**
 * Patches the event's rows into every cached query `matches` selects, and says per query whether
 * it is done, should reload now (head page), or only be marked stale.
 */
export function patchRows(
  client: QueryClient,
  event: LiveEvent,
  matches: (q: Query) => boolean,
): Array<{ query: Query; outcome: RowOutcome }> {
  const spec = ROW_PATCHES[event.type];
  const payload = event.payload as { count?: number; rows?: Row[] };
  const named = Array.isArray(payload.rows) ? payload.rows : [];
  const unnamed = Number(payload.count ?? named.length) > named.length;
  const out: Array<{ query: Query; outcome: RowOutcome }> = [];
  for (const query of client.getQueryCache().findAll({ predicate: matches })) {
    const answer = query.state.data;
    if (!spec || !isPageAnswer(answer)) {
      out.push({ query, outcome: 'reload' });
      continue;
    }
    const { next, missing } = patchAnswer(answer, spec, named);
    if (next !== answer) client.setQueryData(query.queryKey, next);
    if (missing === 0 && !unnamed && spec.complete) out.push({ query, outcome: 'patched' });
    else out.push({ query, outcome: query.meta?.liveHead ? 'reload' : 'stale' });
  }
  return out;
}
