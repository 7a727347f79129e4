import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * The my-data tab of spec 01 §2 and §3: business data and personal data of an agent (at most one
 * of each; an agent with business data is shown as Bisnis). Sub-accounts are removed by
 * tombstoning their user row (`deleted_at`), so what they did stays attributable.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE business_profiles (
      agent_id bigint PRIMARY KEY REFERENCES agents(id),
      nama_perusahaan text NOT NULL,
      alamat_perusahaan text,
      telp_perusahaan text,
      email_perusahaan text,
      npwp_perusahaan text,
      website_produk text,
      nama_pemilik text,
      no_ktp_pemilik text,
      npwp_pemilik text,
      nama_cp text,
      jabatan_cp text,
      no_telp_cp text,
      email_cp text,
      nama_bank text,
      cabang_bank text,
      nama_rek_bank text,
      no_rek_bank text,
      -- 0 draft, 1 submitted (waiting for activation), 2 active, 3 rejected.
      status integer NOT NULL DEFAULT 1 CHECK (status BETWEEN 0 AND 3),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE personal_profiles (
      agent_id bigint PRIMARY KEY REFERENCES agents(id),
      nama_customer text NOT NULL,
      email text NOT NULL,
      no_hp text,
      tgl_lahir date,
      alamat_lengkap text,
      -- Per-transaction limit in rupiah.
      max_limit bigint NOT NULL DEFAULT 0 CHECK (max_limit >= 0),
      -- Member-get-member code of whoever referred this customer.
      mgm_ref_code text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    ALTER TABLE users ADD COLUMN deleted_at timestamptz;
    CREATE INDEX users_agent_idx ON users (agent_id) WHERE deleted_at IS NULL;
  `,
  );
}
