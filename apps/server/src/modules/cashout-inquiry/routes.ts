import { INQUIRY_ACCESS } from '@gerbang/shared/contract/withdraw';
import { cashoutInquiryRoute } from '@gerbang/shared/contract/withdraw-calls';
import { enforceAccess } from '../../http/guard';
import { defineRoute, ok } from '../../http/route';
import { actorOf } from '../../platform/actor';
import { inquireBulkRow } from '../bulk-transfer/inquiry';
import { resolveCashoutDestination } from '../withdraw/destinations';
import { createInquiry } from '../withdraw/inquiry';

/**
 * The spec's one cashout inquiry call, shared by the withdraw page, domestic transfer order lines
 * and bulk rows. Bulk rows build on withdraw (its pricing), so the call that serves both lives
 * apart from each and composes them.
 */
export const cashoutInquiryRoutes = [
  // Shared by withdraw, domestic and bulk: the rule of the use named by type_inq is checked first.
  defineRoute(cashoutInquiryRoute, async (ctx) => {
    if (ctx.body.bulk) {
      enforceAccess(INQUIRY_ACCESS.bulk, ctx.auth);
      return ok(await inquireBulkRow(ctx.services, actorOf(ctx), ctx.body));
    }
    enforceAccess(INQUIRY_ACCESS[ctx.body.type_inq], ctx.auth);
    const destination = resolveCashoutDestination(ctx.body.code, ctx.body.jenis_rekening);
    return ok(
      await createInquiry(ctx.services, actorOf(ctx), {
        destination,
        fields: ctx.body,
        use: ctx.body.type_inq,
        beneficiaryId: ctx.body.beneficiary_id,
      }),
    );
  }),
];
