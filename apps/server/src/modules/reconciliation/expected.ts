/**
 * The ledger items a statement of each provider account should show (ADR 019), read from the
 * business rows that link their ledger postings:
 * - payout clearing: every successful CASH OUT transaction (withdrawals, single and bulk transfer
 *   lines, leftover-deposit returns, e-wallet, retail, remittance), money out;
 * - deposit: every successful top-up (manual transfer with its unique code in the amount), money in;
 * - settlement: every completed settlement, money in, and every QRIS refund given back to a payer
 *   from the cash-in side, money out (its refund number and the payment's id are its references).
 * Each item's references are what a bank line may carry: the business id and the rail's reference.
 * One SQL text defines them: the matcher reads it inside the database (run.ts), the simulator bank
 * and the tests read the same rows here.
 */
import type { Environment } from '@gerbang/shared';
import type { ReconAccount } from '@gerbang/shared/contract/reconciliation';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { MatchItem } from './match';
import { itemsOf } from './scope';

export interface ItemScope {
  /** null: every merchant's items (the provider's scope, ADR 023). */
  agentId: number | null;
  environment: Environment;
  account: ReconAccount;
  from: string;
  to: string;
}

export interface LedgerItem extends MatchItem {
  /** The merchant the item belongs to. */
  agentId: number;
  reference: string;
  description: string;
}

/** A refund's WIB day: the statement books it on the day it left. */
const wibDay = (column: string) => sql.raw(`((${column} AT TIME ZONE 'Asia/Jakarta')::date)`);

function transactionItemsSql(s: ItemScope): RawBuilder<unknown> {
  const deposit = s.account === 'deposit';
  const kind = deposit
    ? sql`t.kind = 'TOPUP'`
    : sql`t.jenis_trx = 'CASH OUT' AND t.kind <> 'TOPUP'`;
  return sql`
    SELECT 'trx:' || t.id AS key, t.agent_id, t.transaction_date AS day,
      ${sql.raw(deposit ? '' : '-')}t.nominal_origin::bigint AS amount,
      t.id_transaksi AS ref1, coalesce(t.rail_reference, '') AS ref2,
      t.id_transaksi AS reference, trim(t.kind || ' ' || coalesce(t.namabank, '')) AS description
    FROM transactions t
    WHERE ${itemsOf('t.agent_id', s.agentId)} AND t.environment = ${s.environment}
      AND t.status_trx = 'SUCCESS' AND t.transaction_date >= ${s.from}::date
      AND t.transaction_date <= ${s.to}::date AND ${kind}`;
}

/**
 * A settlement's name: its payment day and product, which are unique per merchant; on the
 * provider's account, where every merchant's settlements arrive, the merchant's id is added.
 */
const settlementReference = (s: ItemScope) =>
  s.agentId === null
    ? sql`'STL-' || st.tgltrx::text || '-' || st.id_produk || '-' || st.agent_id`
    : sql`'STL-' || st.tgltrx::text || '-' || st.id_produk`;

function settlementItemsSql(s: ItemScope): RawBuilder<unknown> {
  return sql`
    SELECT 'stl:' || st.id AS key, st.agent_id, st.tglsettle AS day, st.nominal::bigint AS amount,
      ${settlementReference(s)} AS ref1, coalesce(st.reference, '') AS ref2,
      ${settlementReference(s)} AS reference, st.nama_produk AS description
    FROM settlements st
    WHERE ${itemsOf('st.agent_id', s.agentId)} AND st.environment = ${s.environment}
      AND st.status = 'completed' AND st.tglsettle >= ${s.from}::date
      AND st.tglsettle <= ${s.to}::date
    UNION ALL
    SELECT 'rfd:' || r.id, r.agent_id, ${wibDay('r.created_at')}, -r.amount, r.refund_no, r.id_transaksi,
      r.refund_no, 'REFUND ' || r.id_transaksi
    FROM snap_qris_refunds r
    WHERE ${itemsOf('r.agent_id', s.agentId)} AND r.environment = ${s.environment}
      AND ${wibDay('r.created_at')} >= ${s.from}::date AND ${wibDay('r.created_at')} <= ${s.to}::date`;
}

/** The items as rows (key, agent_id, day, amount, ref1, ref2, reference, description). */
export function ledgerItemsSql(s: ItemScope): RawBuilder<unknown> {
  return s.account === 'settlement' ? settlementItemsSql(s) : transactionItemsSql(s);
}

interface ItemRow {
  key: string;
  agent_id: string | number;
  day: string;
  amount: string | number;
  ref1: string;
  ref2: string;
  reference: string;
  description: string;
}

export async function ledgerItems(db: Kysely<Database>, scope: ItemScope): Promise<LedgerItem[]> {
  const { rows } = await sql<ItemRow>`
    SELECT i.key, i.agent_id, i.day::text AS day, i.amount, i.ref1, i.ref2, i.reference, i.description
    FROM (${ledgerItemsSql(scope)}) AS i ORDER BY i.day, i.key`.execute(db);
  return rows.map((r) => ({
    key: r.key,
    agentId: Number(r.agent_id),
    day: r.day,
    amount: Number(r.amount),
    refs: [r.ref1, r.ref2].filter(Boolean),
    reference: r.reference,
    description: r.description,
  }));
}
