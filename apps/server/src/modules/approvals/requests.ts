import {
  type ApprovalKind,
  type ApprovalPolicyRules,
  approversNeeded,
  type Environment,
  tiersOf,
} from '@gerbang/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Services } from '../../http/services';
import type { ApprovalRequestsTable, StoredPolicy } from './tables';

type Trx = Transaction<Database>;

const HOUR_MS = 3_600_000;

/** What a payout of `kind` and `amount` needs under `policy`, or null when nothing waits. */
export function planApproval(
  policy: ApprovalPolicyRules,
  kind: ApprovalKind,
  amount: number,
  now: Date,
): { stored: StoredPolicy; expiresAt: Date } | null {
  const needed = approversNeeded(policy, kind, amount);
  if (needed <= 0) return null;
  return {
    stored: {
      kind,
      layers_needed: needed,
      expiry_hours: policy.expiry_hours,
      tiers: tiersOf(policy, kind),
      four_eyes: true,
    },
    expiresAt: new Date(now.getTime() + policy.expiry_hours * HOUR_MS),
  };
}

export type ApprovalPlan = NonNullable<ReturnType<typeof planApproval>>;

export interface NewRequest {
  agentId: number;
  environment: Environment;
  subject: ApprovalRequestsTable['subject'];
  subjectId: number;
  reference: string;
  amount: number;
  fee: number;
  destination: string;
  makerUserId: number | null;
  plan: ApprovalPlan;
}

/** Inserts waiting requests, inside the transaction that held their money. */
export async function insertRequests(trx: Trx, now: Date, requests: NewRequest[]): Promise<void> {
  if (requests.length === 0) return;
  await trx
    .insertInto('approval_requests')
    .values(
      requests.map((r) => ({
        agent_id: r.agentId,
        environment: r.environment,
        kind: r.plan.stored.kind,
        subject: r.subject,
        subject_id: r.subjectId,
        reference: r.reference,
        amount: r.amount,
        fee: r.fee,
        destination: r.destination.slice(0, 255),
        maker_user_id: r.makerUserId,
        policy: JSON.stringify(r.plan.stored),
        layers_needed: r.plan.stored.layers_needed,
        created_at: now,
        expires_at: r.plan.expiresAt,
      })),
    )
    .execute();
}

export type RequestRow = {
  id: number;
  agent_id: number;
  environment: Environment;
  kind: ApprovalKind;
  subject: ApprovalRequestsTable['subject'];
  subject_id: number;
  reference: string;
  amount: number;
  maker_user_id: number | null;
};

/**
 * What a subject other than a single payout does when approved or ended (a bulk group: run it,
 * or give its held money back). Registered by the feature at the composition root
 * (modules/payout-kinds.ts), so this module imports no feature.
 */
export interface ApprovalSubject {
  /** The last layer approved: let the money go. Throwing rolls the approval back. */
  approved(services: Services, trx: Trx, request: RequestRow, now: Date): Promise<void>;
  /** Rejected or expired: give the held money back, once. */
  ended(
    services: Services,
    trx: Trx,
    request: RequestRow,
    now: Date,
    how: 'REJECTED' | 'EXPIRED',
  ): Promise<void>;
}

const subjects = new Map<string, ApprovalSubject>();

export function registerApprovalSubject(name: 'bulk_group', subject: ApprovalSubject): void {
  const known = subjects.get(name);
  if (known && known !== subject) throw new Error(`approval subject ${name} registered twice`);
  subjects.set(name, subject);
}

export function approvalSubject(name: string): ApprovalSubject {
  const subject = subjects.get(name);
  if (!subject) throw new Error(`unknown approval subject ${name}`);
  return subject;
}
