import { availableOf, INSUFFICIENT_FUNDS, isTransferOk, type TransferInput } from '@gerbang/ledger';
import { formatRupiah, RC, wibDate } from '@gerbang/shared';
import {
  normaliseAccountNumber,
  type WithdrawPaymentResult,
} from '@gerbang/shared/contract/withdraw';
import { ApiError, refused } from '../../http/errors';
import type { RouteContext } from '../../http/route';
import { writeAudit } from '../audit/audit';
import { expectedChecksum, type InquiryRow } from './inquiry';
import { ledgerFor, withdrawAccounts } from './ledger';
import { checkOtp, findInquiry, matchesUsedOtp, usableOtp } from './otp';
import { advanceSubmission, LEASE_MS, newLeaseToken, type SubmissionRow } from './rail-work';
import { loadReceipt } from './receipt';
import { checksumMatches, paymentFingerprint } from './security';
import type { WithdrawKind } from './tables';

export interface PaymentBody {
  pin: string;
  reff_id: string;
  checksum: string;
  uuid_user: string;
  number: string;
  nominal: number;
  bank_code: string;
}

type PaymentContext = RouteContext<PaymentBody, unknown, unknown>;

/** The ledger ids of a withdrawal's hold, derived from the inquiry: the idempotency keys. */
export function pendingTransferIds(idTransaksi: string, adminFee: number): string[] {
  return [
    `withdraw:${idTransaksi}:amount`,
    ...(adminFee > 0 ? [`withdraw:${idTransaksi}:fee`] : []),
  ];
}

const TRANSACTION_KIND = { BANK: 'WITHDRAW', EWALLET: 'EWALLET', RETAIL: 'RETAIL' } as const;
const PRODUCT_GROUP = { BANK: 'TRANSFER', EWALLET: 'EMONEY', RETAIL: 'TRANSFER' } as const;

