import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

/** WIB business date, written as `YYYY-MM-DD`; read it with to_char in queries. */
type BusinessDate = ColumnType<Date | string, string, string>;
type Environment = 'production' | 'sandbox';

/** Top-ups (docs/data-model.md "deposits"). */
export interface DepositsTable {
  id: Generated<number>;
  id_deposit: string;
  agent_id: number;
  environment: Environment;
  user_id: number | null;
  username: string;
  tanggal_transaksi: Timestamp;
  transaction_date: BusinessDate;
  atasnama: string;
  norekening: string;
  kodebank: string;
  namabank: string;
  nominal: number;
  kode_unik: Generated<number>;
  nominal_unik: number;
  /** 0 New, 1 Success, 2 Failed, 3 Expired. */
  status: Generated<number>;
  tanggal_transfer: Timestamp | null;
  expired_at: Timestamp;
  ledger_transfer_id: string | null;
  created_at: Generated<Date>;
}

export interface TopupTables {
  deposits: DepositsTable;
}
