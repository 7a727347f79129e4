import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import { loadPolicy } from '../approvals/policy';
import type { GateOpening, OpeningGate } from '../payouts/gate';
import type { SubmissionRow } from '../payouts/submissions';
import { describedColumns } from '../transactions/descriptions';
import { sameAccountName } from './names';

/** What the name check holds a payout for. */
interface NamePlan {
  beneficiaryId: number;
  savedName: string;
  foundName: string;
  approval: 'policy' | 'none';
}

export const NAME_CHECK_GATE_NAME = 'name_check';

const HOUR_MS = 3_600_000;

function approvalOf(actor: Actor, opening: GateOpening): 'policy' | 'none' {
  return opening.approval ?? (actor.kind === 'job' ? 'none' : 'policy');
}

/**
 * The name check of the payout pipeline (ADR 016): a payout made for a saved
 * beneficiary carries the saved name; its inquiry was just run again, so `record.accountName` is
 * what the rail says today. When they differ the payout is held (money held, not sent) as a name
 * mismatch until a user with name_mismatch OVERRIDE releases it (the gates after this one — the
 * approval policy — are then asked) or rejects it (the hold is voided). Registered before the
 * approval gate, so approvers never see a payout whose recipient is in doubt.
 */
export const NAME_CHECK_GATE: OpeningGate = {
  name: NAME_CHECK_GATE_NAME,
  async plan(_trx, actor, _now, openings) {
    return openings.map((opening): NamePlan | null => {
      const saved = opening.beneficiary;
      if (!saved || sameAccountName(saved.savedName, opening.record.accountName)) return null;
      return {
        beneficiaryId: saved.id,
        savedName: saved.savedName,
        foundName: opening.record.accountName,
        approval: approvalOf(actor, opening),
      };
    });
  },
  async record(trx, now, plans, openings, submissions) {
    await recordHeld(trx, now, plans as (NamePlan | null)[], openings, submissions);
  },
};

async function recordHeld(
  trx: Transaction<Database>,
  now: Date,
  plans: readonly (NamePlan | null)[],
  openings: readonly GateOpening[],
  submissions: readonly SubmissionRow[],
) {
  const expiryHours = new Map<string, number>();
  for (const [index, opening] of openings.entries()) {
    const plan = plans[index];
    const submission = submissions[index];
    if (!plan || !submission) continue;
    const { agentId, environment } = opening.payer;
    const key = `${agentId}:${environment}`;
    let hours = expiryHours.get(key);
    if (hours === undefined) {
      hours = (await loadPolicy(trx, agentId, environment)).expiry_hours;
      expiryHours.set(key, hours);
    }
    const destination = `${opening.record.bankName ?? opening.record.productName} ${opening.destination.accountNumber}`;
    await trx
      .insertInto('name_checks')
      .values({
        submission_id: submission.id,
        agent_id: opening.payer.agentId,
        environment: opening.payer.environment,
        reference: opening.reference,
        beneficiary_id: plan.beneficiaryId,
        saved_name: plan.savedName,
        found_name: plan.foundName,
        amount: opening.record.amount,
        destination,
        maker_user_id: opening.userId,
        approval: plan.approval,
        created_at: now,
        // Nobody deciding ends it like an approval nobody decides: the policy's expiry.
        expires_at: new Date(now.getTime() + hours * HOUR_MS),
      })
      .execute();
    // KETERANGAN says why the payout is in process: the receipt and the transaction list show it.
    await trx
      .updateTable('transactions')
      .set(
        describedColumns('descriptions.nameMismatch', {
          destination,
          saved: plan.savedName,
          found: plan.foundName,
        }),
      )
      .where('id', '=', submission.transaction_id)
      .execute();
  }
}
