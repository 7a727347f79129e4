/**
 * One matcher run over an agent's account (ADR 019): under the scope's lock (its settings row, FOR
 * UPDATE: parallel runs and hand decisions of one agent and environment take turns), the automatic
 * results are thrown away and computed again from every line and item that no person has decided
 * (manual matches and write-offs stay and keep their line and item out of the run). Records only:
 * nothing here touches the ledger.
 */
import type { Environment } from '@gerbang/shared';
import type { ReconAccount } from '@gerbang/shared/contract/reconciliation';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { type LedgerItem, ledgerItems } from './expected';
import { type MatchLine, type MatchOutcome, matchStatement } from './match';

export interface RunScope {
  agentId: number;
  environment: Environment;
  account: ReconAccount;
  now: Date;
}

export interface RunCounts {
  matched: number;
  amount_mismatch: number;
  unmatched_line: number;
  unmatched_item: number;
  pending_items: number;
}

const INSERT_CHUNK = 10_000;
/** Id-like words of a description (our ids are 12+ letters and digits). */
const ID_WORD = /[A-Z0-9][A-Z0-9-]{7,}/gi;

/** Takes the scope's lock and answers its settings (created with the defaults on first use). */
export async function lockScope(trx: Kysely<Database>, agentId: number, environment: Environment) {
  await trx
    .insertInto('recon_settings')
    .values({ agent_id: agentId, environment })
    .onConflict((oc) => oc.columns(['agent_id', 'environment']).doNothing())
    .execute();
  return trx
    .selectFrom('recon_settings')
    .selectAll()
    .where('agent_id', '=', agentId)
    .where('environment', '=', environment)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

const DAY_MS = 86_400_000;
const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

interface LineRow {
  id: number;
  day: string;
  amount: number;
  reference: string;
  bank_reference: string;
  description: string;
}

async function openLines(trx: Kysely<Database>, s: RunScope): Promise<LineRow[]> {
  return trx
    .selectFrom('recon_lines as l')
    .leftJoin('recon_results as r', 'r.line_id', 'l.id')
    .select(['l.id', 'l.amount', 'l.reference', 'l.bank_reference', 'l.description'])
    .select(sql<string>`l.booked_on::text`.as('day'))
    .where('l.agent_id', '=', s.agentId)
    .where('l.environment', '=', s.environment)
    .where('l.account', '=', s.account)
    .where('r.id', 'is', null)
    .execute();
}

async function decidedItemKeys(trx: Kysely<Database>, s: RunScope): Promise<Set<string>> {
  const rows = await trx
    .selectFrom('recon_results')
    .select('item_key')
    .where('agent_id', '=', s.agentId)
    .where('environment', '=', s.environment)
    .where('account', '=', s.account)
    .where('item_key', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.item_key ?? ''));
}

function matchLineOf(row: LineRow): MatchLine {
  const refs = [row.reference, row.bank_reference, ...(row.description.match(ID_WORD) ?? [])];
  return { id: row.id, day: row.day, amount: row.amount, refs };
}

function resultRow(
  s: RunScope,
  o: MatchOutcome,
  lines: Map<number, MatchLine>,
  items: Map<string, LedgerItem>,
) {
  const line = 'lineId' in o ? lines.get(o.lineId) : undefined;
  const item = 'itemKey' in o ? items.get(o.itemKey) : undefined;
  const base = {
    agent_id: s.agentId,
    environment: s.environment,
    account: s.account,
    status: o.status,
    line_id: line?.id ?? null,
    line_amount: line?.amount ?? null,
    item_key: item?.key ?? null,
    item_reference: item?.reference ?? null,
    item_amount: item?.amount ?? null,
    created_at: s.now,
  };
  if (o.status === 'unmatched_item')
    return { ...base, day: item?.day ?? '', method: null, drift: -(item?.amount ?? 0), note: null };
  if (o.status === 'unmatched_line')
    return {
      ...base,
      day: line?.day ?? '',
      method: null,
      drift: line?.amount ?? 0,
      note: o.reason,
    };
  return { ...base, day: line?.day ?? '', method: o.method, drift: o.drift, note: null };
}

