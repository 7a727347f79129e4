import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/** NMID (QRIS merchant id) registrations (spec 03 §2.10, §3.1 "merchant registration row"). */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE nmid_requests (
      id bigserial PRIMARY KEY,
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      user_id bigint REFERENCES users(id),
      nama_nmid text NOT NULL,
      nama text NOT NULL,
      tempat_lahir text NOT NULL,
      tgl_lahir date NOT NULL,
      no_ktp text NOT NULL,
      no_npwp text NOT NULL,
      no_hp text NOT NULL,
      jenis_usaha text NOT NULL,
      nama_aplikasi text NOT NULL,
      url_website text,
      email text NOT NULL,
      nama_usaha text NOT NULL,
      alamat_usaha text NOT NULL,
      kabupaten text NOT NULL,
      kode_pos text NOT NULL,
      pendapatan text NOT NULL,
      nmid text,
      images jsonb NOT NULL DEFAULT '{}'::jsonb,
      -- 0 New, 1 Process, 2 Approved, 3 Rejected.
      status integer NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2, 3)),
      created_at timestamptz NOT NULL DEFAULT now(),
      created_date date NOT NULL
    );
    CREATE INDEX nmid_requests_agent_date_idx ON nmid_requests (agent_id, environment, created_date DESC, id DESC);
  `,
  );
}
