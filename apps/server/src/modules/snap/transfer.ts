import { DISBURSEMENT_MAX_AMOUNT, formatWibDateTime } from '@gerbang/shared';
import type { z } from 'zod';
import type { Services } from '../../http/services';
import type { PartnerActor } from '../../platform/actor';
import { newTransactionId } from '../../platform/ids';
import { finalizeInGroup } from '../payouts/finalize-group';
import { advanceSubmission } from '../payouts/rail-work';
import { resolveCashoutDestination } from '../withdraw/destinations';
import type { WithdrawalPlan } from '../withdraw/place';
import { SnapError } from './codes';
import type { SnapPartner } from './guard';
import { SNAP_TRANSFER_PAYOUT } from './payout-kind';
import type { ServiceAnswer, ServiceContext } from './pipeline';
import { priceAndCheck } from './price-check';
import { railWritesInGroup } from './rail-group';
import type {
  accountInquiryExternalRequest,
  transferInterbankRequest,
  transferStatusRequest,
} from './schemas';
import { formatSnapTimestamp } from './signature';
import { bookInGroup } from './transfer-group';

/**
 * Interbank transfer through the payout pipeline (docs/architecture.md "Adding a payout kind"):
 * the withdraw pricing (same fees as the portal), the 50,000,000 limit, then ONE database
 * transaction — the `snap_transfers` row (unique partnerReferenceNo: a duplicate, even a
 * concurrent one, finds the key taken and moves nothing) and the same `placeWithdrawal` the portal
 * calls (hold, PROCESS row with X-EXTERNAL-ID as its partner reference, rail submission, audit). The rail is called after the
 * commit; finalize moves `snap_transfers.status` and queues the callback.
 */

export const rupiah = (amount: number) => ({ value: `${amount}.00`, currency: 'IDR' });
export const amountOf = (value: string) => Number(value.slice(0, -3));

/** The bank and its name, or the standard's invalid-field refusal. */
function bankOf(code: string) {
  try {
    const destination = resolveCashoutDestination(code, '');
    if (destination.kind !== 'BANK') throw new Error('not a bank');
    return destination;
  } catch {
    throw new SnapError('invalidFieldFormat', 'beneficiaryBankCode');
  }
}

async function lookUpAccount(services: Services, bankCode: string, accountNo: string) {
  const found = await services.rails.bank.inquiry({
    bankCode,
    accountNumber: accountNo,
    accountType: 'NORMAL',
    now: services.now(),
  });
  if (!found.ok) {
    if (found.code === 'BANK_UNAVAILABLE')
      throw new SnapError('transactionNotPermitted', '[Bank unavailable]');
    throw new SnapError('invalidAccount', '[Beneficiary account]');
  }
  return found.accountName;
}

export async function accountInquiry(
  ctx: ServiceContext<z.infer<typeof accountInquiryExternalRequest>>,
): Promise<ServiceAnswer> {
  const bank = bankOf(ctx.body.beneficiaryBankCode);
  const name = await lookUpAccount(ctx.services, bank.railCode, ctx.body.beneficiaryAccountNo);
  return {
    body: {
      referenceNo: ctx.externalId,
      partnerReferenceNo: ctx.body.partnerReferenceNo ?? '',
      beneficiaryAccountName: name,
      beneficiaryAccountNo: ctx.body.beneficiaryAccountNo,
      beneficiaryBankCode: bank.code,
      beneficiaryBankName: bank.channelName,
      currency: 'IDR',
    },
  };
}

interface Planned {
  partner: SnapPartner;
  externalId: string;
  partnerReferenceNo: string;
  idTransaksi: string;
  amount: number;
  fee: number;
  bank: ReturnType<typeof bankOf>;
  accountNo: string;
  accountName: string;
  productCode: string;
  note: string;
}

/** The partner's server, as the payout pipeline's actor. */
function partnerActor(partner: SnapPartner, ip: string): PartnerActor {
  return {
    kind: 'partner',
    agentId: partner.agentId,
    environment: partner.environment,
    clientId: partner.clientId,
    lang: 'en',
    ip,
    userAgent: '',
  };
}

/** The `snap_transfers` row (unique partnerReferenceNo: a duplicate moves nothing). */
function rowOf(p: Planned) {
  return {
    agent_id: p.partner.agentId,
    environment: p.partner.environment,
    partner_reference_no: p.partnerReferenceNo,
    external_id: p.externalId,
    id_transaksi: p.idTransaksi,
    amount: p.amount,
    fee: p.fee,
    bank_code: p.bank.code,
    bank_name: p.bank.channelName,
    account_no: p.accountNo,
    account_name: p.accountName,
  };
}

function planOf(p: Planned, transferId: number): WithdrawalPlan {
  return {
    source: { kind: SNAP_TRANSFER_PAYOUT.kind, id: transferId },
    payer: { agentId: p.partner.agentId, environment: p.partner.environment },
    userId: null,
    idTransaksi: p.idTransaksi,
    kind: 'BANK',
    code: p.bank.code,
    railCode: p.bank.railCode,
    productCode: p.productCode,
    productName: p.bank.channelName,
    accountNumber: p.accountNo,
    accountType: 'NORMAL',
    accountName: p.accountName,
    amount: p.amount,
    fee: p.fee,
    note: p.note,
    partner: { externalId: p.externalId, referenceNo: p.partnerReferenceNo },
    audit: {
      action: 'snap_transfer',
      detail: {
        partner_reference_no: p.partnerReferenceNo,
        external_id: p.externalId,
        bank: p.bank.code,
        amount: p.amount,
        fee: p.fee,
      },
    },
  };
}

