import type { Environment } from '@gerbang/shared';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

/** WIB business date, written as `YYYY-MM-DD`; read it with to_char in queries. */
type BusinessDate = ColumnType<Date | string, string, string>;

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
  /** 'topup': money in (manual top-up); 'return': the daily leftover return (migration 0085). */
  kind: Generated<'topup' | 'return'>;
  /** A return's WIB cut-off day (unique per agent and environment); null for a top-up. */
  return_date: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

/** A cut-off day whose leftover return went through every agent (migration 0085). */
export interface DepositReturnRunsTable {
  return_date: BusinessDate;
  finished_at: Timestamp;
  returns: Generated<number>;
  total: Generated<number>;
}

export interface TopupTables {
  deposits: DepositsTable;
  deposit_return_runs: DepositReturnRunsTable;
}
