import type { Action } from './permissions';

/**
 * Approval policies: per agent and environment, rules by payout kind and amount
 * tier. One definition for the server (which enforces it), the settings page and the queue.
 *
 * - `withdraw`: the portal's withdrawal (bank, e-wallet, retail pickup).
 * - `bulk`: a bulk transfer group, approved once for the whole group (its subtotal picks the tier).
 * - `remittance`: an international remittance.
 * - `api`: a partner API (SNAP) transfer. It follows the `withdraw` tiers, and only when the agent
 *   turned `applies_to_api` on (default off: an API caller cannot wait for a person).
 *
 * Domestic transfer orders are paid from outside (a channel payment), not from the balance, so no
 * policy applies to them.
 */
export const APPROVAL_KINDS = ['withdraw', 'bulk', 'remittance', 'api'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

/** The kinds a policy has tiers for (`api` borrows `withdraw`'s). */
export const POLICY_KINDS = ['withdraw', 'bulk', 'remittance'] as const;
export type PolicyKind = (typeof POLICY_KINDS)[number];

/**
 * Who may approve each kind: APPROVE on the kind's module (main users hold every action of their
 * group; the permission editor takes it from a sub-user). Managing the policy: UPDATE on
 * `approval_policy`.
 */
export const APPROVE_PERMISSION: Record<ApprovalKind, { module: string; action: Action }> = {
  withdraw: { module: 'single_disbursement', action: 'APPROVE' },
  bulk: { module: 'disbursement', action: 'APPROVE' },
  remittance: { module: 'international', action: 'APPROVE' },
  api: { module: 'single_disbursement', action: 'APPROVE' },
};
export const MANAGE_POLICY_PERMISSION = { module: 'approval_policy', action: 'UPDATE' } as const;

export const APPROVAL_LIMITS = {
  /** Tiers per kind. */
  maxTiers: 5,
  /** Layers a payout may need: one approver, or two different people (six-eyes). */
  maxApprovers: 2,
  minExpiryHours: 1,
  maxExpiryHours: 168,
  defaultExpiryHours: 24,
  /** Payouts one approve or reject request decides. */
  maxBatch: 50,
  reasonMax: 255,
  /** The largest tier bound (Rp 1 trillion): far above any single payout. */
  maxTierAmount: 1_000_000_000_000,
} as const;

/** Up to `up_to` rupiah (inclusive; null: any amount above the previous tier) needs `approvers`. */
export interface ApprovalTier {
  up_to: number | null;
  approvers: number;
}

export interface ApprovalPolicyRules {
  expiry_hours: number;
  applies_to_api: boolean;
  tiers: Record<PolicyKind, ApprovalTier[]>;
}

/** No policy: nothing waits (what every agent has until its main user saves one). */
export const EMPTY_POLICY: ApprovalPolicyRules = {
  expiry_hours: APPROVAL_LIMITS.defaultExpiryHours,
  applies_to_api: false,
  tiers: { withdraw: [], bulk: [], remittance: [] },
};

/** The tiers an approval kind follows, or none (`api` while the policy does not apply to it). */
export function tiersOf(policy: ApprovalPolicyRules, kind: ApprovalKind): ApprovalTier[] {
  if (kind === 'api') return policy.applies_to_api ? policy.tiers.withdraw : [];
  return policy.tiers[kind];
}

/**
 * How many distinct approvers a payout of `amount` needs: the first tier whose bound covers it
 * (tiers are ascending, the last open-ended). An amount above every bound needs the last tier's.
 */
export function approversNeeded(
  policy: ApprovalPolicyRules,
  kind: ApprovalKind,
  amount: number,
): number {
  const tiers = tiersOf(policy, kind);
  const tier = tiers.find((t) => t.up_to === null || amount <= t.up_to) ?? tiers.at(-1);
  return tier?.approvers ?? 0;
}

/** A policy's tiers are well formed: ascending bounds, only the last open, 0–2 approvers. */
export function tierProblem(tiers: readonly ApprovalTier[]): string | null {
  if (tiers.length > APPROVAL_LIMITS.maxTiers) return 'approvals.errors.tooManyTiers';
  let previous = 0;
  for (const [index, tier] of tiers.entries()) {
    const last = index === tiers.length - 1;
    if (tier.up_to === null && !last) return 'approvals.errors.openTierLast';
    if (tier.up_to !== null && tier.up_to <= previous) return 'approvals.errors.tiersAscending';
    if (tier.up_to !== null) previous = tier.up_to;
  }
  if (tiers.length > 0 && tiers.at(-1)?.up_to !== null) return 'approvals.errors.lastTierOpen';
  return null;
}
