import type { Environment } from '@gerbang/shared';
import type { StatementLineType } from '@gerbang/shared/contract/statements';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { instantRange } from '../data-pages/query';
import { lineType } from './line-types';

/**
 * What a statement reads from the ledger (docs/data-model.md "The statement"): the entries of the
 * agent's `merchant_available` account that changed it, in the order the ledger chained them
 * (created_at, id), each with the balance before and after it.
 */
export interface StatementScope {
  agentId: number;
  environment: Environment;
  /** WIB days, inclusive. */
  from: string;
  to: string;
}

export interface StatementLine {
  id: number;
  at: Date;
  type: StatementLineType;
  kind: string;
  flags: number;
  reference: string;
  /** Credit positive, debit negative (whole rupiah). */
  amount: number;
  balanceBefore: number;
  balanceAfter: number;
  /** The description's parameters, rendered in the reader's language (statement-text.ts). */
  params: string;
}

export interface StatementTotals {
  accountId: number | null;
  opening: number;
  /** The ledger's balance at the end of the period: the last entry's balance after. */
  closing: number;
  credits: { count: number; sum: number };
  debits: { count: number; sum: number };
}

/** Rows read per query while streaming (bounded memory whatever the period's size). */
export const STATEMENT_BATCH = 2_000;

async function accountOf(db: Kysely<Database>, scope: StatementScope): Promise<number | null> {
  const row = (
    await sql<{ id: string }>`select id from ledger_accounts
      where kind = 'merchant_available' and agent_id = ${scope.agentId}
        and environment = ${scope.environment} and currency = 'IDR' and subkey = ''`.execute(db)
  ).rows[0];
  return row ? Number(row.id) : null;
}

/**
 * The period's totals, read before anything is written: the opening is the balance after the
 * account's last entry before the first WIB instant, the closing the balance after its last entry
 * before the instant after the last day; credits and debits are the sums of the lines between.
 */
export async function statementTotals(
  db: Kysely<Database>,
  scope: StatementScope,
): Promise<StatementTotals> {
  const accountId = await accountOf(db, scope);
  const empty = { count: 0, sum: 0 };
  if (accountId === null) {
    return { accountId, opening: 0, closing: 0, credits: empty, debits: empty };
  }
  const { start, end } = instantRange(scope.from, scope.to);
  const balanceAt = (instant: Date) => sql<string>`coalesce((
      select b.balance_after from ledger_entries b
      where b.account_id = ${accountId} and b.created_at < ${instant.toISOString()}::timestamptz
      order by b.created_at desc, b.id desc limit 1), 0)`;
  const row = (
    await sql<Record<string, string>>`select ${balanceAt(start)} as opening,
      ${balanceAt(end)} as closing,
      count(*) filter (where e.balance_after > e.balance_before) as credit_count,
      coalesce(sum(e.balance_after - e.balance_before)
        filter (where e.balance_after > e.balance_before), 0) as credit_sum,
      count(*) filter (where e.balance_after < e.balance_before) as debit_count,
      coalesce(sum(e.balance_before - e.balance_after)
        filter (where e.balance_after < e.balance_before), 0) as debit_sum
    from ledger_entries e
    where e.account_id = ${accountId} and e.balance_after <> e.balance_before
      and e.created_at >= ${start.toISOString()}::timestamptz
      and e.created_at < ${end.toISOString()}::timestamptz`.execute(db)
  ).rows[0];
  const num = (key: string) => Number(row?.[key] ?? 0);
  return {
    accountId,
    opening: num('opening'),
    closing: num('closing'),
    credits: { count: num('credit_count'), sum: num('credit_sum') },
    debits: { count: num('debit_count'), sum: num('debit_sum') },
  };
}

interface EntryRow {
  id: string;
  at: Date | string;
  cursor: string;
  kind: string;
  flags: number;
  reference: string | null;
  before: string;
  after: string;
  params: string;
}

function lineOf(row: EntryRow): StatementLine {
  const before = Number(row.before);
  const after = Number(row.after);
  return {
    id: Number(row.id),
    at: row.at instanceof Date ? row.at : new Date(row.at),
    type: lineType(row.kind, Number(row.flags)),
    kind: row.kind,
    flags: Number(row.flags),
    reference: row.reference ?? '',
    amount: after - before,
    balanceBefore: before,
    balanceAfter: after,
    params: row.params,
  };
}

/**
 * Reads the period's lines in ledger order, a batch at a time (keyset on created_at, id; the
 * cursor is the timestamp's own text, so no precision is lost through a JavaScript Date).
 */
export async function streamStatementLines(
  db: Kysely<Database>,
  accountId: number,
  scope: StatementScope,
  onBatch: (lines: StatementLine[]) => Promise<void>,
): Promise<void> {
  const { start, end } = instantRange(scope.from, scope.to);
  let cursor: { at: string; id: string } | null = null;
  for (;;) {
    const after: ReturnType<typeof sql> = cursor
      ? sql`and (e.created_at, e.id) > (${cursor.at}::timestamptz, ${cursor.id}::bigint)`
      : sql``;
    const rows = (
      await sql<EntryRow>`select e.id, e.created_at as at, e.created_at::text as cursor,
        lt.kind, lt.flags, lt.reference, e.balance_before as before, e.balance_after as after,
        json_build_object('k', lt.kind, 'f', lt.flags, 'ref', lt.reference, 'd', lt.description,
          'bank', coalesce(t.namabank, t.nama_produk), 'account', t.nopelanggan1,
          'name', t.customername)::text as params
      from ledger_entries e
      join ledger_transfers lt on lt.id = e.transfer_id
      left join transactions t on t.id_transaksi = lt.reference
      where e.account_id = ${accountId} and e.balance_after <> e.balance_before
        and e.created_at >= ${start.toISOString()}::timestamptz
        and e.created_at < ${end.toISOString()}::timestamptz ${after}
      order by e.created_at, e.id
      limit ${STATEMENT_BATCH}`.execute(db)
    ).rows;
    if (rows.length === 0) return;
    await onBatch(rows.map(lineOf));
    const last = rows[rows.length - 1] as EntryRow;
    cursor = { at: last.cursor, id: String(last.id) };
    if (rows.length < STATEMENT_BATCH) return;
  }
}
