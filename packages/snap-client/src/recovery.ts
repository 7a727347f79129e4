import type { SnapAnswer, SnapRequest } from './calls.js';
import { SnapApiError } from './errors.js';

/**
 * A transfer whose first attempt reached Gerbang without an answer coming back (a retry under
 * the same X-EXTERNAL-ID was answered 409xx00): its partnerReferenceNo says what happened.
 * - transferStatus finds it, booked under one of this call's X-EXTERNAL-IDs: the answer the first
 *   attempt would have had, rebuilt from the status (00 → 2001800, 03 → 2021800 in progress,
 *   06 → SnapApiError 4031815, the money back);
 * - it finds it under another X-EXTERNAL-ID: the reference was another transfer's, and the
 *   attempt was refused as a duplicate (SnapApiError 4091801), as Gerbang would have answered;
 * - it finds nothing: the attempt was refused before it booked anything, or is still running.
 *   The transfer is sent once more under a new X-EXTERNAL-ID: its partnerReferenceNo keeps it
 *   from being booked twice (a concurrent booking is refused 4091801; then the status is asked
 *   again).
 * At most ROUNDS rounds; then the last error is thrown.
 */

const ROUNDS = 3;
const SERVICE = '18';
const STATUS_NOT_FOUND = '4043601';

type Transfer = SnapRequest<'transferInterbank'>;
type TransferAnswer = SnapAnswer<'transferInterbank'>;
type StatusQuery = SnapRequest<'transferStatus'>;
type Status = Record<string, unknown> & {
  originalReferenceNo?: string;
  originalExternalId?: string;
  latestTransactionStatus?: string;
  transactionDate?: string;
  amount?: unknown;
  beneficiaryAccountNo?: string;
  beneficiaryBankCode?: string;
  additionalInfo?: { fee?: unknown };
};

export interface TransferRecovery {
  transfer: Transfer;
  firstExternalId: string;
  newExternalId: () => string;
  status: (query: StatusQuery) => Promise<unknown>;
  /** The transfer sent under another X-EXTERNAL-ID, without a recovery of its own. */
  resend: (externalId: string) => Promise<TransferAnswer>;
}

const codeOf = (error: unknown) => (error instanceof SnapApiError ? error.responseCode : null);

function refusal(code: string, message: string, externalId: string, body: Record<string, unknown>) {
  return new SnapApiError({
    httpStatus: Number(code.slice(0, 3)),
    responseCode: code,
    responseMessage: message,
    service: SERVICE,
    call: 'transferInterbank',
    externalId,
    body: { responseCode: code, responseMessage: message, ...body },
    detail: 'found by transferStatus after an answer was lost',
  });
}

/** The answer the booked attempt had: what transferInterbank answers, from its status. */
function answerOf(transfer: Transfer, status: Status): TransferAnswer {
  const latest = status.latestTransactionStatus;
  const fields = {
    referenceNo: status.originalReferenceNo,
    partnerReferenceNo: transfer.partnerReferenceNo,
    amount: status.amount,
    beneficiaryAccountNo: status.beneficiaryAccountNo,
    beneficiaryBankCode: status.beneficiaryBankCode,
    sourceAccountNo: transfer.sourceAccountNo ?? '',
    transactionDate: status.transactionDate,
    additionalInfo: { fee: status.additionalInfo?.fee, latestTransactionStatus: latest },
  };
  const externalId = String(status.originalExternalId ?? '');
  if (latest === '06') {
    throw refusal(`403${SERVICE}15`, 'Transaction Not Permitted', externalId, fields);
  }
  const [code, message] =
    latest === '00'
      ? [`200${SERVICE}00`, 'Successful']
      : [`202${SERVICE}00`, 'Request In Progress'];
  return { responseCode: code, responseMessage: message, ...fields } as unknown as TransferAnswer;
}

async function statusOf(r: TransferRecovery): Promise<Status | null> {
  try {
    const query = {
      originalPartnerReferenceNo: r.transfer.partnerReferenceNo,
      serviceCode: SERVICE,
    };
    return (await r.status(query as StatusQuery)) as Status;
  } catch (error) {
    if (codeOf(error) === STATUS_NOT_FOUND) return null;
    throw error;
  }
}

export async function recoverTransfer(r: TransferRecovery): Promise<TransferAnswer> {
  const ours = [r.firstExternalId];
  let last: unknown = null;
  for (let round = 0; round < ROUNDS; round++) {
    const status = await statusOf(r);
    if (status) {
      if (ours.includes(String(status.originalExternalId))) return answerOf(r.transfer, status);
      throw refusal(`409${SERVICE}01`, 'Duplicate partnerReferenceNo', ours.at(-1) ?? '', {});
    }
    const externalId = r.newExternalId();
    ours.push(externalId);
    try {
      return await r.resend(externalId);
    } catch (error) {
      // Booked meanwhile (the first attempt, still running), or this one's answer lost too.
      const code = codeOf(error);
      if (code !== `409${SERVICE}01` && code !== `409${SERVICE}00`) throw error;
      last = error;
    }
  }
  throw last;
}
