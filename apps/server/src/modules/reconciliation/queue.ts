/**
 * The exceptions queue: results listed and summed per day, and a person's decisions —
 * pair an unmatched line with an unmatched item, undo a match, write an exception off — each under
 * the scope's lock, with a note and an audit row in the same transaction. Records only: a write-off
 * says "we accept this difference", it never posts (a correction is a separate ledger operation).
 */
import type { ReconResult } from '@gerbang/shared/contract/reconciliation';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { notFound, refused } from '../../http/errors';
import { type AuditEntry, writeAudit } from '../../platform/audit/audit';
import { lockScope } from './run';
import { ownedBy, type ReconScope } from './scope';
import type { ReconResultsTable } from './tables';

/** Who decides: a merchant's user, or a provider staff member (userId null, ADR 023). */
export interface Decider extends ReconScope {
  userId: number | null;
  now: Date;
  /** The audit row of the decision, less its action and detail. */
  audit: Omit<AuditEntry, 'action' | 'detail' | 'target'>;
  /** The console's audit names (`console_recon_match`…) and the staff id in the detail. */
  auditAs?: { prefix: string; detail: Record<string, unknown> };
}

const PAGE_SIZE = 100;
const OPEN = ['amount_mismatch', 'unmatched_line', 'unmatched_item'] as const;

export interface ResultFilter {
  account?: ReconResult['account'];
  status?: ReconResult['status'] | 'open';
  from?: string;
  to?: string;
  page?: number;
}

export async function listResults(
  db: Kysely<Database>,
  scope: ReconScope,
  f: ResultFilter,
): Promise<{ rows: ReconResult[]; total: number }> {
  const base = db
    .selectFrom('recon_results as r')
    .leftJoin('recon_lines as l', 'l.id', 'r.line_id')
    .leftJoin('agents as a', 'a.id', 'r.item_agent_id')
    .where(ownedBy('r.agent_id', scope.agentId))
    .where('r.environment', '=', scope.environment)
    .$if(f.account !== undefined, (q) => q.where('r.account', '=', f.account ?? 'payout'))
    .$if(f.status === 'open', (q) => q.where('r.status', 'in', OPEN))
    .$if(f.status !== undefined && f.status !== 'open', (q) =>
      q.where('r.status', '=', (f.status ?? 'matched') as ReconResult['status']),
    )
    .$if(f.from !== undefined, (q) => q.where('r.day', '>=', f.from ?? ''))
    .$if(f.to !== undefined, (q) => q.where('r.day', '<=', f.to ?? ''));
  const total = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst();
  const rows = await base
    .select([
      'r.id',
      'r.account',
      'r.status',
      'r.method',
      'r.line_id',
      'r.line_amount',
      'r.item_key',
      'r.item_reference',
      'r.item_amount',
      'r.drift',
      'r.note',
      'r.item_agent_id',
      'a.nama_agen as merchant',
      'l.file_line',
      'l.reference as line_reference',
    ])
    .select(sql<string>`r.day::text`.as('day'))
    .orderBy('r.day', 'desc')
    .orderBy('r.id', 'desc')
    .limit(PAGE_SIZE)
    .offset(((f.page ?? 1) - 1) * PAGE_SIZE)
    .execute();
  return {
    total: total?.n ?? 0,
    rows: rows.map((r) => ({
      ...r,
      file_line: r.file_line ?? null,
      line_reference: r.line_reference ?? null,
      item_agent_id: r.item_agent_id === null ? null : Number(r.item_agent_id),
      merchant: r.merchant ?? null,
    })),
  };
}

async function resultFor(
  trx: Kysely<Database>,
  d: Decider,
  id: number,
): Promise<Selectable<ReconResultsTable>> {
  const row = await trx
    .selectFrom('recon_results')
    .selectAll()
    .select(sql<string>`day::text`.as('day'))
    .where('id', '=', id)
    .where(ownedBy('agent_id', d.agentId))
    .where('environment', '=', d.environment)
    .executeTakeFirst();
  if (!row) throw notFound('recon.errors.noResult');
  return row;
}

async function audit(
  trx: Kysely<Database>,
  d: Decider,
  action: string,
  target: string,
  detail: Record<string, unknown>,
) {
  await writeAudit(trx, {
    ...d.audit,
    action: `${d.auditAs?.prefix ?? ''}${action}`,
    target,
    detail: { ...d.auditAs?.detail, ...detail },
  });
}

