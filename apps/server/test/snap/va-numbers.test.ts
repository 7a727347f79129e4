import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueVirtualAccount } from '../../src/modules/payins/issue';
import {
  accountInquiryInternalAnswer,
  createVaAnswer,
  deleteVaAnswer,
  inquiryVaAnswer,
  updateVaAnswer,
  vaStatusAnswer,
} from '../../src/modules/snap/schemas';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp, type TestClient } from '../helpers/test-app';
import { agentIdOf, type Partner, registerPartner, rupiah, snapClient, TEN_WIB } from './partner';

/**
 * What real SNAP clients rely on beyond the happy path of snap.test.ts: create-va issues exactly
 * the number asked for (partnerServiceId + customerNo, the bank read from the partnerServiceId),
 * answers the standard's space-padded fields everywhere, refuses a number it cannot issue with the
 * field's name, answers a number in use with 409 (never 500); unknown /snap paths and wrong
 * methods answer JSON; every SNAP answer carries X-TIMESTAMP; and the internal account inquiry
 * (service 15) names a virtual account Gerbang issued. The clock starts at 10:00 WIB on a Monday.
 */
const EXPIRES = '2026-11-24T10:00:00+07:00';

describe.each(testDatabases())('SNAP VA numbers, routing and internal inquiry on %s', (kind) => {
  let t: TestApp;
  let portal: TestClient;
  let partner: Partner;
  let snap: ReturnType<typeof snapClient>;
  let agentId: number;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { clockAt: TEN_WIB });
    portal = await t.loginAs('partner@demo.id', { lang: 'en' });
    partner = await registerPartner(t, portal, { ips: '127.0.0.1' });
    snap = snapClient(t, partner);
    agentId = await agentIdOf(t, 'partner@demo.id');
    token = await snap.token();
  }, 180_000);
  /** An open portal VA of another merchant (the first agent that is not the partner). */
  async function otherMerchantVa(bankCode: string, customerName: string) {
    const otherAgent = await t.services.db
      .selectFrom('agents')
      .select('id')
      .where('id', '!=', agentId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    return issueVirtualAccount(
      t.services,
      { agentId: Number(otherAgent.id), environment: 'production' },
      { bankCode, kind: 'open', customerName },
    );
  }

  afterAll(async () => {
    await t?.close();
  });

  const createVa = (body: Record<string, unknown>) =>
    snap.call('/snap/v1.0/transfer-va/create-va', body, { token });

  const closedVa = (trxId: string, fields: Record<string, unknown>) => ({
    virtualAccountName: 'Budi Santoso',
    trxId,
    totalAmount: rupiah(150_000),
    virtualAccountTrxType: 'C',
    expiredDate: EXPIRES,
    ...fields,
  });

  /** X-TIMESTAMP: ISO 8601 in WIB, the server clock's (which runs on from 10:00) to the second. */
  function expectServerTime(header: unknown) {
    expect(header).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+07:00$/);
    const at = new Date(String(header)).getTime();
    expect(Math.abs(at - t.clock.now.getTime())).toBeLessThan(5_000);
  }

  const countRows = async (table: 'snap_virtual_accounts' | 'virtual_accounts') =>
    Number(
      (
        await t.services.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('creates exactly the VA asked for in the standard shape and answers it space-padded', async () => {
    const created = await createVa(
      closedVa('STD-1', {
        partnerServiceId: '    8014',
        customerNo: '12345678901234',
        virtualAccountNo: '    801412345678901234',
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.responseCode).toBe('2002700');
    const va = createVaAnswer.parse(created.body).virtualAccountData;
    expect(va).toMatchObject({
      partnerServiceId: '    8014',
      customerNo: '12345678901234',
      virtualAccountNo: '    801412345678901234',
      trxId: 'STD-1',
    });
    const row = await t.services.db
      .selectFrom('virtual_accounts')
      .select(['kodebank', 'va_number', 'customer_id'])
      .where('va_number', '=', '801412345678901234')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      kodebank: '014',
      va_number: '801412345678901234',
      customer_id: '12345678901234',
    });

    // The bank comes from the partnerServiceId: Mandiri's company code, unpadded as some send it.
    const mandiri = await createVa(
      closedVa('STD-2', { partnerServiceId: '87827', customerNo: '0812345678901' }),
    );
    expect(mandiri.body.responseCode, JSON.stringify(mandiri.body)).toBe('2002700');
    expect(mandiri.body.virtualAccountData).toMatchObject({
      partnerServiceId: '   87827',
      customerNo: '0812345678901',
      virtualAccountNo: '   878270812345678901',
      additionalInfo: { bankCode: '008' },
    });

    // A number Gerbang draws (no customerNo) is answered in the same padded form.
    const drawn = await createVa(closedVa('STD-3', { additionalInfo: { bankCode: '451' } }));
    const d = createVaAnswer.parse(drawn.body).virtualAccountData;
    expect(d.partnerServiceId).toBe(' 9001062');
    expect(d.virtualAccountNo).toBe(` 9001062${d.customerNo}`);
  });

  it('answers the padded fields in inquiry, status, update, delete and the payment notification', async () => {
    const key = {
      partnerServiceId: '    8014',
      customerNo: '5550001',
      virtualAccountNo: '    80145550001',
    };
    const created = await createVa(closedVa('PAD-1', key));
    expect(created.body.responseCode, JSON.stringify(created.body)).toBe('2002700');
    const inquiry = await snap.call(
      '/snap/v1.0/transfer-va/inquiry-va',
      { ...key, trxId: 'PAD-1' },
      { token },
    );
    expect(inquiry.body.responseCode).toBe('2003000');
    expect(inquiryVaAnswer.parse(inquiry.body).virtualAccountData).toMatchObject(key);
    const updated = await snap.call(
      '/snap/v1.0/transfer-va/update-va',
      { ...key, trxId: 'PAD-1', totalAmount: rupiah(175_000) },
      { token },
    );
    expect(updated.body.responseCode).toBe('2002800');
    expect(updateVaAnswer.parse(updated.body).virtualAccountData).toMatchObject(key);

    // The payer's bank pays the digits; the notification names the VA in the padded form.
    const paid = await t
      .client()
      .post('/dev/simulator/pay', { channel: 'va', number: '80145550001', amount: 175_000 });
    expect(paid.rc, paid.rd).toBe('00');
    const note = await t.services.db
      .selectFrom('callbacks')
      .select('request_raw')
      .where('type_callback', '=', 'va_payment')
      .where('id_transaksi', '=', paid.data.id_transaksi)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(note.request_raw)).toMatchObject({ ...key, trxId: 'PAD-1' });
    const status = await snap.call(
      '/snap/v1.0/transfer-va/status',
      { ...key, trxId: 'PAD-1' },
      { token },
    );
    expect(status.body.responseCode).toBe('2002600');
    expect(vaStatusAnswer.parse(status.body).virtualAccountData).toMatchObject({
      ...key,
      paymentFlagStatus: '00',
    });

    const other = { ...key, customerNo: '5550002', virtualAccountNo: '    80145550002' };
    await createVa(closedVa('PAD-2', other));
    const deleted = await snap.call(
      '/snap/v1.0/transfer-va/delete-va',
      { ...other, trxId: 'PAD-2' },
      { token },
    );
    expect(deleted.body.responseCode).toBe('2003100');
    expect(deleteVaAnswer.parse(deleted.body).virtualAccountData).toMatchObject(other);
    // A request whose parts disagree names the field, and finds nothing.
    const mismatch = await snap.call(
      '/snap/v1.0/transfer-va/inquiry-va',
      { ...key, virtualAccountNo: '    80145550009', trxId: 'PAD-1' },
      { token },
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.responseCode).toBe('4003001');
    expect(mismatch.body.responseMessage).toContain('virtualAccountNo');
  });

  it('refuses a number it cannot issue with 400xx01/02 and the field, creating nothing', async () => {
    const before = {
      snap: await countRows('snap_virtual_accounts'),
      vas: await countRows('virtual_accounts'),
    };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      // No bank has the prefix 88899.
      [{ partnerServiceId: '   88899', customerNo: '9765904255' }, '4002701', 'partnerServiceId'],
      [{ partnerServiceId: '8014 ', customerNo: '1' }, '4002701', 'partnerServiceId'],
      [{ partnerServiceId: '123456789', customerNo: '1' }, '4002701', 'partnerServiceId'],
      [{ partnerServiceId: '    8014', customerNo: '12AB' }, '4002701', 'customerNo'],
      [{ partnerServiceId: '    8014', customerNo: '1'.repeat(21) }, '4002701', 'customerNo'],
      [
        { partnerServiceId: '    8014', customerNo: '777', virtualAccountNo: '    8014778' },
        '4002701',
        'virtualAccountNo',
      ],
      [
        { partnerServiceId: '    8014', customerNo: '777', additionalInfo: { bankCode: '009' } },
        '4002701',
        'additionalInfo.bankCode',
      ],
      [{ additionalInfo: { bankCode: '999' } }, '4002701', 'additionalInfo.bankCode'],
      [{ customerNo: '777' }, '4002702', 'partnerServiceId'],
    ];
    for (const [i, [fields, code, field]] of cases.entries()) {
      const res = await createVa(closedVa(`BAD-${i}`, fields));
      expect(res.body.responseCode, JSON.stringify({ fields, body: res.body })).toBe(code);
      expect(res.status).toBe(400);
      expect(res.body.responseMessage).toContain(field);
    }
    expect(await countRows('snap_virtual_accounts')).toBe(before.snap);
    expect(await countRows('virtual_accounts')).toBe(before.vas);
  });

  it('answers a VA number in use and a reused trxId with 409 4092701, never 500', async () => {
    const key = { partnerServiceId: '    8014', customerNo: '99000001' };
    expect((await createVa(closedVa('DUP-1', key))).body.responseCode).toBe('2002700');
    const before = {
      snap: await countRows('snap_virtual_accounts'),
      vas: await countRows('virtual_accounts'),
    };
    const taken = await createVa(closedVa('DUP-2', key));
    expect(taken.status).toBe(409);
    expect(taken.body.responseCode).toBe('4092701');
    expect(taken.body.responseMessage).toContain('virtualAccountNo');
    const reused = await createVa(closedVa('DUP-1', { ...key, customerNo: '99000002' }));
    expect(reused.status).toBe(409);
    expect(reused.body.responseCode).toBe('4092701');
    expect(reused.body.responseMessage).toContain('trxId');
    // A number another merchant's portal VA holds is in use too.
    const portalVa = await otherMerchantVa('014', 'Toko Lain');
    const theirs = await createVa(
      closedVa('DUP-3', { partnerServiceId: '    8014', customerNo: portalVa.vaNumber.slice(4) }),
    );
    expect(theirs.status).toBe(409);
    expect(theirs.body.responseCode).toBe('4092701');
    expect(await countRows('snap_virtual_accounts')).toBe(before.snap);
    expect(await countRows('virtual_accounts')).toBe(before.vas + 1);

    // Parallel creates of one new number: exactly one VA, the others 409.
    const racing = await Promise.all(
      [1, 2, 3, 4].map((i) =>
        createVa(closedVa(`RACE-${i}`, { partnerServiceId: '    8014', customerNo: '99000003' })),
      ),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await countRows('snap_virtual_accounts')).toBe(before.snap + 1);
  });

  it('answers unknown /snap paths and wrong methods in JSON; /api and pages are unchanged', async () => {
    const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: string) =>
      t.app.inject({
        method,
        url,
        headers: { 'content-type': 'application/json' },
        ...(payload === undefined ? {} : { payload }),
      });
    for (const [method, url, payload] of [
      ['GET', '/snap/v1.0/no-such-service', undefined],
      ['POST', '/snap/v1.0/transfer-va/create-vax', '{}'],
      ['POST', '/snap/v9.9/balance-inquiry', 'not json'],
      ['GET', '/snap', undefined],
    ] as const) {
      const res = await send(method, url, payload);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expectServerTime(res.headers['x-timestamp']);
      expect(res.json()).toEqual({ responseCode: '4040002', responseMessage: 'Invalid Routing' });
    }
    for (const [method, url, code] of [
      ['GET', '/snap/v1.0/transfer-va/create-va', '4052700'],
      ['PUT', '/snap/v1.0/access-token/b2b', '4057300'],
      ['DELETE', '/snap/v1.0/account-inquiry-internal', '4051500'],
      ['POST', '/snap/openapi.json', '4050000'],
    ] as const) {
      const res = await send(method, url, method === 'GET' ? undefined : '{}');
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers.allow).toBe(url === '/snap/openapi.json' ? 'GET, HEAD' : 'POST');
      expect(res.json()).toEqual({
        responseCode: code,
        responseMessage: 'Requested Function Is Not Supported',
      });
    }
    const api = await send('GET', '/api/no-such-call');
    expect(api.statusCode).toBe(404);
    expect(api.json().rc).toBe('404');
    const other = await send('POST', '/snapshot/x', '{}');
    expect(other.statusCode).toBe(404);
    expect(other.headers['content-type'] ?? '').not.toMatch(/json/);
  });

  it('sends X-TIMESTAMP (ISO 8601, +07:00) with every SNAP answer, success or refusal', async () => {
    const answers = [
      await snap.accessToken(),
      await snap.accessToken({ clientId: 'GBP-UNKNOWN' }),
      await snap.call('/snap/v1.0/balance-inquiry', {}, { token }),
      await snap.call('/snap/v1.0/balance-inquiry', {}, { token, secret: 'wrong' }),
      await snap.call('/snap/v1.0/balance-inquiry', {}, { token: 'forged' }),
      await createVa(closedVa('TS-1', { customerNo: 'x' })),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 401, 200, 401, 401, 400]);
    for (const a of answers) expectServerTime(a.headers['x-timestamp']);
  });

  describe('account inquiry internal (service 15)', () => {
    const inquire = (body: unknown, opts: { token?: string } = {}) =>
      snap.call('/snap/v1.0/account-inquiry-internal', body, { token: opts.token ?? token });

    it('names a virtual account Gerbang issued, any merchant, in the caller environment', async () => {
      const issued = await otherMerchantVa('009', 'Warung Sari');
      const found = await inquire({
        partnerReferenceNo: 'INQ-1',
        beneficiaryAccountNo: issued.vaNumber,
      });
      expect(found.status, JSON.stringify(found.body)).toBe(200);
      expect(accountInquiryInternalAnswer.parse(found.body)).toMatchObject({
        responseCode: '2001500',
        responseMessage: 'Successful',
        partnerReferenceNo: 'INQ-1',
        beneficiaryAccountName: 'WARUNG SARI',
        beneficiaryAccountNo: issued.vaNumber,
        beneficiaryAccountStatus: 'Active',
        currency: 'IDR',
        additionalInfo: { bankCode: '009' },
      });
      expectServerTime(found.headers['x-timestamp']);
      // The SNAP padded form of a VA number is read as its digits.
      const padded = await inquire({ beneficiaryAccountNo: '    801412345678901234' });
      expect(padded.body.responseCode, JSON.stringify(padded.body)).toBe('2001500');
      expect(padded.body.beneficiaryAccountNo).toBe('801412345678901234');
    });

    it('answers 4041511 for an unknown account, 4031518 for a closed VA, 400 for bad fields', async () => {
      const unknown = await inquire({ beneficiaryAccountNo: '80140000000000000001' });
      expect(unknown.status).toBe(404);
      expect(unknown.body.responseCode).toBe('4041511');
      // The sandbox's VAs are not the production ones.
      const sandboxVa = await issueVirtualAccount(
        t.services,
        { agentId, environment: 'sandbox' },
        { bankCode: '014', kind: 'open', customerName: 'Sandbox Only' },
      );
      const crossed = await inquire({ beneficiaryAccountNo: sandboxVa.vaNumber });
      expect(crossed.body.responseCode).toBe('4041511');
      // PAD-1 was paid (a closed VA takes one payment) and PAD-2 deleted above.
      for (const number of ['80145550001', '80145550002']) {
        const closed = await inquire({ beneficiaryAccountNo: number });
        expect(closed.status).toBe(403);
        expect(closed.body.responseCode).toBe('4031518');
      }
      const letters = await inquire({ beneficiaryAccountNo: '8014ABC' });
      expect(letters.status).toBe(400);
      expect(letters.body.responseCode).toBe('4001501');
      expect(letters.body.responseMessage).toContain('beneficiaryAccountNo');
      const long = await inquire({ beneficiaryAccountNo: '1'.repeat(35) });
      expect(long.body.responseCode).toBe('4001501');
      const missing = await inquire({ partnerReferenceNo: 'INQ-2' });
      expect(missing.body.responseCode).toBe('4001502');
      expect(missing.body.responseMessage).toContain('beneficiaryAccountNo');
    });

    it('counts against the partner rate limit like every service (429 4291500)', async () => {
      await t.services.db
        .updateTable('agent_credentials')
        .set({ snap_rate_per_minute: 1 })
        .where('agent_id', '=', agentId)
        .execute();
      try {
        const limited = await inquire({ beneficiaryAccountNo: '80145550001' });
        expect(limited.status).toBe(429);
        expect(limited.body.responseCode).toBe('4291500');
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      } finally {
        await t.services.db
          .updateTable('agent_credentials')
          .set({ snap_rate_per_minute: 600 })
          .where('agent_id', '=', agentId)
          .execute();
      }
    });
  });
});
