import type { Environment } from '@gerbang/shared';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

type BusinessDate = ColumnType<Date | string, string, string>;

/** The aggregator's share of one member transaction (docs/data-model.md "aggregator_fees"). */
export interface AggregatorFeesTable {
  id: Generated<number>;
  /** The aggregator. */
  agent_id: number;
  member_agent_id: number;
  environment: Environment;
  id_transaksi: string;
  fee_type: 'VA' | 'TRF';
  fee_date: BusinessDate;
  nominal: number;
  fee: number;
  ledger_transfer_id: string | null;
  created_at: Generated<Date>;
}

/** Agent-row fields of an aggregator's member (docs/data-model.md "merchant_members"). */
export interface MerchantMembersTable {
  agent_id: number;
  aggregator_agent_id: number;
  /** 0 not active, 1 active, 2 failed login. */
  status: Generated<number>;
  is_blocked: Generated<boolean>;
  minimum_balance: Generated<number>;
  id_refferer: string | null;
  nickname: string | null;
  nama_initial: string | null;
  telp_pemilik: string | null;
  nama_propinsi: string | null;
  nama_kota: string | null;
  namakomisi: string | null;
  tanggal_aktivasi: Timestamp | null;
  tanggal_registrasi: Timestamp;
}

export interface AggregatorTables {
  aggregator_fees: AggregatorFeesTable;
  merchant_members: MerchantMembersTable;
}
