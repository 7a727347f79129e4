import { hasKey, RC } from '@gerbang/shared';
import type { WithdrawDetailResult, WithdrawStatusResult } from '@gerbang/shared/contract/withdraw';
import { ApiError } from '../../http/errors';
import type { Services } from '../../http/services';
import type { UserActor } from '../../platform/actor';
import { checksumMatches } from '../../platform/binding';
import { advanceIfDue } from '../payouts/rail-work';
import type { InquiryRow } from './inquiry';
import { findInquiry } from './otp';
import { loadReceipt } from './receipt';

/** What a status or detail call names: the inquiry, with its checksum and uuid as proof. */
export interface LookupInput {
  reff_id: string;
  checksum: string;
  uuid_user: string;
}

async function boundInquiry(
  services: Services,
  actor: UserActor,
  input: LookupInput,
): Promise<InquiryRow> {
  const inquiry = await findInquiry(services, actor, input.reff_id);
  if (!checksumMatches(input.checksum, inquiry.checksum) || input.uuid_user !== inquiry.uuid_user) {
    throw new ApiError(RC.CONFLICT, 'withdraw.inquiryMismatch');
  }
  return inquiry;
}

async function transactionOf(services: Services, actor: UserActor, inquiry: InquiryRow) {
  const row = await services.db
    .selectFrom('transactions')
    .select(['id', 'status_trx', 'id_produk', 'id_transaksi', 'response_code'])
    .where('id_transaksi', '=', inquiry.id_transaksi)
    .where('agent_id', '=', actor.auth.agent.id)
    .where('environment', '=', actor.auth.environment)
    .executeTakeFirst();
  if (!row) throw new ApiError(RC.NOT_FOUND, 'withdraw.inquiryNotFound');
  return row;
}

/**
 * transaction/status: the payment's status. Polling is also a nudge: a due rail check of a PROCESS
 * payment runs now instead of at the next sweep.
 */
export async function withdrawalStatus(
  services: Services,
  actor: UserActor,
  input: LookupInput,
): Promise<WithdrawStatusResult> {
  const inquiry = await boundInquiry(services, actor, input);
  const before = await transactionOf(services, actor, inquiry);
  if (before.status_trx === 'PROCESS') await advanceIfDue(services, before.id);
  const row = await transactionOf(services, actor, inquiry);
  return {
    payment_reff: row.id_transaksi,
    id_produk: row.id_produk ?? '',
    status_trx: row.status_trx,
  };
}

/** transaction/detail: the receipt; a FAILED payment answers its rail reason as a refusal. */
export async function withdrawalDetail(
  services: Services,
  actor: UserActor,
  input: LookupInput,
): Promise<WithdrawDetailResult> {
  const inquiry = await boundInquiry(services, actor, input);
  const receipt = await loadReceipt(services, inquiry, actor.lang);
  if (!receipt) throw new ApiError(RC.NOT_FOUND, 'withdraw.inquiryNotFound');
  if (receipt.status_trx === 'FAILED') {
    const row = await transactionOf(services, actor, inquiry);
    const key = `withdraw.rail.${row.response_code}`;
    throw new ApiError(
      RC.REFUSED,
      hasKey(actor.lang, key) ? key : 'withdraw.paymentFailed',
      undefined,
      receipt,
    );
  }
  return { tabledata: receipt.tabledata, produkname: receipt.produkname, receipt };
}
