import type { Ledger } from '@gerbang/ledger';
import type { Environment } from '@gerbang/shared';
import { formatRupiah, RC } from '@gerbang/shared';
import type { RemittanceReceipt } from '@gerbang/shared/contract/remittance';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { ApiError, refused } from '../../http/errors';
import type { Services } from '../../http/services';
import type { Actor, UserActor } from '../../platform/actor';
import { checksumMatches, paymentFingerprint } from '../../platform/binding';
import { PAYOUT_ACCOUNT } from '../payouts/accounts';
import type { PayoutSource } from '../payouts/kinds';
import { openPayout, type PayoutOpening, type PayoutRecord } from '../payouts/open';
import { advanceSubmission } from '../payouts/rail-work';
import { awaitRailStep, type SubmissionRow } from '../payouts/submissions';
import { expectedChecksum, foreignAmount, type RemittanceInquiryRow } from './inquiry';
import { checkOtp, findRemittanceInquiry, matchesUsedOtp } from './otp';
import { REMITTANCE_PAYOUT } from './payout-kind';
import { MINOR_UNITS, postings, REMITTANCE_ACCOUNT, type RemittanceAccounts } from './postings';
import { loadRemittanceReceipt } from './receipt';

/** transaction/cashout_payment_remittance (the withdraw payment fields without bank_code). */
export interface RemittancePaymentBody {
  pin: string;
  reff_id: string;
  checksum: string;
  uuid_user: string;
  number: string;
  nominal: number;
}

export function payoutSourceOf(inquiry: { id: number }): PayoutSource {
  return { kind: REMITTANCE_PAYOUT.kind, id: inquiry.id };
}

/** The five accounts of a remittance (created on first use), inside the caller's transaction. */
export async function remittanceAccounts(
  ledger: Ledger,
  payer: { agentId: number; environment: Environment },
  currency: string,
  trx?: Kysely<any>,
): Promise<RemittanceAccounts> {
  const { agentId, environment } = payer;
  const accounts = await ledger.ensureAccounts(
    [
      { kind: PAYOUT_ACCOUNT.available, agentId, environment },
      { kind: PAYOUT_ACCOUNT.fees, environment },
      { kind: REMITTANCE_ACCOUNT.fx, subkey: currency, environment },
      { kind: REMITTANCE_ACCOUNT.fx, subkey: currency, environment, currency },
      {
        kind: REMITTANCE_ACCOUNT.clearing,
        subkey: REMITTANCE_ACCOUNT.clearingSubkey,
        environment,
        currency,
      },
    ],
    trx ? { trx } : {},
  );
  const [merchant, fees, fxIdr, fxForeign, clearingForeign] = accounts.map((a) => a?.id);
  if (!merchant || !fees || !fxIdr || !fxForeign || !clearingForeign) {
    throw new Error('remittance accounts missing');
  }
  return { merchant, fees, fxIdr, fxForeign, clearingForeign };
}

function fingerprintOf(body: RemittancePaymentBody): string {
  return paymentFingerprint({
    reff_id: body.reff_id,
    checksum: body.checksum,
    uuid_user: body.uuid_user,
    number: body.number.replace(/[\s-]/g, ''),
    nominal: body.nominal,
  });
}

function assertBinding(services: Services, body: RemittancePaymentBody, row: RemittanceInquiryRow) {
  const sameChecksum =
    checksumMatches(body.checksum, row.checksum) &&
    checksumMatches(body.checksum, expectedChecksum(services.config.sessionSecret, row));
  const sameFields =
    body.uuid_user === row.uuid_user &&
    body.number.replace(/[\s-]/g, '') === row.account_number.replace(/[\s-]/g, '') &&
    body.nominal === row.amount;
  if (!sameChecksum || !sameFields) throw new ApiError(RC.CONFLICT, 'remittance.inquiryMismatch');
}

async function receiptOf(services: Services, actor: UserActor, row: RemittanceInquiryRow) {
  const receipt = await loadRemittanceReceipt(services, row, actor.lang);
  if (!receipt) throw new ApiError(RC.NOT_FOUND, 'remittance.inquiryNotFound');
  return receipt;
}

/** A payment already made: the same request gets the first receipt; other fields get 409. */
async function replay(
  services: Services,
  actor: UserActor,
  body: RemittancePaymentBody,
  row: RemittanceInquiryRow,
): Promise<RemittanceReceipt> {
  if (row.payment_fingerprint !== fingerprintOf(body)) {
    throw new ApiError(RC.CONFLICT, 'common.errors.idempotencyConflict');
  }
  if (!(await matchesUsedOtp(services, row.id, body.pin))) throw refused('remittance.otpUsed');
  await awaitRailStep(services, payoutSourceOf(row));
  return receiptOf(services, actor, row);
}

type Outcome =
  | { kind: 'paid'; submission: SubmissionRow }
  | { kind: 'replay' }
  | { kind: 'refused'; error: ApiError };

/**
 * transaction/cashout_payment_remittance. The inquiry of this agent and user, its binding, replay;
 * then ONE database transaction under the inquiry's row lock: expiry, the quote's validity (a
 * stale rate is refused), the OTP, the paid mark, the payout hold (IDR leg, fee, currency leg),
 * the PROCESS transaction row and the rail submission. The partner is called after the commit;
 * the payout sweep finishes what a request could not.
 */
