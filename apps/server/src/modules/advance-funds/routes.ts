/**
 * The calls of the advance-funds form (spec 03 §7.7). Handlers only translate; the rules are in
 * service.ts, the provider's decisions in review.ts (called by the console).
 */
import {
  ADVANCE_FUNDS_ACCESS,
  ADVANCE_FUNDS_PATHS,
  createTalanganBody,
} from '@gerbang/shared/contract/advance-funds';
import { defineRoute, ok } from '../../http/route';
import { actorOf } from '../../platform/actor';
import { advanceableProducts, createTalangan } from './service';

export const advanceFundsRoutes = [
  defineRoute({
    method: 'GET',
    url: ADVANCE_FUNDS_PATHS.products,
    access: ADVANCE_FUNDS_ACCESS.add,
    handler: async ({ services, auth }) =>
      ok(
        await advanceableProducts(services, {
          agentId: auth.agent.id,
          environment: auth.environment,
        }),
      ),
  }),
  defineRoute({
    method: 'POST',
    url: ADVANCE_FUNDS_PATHS.create,
    access: ADVANCE_FUNDS_ACCESS.add,
    body: createTalanganBody,
    handler: async (ctx) =>
      ok(
        await createTalangan(ctx.services, actorOf(ctx), ctx.body, { force: false }),
        'advanceFunds.saved',
      ),
  }),
  defineRoute({
    method: 'POST',
    url: ADVANCE_FUNDS_PATHS.createNext,
    access: ADVANCE_FUNDS_ACCESS.add,
    body: createTalanganBody,
    handler: async (ctx) =>
      ok(
        await createTalangan(ctx.services, actorOf(ctx), ctx.body, { force: true }),
        'advanceFunds.saved',
      ),
  }),
];
