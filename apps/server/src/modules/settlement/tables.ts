import type { Environment } from '@gerbang/shared';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

type BusinessDate = ColumnType<Date | string, string, string>;

/** One incoming VA/QRIS payment held until settlement (docs/data-model.md "incoming_holds"). */
export interface IncomingHoldsTable {
  id_hold: Generated<number>;
  agent_id: number;
  environment: Environment;
  id_transaksi: string;
  partner_reff: string | null;
  addinfo1: string | null;
  id_produk: string;
  nama_produk: string;
  nominal_origin: number;
  hold_amount: number;
  date_created: Timestamp;
  created_date: BusinessDate;
  days_settlement: Generated<number>;
  date_settlement: BusinessDate;
  /** 0 waiting, 1 settled (sent), 2 failed, 3 process. */
  is_sent: Generated<number>;
  date_flag: Timestamp | null;
  settlement_id: number | null;
  ledger_transfer_id: string | null;
}

/** A day's holds of one product released to the available balance (docs/data-model.md "settlements"). */
export interface SettlementsTable {
  id: Generated<number>;
  agent_id: number;
  environment: Environment;
  tgltrx: BusinessDate;
  tglsettle: BusinessDate;
  id_produk: string;
  nama_produk: string;
  rekonnum: Generated<number>;
  nominal: Generated<number>;
  status: Generated<'waiting' | 'process' | 'failed' | 'completed'>;
  created_at: Generated<Date>;
  completed_at: Timestamp | null;
  ledger_transfer_id: string | null;
  /** One settlement run's id (migration 0066); null on rows written before it. */
  reference: string | null;
}

export interface SettlementTables {
  incoming_holds: IncomingHoldsTable;
  settlements: SettlementsTable;
}
