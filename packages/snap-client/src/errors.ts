/**
 * What a SNAP call can end in besides its answer. Gerbang's answers carry `responseCode` =
 * HTTP status (3) + service code (2) + case (2), e.g. `4031814`: transfer-interbank (18),
 * insufficient funds (14); `responseMessage` is the standard's English text.
 */

/** Gerbang answered, and not with a success: nothing more will be tried for this call. */
export class SnapApiError extends Error {
  override readonly name = 'SnapApiError';
  /** The HTTP status of the answer. */
  readonly httpStatus: number;
  /** The seven-digit SNAP code, e.g. `4031814` ('' when the body was not a SNAP answer). */
  readonly responseCode: string;
  readonly responseMessage: string;
  /** The two-digit SNAP service code of the call, e.g. `18` for transfer-interbank. */
  readonly service: string;
  /** The two-digit case of the code, e.g. `14` (insufficient funds under HTTP 403). */
  readonly case: string;
  /** The SDK method that was called, e.g. `transferInterbank`. */
  readonly call: string;
  /** The X-EXTERNAL-ID the call was sent with (the last one, when recovery sent it again). */
  readonly externalId: string | null;
  /** The whole answer body (some refusals carry the call's fields, e.g. a transfer refused 403xx15). */
  readonly body: Record<string, unknown>;
  /** Seconds the server asked to wait (429 Retry-After), when it said. */
  readonly retryAfterSeconds: number | null;
  /**
   * True when an attempt of this call may have been carried out although this is the answer
   * (a 5xx on the last attempt; a 409xx00 after an attempt without answer, for a call the SDK
   * cannot look up): ask the call's status service before sending it again under a new reference.
   */
  readonly outcomeUnknown: boolean;

  constructor(init: {
    httpStatus: number;
    responseCode: string;
    responseMessage: string;
    service: string;
    call: string;
    externalId: string | null;
    body: Record<string, unknown>;
    retryAfterSeconds?: number | null;
    outcomeUnknown?: boolean;
    detail?: string;
  }) {
    const code = init.responseCode || `HTTP ${init.httpStatus}`;
    super(`${init.call}: ${code} ${init.responseMessage}${init.detail ? ` (${init.detail})` : ''}`);
    this.httpStatus = init.httpStatus;
    this.responseCode = init.responseCode;
    this.responseMessage = init.responseMessage;
    this.service = init.responseCode.length === 7 ? init.responseCode.slice(3, 5) : init.service;
    this.case = init.responseCode.length === 7 ? init.responseCode.slice(5, 7) : '';
    this.call = init.call;
    this.externalId = init.externalId;
    this.body = init.body;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
    this.outcomeUnknown = init.outcomeUnknown ?? false;
  }
}

/**
 * No answer came back (connection refused or dropped, timeout) on the last attempt, after the
 * retries. `outcomeUnknown` is true when an attempt may have reached Gerbang: ask the call's status
 * service (transferStatus, inquiryVa, qrisQuery) before sending the same thing under a new
 * reference.
 */
export class SnapNetworkError extends Error {
  override readonly name = 'SnapNetworkError';
  readonly call: string;
  readonly service: string;
  readonly externalId: string | null;
  readonly attempts: number;
  readonly outcomeUnknown: boolean;

  constructor(init: {
    call: string;
    service: string;
    externalId: string | null;
    attempts: number;
    outcomeUnknown: boolean;
    cause: unknown;
  }) {
    const reason = init.cause instanceof Error ? init.cause.message : String(init.cause);
    super(`${init.call}: no answer after ${init.attempts} attempt(s): ${reason}`, {
      cause: init.cause,
    });
    this.call = init.call;
    this.service = init.service;
    this.externalId = init.externalId;
    this.attempts = init.attempts;
    this.outcomeUnknown = init.outcomeUnknown;
  }
}
