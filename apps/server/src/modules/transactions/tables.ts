import type { Environment } from '@gerbang/shared';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

export interface TransactionsTable {
  id: Generated<number>;
  id_transaksi: string;
  agent_id: number;
  environment: Environment;
  user_id: number | null;
  kind:
    | 'WITHDRAW'
    | 'EWALLET'
    | 'RETAIL'
    | 'TRANSFER'
    | 'VA'
    | 'QRIS'
    | 'TOPUP'
    | 'CREDIT_CARD'
    | 'DEPOSIT_RETURN'
    | 'REMITTANCE';
  jenis_produk: 'TRANSFER' | 'IPG' | 'EMONEY';
  jenis_trx: 'CASH IN' | 'CASH OUT';
  jenis_transaksi: Generated<number>;
  status_trx: 'PROCESS' | 'SUCCESS' | 'FAILED';
  time_request: Timestamp;
  /** WIB date `YYYY-MM-DD`. */
  transaction_date: ColumnType<string, string, string>;
  time_completed: Timestamp | null;
  invoicenumberext: string | null;
  addinfo21: string | null;
  partner_reff_va: string | null;
  nopelanggan1: string | null;
  nopelanggan2: string | null;
  nopelanggan3: string | null;
  id_produk: string | null;
  nama_produk: string | null;
  nama_channel: string | null;
  kodebank: string | null;
  namabank: string | null;
  customername: string | null;
  nominal_origin: number;
  nominal_admin: Generated<number>;
  response_code: string | null;
  responsebiller: string | null;
  keterangan: string | null;
  /** The description's kind (a catalog key) when the server wrote it; null on older rows. */
  keterangan_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** Its parameters by name (JSON text on write). */
  keterangan_params: ColumnType<
    Record<string, string> | null,
    string | null | undefined,
    string | null
  >;
  is_void: string | null;
  token_code: string | null;
  note: string | null;
  rail_reference: string | null;
  ledger_transfer_id: string | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

export interface TransactionTables {
  transactions: TransactionsTable;
}
