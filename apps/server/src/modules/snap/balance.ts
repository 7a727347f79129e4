import type { z } from 'zod';
import type { ServiceAnswer, ServiceContext } from './pipeline';
import type { balanceInquiryRequest } from './schemas';
import { rupiah } from './transfer';

/**
 * Balance inquiry: the partner's balances in the call's environment, read from the ledger as the
 * portal's header shows them (available, and incoming funds held until settlement).
 */
export async function balanceInquiry(
  ctx: ServiceContext<z.infer<typeof balanceInquiryRequest>>,
): Promise<ServiceAnswer> {
  const { services, partner } = ctx;
  const balances = await services.balances.read(partner.agentId, partner.environment);
  return {
    body: {
      referenceNo: ctx.externalId,
      partnerReferenceNo: ctx.body.partnerReferenceNo ?? '',
      accountNo: ctx.body.accountNo ?? partner.clientId,
      name: partner.clientId,
      accountInfos: [
        {
          balanceType: 'Cash',
          amount: rupiah(balances.balance + balances.hold_balance),
          availableBalance: rupiah(balances.balance),
          holdAmount: rupiah(balances.hold_balance),
          status: '0001',
        },
      ],
    },
  };
}