/** The payment must name the inquiry exactly as it was checked. */
function assertBinding(ctx: PaymentContext, inquiry: InquiryRow) {
  const { body, services } = ctx;
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

/** A payment already made for this inquiry: the same request gets the first answer back. */
async function replay(ctx: PaymentContext, inquiry: InquiryRow): Promise<WithdrawPaymentResult> {
  if (inquiry.payment_fingerprint !== fingerprintOf(ctx.body)) {
    throw new ApiError(RC.CONFLICT, 'common.errors.idempotencyConflict');
  }
  if (!(await matchesUsedOtp(ctx, inquiry, ctx.body.pin))) throw refused('withdraw.otpUsed');
  const receipt = await loadReceipt(ctx.services, inquiry, ctx.lang);
  if (!receipt) throw new ApiError(RC.NOT_FOUND, 'withdraw.inquiryNotFound');
  return receipt;
}

/**
 * transaction/cashout_payment and ewallet_payment. Order: OTP present (schema), the inquiry of
 * this agent, its binding (checksum and fields), replay, expiry, OTP. Then ONE database
 * transaction consumes the OTP, marks the inquiry paid, creates the pending ledger chain (amount
 * to the rail's clearing account, fee to fee revenue), writes the PROCESS transaction and its
 * rail submission. The rail is called after the commit; a crash after the commit is finished by
 * the recovery sweep.
 */
export async function payWithdrawal(
  ctx: PaymentContext,
  kinds: readonly WithdrawKind[],
): Promise<WithdrawPaymentResult> {
  const { services, auth, body, lang } = ctx;
  const inquiry = await findInquiry(ctx, body.reff_id);
  if (!kinds.includes(inquiry.kind) || inquiry.user_id !== auth.user.id) {
    throw new ApiError(RC.NOT_FOUND, 'withdraw.inquiryNotFound');
  }
  assertBinding(ctx, inquiry);
  if (inquiry.paid_at) return replay(ctx, inquiry);
  const now = services.now();
  if (new Date(inquiry.expires_at).getTime() <= now.getTime()) {
    throw refused('withdraw.inquiryExpired');
  }
  const otp = await checkOtp(ctx, inquiry, body.pin);
  if (!otp.ok) {
    // A concurrent submit of this payment may have used the OTP meanwhile: answer like a replay.
    const fresh = await findInquiry(ctx, body.reff_id);
    if (fresh.paid_at) return replay(ctx, fresh);
    throw otp.error;
  }

  const ledger = ledgerFor(services);
  const pendingIds = pendingTransferIds(inquiry.id_transaksi, inquiry.admin_fee);
  const outcome = await services.db.transaction().execute(async (trx) => {
    const consumed = await trx
      .updateTable('withdraw_otps')
      .set({ used_at: now })
      .where('id', '=', otp.otpId)
      .where((eb) => usableOtp(eb, now))
      .returning('id')
      .executeTakeFirst();
    if (!consumed) return { raced: true as const };
    const claimed = await trx
      .updateTable('withdraw_inquiries')
      .set({ paid_at: now, payment_fingerprint: fingerprintOf(body) })
      .where('id', '=', inquiry.id)
      .where('paid_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return { raced: true as const };

    const accounts = await withdrawAccounts(
      ledger,
      inquiry.agent_id,
      inquiry.environment,
      inquiry.rail_code,
      trx,
    );
    const reference = inquiry.id_transaksi;
    const inputs: TransferInput[] = [
      {
        id: pendingIds[0],
        debitAccountId: accounts.merchant,
        creditAccountId: accounts.clearing,
        amount: inquiry.amount,
        flags: { pending: true, linked: pendingIds.length > 1 },
        kind: 'withdraw',
        reference,
        description: `${inquiry.product_name} ${inquiry.account_number} a.n. ${inquiry.account_name}`,
      },
    ];
    if (pendingIds[1]) {
      inputs.push({
        id: pendingIds[1],
        debitAccountId: accounts.merchant,
        creditAccountId: accounts.fees,
        amount: inquiry.admin_fee,
        flags: { pending: true },
        kind: 'withdraw_fee',
        reference,
        description: `Admin fee ${reference}`,
      });
    }
    const results = await ledger.createTransfers(inputs, { trx });
    if (!results.every(isTransferOk)) {
      if (results.some((result) => result.result === INSUFFICIENT_FUNDS)) {
        const balance = await ledger.findAccount(
          {
            kind: 'merchant_available',
            agentId: inquiry.agent_id,
            environment: inquiry.environment,
          },
          { trx },
        );
        throw refused('withdraw.insufficientBalance', {
          total: formatRupiah(inquiry.amount + inquiry.admin_fee),
          balance: formatRupiah(balance ? availableOf(balance) : 0),
        });
      }
      throw new Error(
        `ledger refused the withdraw hold: ${results.map((r) => r.result).join(', ')}`,
      );
    }

    const transaction = await trx
      .insertInto('transactions')
      .values({
        id_transaksi: inquiry.id_transaksi,
        agent_id: inquiry.agent_id,
        environment: inquiry.environment,
        user_id: auth.user.id,
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
        keterangan: `Tarik saldo ke ${inquiry.product_name} ${inquiry.account_number}`,
        ledger_transfer_id: pendingIds[0],
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The request that paid owns the rail work first (the lease); the sweep takes over if it dies.
    const submission = await trx
      .insertInto('rail_submissions')
      .values({
        transaction_id: transaction.id,
        inquiry_id: inquiry.id,
        rail: inquiry.kind,
        state: 'SEND',
        reference: inquiry.id_transaksi,
        rail_code: inquiry.rail_code,
        account_type: inquiry.account_type,
        account_number: inquiry.account_number,
        amount: inquiry.amount,
        pending_transfer_ids: pendingIds.join(','),
        next_check_at: now,
        claimed_until: new Date(now.getTime() + LEASE_MS),
        lease_token: newLeaseToken(),
        attempts: 1,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { raced: false as const, submission };
  });

  if (!outcome.raced) {
    await writeAudit(services.db, {
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
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      environment: auth.environment,
    });
    await advanceSubmission(services, outcome.submission as SubmissionRow);
  }
  // A concurrent submit that lost the race answers what the winner recorded.
  const fresh = await findInquiry(ctx, body.reff_id);
  if (!fresh.paid_at) throw refused('withdraw.otpUsed');
  if (outcome.raced) return replay(ctx, fresh);
  const receipt = await loadReceipt(services, fresh, lang);
  if (!receipt) throw new ApiError(RC.NOT_FOUND, 'withdraw.inquiryNotFound');
  return receipt;
}
