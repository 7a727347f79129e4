import { APPROVAL_GATE } from './approvals/gate';
import { registerApprovalSubject } from './approvals/requests';
import { NAME_CHECK_GATE } from './beneficiaries/name-gate';
import { BULK_GROUP_APPROVAL } from './bulk-transfer/approval-subject';
import { BULK_ROW_PAYOUT } from './bulk-transfer/payout-kind';
import { registerOpeningGate } from './payouts/gate';
import { registerPayoutKind } from './payouts/kinds';
import { REMITTANCE_PAYOUT } from './remittance/payout-kind';
import { SCHEDULED_REMITTANCE_PAYOUT, SCHEDULED_WITHDRAW_PAYOUT } from './schedules/payout-kind';
import { SNAP_TRANSFER_PAYOUT } from './snap/payout-kind';
import { DEPOSIT_RETURN_PAYOUT } from './topup/payout-kind';
import { TRANSFER_LINE_PAYOUT } from './transfer/payout-kind';
import { WITHDRAW_PAYOUT } from './withdraw/payout-kind';

/**
 * Every payout kind the payout pipeline opens and finalizes (payouts/kinds.ts). The block imports
 * no feature: the composition root (bootstrap) registers each feature's descriptor once, whatever
 * routes are loaded. A new payout kind adds one line here.
 */
export function registerPayoutKinds(): void {
  for (const kind of [
    WITHDRAW_PAYOUT,
    DEPOSIT_RETURN_PAYOUT,
    TRANSFER_LINE_PAYOUT,
    REMITTANCE_PAYOUT,
    BULK_ROW_PAYOUT,
    SNAP_TRANSFER_PAYOUT,
    SCHEDULED_WITHDRAW_PAYOUT,
    SCHEDULED_REMITTANCE_PAYOUT,
  ]) {
    registerPayoutKind(kind);
  }
  // The gates every payout opening passes, in order (ADR 016): the beneficiary name
  // check first (approvers never see a payout whose recipient is in doubt), then the approval
  // policy; and the bulk group as one approval subject.
  registerOpeningGate(NAME_CHECK_GATE);
  registerOpeningGate(APPROVAL_GATE);
  registerApprovalSubject('bulk_group', BULK_GROUP_APPROVAL);
}
