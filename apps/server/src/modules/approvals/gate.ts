import type { ApprovalKind, ApprovalPolicyRules } from '@gerbang/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import type { GateOpening, OpeningGate } from '../payouts/gate';
import type { SubmissionRow } from '../payouts/submissions';
import { describedColumns } from '../transactions/descriptions';
import { loadPolicy } from './policy';
import { type ApprovalPlan, insertRequests, planApproval } from './requests';

/**
 * The payout kinds a policy governs, by the payout's source kind (payouts/kinds.ts). Kinds not
 * here never wait: bulk rows (their group was approved as a whole), domestic order lines (paid
 * from outside), the leftover-deposit return.
 */
const KIND_OF_SOURCE: Record<string, ApprovalKind> = {
  withdraw: 'withdraw',
  remittance: 'remittance',
  snap_transfer: 'api',
  // A scheduled payout (modules/schedules) is a payout of its kind made at its time.
  scheduled_withdraw: 'withdraw',
  scheduled_remittance: 'remittance',
};

function wantsPolicy(actor: Actor, opening: GateOpening): boolean {
  return (opening.approval ?? (actor.kind === 'job' ? 'none' : 'policy')) === 'policy';
}

/** The approval gate `openPayouts` asks (registered in modules/payout-kinds.ts). */
export const APPROVAL_GATE: OpeningGate = {
  name: 'approval',
  async plan(trx, actor, now, openings) {
    const policies = new Map<string, ApprovalPolicyRules>();
    const plans: (ApprovalPlan | null)[] = [];
    for (const opening of openings) {
      const kind = KIND_OF_SOURCE[opening.source.kind];
      if (!kind || !wantsPolicy(actor, opening)) {
        plans.push(null);
        continue;
      }
      const { agentId, environment } = opening.payer;
      const key = `${agentId}:${environment}`;
      let policy = policies.get(key);
      if (!policy) {
        policy = await loadPolicy(trx, agentId, environment);
        policies.set(key, policy);
      }
      plans.push(planApproval(policy, kind, opening.record.amount, now));
    }
    return plans;
  },
  async record(trx, now, plans, openings, submissions) {
    await recordWaiting(trx, now, plans as (ApprovalPlan | null)[], openings, submissions);
  },
};

async function recordWaiting(
  trx: Transaction<Database>,
  now: Date,
  plans: readonly (ApprovalPlan | null)[],
  openings: readonly GateOpening[],
  submissions: readonly SubmissionRow[],
) {
  const requests = openings.flatMap((opening, index) => {
    const plan = plans[index];
    const submission = submissions[index];
    if (!plan || !submission) return [];
    const { record, destination } = opening;
    return [
      {
        agentId: opening.payer.agentId,
        environment: opening.payer.environment,
        subject: 'payout' as const,
        subjectId: submission.id,
        reference: opening.reference,
        amount: record.amount,
        fee: record.fee,
        destination: `${record.bankName ?? record.productName} ${destination.accountNumber} a.n. ${record.accountName}`,
        makerUserId: opening.userId,
        plan,
      },
    ];
  });
  await insertRequests(trx, now, requests);
  // KETERANGAN says why the payout is in process: the receipt and the transaction list show it.
  for (const request of requests) {
    const submission = submissions.find((row) => row.id === request.subjectId);
    if (!submission) continue;
    await trx
      .updateTable('transactions')
      .set(describedColumns('descriptions.waitingApproval', { destination: request.destination }))
      .where('id', '=', submission.transaction_id)
      .execute();
  }
}
