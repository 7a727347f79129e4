import type { Kysely } from 'kysely';
import { execScript } from '../exec-script';
import { syncModules } from './0002_permissions';

/**
 * Approval policies (ADR 012, modules/approvals):
 * - `approval_policies`: one policy per agent and environment (JSON rules by kind and tier).
 * - `approval_requests`: one per payout or bulk group waiting for approval, keyed by its subject,
 *   with the policy in force stored (a later edit does not change it); `layers_done` counts the
 *   distinct approvers and never passes `layers_needed`.
 * - `approval_decisions`: who approved or rejected, once per person and request (six-eyes: two
 *   different people).
 * - `rail_submissions.state` gains APPROVAL: held, written, not sent; no worker claims it.
 * - The bulk page's on/off maker-checker switch (`bulk_approval_rules`) becomes the policy's bulk
 *   rule "any amount: one approver"; groups still waiting become approval requests (their money is
 *   held at approval, as before: `disbursement_groups.held_at` says which).
 * - Modules: APPROVE on single_disbursement and international, `approval_policy` READ/UPDATE.
 *   Existing sub-users are denied the new rights (main users grant them in the permission editor),
 *   so nobody gains the right to release money by the upgrade.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await execScript(
    db,
    `
    CREATE TABLE approval_policies (
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      rules jsonb NOT NULL,
      updated_by bigint REFERENCES users(id),
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (agent_id, environment)
    );

    CREATE TABLE approval_requests (
      id bigserial PRIMARY KEY,
      agent_id bigint NOT NULL REFERENCES agents(id),
      environment text NOT NULL CHECK (environment IN ('production', 'sandbox')),
      kind text NOT NULL CHECK (kind IN ('withdraw', 'bulk', 'remittance', 'api')),
      subject text NOT NULL CHECK (subject IN ('payout', 'bulk_group')),
      subject_id bigint NOT NULL,
      reference text NOT NULL,
      amount bigint NOT NULL CHECK (amount > 0),
      fee bigint NOT NULL DEFAULT 0,
      destination text NOT NULL DEFAULT '',
      maker_user_id bigint REFERENCES users(id),
      policy jsonb NOT NULL,
      layers_needed integer NOT NULL CHECK (layers_needed BETWEEN 1 AND 2),
      layers_done integer NOT NULL DEFAULT 0,
      status text NOT NULL DEFAULT 'WAITING'
        CHECK (status IN ('WAITING', 'APPROVED', 'REJECTED', 'EXPIRED')),
      reason text,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      decided_at timestamptz,
      notified_at timestamptz,
      CHECK (layers_done BETWEEN 0 AND layers_needed),
      CHECK ((status = 'APPROVED') = (layers_done = layers_needed)),
      UNIQUE (subject, subject_id)
    );
    CREATE INDEX approval_requests_waiting_idx
      ON approval_requests (agent_id, environment, created_at) WHERE status = 'WAITING';
    CREATE INDEX approval_requests_notify_idx
      ON approval_requests (created_at) WHERE notified_at IS NULL;
    CREATE INDEX approval_requests_expiry_idx
      ON approval_requests (expires_at) WHERE status = 'WAITING';

    CREATE TABLE approval_decisions (
      request_id bigint NOT NULL REFERENCES approval_requests(id),
      user_id bigint NOT NULL REFERENCES users(id),
      decision text NOT NULL CHECK (decision IN ('approve', 'reject')),
      reason text,
      at timestamptz NOT NULL,
      PRIMARY KEY (request_id, user_id)
    );

    ALTER TABLE rail_submissions DROP CONSTRAINT rail_submissions_state_check;
    ALTER TABLE rail_submissions ADD CONSTRAINT rail_submissions_state_check
      CHECK (state IN ('APPROVAL', 'SEND', 'CHECK', 'POLL', 'DONE', 'REVIEW'));

    INSERT INTO approval_policies (agent_id, environment, rules, updated_by, updated_at)
    SELECT agent_id, environment,
           '{"expiry_hours":24,"applies_to_api":false,"tiers":{"withdraw":[],"bulk":[{"up_to":null,"approvers":1}],"remittance":[]}}'::jsonb,
           updated_by, updated_at
      FROM bulk_approval_rules WHERE enabled;

    INSERT INTO approval_requests (agent_id, environment, kind, subject, subject_id, reference,
      amount, fee, destination, maker_user_id, policy, layers_needed, created_at, expires_at)
    SELECT g.agent_id, g.environment, 'bulk', 'bulk_group', g.id, 'BULK' || g.id,
           greatest(g.total_amount, 1), g.total_fee, g.group_name, g.user_id,
           '{"expiry_hours":24,"applies_to_api":false,"tiers":{"withdraw":[],"bulk":[{"up_to":null,"approvers":1}],"remittance":[]}}'::jsonb,
           1, g.created_date, g.created_date + interval '24 hours'
      FROM disbursement_groups g WHERE g.status = 'WAITING_APPROVAL';

    DROP TABLE bulk_approval_rules;
    `,
  );
  await syncModules(db);
  await execScript(
    db,
    `
    INSERT INTO user_module_denials (user_id, module_id, action)
    SELECT u.id, m.module_id, m.action
      FROM users u
      CROSS JOIN (VALUES (110, 'APPROVE'), (116, 'APPROVE'), (120, 'READ'), (120, 'UPDATE'))
        AS m(module_id, action)
     WHERE u.parent_user_id IS NOT NULL
    ON CONFLICT DO NOTHING;
    `,
  );
}
