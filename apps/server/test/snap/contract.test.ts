import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  answerValidator,
  assertDocumented,
  errorsOf,
  notificationValidator,
  requestValidator,
  snapDocument,
} from './contract';
import { registerPartner, snapClient, TEN_WIB } from './partner';

/**
 * /snap/openapi.json against the live server: every documented call is sent its own request
 * example, signed, in the document's order, and its success answer must validate against the
 * 200 schema (partner.ts checks every answer; this file makes sure every path gets one). The
 * examples themselves must match their schemas. The clock is 10:00 WIB on a Monday (banks open).
 */
const TOKEN_PATH = '/snap/v1.0/access-token/b2b';

type Json = Record<string, unknown>;

const media = (path: string) => snapDocument.paths[path]!.post;

describe('the SNAP document', () => {
  it('has a request and a success example on every call, each matching its schema', () => {
    for (const path of Object.keys(snapDocument.paths)) {
      const operation = media(path);
      const request = operation.requestBody.content['application/json'].example;
      const answer = operation.responses['200']?.content?.['application/json'].example;
      expect(request, `${path} request example`).toBeDefined();
      expect(answer, `${path} answer example`).toBeDefined();
      const checkRequest = requestValidator(path);
      expect(checkRequest(request), `${path} request example:\n${errorsOf(checkRequest)}`).toBe(
        true,
      );
      const checkAnswer = answerValidator(path, 200);
      expect(checkAnswer(answer), `${path} answer example:\n${errorsOf(checkAnswer)}`).toBe(true);
    }
  });

  it('has a payment notification example that matches its schema', () => {
    const webhook = snapDocument.webhooks.paymentNotification!.post;
    const check = notificationValidator();
    const example = webhook.requestBody.content['application/json'].example;
    expect(check(example), errorsOf(check)).toBe(true);
  });

  it('refuses an answer the document does not describe, naming the path and the errors', () => {
    const path = '/snap/v1.0/balance-inquiry';
    const refusal = { responseCode: '4011100', responseMessage: 'Unauthorized. Signature' };
    expect(() => assertDocumented(path, 401, refusal)).not.toThrow();
    // A field nobody documented, a code of another status, a status the call never answers.
    expect(() => assertDocumented(path, 401, { ...refusal, extra: 1 })).toThrow(
      /balance-inquiry HTTP 401 answer does not match[\s\S]*additionalProperty/,
    );
    expect(() => assertDocumented(path, 401, { ...refusal, responseCode: '4031101' })).toThrow(
      /responseCode must be equal to one of the allowed values/,
    );
    expect(() => assertDocumented(path, 404, { ...refusal, responseCode: '4041101' })).toThrow(
      /does not list/,
    );
    const example = media(path).responses['200']!.content!['application/json'].example as Json;
    expect(() => assertDocumented(path, 200, { ...example, accountInfos: [] })).toThrow(
      /accountInfos must NOT have fewer than 1 items/,
    );
  });

  it('says a closed VA needs totalAmount and expiredDate, an open one does not', () => {
    const check = requestValidator('/snap/v1.0/transfer-va/create-va');
    const base = { virtualAccountName: 'Budi', trxId: 'T-1', additionalInfo: { bankCode: '014' } };
    expect(check(base)).toBe(false);
    expect(check({ ...base, virtualAccountTrxType: 'C' })).toBe(false);
    expect(check({ ...base, virtualAccountTrxType: 'O' })).toBe(true);
    const closed = {
      ...base,
      totalAmount: { value: '10000.00', currency: 'IDR' },
      expiredDate: '2026-11-24T10:00:00+07:00',
    };
    expect(check(closed)).toBe(true);
  });
});

describe.each(testDatabases())('every documented SNAP call answers as documented on %s', (kind) => {
  let t: TestApp;
  let snap: ReturnType<typeof snapClient>;

  beforeAll(async () => {
    t = await createTestApp(kind, { clockAt: TEN_WIB });
    const portal = await t.loginAs('partner@demo.id', { lang: 'en' });
    snap = snapClient(t, await registerPartner(t, portal, { ips: '127.0.0.1' }));
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('serves the document the tests check against', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/snap/openapi.json' });
    expect(res.statusCode).toBe(200);
    const served = res.json();
    expect(served.paths).toEqual(snapDocument.paths);
    expect(served.components).toEqual(snapDocument.components);
    expect(served.info.contact.url).toBe(t.services.config.supportUrl);
  });

  it('answers each request example with a success that matches the document', async () => {
    const token = await snap.token();
    // Numbers Gerbang draws (the VA's) come from the earlier answer, not the example.
    const drawn: Json = {};
    // The internal inquiry names an active VA: the walk's own VA is deleted before it, so one more.
    const open = await snap.call(
      '/snap/v1.0/transfer-va/create-va',
      {
        virtualAccountName: 'Sari Dewi',
        trxId: 'ORDER-INTERNAL-1',
        virtualAccountTrxType: 'O',
        additionalInfo: { bankCode: '014' },
      },
      { token },
    );
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    const active = (open.body.virtualAccountData as Json).virtualAccountNo as string;
    const answered: string[] = [];
    for (const path of Object.keys(snapDocument.paths)) {
      if (path === TOKEN_PATH) continue;
      const example = media(path).requestBody.content['application/json'].example as Json;
      const body = Object.fromEntries(
        Object.entries(example).map(([k, v]) => [k, k in drawn ? drawn[k] : v]),
      );
      if (path.endsWith('/account-inquiry-internal')) body.beneficiaryAccountNo = active.trim();
      const res = await snap.call(path, body, { token });
      expect(res.status, `${path} did not succeed live: ${JSON.stringify(res.body)}`).toBe(200);
      const check = answerValidator(path, 200);
      expect(check(res.body), `${path}:\n${errorsOf(check)}`).toBe(true);
      // The refund later in the walk needs a paid QR: the payer pays it in the simulator.
      if (path.endsWith('/qr-mpm-generate')) {
        const paid = await t.client().post('/dev/simulator/pay', {
          channel: 'qris',
          number: res.body.qrContent,
          amount: 30_000,
        });
        expect(paid.rc, paid.rd).toBe('00');
      }
      const va = res.body.virtualAccountData as Json | undefined;
      if (va && path.endsWith('/create-va')) {
        for (const key of ['partnerServiceId', 'customerNo', 'virtualAccountNo']) {
          drawn[key] = va[key];
        }
      }
      answered.push(path);
    }
    expect(answered.length).toBe(Object.keys(snapDocument.paths).length - 1);
  });

  it("answers the pay-in block's refusals of the input as field errors, not General Error", async () => {
    const token = await snap.token();
    const va = {
      virtualAccountName: 'Budi',
      trxId: 'ORDER-BAD-1',
      totalAmount: { value: '10000.00', currency: 'IDR' },
      expiredDate: '2026-11-24T10:00:00+07:00',
      additionalInfo: { bankCode: '999' },
    };
    const noBank = await snap.call('/snap/v1.0/transfer-va/create-va', va, { token });
    expect(noBank.status).toBe(400);
    expect(noBank.body).toEqual({
      responseCode: '4002701',
      responseMessage: 'Invalid Field Format additionalInfo.bankCode',
    });
    const past = await snap.call(
      '/snap/v1.0/qr/qr-mpm-generate',
      {
        partnerReferenceNo: 'QR-PAST-1',
        amount: { value: '1000.00', currency: 'IDR' },
        validityPeriod: '2026-11-23T09:00:00+07:00',
      },
      { token },
    );
    expect(past.status).toBe(400);
    expect(past.body.responseCode).toBe('4004701');
  });
});
