/**
 * SNAP response codes (Bank Indonesia's open-API standard): HTTP status + the two-digit service
 * code + a two-digit case, e.g. `2001800` success of transfer-interbank (service 18), `4011800`
 * unauthorized signature, `4031814` insufficient funds. The message is the standard's English text.
 * Source: Bank Indonesia's SNAP Developer Site, each service page's "Daftar Response Code" table
 * (e.g. /api-services/transfer-kredit/account-inquiry, which also gives services 15 and 16).
 */
export const SERVICE = {
  accessToken: '73',
  balanceInquiry: '11',
  /** SNAP "API Internal Account Inquiry", service code 15 (BI SNAP Developer Site, Account Inquiry). */
  accountInquiryInternal: '15',
  accountInquiryExternal: '16',
  transferInterbank: '18',
  transferStatus: '36',
  /**
   * VA payment, POST /v1.0/transfer-va/payment (the "payment flag" a VA's owner is told with):
   * Gerbang sends it as the SNAP-signed VA payment notification (snap-notification.ts) and takes
   * 2002500 as the partner's receipt.
   */
  vaPayment: '25',
  vaStatus: '26',
  vaCreate: '27',
  vaUpdate: '28',
  vaInquiry: '30',
  vaDelete: '31',
  qrisGenerate: '47',
  qrisQuery: '51',
  /**
   * QRIS MPM payment notification, POST /v1.0/qr/qr-mpm-notify, service code 52 as acquirers
   * publish it (e.g. developer.ifortepay.id "Payment Notification SNAP", docs.finpay.id QRIS MPM
   * "Payment Notification"); the partner's receipt is 2005200.
   */
  qrisNotify: '52',
  // QRIS MPM refund, POST /v1.0/qr/qr-mpm-refund: service code 78 in the standard's table, as
  // acquirers that implement it publish it (e.g. docs.nicepay.co.id "Refund Transaction - API
  // QRIS SNAP", snap-docs.paydia.id "Refund Payment").
  qrisRefund: '78',
  /**
   * Gerbang's own call, not in the standard: the undelivered callbacks. 90 is no
   * service of the standard's table, so its codes (2009000, 4019000, ...) name this call only.
   */
  callbackUndelivered: '90',
} as const;

/**
 * The service part of a code answered where no service is known (an unknown /snap path, a
 * document route): the standard's codes are `HTTP + service + case`, and `00` is no service's.
 */
export const NO_SERVICE = '00';

export type ServiceCode = (typeof SERVICE)[keyof typeof SERVICE] | typeof NO_SERVICE;

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
  inactiveAccount: { http: 403, case: '18', message: 'Inactive Card/Account/Customer' },
  transactionNotFound: { http: 404, case: '01', message: 'Transaction Not Found' },
  /** The standard's System-category 404: the request reached no service (an unknown path). */
  invalidRouting: { http: 404, case: '02', message: 'Invalid Routing' },
  invalidAccount: { http: 404, case: '11', message: 'Invalid Card/Account/Customer' },
  invalidBill: { http: 404, case: '12', message: 'Invalid Bill/Virtual Account' },
  invalidAmount: { http: 404, case: '13', message: 'Invalid Amount' },
  inconsistentRequest: { http: 404, case: '18', message: 'Inconsistent Request' },
  /** A known path called with another method than its own. */
  functionNotSupported: { http: 405, case: '00', message: 'Requested Function Is Not Supported' },
  /** The standard: "Cannot use same X-EXTERNAL-ID in same day". */
  conflict: { http: 409, case: '00', message: 'Conflict' },
  /**
   * The standard: "Transaction has previously been processed" — its one 409 case for a reference
   * already used. Also a VA number (virtualAccountNo) or trxId already in use: 409xx00 would tell
   * the partner its X-EXTERNAL-ID was reused, which it was not.
   */
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
