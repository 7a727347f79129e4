/**
 * Approval policies and the approvals queue: the settings page's policy, the queue, and
 * approve / reject of one or many payouts with one PIN. Handlers only translate.
 */
import { approvalsCalls } from '@gerbang/shared/contract/approvals-calls';
import { defineRoute, ok } from '../../http/route';
import { actorOf } from '../../platform/actor';
import { approveMany, rejectMany } from './decide';
import { policyAnswer, savePolicy } from './policy';
import { approvalQueue } from './queue';

export const approvalsRoutes = [
  defineRoute(approvalsCalls.policy, async (ctx) =>
    ok(await policyAnswer(ctx.services, actorOf(ctx))),
  ),
  defineRoute(approvalsCalls.savePolicy, async (ctx) =>
    ok(await savePolicy(ctx.services, actorOf(ctx), ctx.body), 'approvals.policySaved'),
  ),
  defineRoute(approvalsCalls.queue, async (ctx) =>
    ok(await approvalQueue(ctx.services, actorOf(ctx))),
  ),
  defineRoute(approvalsCalls.approve, async (ctx) => {
    const decided = await approveMany(ctx.services, actorOf(ctx), ctx.body);
    return ok(decided, 'approvals.approvedCount', { count: decided.done });
  }),
  defineRoute(approvalsCalls.reject, async (ctx) => {
    const decided = await rejectMany(ctx.services, actorOf(ctx), ctx.body);
    return ok(decided, 'approvals.rejectedCount', { count: decided.done });
  }),
];
