import type { Environment } from '@gerbang/shared';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

type BusinessDate = ColumnType<Date | string, string, string>;

/** NMID registrations (docs/data-model.md "nmid_requests"). */
export interface NmidRequestsTable {
  id: Generated<number>;
  agent_id: number;
  environment: Environment;
  user_id: number | null;
  nama_nmid: string;
  nama: string;
  tempat_lahir: string;
  tgl_lahir: BusinessDate;
  no_ktp: string;
  no_npwp: string;
  no_hp: string;
  jenis_usaha: string;
  nama_aplikasi: string;
  url_website: string | null;
  email: string;
  nama_usaha: string;
  alamat_usaha: string;
  kabupaten: string;
  kode_pos: string;
  pendapatan: string;
  nmid: string | null;
  images: ColumnType<Record<string, string>, string | undefined, string>;
  /** 0 New, 1 Process, 2 Approved, 3 Rejected. */
  status: Generated<number>;
  created_at: Generated<Date>;
  created_date: BusinessDate;
  decided_at: Timestamp | null;
  decided_by: string | null;
  reject_reason: string | null;
  /** The static QRIS issued with the NMID on approval (0136). */
  qris_payload: string | null;
}

export interface NmidTables {
  nmid_requests: NmidRequestsTable;
}
