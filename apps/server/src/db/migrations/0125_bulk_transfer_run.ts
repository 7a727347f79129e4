import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';
import { syncModules } from './0002_permissions';

/**
 * Bulk transfer from the page: a group's state (maker–checker and the run), its fee
 * total and checker; each row's place, fee, note, its payout's transaction and its refund; the
 * Check's password tokens; the agent's approver rule. Groups seeded before this are history: DONE.
 * The permission catalogue gains APPROVE on disbursement (the checker's action).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    ALTER TABLE disbursement_groups
      ADD COLUMN status text NOT NULL DEFAULT 'DONE'
        CHECK (status IN ('WAITING_APPROVAL', 'REJECTED', 'RUNNING', 'DONE')),
      ADD COLUMN total_fee bigint NOT NULL DEFAULT 0,
      ADD COLUMN decided_by bigint REFERENCES users(id),
      ADD COLUMN decided_at timestamptz,
      ADD COLUMN held_at timestamptz,
      ADD COLUMN completed_at timestamptz;
    CREATE INDEX disbursement_groups_status_idx ON disbursement_groups (agent_id, environment, status, id)
      WHERE status IN ('WAITING_APPROVAL', 'RUNNING');

    ALTER TABLE disbursement_details
      ADD COLUMN row_no integer,
      ADD COLUMN admin_fee bigint NOT NULL DEFAULT 0,
      ADD COLUMN note text NOT NULL DEFAULT '',
      ADD COLUMN transaction_id bigint,
      ADD COLUMN refunded_at timestamptz;
    CREATE UNIQUE INDEX disbursement_details_row_uidx ON disbursement_details (group_id, row_no)
      WHERE row_no IS NOT NULL;
    CREATE UNIQUE INDEX disbursement_details_trx_uidx ON disbursement_details (id_transaksi)
      WHERE row_no IS NOT NULL;
    CREATE INDEX disbursement_details_queue_idx ON disbursement_details (group_id, id)
      WHERE status = -1;
    CREATE INDEX disbursement_details_refund_idx ON disbursement_details (group_id, id)
      WHERE status = 2 AND refunded_at IS NULL AND row_no IS NOT NULL;

    CREATE TABLE bulk_checksums (
      uuid_user text PRIMARY KEY,
      checksum text NOT NULL,
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      user_id bigint NOT NULL REFERENCES users(id),
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );

    CREATE TABLE bulk_approval_rules (
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      enabled boolean NOT NULL,
      updated_by bigint REFERENCES users(id),
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (agent_id, environment)
    );
  `,
  );
  await syncModules(db);
}
