import { createPrivateKey, type KeyObject } from 'node:crypto';
import {
  ACCESS_TOKEN_PATH,
  ACCESS_TOKEN_SERVICE,
  SNAP_CALLS,
  type SnapAnswer,
  type SnapCallName,
  type SnapRequest,
} from './calls.js';
import { SnapApiError } from './errors.js';
import { recoverTransfer } from './recovery.js';
import { type RetryOptions, retryPolicy } from './retry.js';
import {
  EXTERNAL_ID_PATTERN,
  newExternalId,
  serviceSignature,
  serviceStringToSign,
  snapTimestamp,
  tokenSignature,
} from './signing.js';
import {
  type Answer,
  exchange,
  type FetchLike,
  type RetryEvent,
  type TransportDeps,
} from './transport.js';

export interface SnapClientOptions {
  /** Gerbang's origin, e.g. `https://sandbox.gerbang.example` (no path). */
  baseUrl: string;
  /** The credential page's client id (`GBS-…` sandbox, `GBP-…` production). */
  clientId: string;
  /** The client secret (signs every service call). */
  clientSecret: string;
  /** The RSA private key whose public key is registered on the credential page (PEM or KeyObject). */
  privateKey: string | KeyObject;
  /** CHANNEL-ID of every call. Default `95221`. */
  channelId?: string;
  /** The fetch to send with. Default: the global fetch of Node 20+. */
  fetch?: FetchLike;
  /** The clock for X-TIMESTAMP and the token's expiry. Default: the system clock. */
  now?: () => Date;
  /** Retries after the first attempt (a number), or the whole policy (retry.ts). Default 3. */
  retries?: number | Partial<RetryOptions>;
  /** Told before every retry (logging, metrics). */
  onRetry?: (event: RetryEvent) => void;
}

export interface CallOptions {
  /** X-EXTERNAL-ID of this call (≤ 36 of `[A-Za-z0-9_-]`, unique per WIB day). Default: a new one. */
  externalId?: string;
  channelId?: string;
  signal?: AbortSignal;
}

/** The headers and exact body of a signed service call (`signRequest`). */
export interface SignedRequest {
  headers: Record<string, string>;
  body: string;
}

/** A token is renewed this long before Gerbang says it expires (at most half its life). */
const TOKEN_MARGIN_MS = 60_000;

/**
 * A client of Gerbang's SNAP partner API: takes and caches the B2B access token, signs every
 * call, retries what may be retried under the same X-EXTERNAL-ID, and has one typed method per
 * service. Answers other than a success throw SnapApiError; no answer throws SnapNetworkError.
 */
export class SnapClient {
  readonly baseUrl: string;
  readonly clientId: string;
  readonly #secret: string;
  readonly #key: KeyObject;
  readonly #channelId: string;
  readonly #deps: TransportDeps;
  #token: { value: string; renewAt: number } | null = null;
  #pending: Promise<string> | null = null;

