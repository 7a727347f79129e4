/**
 * A settlement's breakdown (ADR 019): the payments it settled (its holds), each with
 * its gross, fee and net, the advance-fund recoveries the settlement paid back, and the QRIS
 * refunds given back from those payments since. gross − fees must equal what the settlement moved
 * (its nominal); the answer is refused rather than shown if it does not.
 */
import type { Environment } from '@gerbang/shared';
import type { SettlementBreakdown } from '@gerbang/shared/contract/reconciliation';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { notFound } from '../../http/errors';

interface Scope {
  agentId: number;
  environment: Environment;
}

async function payments(db: Kysely<Database>, s: Scope, settlementId: number) {
  const { rows } = await sql<{
    id_transaksi: string;
    gross: string;
    net: string;
    refunded: string;
  }>`
    SELECT h.id_transaksi, h.nominal_origin AS gross, h.hold_amount AS net,
      coalesce((SELECT sum(r.amount) FROM snap_qris_refunds r WHERE r.agent_id = h.agent_id
        AND r.environment = h.environment AND r.id_transaksi = h.id_transaksi), 0) AS refunded
    FROM incoming_holds h
    WHERE h.settlement_id = ${settlementId} AND h.agent_id = ${s.agentId}
      AND h.environment = ${s.environment}
    ORDER BY h.id_hold`.execute(db);
  return rows.map((r) => ({
    id_transaksi: r.id_transaksi,
    gross: Number(r.gross),
    fee: Number(r.gross) - Number(r.net),
    net: Number(r.net),
    refunded: Number(r.refunded),
  }));
}

export async function settlementBreakdown(
  db: Kysely<Database>,
  s: Scope,
  settlementId: number,
): Promise<SettlementBreakdown> {
  const row = await db
    .selectFrom('settlements')
    .select([
      'id',
      'reference',
      'nama_produk',
      'nominal',
      'status',
      sql<string>`tgltrx::text`.as('payment_day'),
      sql<string>`tglsettle::text`.as('settle_day'),
    ])
    .where('id', '=', settlementId)
    .where('agent_id', '=', s.agentId)
    .where('environment', '=', s.environment)
    .executeTakeFirst();
  if (!row) throw notFound('recon.errors.settlement');
  const transactions = await payments(db, s, settlementId);
  const recovered = await db
    .selectFrom('dana_talangan_recoveries')
    .select(sql<string>`coalesce(sum(amount), 0)`.as('n'))
    .where('settlement_id', '=', settlementId)
    .executeTakeFirst();
  const sum = (f: (t: (typeof transactions)[number]) => number) =>
    transactions.reduce((a, t) => a + f(t), 0);
  const gross = sum((t) => t.gross);
  const fees = sum((t) => t.fee);
  const settled = gross - fees;
  // The holds are what the settlement was made of: a difference means the records disagree.
  if (settled !== Number(row.nominal))
    throw new Error(`settlement ${row.id}: gross − fees ${settled} ≠ nominal ${row.nominal}`);
  const advance = Number(recovered?.n ?? 0);
  return {
    settlement: {
      id: Number(row.id),
      reference: row.reference ?? `STL-${row.id}`,
      product: row.nama_produk,
      payment_day: row.payment_day,
      settle_day: row.settle_day,
      status: row.status,
    },
    transactions,
    totals: {
      gross,
      fees,
      settled,
      advance_recoveries: advance,
      net: settled - advance,
      refunds: sum((t) => t.refunded),
    },
  };
}

const csvCell = (v: string | number) => {
  const text = String(v);
  return /[",\n\r]/.test(text) || /^[=+\-@]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/**
 * Rows as CSV (CRLF, RFC 4180 quoting; a cell a spreadsheet would read as a formula is quoted):
 * every breakdown's file, amounts as whole rupiah numbers without separators.
 */
export function csvOf(rows: (string | number)[][]): string {
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** The breakdown as CSV: whole rupiah numbers (no separators), one row per payment, then totals. */
export function breakdownCsv(b: SettlementBreakdown): string {
  return csvOf([
    ['id_transaksi', 'gross', 'fee', 'net', 'refunded'],
    ...b.transactions.map((t) => [t.id_transaksi, t.gross, t.fee, t.net, t.refunded]),
    [],
    ['total_gross', b.totals.gross],
    ['total_fees', b.totals.fees],
    ['settled', b.totals.settled],
    ['advance_recoveries', b.totals.advance_recoveries],
    ['net', b.totals.net],
    ['refunds', b.totals.refunds],
  ]);
}
