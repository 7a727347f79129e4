import { INQUIRY_ACCESS } from '@gerbang/shared/contract/withdraw';
import { withdrawCalls } from '@gerbang/shared/contract/withdraw-calls';
import { retryOnConnectionLoss } from '../../db/retry';
import { enforceAccess } from '../../http/guard';
import { defineRoute, ok } from '../../http/route';
import { actorOf } from '../../platform/actor';
import { resolveEwalletDestination } from './destinations';
import { createInquiry } from './inquiry';
import { createOtp } from './otp';
import { payWithdrawal } from './payment';
import { withdrawalDetail, withdrawalStatus } from './status';

/**
 * The withdraw calls: each handler only translates the request into a service function's plain
 * input (`(services, actor, input)`) and its answer into the envelope. The cashout inquiry, which
 * bulk rows share, is composed apart (modules/cashout-inquiry/routes.ts).
 */
export const withdrawRoutes = [
  defineRoute(withdrawCalls.ewalletInquiry, async (ctx) => {
    enforceAccess(INQUIRY_ACCESS[ctx.body.type_inq], ctx.auth);
    const destination = resolveEwalletDestination(ctx.body.produk);
    return ok(
      await createInquiry(ctx.services, actorOf(ctx), {
        destination,
        fields: ctx.body,
        use: ctx.body.type_inq,
        beneficiaryId: ctx.body.beneficiary_id,
      }),
    );
  }),
  defineRoute(withdrawCalls.createOtp, async (ctx) => {
    const { result, email } = await createOtp(ctx.services, actorOf(ctx), ctx.body);
    return ok(result, 'withdraw.otpSent', { email });
  }),
  // Idempotent by the inquiry id (a paid inquiry answers its receipt): safe to run again when the
  // database connection was lost under it (a failover; db/retry.ts).
  defineRoute(withdrawCalls.cashoutPayment, async (ctx) =>
    ok(
      await retryOnConnectionLoss(() =>
        payWithdrawal(ctx.services, actorOf(ctx), { kinds: ['BANK', 'RETAIL'], body: ctx.body }),
      ),
    ),
  ),
  defineRoute(withdrawCalls.ewalletPayment, async (ctx) =>
    ok(
      await retryOnConnectionLoss(() =>
        payWithdrawal(ctx.services, actorOf(ctx), { kinds: ['EWALLET'], body: ctx.body }),
      ),
    ),
  ),
  defineRoute(withdrawCalls.status, async (ctx) => {
    const answer = await withdrawalStatus(ctx.services, actorOf(ctx), ctx.query);
    return ok(answer, answer.status_trx === 'PROCESS' ? 'withdraw.statusProcessing' : undefined);
  }),
  defineRoute(withdrawCalls.detail, async (ctx) =>
    ok(await withdrawalDetail(ctx.services, actorOf(ctx), ctx.query)),
  ),
];