export async function payRemittance(
  services: Services,
  actor: UserActor,
  body: RemittancePaymentBody,
): Promise<RemittanceReceipt> {
  const row = await findRemittanceInquiry(services, actor, body.reff_id);
  if (row.user_id !== actor.auth.user.id) {
    throw new ApiError(RC.NOT_FOUND, 'remittance.inquiryNotFound');
  }
  assertBinding(services, body, row);
  if (row.paid_at) return replay(services, actor, body, row);

  const outcome = await services.db
    .transaction()
    .execute((trx) => payUnderLock(services, actor, body, row.id, trx));
  if (outcome.kind === 'refused') throw outcome.error;
  const fresh = await findRemittanceInquiry(services, actor, body.reff_id);
  if (outcome.kind === 'replay') return replay(services, actor, body, fresh);
  await advanceSubmission(services, outcome.submission);
  return receiptOf(services, actor, fresh);
}

async function payUnderLock(
  services: Services,
  actor: UserActor,
  body: RemittancePaymentBody,
  inquiryId: number,
  trx: Transaction<Database>,
): Promise<Outcome> {
  const row = await trx
    .selectFrom('remittance_inquiries')
    .selectAll()
    .where('id', '=', inquiryId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (row.paid_at) return { kind: 'replay' };
  const now = services.now();
  if (new Date(row.expires_at).getTime() <= now.getTime()) {
    return { kind: 'refused', error: refused('remittance.inquiryExpired') };
  }
  if (new Date(row.rate_valid_until).getTime() <= now.getTime()) {
    return { kind: 'refused', error: refused('remittance.rateExpired') };
  }
  // A wrong code keeps its counted try: the transaction commits with the refusal.
  const otp = await checkOtp(services, row.id, body.pin, trx);
  if (!otp.ok) return { kind: 'refused', error: otp.error };
  await trx
    .updateTable('remittance_inquiries')
    .set({ paid_at: now, payment_fingerprint: fingerprintOf(body) })
    .where('id', '=', row.id)
    .execute();
  const submission = await bookRemittance(services, trx, actor, row, actor.auth.user.id, now);
  return { kind: 'paid', submission };
}

/**
 * The money of a paid remittance, inside the caller's transaction, through the payout pipeline:
 * the hold (IDR leg, fee, currency leg), the PROCESS transaction row, the rail submission leased
 * to the caller and the audit row. The payment and the demo seed both book through it.
 */
export async function bookRemittance(
  services: Services,
  trx: Transaction<Database>,
  actor: Actor,
  row: RemittanceInquiryRow,
  userId: number,
  now: Date,
): Promise<SubmissionRow> {
  const opening = await remittanceOpening(services, trx, row, userId);
  const opened = await openPayout(services, trx, actor, now, opening);
  if (opened.ok) return opened.submission;
  // Thrown: the whole transaction (OTP use, paid mark) rolls back.
  throw refused('remittance.insufficientBalance', {
    total: formatRupiah(row.amount + row.admin_fee),
    balance: formatRupiah(opened.available),
  });
}

/** The payout opening of a remittance (leased to the caller); a scheduled run overrides that. */
export async function remittanceOpening(
  services: Services,
  trx: Transaction<Database>,
  row: RemittanceInquiryRow,
  userId: number,
): Promise<PayoutOpening> {
  const payer = { agentId: row.agent_id, environment: row.environment };
  const accounts = await remittanceAccounts(services.ledger, payer, row.currency, trx);
  return {
    source: payoutSourceOf(row),
    payer,
    userId,
    reference: row.id_transaksi,
    destination: {
      rail: 'REMITTANCE',
      railCode: `${row.currency}/${row.bank_id}`,
      accountType: 'NORMAL',
      accountNumber: row.account_number,
      amount: row.destination_amount * MINOR_UNITS,
    },
    transfers: postings(row, accounts),
    record: remittanceRecord(row),
    audit: {
      action: 'remittance_payment',
      detail: {
        currency: row.currency,
        destination_amount: row.destination_amount,
        selling_rate: row.selling_rate,
        amount: row.amount,
        fee: row.admin_fee,
      },
    },
    leased: true,
  };
}

/** What a paid remittance's `transactions` row says. */
function remittanceRecord(row: RemittanceInquiryRow): PayoutRecord {
  return {
    kind: 'REMITTANCE',
    productGroup: 'TRANSFER',
    productCode: `REMITTANCE_${row.currency}`,
    productName: `REMITTANCE ${row.currency}`,
    channelName: row.bank_name,
    bankName: row.bank_name,
    bankCode: row.bank_id,
    accountDetail: row.swift_code,
    accountName: row.account_name,
    amount: row.amount,
    fee: row.admin_fee,
    note: `${foreignAmount(row)} @ ${row.selling_rate}`,
    description: {
      key: 'remittance.description',
      params: {
        currency: row.currency,
        amount: row.destination_amount,
        bank: row.bank_name,
        account: row.account_number,
      },
    },
  };
}
