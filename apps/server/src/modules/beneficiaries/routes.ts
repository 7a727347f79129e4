import { beneficiaryCalls } from '@gerbang/shared/contract/beneficiaries-calls';
import { defineRoute, ok } from '../../http/route';
import { actorOf } from '../../platform/actor';
import {
  createBeneficiary,
  deleteBeneficiary,
  listBeneficiaries,
  saveFromTransaction,
  updateBeneficiary,
} from './book';
import { listHolds, rejectHolds, releaseHolds } from './holds';

/** The beneficiary book and the name-mismatch holds: handlers only translate. */
export const beneficiaryRoutes = [
  defineRoute(beneficiaryCalls.list, async (ctx) =>
    ok(await listBeneficiaries(ctx.services, actorOf(ctx), ctx.query)),
  ),
  defineRoute(beneficiaryCalls.create, async (ctx) =>
    ok(await createBeneficiary(ctx.services, actorOf(ctx), ctx.body), 'beneficiaries.saved'),
  ),
  defineRoute(beneficiaryCalls.saveFromTransaction, async (ctx) =>
    ok(await saveFromTransaction(ctx.services, actorOf(ctx), ctx.body), 'beneficiaries.saved'),
  ),
  defineRoute(beneficiaryCalls.update, async (ctx) =>
    ok(await updateBeneficiary(ctx.services, actorOf(ctx), ctx.body), 'beneficiaries.updated'),
  ),
  defineRoute(beneficiaryCalls.remove, async (ctx) =>
    ok(await deleteBeneficiary(ctx.services, actorOf(ctx), ctx.body.id), 'beneficiaries.deleted'),
  ),
  defineRoute(beneficiaryCalls.holds, async (ctx) =>
    ok(await listHolds(ctx.services, actorOf(ctx))),
  ),
  defineRoute(beneficiaryCalls.release, async (ctx) => {
    const answer = await releaseHolds(ctx.services, actorOf(ctx), ctx.body);
    return ok(answer, 'beneficiaries.holds.released', { count: answer.done });
  }),
  defineRoute(beneficiaryCalls.reject, async (ctx) => {
    const answer = await rejectHolds(ctx.services, actorOf(ctx), ctx.body);
    return ok(answer, 'beneficiaries.holds.rejected', { count: answer.done });
  }),
];
