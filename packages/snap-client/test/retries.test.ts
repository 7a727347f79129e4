import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type RetryEvent,
  SnapApiError,
  SnapClient,
  type SnapClientOptions,
  SnapNetworkError,
} from '../src/index.js';
import { startFakeGerbang } from './fake-gerbang.js';

/**
 * The SDK against a tiny local SNAP server (fake-gerbang.ts): the token is taken once and
 * renewed, and every retry carries the same X-EXTERNAL-ID and body bytes with a fresh, valid
 * signature; a transfer whose answer was lost is answered from its status, never paid twice.
 */

let gerbang: Awaited<ReturnType<typeof startFakeGerbang>>;
beforeAll(async () => {
  gerbang = await startFakeGerbang();
});
afterAll(() => gerbang.close());
beforeEach(() => {
  gerbang.received.splice(0);
  gerbang.faults.splice(0);
});

const BALANCE = '/snap/v1.0/balance-inquiry';
const TRANSFER = '/snap/v1.0/transfer-interbank';
const STATUS = '/snap/v1.0/transfer/status';

function client(extra: Partial<SnapClientOptions> = {}) {
  const retries: RetryEvent[] = [];
  const sdk = new SnapClient({
    baseUrl: gerbang.baseUrl,
    clientId: gerbang.clientId,
    clientSecret: gerbang.clientSecret,
    privateKey: gerbang.privateKey,
    retries: { retries: 3, baseDelayMs: 1, maxDelayMs: 4 },
    onRetry: (event) => retries.push(event),
    ...extra,
  });
  return { sdk, retries };
}

const transfer = (ref: string) => ({
  partnerReferenceNo: ref,
  amount: { value: '100000.00', currency: 'IDR' as const },
  beneficiaryAccountNo: '1234567890',
  beneficiaryBankCode: '014',
});

/** Every attempt of one call: the same id and body, each signature valid. */
function expectSameRequest(path: string, attempts: number) {
  const sent = gerbang.calls(path);
  expect(sent).toHaveLength(attempts);
  expect(new Set(sent.map((r) => r.headers['x-external-id'])).size).toBe(1);
  expect(new Set(sent.map((r) => r.body)).size).toBe(1);
  expect(sent.every((r) => r.signatureOk)).toBe(true);
}

