import { formatRupiah, RC } from '@gerbang/shared';
import {
  normaliseAccountNumber,
  type WithdrawPaymentResult,
} from '@gerbang/shared/contract/withdraw';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { ApiError, refused } from '../../http/errors';
import type { Services } from '../../http/services';
import type { UserActor } from '../../platform/actor';
import { checksumMatches, paymentFingerprint } from '../../platform/binding';
import type { PayoutSource } from '../payouts/kinds';
import { advanceSubmission } from '../payouts/rail-work';
import { awaitRailStep, type SubmissionRow } from '../payouts/submissions';
import { expectedChecksum, type InquiryRow } from './inquiry';
import { checkOtp, consumeWithdrawOtp, findInquiry, matchesUsedOtp } from './otp';
import { WITHDRAW_PAYOUT } from './payout-kind';
import { placeWithdrawal, type WithdrawalPlan } from './place';
import { loadReceipt } from './receipt';
import type { WithdrawKind } from './tables';

/** The fields of transaction/cashout_payment and ewallet_payment, as the schema parsed them. */
export interface PaymentBody {
  pin: string;
  reff_id: string;
  checksum: string;
  uuid_user: string;
  number: string;
  nominal: number;
  bank_code: string;
}

export interface PaymentInput {
  /** The inquiry kinds this call pays (cashout: BANK and RETAIL; ewallet: EWALLET). */
  kinds: readonly WithdrawKind[];
  body: PaymentBody;
}

/** A withdrawal's owner in the payout block: its inquiry. */
export function payoutSourceOf(inquiry: { id: number }): PayoutSource {
  return { kind: WITHDRAW_PAYOUT.kind, id: inquiry.id };
}

/** The payment must name the inquiry exactly as it was checked. */
function assertBinding(services: Services, body: PaymentBody, inquiry: InquiryRow) {
  const sameChecksum =
    checksumMatches(body.checksum, inquiry.checksum) &&
    checksumMatches(body.checksum, expectedChecksum(services.config.sessionSecret, inquiry));
  const sameFields =
    body.uuid_user === inquiry.uuid_user &&
    normaliseAccountNumber(body.number).replace(/^\+/, '') === inquiry.account_number &&
    body.nominal === inquiry.amount &&
    (body.bank_code === '' ||
      body.bank_code === inquiry.code ||
      body.bank_code === inquiry.rail_code);
  if (!sameChecksum || !sameFields) throw new ApiError(RC.CONFLICT, 'withdraw.inquiryMismatch');
}

function fingerprintOf(body: PaymentBody): string {
  return paymentFingerprint({
    reff_id: body.reff_id,
    checksum: body.checksum,
    uuid_user: body.uuid_user,
    number: normaliseAccountNumber(body.number),
    nominal: body.nominal,
    bank_code: body.bank_code,
  });
}

async function receiptOrNotFound(
  services: Services,
  actor: UserActor,
  reffId: string,
): Promise<WithdrawPaymentResult> {
  const inquiry = await findInquiry(services, actor, reffId);
  const receipt = await loadReceipt(services, inquiry, actor.lang);
  if (!receipt) throw new ApiError(RC.NOT_FOUND, 'withdraw.inquiryNotFound');
  return receipt;
}

/** A payment already made for this inquiry: the same request gets the first answer back. */
async function replay(
  services: Services,
  actor: UserActor,
  body: PaymentBody,
  inquiry: InquiryRow,
): Promise<WithdrawPaymentResult> {
  if (inquiry.payment_fingerprint !== fingerprintOf(body)) {
    throw new ApiError(RC.CONFLICT, 'common.errors.idempotencyConflict');
  }
  if (!(await matchesUsedOtp(services, inquiry, body.pin))) throw refused('withdraw.otpUsed');
  await awaitRailStep(services, payoutSourceOf(inquiry));
  const receipt = await loadReceipt(services, inquiry, actor.lang);
  if (!receipt) throw new ApiError(RC.NOT_FOUND, 'withdraw.inquiryNotFound');
  return receipt;
}

type PaymentOutcome =
  | { kind: 'paid'; submission: SubmissionRow }
  | { kind: 'replay' }
  | { kind: 'refused'; error: ApiError };

