import {
  createOtpRequest,
  ewalletInquiryRequest,
  INQUIRY_ACCESS,
  INQUIRY_ROUTE_ACCESS,
  WITHDRAW_ACCESS,
  withdrawDetailQuery,
  withdrawPaymentRequest,
  withdrawStatusQuery,
} from '@gerbang/shared/contract/withdraw';
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
  defineRoute({
    method: 'POST',
    url: '/transaction/ewallet_inquiry',
    access: INQUIRY_ROUTE_ACCESS,
    body: ewalletInquiryRequest,
    handler: async (ctx) => {
      enforceAccess(INQUIRY_ACCESS[ctx.body.type_inq], ctx.auth);
      const destination = resolveEwalletDestination(ctx.body.produk);
      return ok(
        await createInquiry(ctx.services, actorOf(ctx), {
          destination,
          fields: ctx.body,
          use: ctx.body.type_inq,
        }),
      );
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/transaction/create_otp',
    access: WITHDRAW_ACCESS.page,
    body: createOtpRequest,
    handler: async (ctx) => {
      const { result, email } = await createOtp(ctx.services, actorOf(ctx), ctx.body);
      return ok(result, 'withdraw.otpSent', { email });
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/transaction/cashout_payment',
    access: WITHDRAW_ACCESS.page,
    body: withdrawPaymentRequest,
    handler: async (ctx) =>
      ok(
        await payWithdrawal(ctx.services, actorOf(ctx), {
          kinds: ['BANK', 'RETAIL'],
          body: ctx.body,
        }),
      ),
  }),
  defineRoute({
    method: 'POST',
    url: '/transaction/ewallet_payment',
    access: WITHDRAW_ACCESS.page,
    body: withdrawPaymentRequest,
    handler: async (ctx) =>
      ok(await payWithdrawal(ctx.services, actorOf(ctx), { kinds: ['EWALLET'], body: ctx.body })),
  }),
  defineRoute({
    method: 'GET',
    url: '/transaction/status',
    access: WITHDRAW_ACCESS.page,
    query: withdrawStatusQuery,
    handler: async (ctx) => {
      const answer = await withdrawalStatus(ctx.services, actorOf(ctx), ctx.query);
      return ok(answer, answer.status_trx === 'PROCESS' ? 'withdraw.statusProcessing' : undefined);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/transaction/detail',
    access: WITHDRAW_ACCESS.page,
    query: withdrawDetailQuery,
    handler: async (ctx) => ok(await withdrawalDetail(ctx.services, actorOf(ctx), ctx.query)),
  }),
];
