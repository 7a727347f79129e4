/**
 * SNAP response codes (Bank Indonesia's open-API standard): HTTP status + the two-digit service
 * code + a two-digit case, e.g. `2001800` success of transfer-interbank (service 18), `4011800`
 * unauthorized signature, `4031814` insufficient funds. The message is the standard's English text.
 */
export const SERVICE = {
  accessToken: '73',
  balanceInquiry: '11',
  accountInquiryExternal: '16',
  transferInterbank: '18',
  transferStatus: '36',
  vaPayment: '25',
  vaStatus: '26',
  vaCreate: '27',
  vaUpdate: '28',
  vaInquiry: '30',
  vaDelete: '31',
  qrisGenerate: '47',
  qrisQuery: '51',
  qrisNotify: '52',
  // QRIS MPM refund, POST /v1.0/qr/qr-mpm-refund: service code 78 in the standard's table, as
  // acquirers that implement it publish it (e.g. docs.nicepay.co.id "Refund Transaction - API
  // QRIS SNAP", snap-docs.paydia.id "Refund Payment").
  qrisRefund: '78',
} as const;

export type ServiceCode = (typeof SERVICE)[keyof typeof SERVICE];

/** The cases Gerbang answers, by HTTP status and case number, with the standard's message. */
export const CASES = {
  success: { http: 200, case: '00', message: 'Successful' },
  inProgress: { http: 202, case: '00', message: 'Request In Progress' },
  badRequest: { http: 400, case: '00', message: 'Bad Request' },
  invalidFieldFormat: { http: 400, case: '01', message: 'Invalid Field Format' },
  invalidMandatoryField: { http: 400, case: '02', message: 'Invalid Mandatory Field' },
  unauthorized: { http: 401, case: '00', message: 'Unauthorized' },
  invalidToken: { http: 401, case: '01', message: 'Invalid Token (B2B)' },
  featureNotAllowed: { http: 403, case: '01', message: 'Feature Not Allowed' },
  exceedsAmountLimit: { http: 403, case: '02', message: 'Exceeds Transaction Amount Limit' },
  insufficientFunds: { http: 403, case: '14', message: 'Insufficient Funds' },
  transactionNotPermitted: { http: 403, case: '15', message: 'Transaction Not Permitted' },
  transactionNotFound: { http: 404, case: '01', message: 'Transaction Not Found' },
  invalidAccount: { http: 404, case: '11', message: 'Invalid Card/Account/Customer' },
  invalidBill: { http: 404, case: '12', message: 'Invalid Bill/Virtual Account' },
  invalidAmount: { http: 404, case: '13', message: 'Invalid Amount' },
  inconsistentRequest: { http: 404, case: '18', message: 'Inconsistent Request' },
  conflict: { http: 409, case: '00', message: 'Conflict' },
  duplicatePartnerReference: { http: 409, case: '01', message: 'Duplicate partnerReferenceNo' },
  tooManyRequests: { http: 429, case: '00', message: 'Too Many Requests' },
  generalError: { http: 500, case: '00', message: 'General Error' },
} as const;

export type SnapCase = keyof typeof CASES;

export function responseCode(service: ServiceCode, which: SnapCase): string {
  const c = CASES[which];
  return `${c.http}${service}${c.case}`;
}

/** A refusal in the standard's shape; thrown anywhere below a SNAP route. */
export class SnapError extends Error {
  constructor(
    readonly which: SnapCase,
    /** Appended in brackets or after a dot, as the standard writes it ("Unauthorized. [reason]"). */
    readonly detail?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail ? `${CASES[which].message} ${detail}` : CASES[which].message);
  }
}

export function snapMessage(which: SnapCase, detail?: string): string {
  const base = CASES[which].message;
  if (!detail) return base;
  return which === 'unauthorized' ? `${base}. ${detail}` : `${base} ${detail}`;
}