describe('SnapClient against a local SNAP server', () => {
  it('takes one token for many calls and a new one shortly before it expires', async () => {
    let now = new Date('2026-11-23T03:00:00Z');
    const { sdk } = client({ now: () => now });
    await Promise.all([sdk.balanceInquiry(), sdk.balanceInquiry(), sdk.balanceInquiry()]);
    expect(gerbang.calls('/snap/v1.0/access-token/b2b')).toHaveLength(1);
    now = new Date(now.getTime() + 830_000);
    await sdk.balanceInquiry();
    expect(gerbang.calls('/snap/v1.0/access-token/b2b')).toHaveLength(1);
    now = new Date(now.getTime() + 15_000); // 845 s: within the last minute of 900
    await sdk.balanceInquiry();
    expect(gerbang.calls('/snap/v1.0/access-token/b2b')).toHaveLength(2);
    expect(gerbang.received.every((r) => r.signatureOk)).toBe(true);
  });

  it('refetches a refused token (401xx01) once and repeats the call under its X-EXTERNAL-ID', async () => {
    const { sdk, retries } = client();
    await sdk.balanceInquiry();
    gerbang.received.splice(0);
    gerbang.expireTokens();
    const answer = await sdk.balanceInquiry({ partnerReferenceNo: 'B-1' });
    expect(answer.responseCode).toBe('2001100');
    expectSameRequest(BALANCE, 2);
    const [first, second] = gerbang.calls(BALANCE);
    expect(first!.headers.authorization).not.toBe(second!.headers.authorization);
    expect(retries.map((r) => r.reason)).toEqual(['token-refresh']);
    // Refused again after the new token: a SnapApiError, not a loop.
    gerbang.faults.push({ kind: 'answer', status: 401, code: '4011101' });
    gerbang.faults.push({ kind: 'answer', status: 401, code: '4011101' });
    await expect(sdk.balanceInquiry()).rejects.toMatchObject({ responseCode: '4011101' });
  });

  it('retries a 5xx and a dropped connection with the same X-EXTERNAL-ID and body', async () => {
    const { sdk, retries } = client();
    gerbang.faults.push({ kind: 'answer', status: 503, code: '' }, { kind: 'drop-before' });
    const answer = await sdk.balanceInquiry({ partnerReferenceNo: 'B-2' });
    expect(answer.responseCode).toBe('2001100');
    expectSameRequest(BALANCE, 3);
    expect(retries.map((r) => r.reason)).toEqual(['server-error', 'network']);
  });

  it('waits out a 429 for its Retry-After, then sends the same request', async () => {
    const { sdk } = client();
    gerbang.faults.push({ kind: 'answer', status: 429, headers: { 'retry-after': '1' } });
    const started = performance.now();
    await sdk.balanceInquiry({ partnerReferenceNo: 'B-3' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expectSameRequest(BALANCE, 2);
  });

  it('does not wait for a Retry-After beyond its limit, and stops after its attempts', async () => {
    const { sdk } = client({ retries: { retries: 2, baseDelayMs: 1, maxRetryAfterMs: 5_000 } });
    gerbang.faults.push({ kind: 'answer', status: 429, headers: { 'retry-after': '30' } });
    const limited = await sdk.balanceInquiry().catch((e) => e);
    expect(limited).toBeInstanceOf(SnapApiError);
    expect(limited).toMatchObject({
      httpStatus: 429,
      responseCode: '4291100',
      retryAfterSeconds: 30,
    });
    gerbang.received.splice(0);
    gerbang.faults.push(...Array.from({ length: 5 }, () => ({ kind: 'general-error' as const })));
    const failed = await sdk.balanceInquiry().catch((e) => e);
    expect(failed).toMatchObject({
      httpStatus: 500,
      responseCode: '5001100',
      outcomeUnknown: true,
    });
    expect(gerbang.calls(BALANCE)).toHaveLength(3);
  });

  it('throws a definitive refusal at once, with its code split into service and case', async () => {
    const { sdk, retries } = client();
    gerbang.faults.push({ kind: 'answer', status: 403, code: '4031814' });
    const error = await sdk
      .transferInterbank(transfer('T-REFUSED'), { externalId: 'EXT-9' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(SnapApiError);
    expect(error).toMatchObject({
      httpStatus: 403,
      responseCode: '4031814',
      responseMessage: 'Scripted',
      service: '18',
      case: '14',
      call: 'transferInterbank',
      externalId: 'EXT-9',
      outcomeUnknown: false,
    });
    expect(retries).toEqual([]);
    expect(gerbang.calls(TRANSFER)).toHaveLength(1);
  });

  it('throws SnapNetworkError when nothing answers', async () => {
    const { sdk } = client({
      baseUrl: 'http://127.0.0.1:9',
      retries: { retries: 1, baseDelayMs: 1 },
    });
    const error = await sdk.balanceInquiry().catch((e) => e);
    expect(error).toBeInstanceOf(SnapNetworkError);
    expect(error).toMatchObject({ call: 'accessToken', attempts: 2, outcomeUnknown: true });
  });

  it('a transfer whose answer was lost is answered from its status, booked once', async () => {
    const { sdk, retries } = client();
    gerbang.faults.push({ kind: 'drop-after' });
    const answer = await sdk.transferInterbank(transfer('T-LOST'));
    expect(answer).toMatchObject({
      responseCode: '2001800',
      referenceNo: gerbang.transfers.get('T-LOST')!.ref,
      partnerReferenceNo: 'T-LOST',
      additionalInfo: { latestTransactionStatus: '00' },
    });
    // The retry carried the same X-EXTERNAL-ID (409xx00: already received), then the status.
    expectSameRequest(TRANSFER, 2);
    expect(gerbang.calls(STATUS)).toHaveLength(1);
    expect(JSON.parse(gerbang.calls(STATUS)[0]!.body)).toMatchObject({
      originalPartnerReferenceNo: 'T-LOST',
      serviceCode: '18',
    });
    expect([...gerbang.transfers.keys()].filter((k) => k === 'T-LOST')).toHaveLength(1);
    expect(retries.map((r) => r.reason)).toEqual(['network']);
  });

  it('a 500 General Error after the booking is resolved the same way', async () => {
    const { sdk } = client();
    gerbang.faults.push({ kind: 'general-error' });
    const answer = await sdk.transferInterbank(transfer('T-500'));
    expect(answer.responseCode).toBe('2001800');
    expect(gerbang.calls(TRANSFER)).toHaveLength(2);
    expect(gerbang.calls(STATUS)).toHaveLength(1);
  });

  it('a transfer that never arrived is simply sent again', async () => {
    const { sdk } = client();
    gerbang.faults.push({ kind: 'drop-before' });
    const answer = await sdk.transferInterbank(transfer('T-NEVER'));
    expect(answer.responseCode).toBe('2001800');
    expectSameRequest(TRANSFER, 2);
    expect(gerbang.calls(STATUS)).toHaveLength(0);
  });

  it("a lost transfer whose reference is another transfer's is refused as a duplicate", async () => {
    const { sdk } = client();
    await sdk.transferInterbank(transfer('T-TAKEN'));
    gerbang.received.splice(0);
    gerbang.faults.push({ kind: 'drop-after' });
    const error = await sdk.transferInterbank(transfer('T-TAKEN')).catch((e) => e);
    expect(error).toMatchObject({ responseCode: '4091801' });
    expect(gerbang.transfers.size).toBeGreaterThan(0);
  });

  it('a lost call the SDK can look up is sent again under a new X-EXTERNAL-ID', async () => {
    const { sdk } = client();
    gerbang.faults.push({ kind: 'drop-after' });
    const answer = await sdk.balanceInquiry({ partnerReferenceNo: 'B-LOST' });
    expect(answer.responseCode).toBe('2001100');
    const ids = gerbang.calls(BALANCE).map((r) => r.headers['x-external-id']);
    expect(ids).toHaveLength(3);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('a lost create-va is reported as of unknown outcome, not sent under a new id', async () => {
    const { sdk } = client();
    gerbang.faults.push({ kind: 'drop-after' });
    const error = await sdk
      .createVa({
        virtualAccountName: 'Budi',
        trxId: 'ORDER-1',
        totalAmount: { value: '10000.00', currency: 'IDR' },
        virtualAccountTrxType: 'C',
        expiredDate: '2026-11-24T10:00:00+07:00',
        additionalInfo: { bankCode: '014' },
      })
      .catch((e) => e);
    expect(error).toBeInstanceOf(SnapApiError);
    expect(error).toMatchObject({ responseCode: '4092700', outcomeUnknown: true });
    expect(gerbang.calls('/snap/v1.0/transfer-va/create-va')).toHaveLength(2);
  });
});
