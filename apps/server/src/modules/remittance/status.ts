import { hasKey, RC } from '@gerbang/shared';
import type {
  RemittanceDetailResult,
  RemittanceStatusResult,
} from '@gerbang/shared/contract/remittance';
import { ApiError } from '../../http/errors';
import type { Services } from '../../http/services';
import type { UserActor } from '../../platform/actor';
import { checksumMatches } from '../../platform/binding';
import { advanceIfDue } from '../payouts/rail-work';
import type { RemittanceInquiryRow } from './inquiry';
import { findRemittanceInquiry } from './otp';
import { receiptOf, remittanceTransaction } from './receipt';

export interface LookupInput {
  reff_id: string;
  checksum: string;
  uuid_user: string;
}

async function bound(services: Services, actor: UserActor, input: LookupInput) {
  const inquiry = await findRemittanceInquiry(services, actor, input.reff_id);
  if (!checksumMatches(input.checksum, inquiry.checksum) || input.uuid_user !== inquiry.uuid_user) {
    throw new ApiError(RC.CONFLICT, 'remittance.inquiryMismatch');
  }
  return inquiry;
}

async function transactionOf(services: Services, inquiry: RemittanceInquiryRow) {
  const row = await remittanceTransaction(services, inquiry);
  if (!row) throw new ApiError(RC.NOT_FOUND, 'remittance.inquiryNotFound');
  return row;
}

/** Status of a paid remittance; polling also nudges a due rail check (like withdraw). */
export async function remittanceStatus(
  services: Services,
  actor: UserActor,
  input: LookupInput,
): Promise<RemittanceStatusResult> {
  const inquiry = await bound(services, actor, input);
  const before = await transactionOf(services, inquiry);
  if (before.status_trx === 'PROCESS') await advanceIfDue(services, before.id);
  const row = await transactionOf(services, inquiry);
  return {
    payment_reff: row.id_transaksi,
    id_produk: row.id_produk ?? '',
    status_trx: row.status_trx,
  };
}

/** Detail: the receipt; a FAILED remittance answers its reason as a refusal (the page resets). */
export async function remittanceDetail(
  services: Services,
  actor: UserActor,
  input: LookupInput,
): Promise<RemittanceDetailResult> {
  const inquiry = await bound(services, actor, input);
  const row = await transactionOf(services, inquiry);
  const receipt = receiptOf(row, inquiry, actor.lang);
  if (row.status_trx === 'FAILED') {
    const key = `remittance.rail.${row.response_code}`;
    throw new ApiError(
      RC.REFUSED,
      hasKey(actor.lang, key) ? key : 'remittance.paymentFailed',
      undefined,
      receipt,
    );
  }
  return { tabledata: receipt.tabledata, produkname: receipt.produkname, receipt };
}
