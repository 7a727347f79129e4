/**
 * One matcher run over a scope's account (ADR 019; the scope is a merchant or the provider, ADR
 * 023): under the scope's lock (its settings row, FOR UPDATE: parallel runs and hand decisions of
 * one scope and environment take turns), the automatic
 * results are thrown away and computed again from every line and item that no person has decided
 * (manual matches and write-offs stay and keep their line and item out of the run). Records only:
 * nothing here touches the ledger.
 */
import type { Environment } from '@gerbang/shared';
import type { ReconAccount } from '@gerbang/shared/contract/reconciliation';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { type LedgerItem, ledgerItemsSql } from './expected';
import { type MatchLine, type MatchOutcome, matchRest } from './match';
import { ownedBy, type ReconScope } from './scope';

export interface RunScope extends ReconScope {
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

/**
 * Takes the scope's lock and answers its settings (created with the defaults on first use): a
 * merchant's `recon_settings` row, or the provider's `recon_provider_settings` row.
 */
export async function lockScope(
  trx: Kysely<Database>,
  agentId: number | null,
  environment: Environment,
): Promise<{ tolerance_days: number; late_after_days: number }> {
  if (agentId === null) {
    await trx
      .insertInto('recon_provider_settings')
      .values({ environment })
      .onConflict((oc) => oc.column('environment').doNothing())
      .execute();
    return trx
      .selectFrom('recon_provider_settings')
      .select(['tolerance_days', 'late_after_days'])
      .where('environment', '=', environment)
      .forUpdate()
      .executeTakeFirstOrThrow();
  }
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

/**
 * Id-like words of a description (our ids are 12+ letters and digits): runs of letters, digits
 * and '-' without their leading '-', 8 characters or more.
 */
const WORD_SPLIT = '[^A-Za-z0-9-]+';

/**
 * The run's undecided items and open lines in tables of the transaction (dropped at its end,
 * analysed so the planner joins them by hash), so rule 1 joins them inside the database instead
 * of 100,000 items and lines crossing into the process.
 */
async function stage(trx: Kysely<Database>, s: RunScope, from: string, to: string) {
  await sql`SET LOCAL work_mem = '64MB'`.execute(trx);
  await sql`
    CREATE TEMP TABLE recon_run_items ON COMMIT DROP AS
    SELECT i.key, i.agent_id, i.day, i.amount, upper(btrim(i.ref1)) AS ref1, upper(btrim(i.ref2)) AS ref2,
      i.reference
    FROM (${ledgerItemsSql({ ...s, from, to })}) AS i
    WHERE NOT EXISTS (SELECT 1 FROM recon_results r WHERE ${ownedBy('r.agent_id', s.agentId)}
      AND r.environment = ${s.environment} AND r.item_key = i.key)`.execute(trx);
  await sql`
    CREATE TEMP TABLE recon_run_lines ON COMMIT DROP AS
    SELECT l.id, l.booked_on, l.amount, l.reference, l.bank_reference, l.description
    FROM recon_lines l
    WHERE ${ownedBy('l.agent_id', s.agentId)} AND l.environment = ${s.environment}
      AND l.account = ${s.account}
      AND NOT EXISTS (SELECT 1 FROM recon_results r WHERE r.line_id = l.id)`.execute(trx);
  await sql`ANALYZE recon_run_items`.execute(trx);
  await sql`ANALYZE recon_run_lines`.execute(trx);
}

/**
 * Rule 1 (match.ts `byReference`) as one statement: each open line's first reference (its
 * reference, the bank's id, then the id-like words of its text, in that order) that names exactly
 * one item of its direction; the first line by day and id takes the item, later ones are
 * duplicates. Equal amounts → matched, else amount_mismatch with the drift.
 */
async function matchByReference(trx: Kysely<Database>, s: RunScope) {
  await sql`
    WITH item_refs AS (
      SELECT v.ref, min(i.key) AS key, min(i.amount) AS amount, min(i.reference) AS reference,
        min(i.agent_id) AS agent_id
      FROM recon_run_items i CROSS JOIN LATERAL (VALUES (i.ref1), (i.ref2)) AS v(ref)
      WHERE v.ref <> '' GROUP BY v.ref HAVING min(i.key) = max(i.key)),
    line_refs AS (
      SELECT l.id, l.booked_on, l.amount, 1 AS ord, upper(btrim(l.reference)) AS ref
        FROM recon_run_lines l
      UNION ALL SELECT l.id, l.booked_on, l.amount, 2, upper(btrim(l.bank_reference))
        FROM recon_run_lines l
      UNION ALL SELECT l.id, l.booked_on, l.amount, 2 + w.n, upper(ltrim(w.word, '-'))
        FROM recon_run_lines l
        CROSS JOIN LATERAL regexp_split_to_table(l.description, ${WORD_SPLIT})
          WITH ORDINALITY AS w(word, n)
        WHERE length(ltrim(w.word, '-')) >= 8),
    hits AS (
      SELECT DISTINCT ON (lr.id) lr.id AS line_id, lr.booked_on, lr.amount AS line_amount,
        ir.key, ir.amount AS item_amount, ir.reference, ir.agent_id AS item_agent_id
      FROM line_refs lr JOIN item_refs ir ON ir.ref = lr.ref
      WHERE sign(ir.amount) = sign(lr.amount)
      ORDER BY lr.id, lr.ord),
    ranked AS (
      SELECT h.*, row_number() OVER (PARTITION BY h.key ORDER BY h.booked_on, h.line_id) AS n
      FROM hits h)
    INSERT INTO recon_results (agent_id, environment, account, created_at, day, status, method,
      line_id, line_amount, item_key, item_reference, item_amount, drift, note, item_agent_id)
    SELECT ${s.agentId}::bigint, ${s.environment}, ${s.account}, ${s.now}, r.booked_on,
      CASE WHEN r.n > 1 THEN 'unmatched_line' WHEN r.line_amount = r.item_amount THEN 'matched'
        ELSE 'amount_mismatch' END,
      CASE WHEN r.n > 1 THEN NULL ELSE 'reference' END, r.line_id, r.line_amount,
      CASE WHEN r.n > 1 THEN NULL ELSE r.key END, CASE WHEN r.n > 1 THEN NULL ELSE r.reference END,
      CASE WHEN r.n > 1 THEN NULL ELSE r.item_amount END,
      CASE WHEN r.n > 1 THEN r.line_amount ELSE r.line_amount - r.item_amount END,
      CASE WHEN r.n > 1 THEN 'duplicate' END, CASE WHEN r.n > 1 THEN NULL ELSE r.item_agent_id END
    FROM ranked r`.execute(trx);
}

/** What rule 1 left: open lines (with the references rule 2 only checks for) and untaken items. */
async function leftovers(trx: Kysely<Database>, s: RunScope) {
  const lines = await sql<{ id: number; day: string; amount: string | number; refs: string[] }>`
    SELECT l.id, l.booked_on::text AS day, l.amount,
      ARRAY[l.reference, l.bank_reference,
        coalesce(substring(l.description from '[A-Za-z0-9][A-Za-z0-9-]{7,}'), '')] AS refs
    FROM recon_run_lines l
    WHERE NOT EXISTS (SELECT 1 FROM recon_results r WHERE r.line_id = l.id)`.execute(trx);
  const items = await sql<{
    key: string;
    agent_id: string | number;
    day: string;
    amount: string | number;
    reference: string;
  }>`
    SELECT i.key, i.agent_id, i.day::text AS day, i.amount, i.reference FROM recon_run_items i
    WHERE NOT EXISTS (SELECT 1 FROM recon_results r WHERE ${ownedBy('r.agent_id', s.agentId)}
      AND r.environment = ${s.environment} AND r.item_key = i.key)
    ORDER BY i.day, i.key`.execute(trx);
  return {
    lines: lines.rows.map((l) => ({ ...l, id: Number(l.id), amount: Number(l.amount) })),
    items: items.rows.map((i) => ({
      ...i,
      agentId: Number(i.agent_id),
      amount: Number(i.amount),
      refs: [],
      description: '',
    })) as LedgerItem[],
  };
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
    item_agent_id: item?.agentId ?? null,
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
    .where(ownedBy('agent_id', s.agentId))
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
  for (let start = 0; start < outcomes.length; start += INSERT_CHUNK) {
    const c = outcomes.slice(start, start + INSERT_CHUNK).map(toRow);
    await sql`
      INSERT INTO recon_results (agent_id, environment, account, created_at, day, status, method,
        line_id, line_amount, item_key, item_reference, item_amount, drift, note, item_agent_id)
      SELECT ${s.agentId}::bigint, ${s.environment}, ${s.account}, ${s.now}, u.*
        FROM unnest(${c.map((r) => r.day)}::date[], ${c.map((r) => r.status)}::text[],
          ${c.map((r) => r.method)}::text[], ${c.map((r) => r.line_id)}::bigint[],
          ${c.map((r) => r.line_amount)}::bigint[], ${c.map((r) => r.item_key)}::text[],
          ${c.map((r) => r.item_reference)}::text[], ${c.map((r) => r.item_amount)}::bigint[],
          ${c.map((r) => r.drift)}::bigint[], ${c.map((r) => r.note)}::text[],
          ${c.map((r) => r.item_agent_id)}::bigint[]) AS u`.execute(trx);
  }
}

/** The automatic results of the scope (what a run throws away and makes again). */
function automatic(trx: Kysely<Database>, s: RunScope) {
  return trx
    .selectFrom('recon_results')
    .where(ownedBy('agent_id', s.agentId))
    .where('environment', '=', s.environment)
    .where('account', '=', s.account)
    .where((eb) => eb.or([eb('method', 'is', null), eb('method', '<>', 'manual')]))
    .where('status', '<>', 'written_off');
}

async function countsOf(trx: Kysely<Database>, s: RunScope, pending: number): Promise<RunCounts> {
  const rows = await automatic(trx, s)
    .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('status')
    .execute();
  const counts: RunCounts = {
    matched: 0,
    amount_mismatch: 0,
    unmatched_line: 0,
    unmatched_item: 0,
    pending_items: pending,
  };
  for (const r of rows) if (r.status !== 'written_off') counts[r.status] = Number(r.n);
  return counts;
}

/**
 * Matches the scope's undecided lines and items again; answers the counts. Rule 1 runs in the
 * database; rules 2 and 3 in the process over what it left (match.ts `matchRest`).
 */
export async function runMatcher(db: Kysely<Database>, s: RunScope): Promise<RunCounts> {
  return db.transaction().execute(async (trx) => {
    const settings = await lockScope(trx, s.agentId, s.environment);
    const covered = await coverage(trx, s);
    if (!covered?.first || !covered.last) return countsOf(trx, s, 0);
    await trx
      .deleteFrom('recon_results')
      .where('id', 'in', automatic(trx, s).select('id'))
      .execute();
    await stage(trx, s, shiftDay(covered.first, -settings.tolerance_days), covered.last);
    await matchByReference(trx, s);
    const rest = await leftovers(trx, s);
    const result = matchRest(rest.lines, rest.items, {
      toleranceDays: settings.tolerance_days,
      lateAfterDays: settings.late_after_days,
      asOf: covered.last,
    });
    // Items before the first statement day were only looked at as candidates.
    const byKey = new Map(rest.items.map((i) => [i.key, i]));
    const outcomes = result.outcomes.filter(
      (o) =>
        o.status !== 'unmatched_item' || (byKey.get(o.itemKey)?.day ?? '') >= (covered.first ?? ''),
    );
    const lines = new Map(rest.lines.map((l) => [l.id, l]));
    await insertResults(trx, s, outcomes, (o) => resultRow(s, o, lines, byKey));
    return countsOf(trx, s, result.pendingItems);
  });
}