  constructor(options: SnapClientOptions) {
    if (!/^https?:\/\/[^/]+$/.test(options.baseUrl.replace(/\/$/, ''))) {
      throw new TypeError('baseUrl must be an origin such as https://gerbang.example');
    }
    if (!options.clientId || !options.clientSecret) {
      throw new TypeError('clientId and clientSecret are required');
    }
    this.baseUrl = options.baseUrl.replace(/\/$/, '');
    this.clientId = options.clientId;
    this.#secret = options.clientSecret;
    this.#key =
      typeof options.privateKey === 'string'
        ? createPrivateKey(options.privateKey)
        : options.privateKey;
    this.#channelId = options.channelId ?? '95221';
    const fetchImpl = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
    this.#deps = {
      fetch: fetchImpl,
      now: options.now ?? (() => new Date()),
      policy: retryPolicy(options.retries),
      onRetry: options.onRetry,
    };
  }

  /** A valid access token: the cached one, or a new one from /snap/v1.0/access-token/b2b. */
  accessToken(): Promise<string> {
    if (this.#token && this.#deps.now().getTime() < this.#token.renewAt) {
      return Promise.resolve(this.#token.value);
    }
    this.#pending ??= this.#fetchToken().finally(() => {
      this.#pending = null;
    });
    return this.#pending;
  }

  /** Forgets `token` (a 401xx01 answered it), unless a newer one has replaced it meanwhile. */
  #forget(token: string | null) {
    if (token !== null && this.#token?.value === token) this.#token = null;
  }

  async #fetchToken(): Promise<string> {
    const body = '{"grantType":"client_credentials"}';
    const sentAt = this.#deps.now().getTime();
    const answer = await exchange(this.#deps, {
      call: 'accessToken',
      service: ACCESS_TOKEN_SERVICE,
      externalId: null,
      prepare: async () => {
        const timestamp = snapTimestamp(this.#deps.now());
        const headers = {
          'content-type': 'application/json',
          'x-timestamp': timestamp,
          'x-client-key': this.clientId,
          'x-signature': tokenSignature(this.#key, this.clientId, timestamp),
        };
        return { url: this.baseUrl + ACCESS_TOKEN_PATH, headers, body };
      },
    });
    const token = answer.body.accessToken;
    if (answer.status !== 200 || typeof token !== 'string' || token === '') {
      throw this.#error('accessToken', ACCESS_TOKEN_SERVICE, null, answer);
    }
    const lifeMs = Number(answer.body.expiresIn ?? 0) * 1000 || 0;
    this.#token = {
      value: token,
      renewAt: sentAt + lifeMs - Math.min(TOKEN_MARGIN_MS, lifeMs / 2),
    };
    return token;
  }

  /**
   * The headers of a signed service call and the exact body to send (the minified JSON the
   * signature covers). Synchronous: for load tools that sign requests ahead of time.
   */
  signRequest(
    path: string,
    body: unknown,
    opts: { accessToken: string; externalId?: string; timestamp?: string; channelId?: string },
  ): SignedRequest {
    const text = typeof body === 'string' ? body : JSON.stringify(body ?? {});
    const timestamp = opts.timestamp ?? snapTimestamp(this.#deps.now());
    const externalId = opts.externalId ?? newExternalId(this.#deps.now());
    const stringToSign = serviceStringToSign({
      method: 'POST',
      path,
      accessToken: opts.accessToken,
      body: text,
      timestamp,
    });
    return {
      body: text,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${opts.accessToken}`,
        'x-timestamp': timestamp,
        'x-partner-id': this.clientId,
        'x-external-id': externalId,
        'channel-id': opts.channelId ?? this.#channelId,
        'x-signature': serviceSignature(this.#secret, stringToSign),
      },
    };
  }

  /** Any service by name; the typed methods below call this. */
  call<N extends SnapCallName>(
    name: N,
    body: SnapRequest<N>,
    opts: CallOptions = {},
  ): Promise<SnapAnswer<N>> {
    return this.#call(name, body, opts, true);
  }

  async #call<N extends SnapCallName>(
    name: N,
    body: SnapRequest<N>,
    opts: CallOptions,
    recover: boolean,
  ): Promise<SnapAnswer<N>> {
    const { answer, externalId } = await this.#send(name, body, opts);
    if (answer.status >= 200 && answer.status < 300) return answer.body as SnapAnswer<N>;
    const { service, recovery } = SNAP_CALLS[name];
    const lostFirst = answer.unknownBefore && answer.body.responseCode === `409${service}00`;
    if (!lostFirst) throw this.#error(name, service, externalId, answer);
    // An earlier attempt reached Gerbang and its answer was lost (calls.ts says what follows).
    if (recover && !opts.signal?.aborted && recovery === 'resend') {
      return this.#call(name, body, { ...opts, externalId: undefined }, false);
    }
    if (recover && !opts.signal?.aborted && recovery === 'transferStatus') {
      const transfer = body as SnapRequest<'transferInterbank'>;
      const answered = await recoverTransfer({
        transfer,
        firstExternalId: externalId,
        newExternalId: () => newExternalId(this.#deps.now()),
        status: (query) => this.transferStatus(query, { signal: opts.signal }),
        resend: (id) =>
          this.#call('transferInterbank', transfer, { ...opts, externalId: id }, false),
      });
      return answered as SnapAnswer<N>;
    }
    throw this.#error(name, service, externalId, answer, {
      outcomeUnknown: true,
      detail:
        'an earlier attempt reached Gerbang without an answer: look it up before sending it again',
    });
  }

  async #send(name: SnapCallName, body: unknown, opts: CallOptions) {
    const { path, service } = SNAP_CALLS[name];
    const externalId = opts.externalId ?? newExternalId(this.#deps.now());
    if (!EXTERNAL_ID_PATTERN.test(externalId)) {
      throw new TypeError('externalId must be 1–36 characters of letters, digits, - and _');
    }
    const text = JSON.stringify(body ?? {});
    let used: string | null = null;
    const answer = await exchange(this.#deps, {
      call: name,
      service,
      externalId,
      signal: opts.signal,
      tokenRefused: (status, answerBody) => answerBody.responseCode === `${status}${service}01`,
      prepare: async (fresh) => {
        if (fresh) this.#forget(used);
        used = await this.accessToken();
        const signed = this.signRequest(path, text, {
          accessToken: used,
          externalId,
          channelId: opts.channelId,
        });
        return { url: this.baseUrl + path, ...signed };
      },
    });
    return { answer, externalId };
  }

  #error(
    call: string,
    service: string,
    externalId: string | null,
    answer: Answer,
    extra: { outcomeUnknown?: boolean; detail?: string } = {},
  ): SnapApiError {
    const after = answer.headers.get('retry-after');
    return new SnapApiError({
      httpStatus: answer.status,
      responseCode: String(answer.body.responseCode ?? ''),
      responseMessage: String(answer.body.responseMessage ?? ''),
      service,
      call,
      externalId,
      body: answer.body,
      retryAfterSeconds: after && /^\d+$/.test(after) ? Number(after) : null,
      outcomeUnknown: extra.outcomeUnknown ?? answer.status >= 500,
      detail: extra.detail,
    });
  }

  /** Balance inquiry (service 11): the available and held balance of the credential's environment. */
  balanceInquiry(body: SnapRequest<'balanceInquiry'> = {}, opts?: CallOptions) {
    return this.call('balanceInquiry', body, opts);
  }

  /** Account inquiry at another bank (service 16): the name behind an account number. */
  accountInquiryExternal(body: SnapRequest<'accountInquiryExternal'>, opts?: CallOptions) {
    return this.call('accountInquiryExternal', body, opts);
  }

  /** Account inquiry, internal (service 15): the name of a virtual account Gerbang issued. */
  accountInquiryInternal(body: SnapRequest<'accountInquiryInternal'>, opts?: CallOptions) {
    return this.call('accountInquiryInternal', body, opts);
  }

  /**
   * Interbank transfer (service 18). `partnerReferenceNo` is unique per partner: Gerbang never
   * books it twice. When a retry finds the first attempt was received, the SDK answers from
   * transferStatus (recovery.ts). 2001800 done, 2021800 in progress; a refusal throws.
   */
  transferInterbank(body: SnapRequest<'transferInterbank'>, opts?: CallOptions) {
    return this.call('transferInterbank', body, opts);
  }

  /** Transfer status (service 36) by originalPartnerReferenceNo: always the first request's result. */
  transferStatus(body: SnapRequest<'transferStatus'>, opts?: CallOptions) {
    return this.call('transferStatus', body, opts);
  }

  /** Create a virtual account (service 27); `trxId` is unique per partner. */
  createVa(body: SnapRequest<'createVa'>, opts?: CallOptions) {
    return this.call('createVa', body, opts);
  }

  /** Update an unpaid virtual account (service 28). */
  updateVa(body: SnapRequest<'updateVa'>, opts?: CallOptions) {
    return this.call('updateVa', body, opts);
  }

  /** Delete (close) a virtual account (service 31). */
  deleteVa(body: SnapRequest<'deleteVa'>, opts?: CallOptions) {
    return this.call('deleteVa', body, opts);
  }

  /** Inquiry of a virtual account (service 30). */
  inquiryVa(body: SnapRequest<'inquiryVa'>, opts?: CallOptions) {
    return this.call('inquiryVa', body, opts);
  }

  /** Payment status of a virtual account (service 26). */
  vaStatus(body: SnapRequest<'vaStatus'>, opts?: CallOptions) {
    return this.call('vaStatus', body, opts);
  }

  /** Generate a dynamic QRIS (MPM, service 47); `qrContent` is the payload to show. */
  qrisGenerate(body: SnapRequest<'qrisGenerate'>, opts?: CallOptions) {
    return this.call('qrisGenerate', body, opts);
  }

  /** Query a QRIS (service 51): 00 paid, 03 pending, 05 expired. */
  qrisQuery(body: SnapRequest<'qrisQuery'>, opts?: CallOptions) {
    return this.call('qrisQuery', body, opts);
  }

  /** Refund a paid QRIS fully or in parts (service 78); idempotent by `partnerRefundNo`. */
  qrisRefund(body: SnapRequest<'qrisRefund'>, opts?: CallOptions) {
    return this.call('qrisRefund', body, opts);
  }

  /** List the callbacks Gerbang has not delivered yet (service 90), page by page, to catch up. */
  undeliveredCallbacks(body: SnapRequest<'undeliveredCallbacks'>, opts?: CallOptions) {
    return this.call('undeliveredCallbacks', body, opts);
  }
}
