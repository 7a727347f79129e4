import { wibDate } from '@gerbang/shared';
import type { Insertable } from 'kysely';
import type { Services } from '../../src/http/services';
import type { CallbacksTable } from '../../src/modules/callbacks/tables';
import type { TransactionsTable } from '../../src/modules/transactions/tables';
import type { TransferOrdersTable } from '../../src/modules/transfer/tables';

let sequence = 0;
const nextId = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${(sequence++).toString(36)}`;

export async function agentOf(services: Services, username: string) {
  const row = await services.db
    .selectFrom('agents')
    .innerJoin('users', 'users.agent_id', 'agents.id')
    .select(['agents.id as agentId', 'users.id as userId'])
    .where('users.username', '=', username)
    .executeTakeFirstOrThrow();
  return row;
}

export type TransactionOverrides = Partial<Insertable<TransactionsTable>>;

/** Inserts transactions rows (the lead's table) with sensible defaults and the given overrides. */
export async function insertTransactions(
  services: Services,
  agentId: number,
  rows: TransactionOverrides[],
): Promise<string[]> {
  const now = services.now();
  const values = rows.map((row) => {
    const time = row.time_request ? new Date(row.time_request as Date) : now;
    return {
      id_transaksi: nextId('TRX'),
      agent_id: agentId,
      environment: 'production' as const,
      kind: 'WITHDRAW' as const,
      jenis_produk: 'TRANSFER' as const,
      jenis_trx: 'CASH OUT' as const,
      status_trx: 'SUCCESS' as const,
      time_request: time,
      transaction_date: wibDate(time),
      nominal_origin: 10_000,
      customername: 'Budi',
      nama_produk: 'Transfer Bank',
      ...row,
    };
  });
  const ids: string[] = [];
  for (let i = 0; i < values.length; i += 1_000) {
    const inserted = await services.db
      .insertInto('transactions')
      .values(values.slice(i, i + 1_000))
      .returning('id_transaksi')
      .execute();
    ids.push(...inserted.map((r) => r.id_transaksi));
  }
  return ids;
}

export async function insertTransferOrders(
  services: Services,
  agentId: number,
  rows: Array<Partial<Insertable<TransferOrdersTable>>>,
): Promise<string[]> {
  const now = services.now();
  const values = rows.map((row) => ({
    id: nextId('TO'),
    agent_id: agentId,
    environment: 'production' as const,
    time_created: now,
    created_date: wibDate(now),
    account_name: 'SITI AMINAH',
    account_number: '1234567890',
    kodebank: '014',
    namabank: 'Bank BCA',
    amount: 150_000,
    time_expired: new Date(now.getTime() + 3_600_000),
    ...row,
  }));
  const inserted = await services.db
    .insertInto('transfer_orders')
    .values(values)
    .returning('id')
    .execute();
  return inserted.map((r) => r.id);
}

export async function insertCallbacks(
  services: Services,
  agentId: number,
  rows: Array<Partial<Insertable<CallbacksTable>>>,
): Promise<number[]> {
  const now = services.now();
  const values = rows.map((row) => ({
    agent_id: agentId,
    environment: 'production' as const,
    id_transaksi: nextId('TRX'),
    time_request: now,
    date_created: now,
    created_date: wibDate(now),
    status_sent: 2,
    type_callback: 'payment',
    url_callback: 'https://merchant.example/callback',
    request_raw: '{"status":"SUCCESS"}',
    ...row,
  }));
  const inserted = await services.db
    .insertInto('callbacks')
    .values(values)
    .returning('id_callback')
    .execute();
  return inserted.map((r) => r.id_callback);
}
