import { z } from 'zod';
import {
  APPROVAL_KINDS,
  APPROVAL_LIMITS,
  type ApprovalPolicyRules,
  POLICY_KINDS,
  tierProblem,
} from '../domain/approvals';

export { APPROVALS_ACCESS } from './access-rules';

const tier = z.object({
  up_to: z
    .number({ error: 'approvals.errors.tierAmount' })
    .int({ error: 'approvals.errors.tierAmount' })
    .positive({ error: 'approvals.errors.tierAmount' })
    .max(APPROVAL_LIMITS.maxTierAmount, { error: 'approvals.errors.tierAmount' })
    .nullable(),
  approvers: z
    .number({ error: 'approvals.errors.approvers' })
    .int({ error: 'approvals.errors.approvers' })
    .min(0, { error: 'approvals.errors.approvers' })
    .max(APPROVAL_LIMITS.maxApprovers, { error: 'approvals.errors.approvers' }),
});

const tiers = z.array(tier).superRefine((list, ctx) => {
  const problem = tierProblem(list);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** The policy as the settings page saves it and the server stores it (with each payout too). */
export const approvalPolicyRules = z.object({
  expiry_hours: z
    .number({ error: 'approvals.errors.expiry' })
    .int({ error: 'approvals.errors.expiry' })
    .min(APPROVAL_LIMITS.minExpiryHours, { error: 'approvals.errors.expiry' })
    .max(APPROVAL_LIMITS.maxExpiryHours, { error: 'approvals.errors.expiry' }),
  applies_to_api: z.boolean({ error: 'common.errors.invalidInput' }),
  tiers: z.object({
    withdraw: tiers,
    bulk: tiers,
    remittance: tiers,
  }),
}) satisfies z.ZodType<ApprovalPolicyRules>;

export const approvalPolicyAnswer = z.object({
  policy: approvalPolicyRules,
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});

export const approvalKind = z.enum(APPROVAL_KINDS);
export const policyKind = z.enum(POLICY_KINDS);

/** Why the caller may not approve an item (null: may). */
export const approvalBlock = z.enum(['own', 'decided', 'permission']).nullable();

export const approvalItem = z.object({
  id: z.number(),
  kind: approvalKind,
  reference: z.string(),
  amount: z.number(),
  fee: z.number(),
  destination: z.string(),
  maker: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  layers_done: z.number(),
  layers_needed: z.number(),
  approvers: z.array(z.string()),
  blocked: approvalBlock,
});
export type ApprovalItem = z.output<typeof approvalItem>;

export const approvalQueueAnswer = z.object({
  items: z.array(approvalItem),
  total_amount: z.number(),
  count: z.number(),
});

const ids = z
  .array(z.number().int().positive(), { error: 'approvals.errors.chooseOne' })
  .min(1, { error: 'approvals.errors.chooseOne' })
  .max(APPROVAL_LIMITS.maxBatch, { error: 'approvals.errors.tooMany' });

const pin = z
  .string({ error: 'approvals.enterPin' })
  .min(1, { error: 'approvals.enterPin' })
  .max(64, { error: 'approvals.enterPin' });

export const approveRequest = z.object({ ids, pin });
export const rejectRequest = z.object({
  ids,
  pin,
  reason: z
    .string({ error: 'approvals.errors.reason' })
    .trim()
    .min(1, { error: 'approvals.errors.reason' })
    .max(APPROVAL_LIMITS.reasonMax, { error: 'approvals.errors.reason' }),
});

/** Each chosen payout's outcome: decided by this request, or why not. */
export const decisionOutcome = z.enum([
  'approved',
  'released',
  'rejected',
  'own',
  'already',
  'decided',
  'expired',
  'permission',
  'not_found',
  'short',
]);
export type DecisionOutcome = z.output<typeof decisionOutcome>;

export const decisionAnswer = z.object({
  results: z.array(z.object({ id: z.number(), outcome: decisionOutcome })),
  done: z.number(),
});
