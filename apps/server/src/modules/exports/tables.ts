import type { Environment } from '@gerbang/shared';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

type BusinessDate = ColumnType<Date | string, string, string>;

/** Export jobs (docs/data-model.md "export_jobs"). */
export interface ExportJobsTable {
  id: Generated<number>;
  agent_id: number;
  environment: Environment;
  user_id: number | null;
  nama_menu: string;
  params: ColumnType<Record<string, unknown>, string, string>;
  /** 0 New, 1 Queue, 2 On Process, 3 Success, 4 Failed. */
  status: Generated<number>;
  tanggal_waktu_dibuat: Timestamp;
  created_date: BusinessDate;
  tanggal_waktu_selesai: Timestamp | null;
  lokasi_file: string | null;
  lokasi_file_xlsx: string | null;
  row_count: number | null;
  error: string | null;
  attempts: Generated<number>;
  claimed_at: Timestamp | null;
}

export interface ExportTables {
  export_jobs: ExportJobsTable;
}
