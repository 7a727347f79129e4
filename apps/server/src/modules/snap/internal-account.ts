import type { z } from 'zod';
import { SnapError } from './codes';
import type { ServiceAnswer, ServiceContext } from './pipeline';
import type { accountInquiryInternalRequest } from './schemas';

/**
 * Internal account inquiry (SNAP service 15, `account-inquiry-internal`): in the standard, the
 * name of an account held at the provider itself, asked before paying into it. The accounts
 * Gerbang holds that others pay into are the virtual accounts it issues — a merchant's customer
 * VA, a SNAP VA, or a merchant's deposit VA (paying it tops up that merchant's balance) — so the
 * account number is a VA number of the caller's environment, any merchant's. The answer is what a
 * payer's bank shows before paying: the VA's name. A VA that takes no payment (paid closed bill,
 * deleted, expired) is 403xx18; an unknown number 404xx11.
 */

export async function accountInquiryInternal(
  ctx: ServiceContext<z.infer<typeof accountInquiryInternalRequest>>,
): Promise<ServiceAnswer> {
  const { services, partner, body } = ctx;
  // A SNAP virtualAccountNo may keep its left padding (the schema allows only that).
  const number = body.beneficiaryAccountNo.trimStart();
  const va = await services.db
    .selectFrom('virtual_accounts')
    .select(['kodebank', 'namabank', 'nama_pemilik_va', 'status', 'bill_type', 'expired_at'])
    .where('environment', '=', partner.environment)
    .where('va_number', '=', number)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!va) throw new SnapError('invalidAccount');
  const expired =
    va.bill_type !== 'open' &&
    va.expired_at !== null &&
    new Date(va.expired_at).getTime() <= services.now().getTime();
  if (va.status !== 1 || expired) throw new SnapError('inactiveAccount');
  return {
    body: {
      referenceNo: ctx.externalId,
      partnerReferenceNo: body.partnerReferenceNo ?? '',
      beneficiaryAccountName: va.nama_pemilik_va.slice(0, 100),
      beneficiaryAccountNo: number,
      beneficiaryAccountStatus: 'Active',
      currency: 'IDR',
      additionalInfo: { bankCode: va.kodebank, bankName: va.namabank },
    },
  };
}
