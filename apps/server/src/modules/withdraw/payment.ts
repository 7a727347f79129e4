import { formatRupiah, RC, wibDate } from '@gerbang/shared';
import {
  normaliseAccountNumber,
  type WithdrawPaymentResult,
} from '@gerbang/shared/contract/withdraw';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { ApiError, refused } from '../../http/errors';
import type { Services } from '../../http/services';
import type { Actor } from '../../platform/actor';
import { checksumMatches, paymentFingerprint } from '../../platform/binding';
import { writeAudit } from '../audit/audit';
import { payoutAccounts } from '../payouts/accounts';
import { holdFunds } from '../payouts/hold';
import { advanceSubmission } from '../payouts/rail-work';
import type { PayoutSource } from '../payouts/sources';
import { awaitRailStep, recordSubmission, type SubmissionRow } from '../payouts/submissions';
import { describedColumns } from '../transactions/descriptions';
import { expectedChecksum, type InquiryRow } from './inquiry';
import { checkOtp, consumeWithdrawOtp, findInquiry, matchesUsedOtp } from './otp';
import { postings } from './postings';
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

const TRANSACTION_KIND = { BANK: 'WITHDRAW', EWALLET: 'EWALLET', RETAIL: 'RETAIL' } as const;
const PRODUCT_GROUP = { BANK: 'TRANSFER', EWALLET: 'EMONEY', RETAIL: 'TRANSFER' } as const;

/** A withdrawal's owner in the payout block: its inquiry. */
export function payoutSourceOf(inquiry: { id: number }): PayoutSource {
  return { kind: 'withdraw', id: inquiry.id };
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
  actor: Actor,
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
  actor: Actor,
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
  actor: Actor,
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

  await auditPayment(services, actor, inquiry);
  await advanceSubmission(services, outcome.submission);
  return receiptOrNotFound(services, actor, body.reff_id);
}

async function auditPayment(services: Services, actor: Actor, inquiry: InquiryRow) {
  const { auth } = actor;
  await writeAudit(services.db, {
    at: services.now(),
    agentId: auth.agent.id,
    userId: auth.user.id,
    username: auth.user.username,
    action: 'withdraw_payment',
    target: inquiry.id_transaksi,
    detail: {
      kind: inquiry.kind,
      destination: inquiry.rail_code,
      amount: inquiry.amount,
      fee: inquiry.admin_fee,
    },
    ip: actor.ip,
    userAgent: actor.userAgent,
    environment: auth.environment,
  });
}

/** The payment transaction: everything from the row lock to the rail submission, or nothing. */
async function payUnderLock(
  services: Services,
  actor: Actor,
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
  const pendingIds = await holdWithdrawal(services, inquiry, trx);
  const submission = await recordProcess(actor, inquiry, pendingIds, now, trx);
  return { kind: 'paid', submission };
}

/** The payout hold of the inquiry's postings; a short balance rolls the whole payment back. */
async function holdWithdrawal(
  services: Services,
  inquiry: InquiryRow,
  trx: Transaction<Database>,
): Promise<string[]> {
  const payer = { agentId: inquiry.agent_id, environment: inquiry.environment };
  const accounts = await payoutAccounts(services.ledger, payer, inquiry.rail_code, trx);
  const hold = await holdFunds(services.ledger, trx, payer, postings(inquiry, accounts));
  if (hold.ok) return hold.pendingIds;
  // Thrown: the whole transaction (OTP use, paid mark) rolls back.
  throw refused('withdraw.insufficientBalance', {
    total: formatRupiah(inquiry.amount + inquiry.admin_fee),
    balance: formatRupiah(hold.available),
  });
}

/** The PROCESS transaction row and its rail submission, leased to this request first. */
async function recordProcess(
  actor: Actor,
  inquiry: InquiryRow,
  pendingIds: string[],
  now: Date,
  trx: Transaction<Database>,
): Promise<SubmissionRow> {
  const transaction = await trx
    .insertInto('transactions')
    .values({
      id_transaksi: inquiry.id_transaksi,
      agent_id: inquiry.agent_id,
      environment: inquiry.environment,
      user_id: actor.auth.user.id,
      kind: TRANSACTION_KIND[inquiry.kind],
      jenis_produk: PRODUCT_GROUP[inquiry.kind],
      jenis_trx: 'CASH OUT',
      jenis_transaksi: 1,
      status_trx: 'PROCESS',
      time_request: now,
      transaction_date: wibDate(now),
      nopelanggan1: inquiry.account_number,
      nopelanggan2: inquiry.account_type,
      id_produk: inquiry.kode_produk,
      nama_produk: inquiry.product_name,
      nama_channel: inquiry.product_name,
      kodebank: inquiry.code,
      namabank: inquiry.product_name,
      customername: inquiry.account_name,
      nominal_origin: inquiry.amount,
      nominal_admin: inquiry.admin_fee,
      addinfo21: inquiry.note || null,
      ...describedColumns('descriptions.withdrawTo', {
        bank: inquiry.product_name,
        account: inquiry.account_number,
      }),
      ledger_transfer_id: pendingIds[0],
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return recordSubmission(trx, now, {
    source: payoutSourceOf(inquiry),
    transactionId: transaction.id,
    reference: inquiry.id_transaksi,
    destination: {
      rail: inquiry.kind,
      railCode: inquiry.rail_code,
      accountType: inquiry.account_type,
      accountNumber: inquiry.account_number,
      amount: inquiry.amount,
    },
    pendingIds,
  });
}
