import { randomUUID } from 'node:crypto';
import { wibDate } from '@gerbang/shared';
import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { TransactionsTable } from '../../src/modules/transactions/tables';
import type { TestApp } from '../helpers/test-app';

/** Test rows for the dashboard and report summaries, and the expected figures computed from them. */
export type Tx = Pick<
  Insertable<TransactionsTable>,
  'agent_id' | 'environment' | 'jenis_produk' | 'status_trx' | 'transaction_date' | 'nominal_origin'
> & { nama_produk?: string };

export async function agentId(t: TestApp, username: string): Promise<number> {
  const row = await t.services.db
    .selectFrom('agents')
    .select('id')
    .where(sql<string>`lower(username)`, '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function userId(t: TestApp, username: string): Promise<number> {
  const row = await t.services.db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(username)`, '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertTransactions(t: TestApp, rows: readonly Tx[]): Promise<void> {
  if (rows.length === 0) return;
  await t.services.db
    .insertInto('transactions')
    .values(
      rows.map((r) => ({
        ...r,
        id_transaksi: `T${randomUUID().replace(/-/g, '').slice(0, 20)}`,
        kind:
          r.jenis_produk === 'IPG' ? 'VA' : r.jenis_produk === 'EMONEY' ? 'EWALLET' : 'TRANSFER',
        jenis_trx: r.jenis_produk === 'IPG' ? 'CASH IN' : 'CASH OUT',
        nama_produk: r.nama_produk ?? `Produk ${r.jenis_produk}`,
        nominal_admin: 2500,
        time_request: new Date(`${r.transaction_date}T05:00:00Z`),
      })),
    )
    .execute();
}

export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

export const todayWib = (t: TestApp) => wibDate(t.clock.now);

export const sum = (rows: readonly Tx[]) => rows.reduce((s, r) => s + Number(r.nominal_origin), 0);