/** Pairs an unmatched line with an unmatched item: one manual result replaces the two. */
export async function matchByHand(
  db: Kysely<Database>,
  d: Decider,
  input: { lineResultId: number; itemResultId: number; note: string },
): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    await lockScope(trx, d.agentId, d.environment);
    const line = await resultFor(trx, d, input.lineResultId);
    const item = await resultFor(trx, d, input.itemResultId);
    if (
      line.status !== 'unmatched_line' ||
      item.status !== 'unmatched_item' ||
      line.account !== item.account
    )
      throw refused('recon.errors.notPairable');
    await trx.deleteFrom('recon_results').where('id', 'in', [line.id, item.id]).execute();
    const drift = (line.line_amount ?? 0) - (item.item_amount ?? 0);
    const created = await trx
      .insertInto('recon_results')
      .values({
        agent_id: d.agentId,
        environment: d.environment,
        account: line.account,
        day: line.day,
        status: drift === 0 ? 'matched' : 'amount_mismatch',
        method: 'manual',
        line_id: line.line_id,
        line_amount: line.line_amount,
        item_key: item.item_key,
        item_reference: item.item_reference,
        item_amount: item.item_amount,
        item_agent_id: item.item_agent_id,
        drift,
        note: input.note,
        decided_by: d.userId,
        decided_at: d.now,
        created_at: d.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(trx, d, 'recon_match', `recon_result:${created.id}`, {
      line_id: line.line_id,
      item_key: item.item_key,
      drift,
      note: input.note,
    });
    return [created.id];
  });
}

/** Splits a match (automatic or by hand) into its unmatched line and unmatched item again. */
export async function unmatch(
  db: Kysely<Database>,
  d: Decider,
  input: { resultId: number; note: string },
): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    await lockScope(trx, d.agentId, d.environment);
    const r = await resultFor(trx, d, input.resultId);
    if ((r.status !== 'matched' && r.status !== 'amount_mismatch') || !r.line_id || !r.item_key)
      throw refused('recon.errors.notMatched');
    await trx.deleteFrom('recon_results').where('id', '=', r.id).execute();
    const common = {
      agent_id: d.agentId,
      environment: d.environment,
      account: r.account,
      day: r.day,
      method: 'manual' as const,
      note: input.note,
      decided_by: d.userId,
      decided_at: d.now,
      created_at: d.now,
    };
    const rows = await trx
      .insertInto('recon_results')
      .values([
        {
          ...common,
          status: 'unmatched_line',
          line_id: r.line_id,
          line_amount: r.line_amount,
          drift: r.line_amount ?? 0,
        },
        {
          ...common,
          status: 'unmatched_item',
          item_key: r.item_key,
          item_reference: r.item_reference,
          item_amount: r.item_amount,
          item_agent_id: r.item_agent_id,
          drift: -(r.item_amount ?? 0),
        },
      ])
      .returning('id')
      .execute();
    const ids = rows.map((x) => x.id);
    await audit(trx, d, 'recon_unmatch', `recon_result:${r.id}`, {
      new_results: ids,
      note: input.note,
    });
    return ids;
  });
}

/** Accepts an open exception as it is: written_off, with who, when and why. */
export async function writeOff(
  db: Kysely<Database>,
  d: Decider,
  input: { resultId: number; note: string },
): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    await lockScope(trx, d.agentId, d.environment);
    const r = await resultFor(trx, d, input.resultId);
    if (!(OPEN as readonly string[]).includes(r.status)) throw refused('recon.errors.notOpen');
    await trx
      .updateTable('recon_results')
      .set({ status: 'written_off', note: input.note, decided_by: d.userId, decided_at: d.now })
      .where('id', '=', r.id)
      .execute();
    await audit(trx, d, 'recon_write_off', `recon_result:${r.id}`, {
      was: r.status,
      drift: r.drift,
      note: input.note,
    });
    return [r.id];
  });
}

/** Per day: statement lines, matched, open exceptions, written off, match rate and open drift. */
export async function summary(
  db: Kysely<Database>,
  scope: ReconScope,
  f: { account?: ReconResult['account']; from: string; to: string },
) {
  const rows = await db
    .selectFrom('recon_results')
    .select([
      sql<string>`day::text`.as('day'),
      sql<number>`count(line_id)::int`.as('lines'),
      sql<number>`count(*) filter (where status = 'matched')::int`.as('matched'),
      sql<number>`count(*) filter (where status in ('amount_mismatch','unmatched_line','unmatched_item'))::int`.as(
        'exceptions',
      ),
      sql<number>`count(*) filter (where status = 'written_off')::int`.as('written_off'),
      sql<number>`count(*) filter (where line_id is null)::int`.as('items_only'),
      sql<number>`coalesce(sum(drift) filter (where status in ('amount_mismatch','unmatched_line','unmatched_item')), 0)::bigint`.as(
        'drift',
      ),
    ])
    .where(ownedBy('agent_id', scope.agentId))
    .where('environment', '=', scope.environment)
    .$if(f.account !== undefined, (q) => q.where('account', '=', f.account ?? 'payout'))
    .where('day', '>=', f.from)
    .where('day', '<=', f.to)
    .groupBy('day')
    .orderBy('day')
    .execute();
  return rows.map((r) => {
    const base = r.lines + r.items_only;
    return {
      day: r.day,
      lines: r.lines,
      matched: r.matched,
      exceptions: r.exceptions,
      written_off: r.written_off,
      match_rate: base === 0 ? 1 : Math.round((r.matched / base) * 10_000) / 10_000,
      drift: Number(r.drift),
    };
  });
}
