import { CASES, responseCode, SERVICE, type ServiceCode, type SnapCase } from './codes';

/**
 * The answers each SNAP call can give, by HTTP status, for the OpenAPI document: every code the
 * call can answer (the pipeline's checks plus the service's own refusals) is listed, so the API
 * tests, which hold every answer to the document, fail when a call answers a code nobody
 * documented.
 */

/** What the pipeline (pipeline.ts) can refuse for every signed service call, in its order. */
const PIPELINE_CASES: SnapCase[] = [
  'badRequest',
  'invalidFieldFormat',
  'invalidMandatoryField',
  'invalidToken',
  'unauthorized',
  'featureNotAllowed',
  'tooManyRequests',
  'conflict',
  'generalError',
];

/** The access-token call (token.ts): no bearer token, no X-EXTERNAL-ID. */
export const TOKEN_CASES: SnapCase[] = [
  'success',
  'badRequest',
  'invalidFieldFormat',
  'invalidMandatoryField',
  'unauthorized',
  'featureNotAllowed',
  'tooManyRequests',
  'generalError',
];

/** Each service's own answers beyond the pipeline's (read from the service's code). */
const SERVICE_CASES: Partial<Record<ServiceCode, SnapCase[]>> = {
  [SERVICE.accountInquiryExternal]: ['transactionNotPermitted', 'invalidAccount'],
  [SERVICE.accountInquiryInternal]: ['invalidAccount', 'inactiveAccount'],
  [SERVICE.transferInterbank]: [
    'inProgress',
    'exceedsAmountLimit',
    'insufficientFunds',
    'transactionNotPermitted',
    'invalidAccount',
    'duplicatePartnerReference',
  ],
  [SERVICE.transferStatus]: ['transactionNotFound'],
  [SERVICE.vaCreate]: ['duplicatePartnerReference'],
  [SERVICE.vaUpdate]: ['invalidBill'],
  [SERVICE.vaDelete]: ['invalidBill'],
  [SERVICE.vaInquiry]: ['invalidBill'],
  [SERVICE.vaStatus]: ['invalidBill'],
  [SERVICE.qrisGenerate]: ['duplicatePartnerReference'],
  [SERVICE.qrisQuery]: ['transactionNotFound'],
  [SERVICE.qrisRefund]: [
    'transactionNotPermitted',
    'insufficientFunds',
    'transactionNotFound',
    'invalidAmount',
    'inconsistentRequest',
  ],
};

/**
 * Answers that carry the call's full body although they are not a 200: a transfer the bank has
 * not finished (202) and one the bank refused at once (403xx15, the money is back).
 */
const ANSWERED_CASES: Partial<Record<ServiceCode, SnapCase[]>> = {
  [SERVICE.transferInterbank]: ['inProgress', 'transactionNotPermitted'],
};

/** Why a case happens, where the standard's message alone does not say. */
const WHY: Partial<Record<SnapCase, string>> = {
  badRequest: 'the body is not JSON, too large or not application/json',
  invalidFieldFormat: 'the field is named after the message',
  invalidMandatoryField: 'a mandatory header or field is missing; it is named after the message',
  unauthorized: 'signature, X-TIMESTAMP more than 5 minutes off, or unknown client',
  invalidToken: 'the bearer token is unknown or expired',
  featureNotAllowed: 'API access off, or the caller is not in the IP whitelist',
  tooManyRequests: "over the credential's calls per minute; Retry-After says when to retry",
  conflict: 'X-EXTERNAL-ID already used today (WIB)',
  inProgress: 'the bank has not finished yet; ask transfer/status later',
  transactionNotPermitted: 'the bank or product is unavailable, or the bank refused the transfer',
  duplicatePartnerReference:
    'the reference (or, for a VA, the trxId or the VA number) is already used; nothing was done',
  invalidAccount: 'no such account',
  invalidAmount: 'more than what is left of the paid amount',
  inconsistentRequest: 'the partnerRefundNo was used with another body',
  insufficientFunds: 'the available balance does not cover it',
  inactiveAccount: 'the virtual account no longer takes payments (paid, deleted or expired)',
};

export const SNAP_REFUSAL_REF = '#/components/schemas/SnapRefusal';

const TIMESTAMP_HEADER = { $ref: '#/components/headers/X-TIMESTAMP' };
const RETRY_AFTER_HEADER = { $ref: '#/components/headers/Retry-After' };

/** The schema of one status: the body with responseCode pinned to the codes of that status. */
function statusSchema(refusalCodes: string[], answerCodes: string[], answerRef: string) {
  const pinned = (ref: string, codes: string[]) => ({
    allOf: [{ $ref: ref }, { type: 'object', properties: { responseCode: { enum: codes } } }],
  });
  const shapes = [
    ...(refusalCodes.length > 0 ? [pinned(SNAP_REFUSAL_REF, refusalCodes)] : []),
    ...(answerCodes.length > 0 ? [pinned(answerRef, answerCodes)] : []),
  ];
  return shapes.length === 1 ? shapes[0] : { anyOf: shapes };
}

/**
 * The responses object of a call: one entry per HTTP status, its description listing each code
 * with the standard's message, the success answer's example from `example`.
 */
export function snapResponses(
  service: ServiceCode,
  cases: SnapCase[],
  answerRef: string,
  example: unknown,
): Record<string, unknown> {
  const answered = new Set<SnapCase>(['success', ...(ANSWERED_CASES[service] ?? [])]);
  const byStatus = new Map<number, SnapCase[]>();
  for (const which of cases) {
    const http = CASES[which].http;
    byStatus.set(http, [...(byStatus.get(http) ?? []), which]);
  }
  const responses: Record<string, unknown> = {};
  for (const [http, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    const code = (which: SnapCase) => responseCode(service, which);
    const line = (which: SnapCase) => {
      const why = WHY[which];
      return `- \`${code(which)}\` ${CASES[which].message}${why ? `: ${why}` : ''}`;
    };
    const schema = statusSchema(
      list.filter((w) => !answered.has(w)).map(code),
      list.filter((w) => answered.has(w)).map(code),
      answerRef,
    );
    const media: Record<string, unknown> = { schema };
    if (http === 200 && example !== undefined) media.example = example;
    responses[String(http)] = {
      description: list.map(line).join('\n'),
      headers: {
        'X-TIMESTAMP': TIMESTAMP_HEADER,
        ...(http === 429 ? { 'Retry-After': RETRY_AFTER_HEADER } : {}),
      },
      content: { 'application/json': media },
    };
  }
  return responses;
}

/** Every case a signed service call can answer: success, the pipeline's and its own. */
export function serviceCases(service: ServiceCode): SnapCase[] {
  return ['success', ...PIPELINE_CASES, ...(SERVICE_CASES[service] ?? [])];
}