export async function transferInterbank(
  ctx: ServiceContext<z.infer<typeof transferInterbankRequest>>,
): Promise<ServiceAnswer> {
  const { services, partner, body } = ctx;
  const amount = amountOf(body.amount.value);
  if (amount <= 0) throw new SnapError('invalidFieldFormat', 'amount.value');
  if (amount > DISBURSEMENT_MAX_AMOUNT) throw new SnapError('exceedsAmountLimit');
  const bank = bankOf(body.beneficiaryBankCode);
  // One read (it locks nothing); a duplicate reference is refused before the rail is asked.
  const { pricing, taken } = await priceAndCheck(
    services,
    partner,
    amount,
    body.partnerReferenceNo,
  );
  if (pricing.disrupted) throw new SnapError('transactionNotPermitted', '[Product disrupted]');
  if (taken) throw new SnapError('duplicatePartnerReference');
  const accountName = await lookUpAccount(services, bank.railCode, body.beneficiaryAccountNo);
  const idTransaksi = await newTransactionId(services, services.db, 'WD', services.now());
  const planned: Planned = {
    partner,
    externalId: ctx.externalId,
    partnerReferenceNo: body.partnerReferenceNo,
    idTransaksi,
    amount,
    fee: pricing.adminFee,
    bank,
    accountNo: body.beneficiaryAccountNo,
    accountName,
    productCode: pricing.kodeProduk,
    note: body.remark ?? '',
  };
  // Booked in a group with this partner's concurrent transfers (transfer-group.ts): one
  // transaction, one lock of the merchant's account; a refused or duplicate call is its own.
  const booked = await bookInGroup(services, {
    actor: partnerActor(partner, ctx.ip),
    plan: (transferId) => planOf(planned, transferId),
    row: rowOf(planned),
  });
  if (booked.kind === 'duplicate') throw new SnapError('duplicatePartnerReference');
  const payerKey = `${partner.agentId}:${partner.environment}`;
  // The rail step's writes and its finalize are grouped with the partner's concurrent transfers.
  const outcome = await advanceSubmission(
    services,
    booked.submission,
    (row, result) => finalizeInGroup(services, payerKey, row, result),
    railWritesInGroup(services, payerKey),
  );
  // The step says how it left the payout; only when it cannot (another worker finished it, or
  // the step will be retried) is the row read again.
  const status = statusOf(
    outcome === null
      ? ((await findTransfer(services, partner, body.partnerReferenceNo))?.status ?? 0)
      : STORED_STATUS[outcome],
  );
  return {
    // A transfer the bank has not finished yet (its night queue, a slow bank) is "in progress".
    // A send the bank refused at once was voided (money back): not a success for the partner.
    which:
      status.code === '03'
        ? 'inProgress'
        : status.code === '06'
          ? 'transactionNotPermitted'
          : 'success',
    body: {
      referenceNo: idTransaksi,
      partnerReferenceNo: body.partnerReferenceNo,
      amount: rupiah(amount),
      beneficiaryAccountNo: body.beneficiaryAccountNo,
      beneficiaryBankCode: bank.code,
      sourceAccountNo: body.sourceAccountNo ?? '',
      transactionDate: formatIso(new Date(services.now())),
      additionalInfo: { fee: rupiah(pricing.adminFee), latestTransactionStatus: status.code },
    },
  };
}

function findTransfer(services: Services, partner: SnapPartner, reference: string) {
  return services.db
    .selectFrom('snap_transfers')
    .selectAll()
    .where('agent_id', '=', partner.agentId)
    .where('environment', '=', partner.environment)
    .where('partner_reference_no', '=', reference)
    .executeTakeFirst();
}

/** `snap_transfers.status` of a payout step's outcome. */
const STORED_STATUS = { success: 1, failed: 2, pending: 0 } as const;

/** SNAP latestTransactionStatus: 00 success, 03 pending, 06 failed. */
function statusOf(status: number): { code: string; desc: string } {
  if (status === 1) return { code: '00', desc: 'Success' };
  if (status === 2) return { code: '06', desc: 'Failed' };
  return { code: '03', desc: 'Pending' };
}

/** ISO 8601 in WIB (+07:00), as SNAP writes times. */
export const formatIso = formatSnapTimestamp;

/**
 * Transfer status by the partner's original reference: always the first request's result, so a
 * client that timed out can learn what happened (and never needs to send the money again).
 */
export async function transferStatus(
  ctx: ServiceContext<z.infer<typeof transferStatusRequest>>,
): Promise<ServiceAnswer> {
  const row = await findTransfer(ctx.services, ctx.partner, ctx.body.originalPartnerReferenceNo);
  if (!row) throw new SnapError('transactionNotFound');
  const status = statusOf(row.status);
  return {
    body: {
      originalReferenceNo: row.id_transaksi,
      originalPartnerReferenceNo: row.partner_reference_no,
      originalExternalId: row.external_id,
      serviceCode: '18',
      transactionDate: formatIso(new Date(row.created_at)),
      amount: rupiah(Number(row.amount)),
      beneficiaryAccountNo: row.account_no,
      beneficiaryBankCode: row.bank_code,
      latestTransactionStatus: status.code,
      transactionStatusDesc: status.desc,
      additionalInfo: {
        fee: rupiah(Number(row.fee)),
        beneficiaryAccountName: row.account_name,
        completedAt: row.completed_at ? formatWibDateTime(new Date(row.completed_at)) : null,
      },
    },
  };
}
