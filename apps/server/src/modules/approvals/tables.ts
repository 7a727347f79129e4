import type { ApprovalKind, ApprovalPolicyRules, Environment } from '@gerbang/shared';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

type Json<T> = ColumnType<T, string, string>;

/** An agent's approval policy in one environment (migration 0175). */
export interface ApprovalPoliciesTable {
  agent_id: number;
  environment: Environment;
  rules: Json<ApprovalPolicyRules>;
  updated_by: number | null;
  updated_at: Timestamp;
}

/** What a waiting payout needs, as its policy said when it was made (stored with it). */
export interface StoredPolicy {
  kind: ApprovalKind;
  layers_needed: number;
  expiry_hours: number;
  /** The tiers of the kind at submission. */
  tiers: ApprovalPolicyRules['tiers']['withdraw'];
  four_eyes: true;
}

/**
 * One payout (`subject` payout: its rail submission's id) or bulk group (`bulk_group`: the group's
 * id) waiting for approval (migration 0175).
 */
export interface ApprovalRequestsTable {
  id: Generated<number>;
  agent_id: number;
  environment: Environment;
  kind: ApprovalKind;
  subject: 'payout' | 'bulk_group';
  subject_id: number;
  reference: string;
  amount: number;
  fee: Generated<number>;
  destination: Generated<string>;
  maker_user_id: number | null;
  policy: Json<StoredPolicy>;
  layers_needed: number;
  layers_done: Generated<number>;
  status: Generated<'WAITING' | 'APPROVED' | 'REJECTED' | 'EXPIRED'>;
  reason: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  decided_at: Timestamp | null;
  /** The approvers were mailed (by the approvals job, after the commit). */
  notified_at: Timestamp | null;
}

export interface ApprovalDecisionsTable {
  request_id: number;
  user_id: number;
  decision: 'approve' | 'reject';
  reason: string | null;
  at: Timestamp;
}

export interface ApprovalTables {
  approval_policies: ApprovalPoliciesTable;
  approval_requests: ApprovalRequestsTable;
  approval_decisions: ApprovalDecisionsTable;
}