/**
 * transaction/cashout_payment and ewallet_payment. Order: OTP present (schema), the inquiry of
 * this agent, its binding (checksum and fields), replay, expiry, OTP. Then ONE database
 * transaction, holding the inquiry's row lock from the start, checks expiry and the OTP, consumes
 * it, marks the inquiry paid, places the payout hold (amount to the rail's clearing account, fee to
 * fee revenue), writes the PROCESS transaction and its rail submission. Identical requests sent
 * together queue on that lock: the first pays, the others find the inquiry paid and answer its
 * receipt (after the first's rail step), never an OTP error. The rail is called after the commit;
 * a crash after the commit is finished by the payout sweep.
 */
export async function payWithdrawal(
  services: Services,
  actor: UserActor,
  input: PaymentInput,
): Promise<WithdrawPaymentResult> {
  const { auth } = actor;
  const { body } = input;
  const inquiry = await findInquiry(services, actor, body.reff_id);
  if (!input.kinds.includes(inquiry.kind) || inquiry.user_id !== auth.user.id) {
    throw new ApiError(RC.NOT_FOUND, 'withdraw.inquiryNotFound');
  }
  assertBinding(services, body, inquiry);
  if (inquiry.paid_at) return replay(services, actor, body, inquiry);

  const outcome = await services.db
    .transaction()
    .execute((trx) => payUnderLock(services, actor, body, inquiry.id, trx));
  if (outcome.kind === 'refused') throw outcome.error;
  if (outcome.kind === 'replay') {
    return replay(services, actor, body, await findInquiry(services, actor, body.reff_id));
  }

  await advanceSubmission(services, outcome.submission);
  return receiptOrNotFound(services, actor, body.reff_id);
}

/** The withdrawal an inquiry describes, booked for the user who pays it. */
function planOf(inquiry: InquiryRow, actor: UserActor): WithdrawalPlan {
  return {
    source: payoutSourceOf(inquiry),
    payer: { agentId: inquiry.agent_id, environment: inquiry.environment },
    userId: actor.auth.user.id,
    idTransaksi: inquiry.id_transaksi,
    kind: inquiry.kind,
    code: inquiry.code,
    railCode: inquiry.rail_code,
    productCode: inquiry.kode_produk,
    productName: inquiry.product_name,
    accountNumber: inquiry.account_number,
    accountType: inquiry.account_type,
    accountName: inquiry.account_name,
    amount: inquiry.amount,
    fee: inquiry.admin_fee,
    note: inquiry.note,
    beneficiary:
      inquiry.beneficiary_id === null
        ? null
        : { id: Number(inquiry.beneficiary_id), savedName: inquiry.beneficiary_name ?? '' },
    audit: {
      action: 'withdraw_payment',
      detail: {
        kind: inquiry.kind,
        destination: inquiry.rail_code,
        amount: inquiry.amount,
        fee: inquiry.admin_fee,
      },
    },
  };
}

/** The payment transaction: everything from the row lock to the rail submission, or nothing. */
async function payUnderLock(
  services: Services,
  actor: UserActor,
  body: PaymentBody,
  inquiryId: number,
  trx: Transaction<Database>,
): Promise<PaymentOutcome> {
  const inquiry = await trx
    .selectFrom('withdraw_inquiries')
    .selectAll()
    .where('id', '=', inquiryId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (inquiry.paid_at) return { kind: 'replay' };
  const now = services.now();
  if (new Date(inquiry.expires_at).getTime() <= now.getTime()) {
    return { kind: 'refused', error: refused('withdraw.inquiryExpired') };
  }
  // A wrong code keeps its counted try: the transaction commits with the refusal.
  const otp = await checkOtp(services, inquiry, body.pin, trx);
  if (!otp.ok) return { kind: 'refused', error: otp.error };
  // Replaced by a new OTP (create_otp) since the check.
  if (!(await consumeWithdrawOtp(trx, otp.otpId, now))) {
    return { kind: 'refused', error: refused('withdraw.otpExpired') };
  }
  await trx
    .updateTable('withdraw_inquiries')
    .set({ paid_at: now, payment_fingerprint: fingerprintOf(body) })
    .where('id', '=', inquiry.id)
    .execute();
  const placed = await placeWithdrawal(services, trx, actor, now, planOf(inquiry, actor));
  // Thrown: the whole transaction (OTP use, paid mark) rolls back.
  if (!placed.ok) {
    throw refused('withdraw.insufficientBalance', {
      total: formatRupiah(inquiry.amount + inquiry.admin_fee),
      balance: formatRupiah(placed.available),
    });
  }
  return { kind: 'paid', submission: placed.submission };
}
