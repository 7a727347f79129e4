import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';

/**
 * Export jobs (spec 03 §2.3): the download button of a data page stores the page's query here;
 * a worker claims the job and streams the whole result to CSV and XLSX under EXPORT_DIR.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE export_jobs (
      id bigserial PRIMARY KEY,
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      user_id bigint REFERENCES users(id),
      nama_menu text NOT NULL,
      params jsonb NOT NULL DEFAULT '{}'::jsonb,
      -- 0 New, 1 Queue, 2 On Process, 3 Success, 4 Failed.
      status integer NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2, 3, 4)),
      tanggal_waktu_dibuat timestamptz NOT NULL DEFAULT now(),
      created_date date NOT NULL,
      tanggal_waktu_selesai timestamptz,
      lokasi_file text,
      lokasi_file_xlsx text,
      row_count bigint,
      error text,
      attempts integer NOT NULL DEFAULT 0,
      claimed_at timestamptz
    );
    CREATE INDEX export_jobs_agent_date_idx ON export_jobs (agent_id, environment, created_date DESC, id DESC);
    CREATE INDEX export_jobs_open_idx ON export_jobs (status, id) WHERE status IN (0, 1, 2);
  `,
  );
}
