import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SnapClient } from '@gerbang/snap-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { agentIdOf, type Partner, registerPartner, rupiah, TEN_WIB } from './partner';

/**
 * The published SDK (packages/snap-client) against the real server listening on a port, with a
 * credential registered through the portal as a partner does: token, balance, a transfer and its
 * status, a VA, and a transfer whose answer is lost on the way back (a proxy drops the connection
 * after the server answered): the SDK's retry under the same X-EXTERNAL-ID is refused 409xx00, it
 * asks the transfer status, and the money leaves once. The clock is fixed at 10:00 WIB on a
 * Monday (banks open).
 */

/** A proxy in front of the server that drops the connection once the server has answered. */
async function startDroppingProxy(target: string) {
  let dropNext = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const headers = { ...req.headers } as Record<string, string>;
      delete headers.host;
      delete headers.connection;
      const answer = await fetch(target + req.url, {
        method: req.method,
        headers,
        body: Buffer.concat(chunks),
      });
      const text = await answer.text();
      if (dropNext > 0 && req.url !== '/snap/v1.0/access-token/b2b') {
        dropNext -= 1;
        req.socket.destroy();
        return;
      }
      res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    dropNextAnswers: (n: number) => {
      dropNext = n;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The VA's key from an answer (typed loosely until the document describes the answer). */
const vaKeyOf = (data: unknown) => {
  const { partnerServiceId, customerNo, virtualAccountNo } = data as Record<string, string>;
  return {
    partnerServiceId: partnerServiceId!,
    customerNo: customerNo!,
    virtualAccountNo: virtualAccountNo!,
  };
};
const amountOf = (value: unknown) =>
  Number(String((value as { value: string }).value).slice(0, -3));

describe.each(testDatabases())('the SNAP SDK against the server on %s', (kind) => {
  let t: TestApp;
  let partner: Partner;
  let agentId: number;
  let proxy: Awaited<ReturnType<typeof startDroppingProxy>>;
  let base: string;

  const sdk = (baseUrl = base) =>
    new SnapClient({
      baseUrl,
      clientId: partner.clientId,
      clientSecret: partner.clientSecret,
      privateKey: partner.privateKey,
      now: () => t.clock.now,
      retries: { retries: 3, baseDelayMs: 10, maxDelayMs: 50 },
    });

  beforeAll(async () => {
    t = await createTestApp(kind, { clockAt: TEN_WIB });
    const portal = await t.loginAs('partner@demo.id', { lang: 'en' });
    partner = await registerPartner(t, portal, { ips: '127.0.0.1' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    proxy = await startDroppingProxy(base);
    agentId = await agentIdOf(t, 'partner@demo.id');
  }, 180_000);
  afterAll(async () => {
    await proxy?.close();
    await t?.close();
  });

  const ledgerBalance = async () => (await t.services.balances.read(agentId, 'production')).balance;

  const transfersOf = (reference: string) =>
    t.services.db
      .selectFrom('snap_transfers')
      .select(['id_transaksi', 'external_id', 'amount', 'fee'])
      .where('agent_id', '=', agentId)
      .where('partner_reference_no', '=', reference)
      .execute();

  it('takes a token and reads the balance the ledger holds', async () => {
    const client = sdk();
    const token = await client.accessToken();
    expect(token).toMatch(/^\S{20,}$/);
    const balance = await client.balanceInquiry({ partnerReferenceNo: 'BAL-SDK-1' });
    expect(balance.responseCode).toBe('2001100');
    const infos = balance.accountInfos as Array<{ availableBalance: unknown }>;
    expect(amountOf(infos[0]!.availableBalance)).toBe(await ledgerBalance());
  });

  it('transfers once and reads its status', async () => {
    const client = sdk();
    const before = await ledgerBalance();
    const sent = await client.transferInterbank({
      partnerReferenceNo: 'SDK-T-1',
      amount: rupiah(100_000),
      beneficiaryAccountNo: '1234567890',
      beneficiaryBankCode: '014',
    });
    expect(sent.responseCode).toBe('2001800');
    const fee = amountOf((sent.additionalInfo as { fee: unknown }).fee);
    expect(await ledgerBalance()).toBe(before - 100_000 - fee);
    const status = await client.transferStatus({
      originalPartnerReferenceNo: 'SDK-T-1',
      serviceCode: '18',
    });
    expect(status).toMatchObject({
      responseCode: '2003600',
      originalReferenceNo: sent.referenceNo,
      latestTransactionStatus: '00',
    });
    const refused = await client
      .transferInterbank({
        partnerReferenceNo: 'SDK-T-1',
        amount: rupiah(100_000),
        beneficiaryAccountNo: '1234567890',
        beneficiaryBankCode: '014',
      })
      .catch((e) => e);
    expect(refused).toMatchObject({ httpStatus: 409, responseCode: '4091801', case: '01' });
  });

  it('creates a VA and reads it back', async () => {
    const client = sdk();
    const created = await client.createVa({
      virtualAccountName: 'Budi Santoso',
      trxId: 'SDK-ORDER-1',
      totalAmount: rupiah(150_000),
      virtualAccountTrxType: 'C',
      expiredDate: '2026-11-24T10:00:00+07:00',
      additionalInfo: { bankCode: '014' },
    });
    expect(created.responseCode).toBe('2002700');
    const va = vaKeyOf(created.virtualAccountData);
    const inquiry = await client.inquiryVa({
      ...va,
      trxId: 'SDK-ORDER-1',
    });
    expect(inquiry.responseCode).toBe('2003000');
    expect((inquiry.virtualAccountData as Record<string, unknown>).totalAmount).toEqual(
      rupiah(150_000),
    );
  });

  it('a transfer whose answer is dropped is retried under its X-EXTERNAL-ID and paid once', async () => {
    const client = sdk(proxy.url);
    await client.accessToken();
    const before = await ledgerBalance();
    proxy.dropNextAnswers(1);
    const sent = await client.transferInterbank(
      {
        partnerReferenceNo: 'SDK-DROP-1',
        amount: rupiah(75_000),
        beneficiaryAccountNo: '1234567890',
        beneficiaryBankCode: '014',
      },
      { externalId: 'SDK-DROP-EXT-1' },
    );
    const rows = await transfersOf('SDK-DROP-1');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.external_id).toBe('SDK-DROP-EXT-1');
    expect(sent).toMatchObject({
      responseCode: '2001800',
      referenceNo: rows[0]!.id_transaksi,
      partnerReferenceNo: 'SDK-DROP-1',
      amount: rupiah(75_000),
    });
    expect(await ledgerBalance()).toBe(before - 75_000 - Number(rows[0]!.fee));
    // The server saw the repeat under the same X-EXTERNAL-ID and refused it, moving nothing.
    const log = await t.services.db
      .selectFrom('snap_api_log')
      .select(['response_code'])
      .where('agent_id', '=', agentId)
      .where('external_id', '=', 'SDK-DROP-EXT-1')
      .orderBy('id')
      .execute();
    expect(log.map((r) => r.response_code)).toEqual(['2001800', '4091800']);
  });
});