async function coverage(trx: Kysely<Database>, s: RunScope) {
  return trx
    .selectFrom('recon_statements')
    .select([
      sql<string | null>`min(first_day)::text`.as('first'),
      sql<string | null>`max(last_day)::text`.as('last'),
    ])
    .where('agent_id', '=', s.agentId)
    .where('environment', '=', s.environment)
    .where('account', '=', s.account)
    .executeTakeFirst();
}

/** One `INSERT … SELECT FROM unnest(arrays)` per chunk (see import.ts). */
async function insertResults(
  trx: Kysely<Database>,
  s: RunScope,
  outcomes: readonly MatchOutcome[],
  toRow: (o: MatchOutcome) => ReturnType<typeof resultRow>,
) {
  // Rows are made a chunk at a time: 100,000 result objects at once cost ~50 MB more.
  for (let start = 0; start < outcomes.length; start += INSERT_CHUNK) {
    const c = outcomes.slice(start, start + INSERT_CHUNK).map(toRow);
    await sql`
      INSERT INTO recon_results (agent_id, environment, account, created_at, day, status, method,
        line_id, line_amount, item_key, item_reference, item_amount, drift, note)
      SELECT ${s.agentId}, ${s.environment}, ${s.account}, ${s.now}, u.*
        FROM unnest(${c.map((r) => r.day)}::date[], ${c.map((r) => r.status)}::text[],
          ${c.map((r) => r.method)}::text[], ${c.map((r) => r.line_id)}::bigint[],
          ${c.map((r) => r.line_amount)}::bigint[], ${c.map((r) => r.item_key)}::text[],
          ${c.map((r) => r.item_reference)}::text[], ${c.map((r) => r.item_amount)}::bigint[],
          ${c.map((r) => r.drift)}::bigint[], ${c.map((r) => r.note)}::text[]) AS u`.execute(trx);
  }
}

/** Matches the scope's undecided lines and items again; answers the counts. */
export async function runMatcher(db: Kysely<Database>, s: RunScope): Promise<RunCounts> {
  return db.transaction().execute(async (trx) => {
    const settings = await lockScope(trx, s.agentId, s.environment);
    const counts: RunCounts = {
      matched: 0,
      amount_mismatch: 0,
      unmatched_line: 0,
      unmatched_item: 0,
      pending_items: 0,
    };
    const covered = await coverage(trx, s);
    if (!covered?.first || !covered.last) return counts;
    await trx
      .deleteFrom('recon_results')
      .where('agent_id', '=', s.agentId)
      .where('environment', '=', s.environment)
      .where('account', '=', s.account)
      .where((eb) => eb.or([eb('method', 'is', null), eb('method', '<>', 'manual')]))
      .where('status', '<>', 'written_off')
      .execute();
    // The rows' texts are only read for references: kept as match lines, the rows go.
    const matchLines = (await openLines(trx, s)).map(matchLineOf);
    const decided = await decidedItemKeys(trx, s);
    const from = shiftDay(covered.first, -settings.tolerance_days);
    const all = await ledgerItems(trx, { ...s, from, to: covered.last });
    const items = all.filter((i) => !decided.has(i.key));
    const result = matchStatement(matchLines, items, {
      toleranceDays: settings.tolerance_days,
      lateAfterDays: settings.late_after_days,
      asOf: covered.last,
    });
    // Items before the first statement day were only looked at as candidates.
    const byKey = new Map(items.map((i) => [i.key, i]));
    const outcomes = result.outcomes.filter(
      (o) =>
        o.status !== 'unmatched_item' || (byKey.get(o.itemKey)?.day ?? '') >= (covered.first ?? ''),
    );
    const lines = new Map(matchLines.map((l) => [l.id, l]));
    await insertResults(trx, s, outcomes, (o) => resultRow(s, o, lines, byKey));
    for (const o of outcomes) counts[o.status]++;
    counts.pending_items = result.pendingItems;
    return counts;
  });
}
