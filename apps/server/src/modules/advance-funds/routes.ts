/**
 * The calls of the advance-funds form (spec 03 §7.7). Handlers only translate; the rules are in
 * service.ts, the provider's decisions in review.ts (called by the console).
 */
import { advanceFundsCalls } from '@gerbang/shared/contract/advance-funds-calls';
import { defineRoute, ok } from '../../http/route';
import { actorOf } from '../../platform/actor';
import { advanceableProducts, createTalangan } from './service';

export const advanceFundsRoutes = [
  defineRoute(advanceFundsCalls.products, async ({ services, auth }) =>
    ok(
      await advanceableProducts(services, {
        agentId: auth.agent.id,
        environment: auth.environment,
      }),
    ),
  ),
  defineRoute(advanceFundsCalls.create, async (ctx) =>
    ok(
      await createTalangan(ctx.services, actorOf(ctx), ctx.body, { force: false }),
      'advanceFunds.saved',
    ),
  ),
  defineRoute(advanceFundsCalls.createNext, async (ctx) =>
    ok(
      await createTalangan(ctx.services, actorOf(ctx), ctx.body, { force: true }),
      'advanceFunds.saved',
    ),
  ),
];
