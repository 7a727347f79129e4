/**
 * The ledger items a statement of each provider account should show (ADR 019), read from the
 * business rows that link their ledger postings:
 * - payout clearing: every successful CASH OUT transaction (withdrawals, single and bulk transfer
 *   lines, leftover-deposit returns, e-wallet, retail, remittance), money out;
 * - deposit: every successful top-up (manual transfer with its unique code in the amount), money in;
 * - settlement: every completed settlement, money in.
 * Each item's references are what a bank line may carry: the business id and the rail's reference.
 */
import type { Environment } from '@gerbang/shared';
import type { ReconAccount } from '@gerbang/shared/contract/reconciliation';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { MatchItem } from './match';

export interface ItemScope {
  agentId: number;
  environment: Environment;
  account: ReconAccount;
  from: string;
  to: string;
}

export interface LedgerItem extends MatchItem {
  reference: string;
  description: string;
}

async function transactionItems(db: Kysely<Database>, s: ItemScope): Promise<LedgerItem[]> {
  const rows = await db
    .selectFrom('transactions')
    .select([
      'id',
      'id_transaksi',
      'rail_reference',
      'nominal_origin',
      'namabank',
      'kind',
      sql<string>`transaction_date::text`.as('day'),
    ])
    .where('agent_id', '=', s.agentId)
    .where('environment', '=', s.environment)
    .where('status_trx', '=', 'SUCCESS')
    .where('transaction_date', '>=', s.from)
    .where('transaction_date', '<=', s.to)
    .$call((q) =>
      s.account === 'deposit'
        ? q.where('kind', '=', 'TOPUP')
        : q.where('jenis_trx', '=', 'CASH OUT').where('kind', '<>', 'TOPUP'),
    )
    .execute();
  const sign = s.account === 'deposit' ? 1 : -1;
  return rows.map((r) => ({
    key: `trx:${r.id}`,
    day: r.day,
    amount: sign * r.nominal_origin,
    refs: [r.id_transaksi, r.rail_reference ?? ''].filter(Boolean),
    reference: r.id_transaksi,
    description: `${r.kind} ${r.namabank ?? ''}`.trim(),
  }));
}

async function settlementItems(db: Kysely<Database>, s: ItemScope): Promise<LedgerItem[]> {
  const rows = await db
    .selectFrom('settlements')
    .select([
      'id',
      'reference',
      'nominal',
      'id_produk',
      'nama_produk',
      sql<string>`tgltrx::text`.as('trx_day'),
      sql<string>`tglsettle::text`.as('day'),
    ])
    .where('agent_id', '=', s.agentId)
    .where('environment', '=', s.environment)
    .where('status', '=', 'completed')
    .where('tglsettle', '>=', s.from)
    .where('tglsettle', '<=', s.to)
    .execute();
  return rows.map((r) => {
    const reference = `STL-${r.trx_day}-${r.id_produk}`;
    return {
      key: `stl:${r.id}`,
      day: r.day,
      amount: r.nominal,
      refs: [reference, r.reference ?? ''].filter(Boolean),
      reference,
      description: r.nama_produk,
    };
  });
}

export function ledgerItems(db: Kysely<Database>, scope: ItemScope): Promise<LedgerItem[]> {
  return scope.account === 'settlement' ? settlementItems(db, scope) : transactionItems(db, scope);
}
