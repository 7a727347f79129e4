import { type AccessRequirement, hasKey, RC } from '@gerbang/shared';
import {
  cashoutInquiryRequest,
  createOtpRequest,
  ewalletInquiryRequest,
  type WithdrawDetailResult,
  type WithdrawStatusResult,
  withdrawDetailQuery,
  withdrawPaymentRequest,
  withdrawStatusQuery,
} from '@gerbang/shared/contract/withdraw';
import { ApiError } from '../../http/errors';
import { defineRoute, ok, type RouteContext } from '../../http/route';
import { resolveCashoutDestination, resolveEwalletDestination } from './destinations';
import { createInquiry, type InquiryRow } from './inquiry';
import { createOtp, findInquiry } from './otp';
import { payWithdrawal } from './payment';
import { advanceIfDue } from './rail-work';
import { loadReceipt } from './receipt';
import { checksumMatches } from './security';

/**
 * Spec 02 §6: the withdraw page needs READ on the module its route names and no parent user;
 * money moves in production only (sandbox answers the sandbox notice).
 */
export const WITHDRAW_ACCESS: AccessRequirement = {
  permission: { module: 'single_disbursement', action: 'READ' },
  mainUserOnly: true,
  productionOnly: true,
};

type LookupQuery = { reff_id: string; checksum: string; uuid_user: string };

/** The inquiry a status or detail call names, with its checksum and uuid as proof. */
async function boundInquiry(ctx: RouteContext<unknown, LookupQuery, unknown>): Promise<InquiryRow> {
  const inquiry = await findInquiry(ctx, ctx.query.reff_id);
  if (
    !checksumMatches(ctx.query.checksum, inquiry.checksum) ||
    ctx.query.uuid_user !== inquiry.uuid_user
  ) {
    throw new ApiError(RC.CONFLICT, 'withdraw.inquiryMismatch');
  }
  return inquiry;
}

async function transactionOf(
  ctx: RouteContext<unknown, LookupQuery, unknown>,
  inquiry: InquiryRow,
) {
  const row = await ctx.services.db
    .selectFrom('transactions')
    .select(['id', 'status_trx', 'id_produk', 'id_transaksi', 'response_code'])
    .where('id_transaksi', '=', inquiry.id_transaksi)
    .where('agent_id', '=', ctx.auth.agent.id)
    .where('environment', '=', ctx.auth.environment)
    .executeTakeFirst();
  if (!row) throw new ApiError(RC.NOT_FOUND, 'withdraw.inquiryNotFound');
  return row;
}

export const withdrawRoutes = [
  defineRoute({
    method: 'POST',
    url: '/transaction/cashout_inquiry',
    access: WITHDRAW_ACCESS,
    body: cashoutInquiryRequest,
    handler: async (ctx) => {
      const destination = resolveCashoutDestination(ctx.body.code, ctx.body.jenis_rekening);
      return ok(await createInquiry(ctx, destination, ctx.body));
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/transaction/ewallet_inquiry',
    access: WITHDRAW_ACCESS,
    body: ewalletInquiryRequest,
    handler: async (ctx) => {
      const destination = resolveEwalletDestination(ctx.body.produk);
      return ok(await createInquiry(ctx, destination, ctx.body));
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/transaction/create_otp',
    access: WITHDRAW_ACCESS,
    body: createOtpRequest,
    handler: async (ctx) => {
      const { result, email } = await createOtp(ctx);
      return ok(result, 'withdraw.otpSent', { email });
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/transaction/cashout_payment',
    access: WITHDRAW_ACCESS,
    body: withdrawPaymentRequest,
    handler: async (ctx) => ok(await payWithdrawal(ctx, ['BANK', 'RETAIL'])),
  }),
  defineRoute({
    method: 'POST',
    url: '/transaction/ewallet_payment',
    access: WITHDRAW_ACCESS,
    body: withdrawPaymentRequest,
    handler: async (ctx) => ok(await payWithdrawal(ctx, ['EWALLET'])),
  }),
  defineRoute({
    method: 'GET',
    url: '/transaction/status',
    access: WITHDRAW_ACCESS,
    query: withdrawStatusQuery,
    handler: async (ctx) => {
      const inquiry = await boundInquiry(ctx);
      const before = await transactionOf(ctx, inquiry);
      // Polling is also a nudge: a due rail check runs now instead of at the next sweep.
      if (before.status_trx === 'PROCESS') await advanceIfDue(ctx.services, before.id);
      const row = await transactionOf(ctx, inquiry);
      const answer: WithdrawStatusResult = {
        payment_reff: row.id_transaksi,
        id_produk: row.id_produk ?? '',
        status_trx: row.status_trx,
      };
      return ok(answer, row.status_trx === 'PROCESS' ? 'withdraw.statusProcessing' : undefined);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/transaction/detail',
    access: WITHDRAW_ACCESS,
    query: withdrawDetailQuery,
    handler: async (ctx) => {
      const inquiry = await boundInquiry(ctx);
      const receipt = await loadReceipt(ctx.services, inquiry, ctx.lang);
      if (!receipt) throw new ApiError(RC.NOT_FOUND, 'withdraw.inquiryNotFound');
      if (receipt.status_trx === 'FAILED') {
        const row = await transactionOf(ctx, inquiry);
        const key = `withdraw.rail.${row.response_code}`;
        throw new ApiError(
          RC.REFUSED,
          hasKey(ctx.lang, key) ? key : 'withdraw.paymentFailed',
          undefined,
          receipt,
        );
      }
      const answer: WithdrawDetailResult = {
        tabledata: receipt.tabledata,
        produkname: receipt.produkname,
        receipt,
      };
      return ok(answer);
    },
  }),
];
