import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Business data of an agent (spec 01 §3); its presence makes the account type Bisnis. */
export interface BusinessProfilesTable {
  agent_id: number;
  nama_perusahaan: string;
  alamat_perusahaan: string | null;
  telp_perusahaan: string | null;
  email_perusahaan: string | null;
  npwp_perusahaan: string | null;
  website_produk: string | null;
  nama_pemilik: string | null;
  no_ktp_pemilik: string | null;
  npwp_pemilik: string | null;
  nama_cp: string | null;
  jabatan_cp: string | null;
  no_telp_cp: string | null;
  email_cp: string | null;
  nama_bank: string | null;
  cabang_bank: string | null;
  nama_rek_bank: string | null;
  no_rek_bank: string | null;
  status: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Personal data of an agent (spec 01 §3). */
export interface PersonalProfilesTable {
  agent_id: number;
  nama_customer: string;
  email: string;
  no_hp: string | null;
  /** Calendar date; written as `YYYY-MM-DD`, read through `to_char`. */
  tgl_lahir: ColumnType<string | null, string | null | undefined, string | null>;
  alamat_lengkap: string | null;
  max_limit: Generated<number>;
  mgm_ref_code: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AccountTables {
  business_profiles: BusinessProfilesTable;
  personal_profiles: PersonalProfilesTable;
}
