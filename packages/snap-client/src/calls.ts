import type { paths } from './generated/openapi.js';

/**
 * Every signed SNAP service the SDK calls: its path, its two-digit service code and what the SDK
 * does when a retry finds its X-EXTERNAL-ID already taken (409xx00) after an attempt whose answer
 * was lost — the first attempt reached Gerbang and its outcome is unknown:
 * - `resend`: the call changes nothing, or gives the same result for the same body (updates; a
 *   refund under its partnerRefundNo): sent once more under a new X-EXTERNAL-ID;
 * - `transferStatus`: transfer-interbank is looked up by its partnerReferenceNo (recovery.ts);
 * - `none`: the SDK cannot tell (a new VA or QRIS whose number Gerbang drew): SnapApiError
 *   409xx00 with `outcomeUnknown`, and the caller asks inquiryVa / qrisQuery.
 */
export const SNAP_CALLS = {
  balanceInquiry: { path: '/snap/v1.0/balance-inquiry', service: '11', recovery: 'resend' },
  accountInquiryExternal: {
    path: '/snap/v1.0/account-inquiry-external',
    service: '16',
    recovery: 'resend',
  },
  accountInquiryInternal: {
    path: '/snap/v1.0/account-inquiry-internal',
    service: '15',
    recovery: 'resend',
  },
  transferInterbank: {
    path: '/snap/v1.0/transfer-interbank',
    service: '18',
    recovery: 'transferStatus',
  },
  transferStatus: { path: '/snap/v1.0/transfer/status', service: '36', recovery: 'resend' },
  createVa: { path: '/snap/v1.0/transfer-va/create-va', service: '27', recovery: 'none' },
  updateVa: { path: '/snap/v1.0/transfer-va/update-va', service: '28', recovery: 'resend' },
  deleteVa: { path: '/snap/v1.0/transfer-va/delete-va', service: '31', recovery: 'none' },
  inquiryVa: { path: '/snap/v1.0/transfer-va/inquiry-va', service: '30', recovery: 'resend' },
  vaStatus: { path: '/snap/v1.0/transfer-va/status', service: '26', recovery: 'resend' },
  qrisGenerate: { path: '/snap/v1.0/qr/qr-mpm-generate', service: '47', recovery: 'none' },
  qrisQuery: { path: '/snap/v1.0/qr/qr-mpm-query', service: '51', recovery: 'resend' },
  /** Idempotent by partnerRefundNo: the same refund again answers the first one. */
  qrisRefund: { path: '/snap/v1.0/qr/qr-mpm-refund', service: '78', recovery: 'resend' },
  /** Reads only: the agent's callbacks not delivered yet, for an integrator catching up. */
  undeliveredCallbacks: {
    path: '/snap/v1.0/callback/undelivered',
    service: '90',
    recovery: 'resend',
  },
} as const;

export type SnapCallName = keyof typeof SNAP_CALLS;
export type Recovery = (typeof SNAP_CALLS)[SnapCallName]['recovery'];

export const ACCESS_TOKEN_PATH = '/snap/v1.0/access-token/b2b';
export const ACCESS_TOKEN_SERVICE = '73';

type JsonOf<R> = R extends { content: { 'application/json': infer A } } ? A : never;
type PostOf<P> = P extends keyof paths ? (paths[P] extends { post: infer O } ? O : never) : never;

/** Loose shapes for a service the generated document does not have yet (regenerate to type it). */
type LooseBody = Record<string, unknown>;
type LooseAnswer = { responseCode: string; responseMessage: string; [field: string]: unknown };

type RequestOfPath<P> = P extends keyof paths
  ? PostOf<P> extends { requestBody?: infer B }
    ? JsonOf<NonNullable<B>>
    : never
  : LooseBody;

/** A success answer: HTTP 200, and 202 where the call has one (a transfer still in progress). */
type AnswerOfPath<P> = P extends keyof paths
  ? PostOf<P> extends { responses: infer R }
    ?
        | (R extends { 200: infer S } ? JsonOf<S> : never)
        | (R extends { 202: infer S } ? JsonOf<S> : never)
    : never
  : LooseAnswer;

/** The request body of a call, as the server's OpenAPI document describes it. */
export type SnapRequest<N extends SnapCallName> = RequestOfPath<(typeof SNAP_CALLS)[N]['path']>;
/** The success answer of a call, as the server's OpenAPI document describes it. */
export type SnapAnswer<N extends SnapCallName> = AnswerOfPath<(typeof SNAP_CALLS)[N]['path']>;
/** The access-token answer. */
export type AccessTokenAnswer = AnswerOfPath<typeof ACCESS_TOKEN_PATH>;
