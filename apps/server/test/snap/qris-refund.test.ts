import { balanceOfAccount } from '@gerbang/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refundTransferId } from '../../src/modules/snap/qris-refund';
import { testDatabases } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { agentIdOf, expectLedgerClean, PARTNER } from '../payins/factory';
import { registerPartner, rupiah, type SnapAnswer, snapClient, TEN_WIB } from './partner';

/**
 * SNAP QRIS refund (POST /snap/v1.0/qr/qr-mpm-refund, service 78), driven by the test partner
 * client written from the standard: a paid QRIS is given back in parts up to the paid amount, the
 * money leaves the merchant's available balance for the QRIS clearing account in the ledger, a
 * repeated partnerRefundNo answers the first refund, every refusal moves nothing, and parallel
 * refunds of one payment never give back more than was paid. The clock is fixed at 10:00 WIB on
 * a Monday, so the file passes at any hour.
 */
const REFUND = '/snap/v1.0/qr/qr-mpm-refund';

describe.each(testDatabases())('SNAP QRIS refund on %s', (kind) => {
  let t: TestApp;
  let snap: ReturnType<typeof snapClient>;
  let agentId: number;
  let token: string;
  let refs = 0;

  beforeAll(async () => {
    t = await createTestApp(kind, { clockAt: TEN_WIB });
    const portal = await t.loginAs(PARTNER, { lang: 'en' });
    snap = snapClient(t, await registerPartner(t, portal, { ips: '127.0.0.1' }));
    agentId = await agentIdOf(t);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  /** A fresh token per test: a test never outlives its 900 seconds. */
  const call = async (path: string, body: unknown): Promise<SnapAnswer> => {
    token ||= await snap.token();
    return snap.call(path, body, { token });
  };

  /** A QRIS generated through SNAP (paid in the simulator unless `paid` is false). */
  async function qris(amount: number, paid = true) {
    const partnerReferenceNo = `QRF-${process.pid}-${++refs}`;
    const qr = await call('/snap/v1.0/qr/qr-mpm-generate', {
      partnerReferenceNo,
      amount: rupiah(amount),
    });
    expect(qr.body.responseCode, JSON.stringify(qr.body)).toBe('2004700');
    if (paid) {
      const res = await t.client().post('/dev/simulator/pay', {
        channel: 'qris',
        number: qr.body.qrContent,
        amount,
      });
      expect(res.rc, res.rd).toBe('00');
    }
    return { partnerReferenceNo, referenceNo: qr.body.referenceNo as string };
  }

  const refund = (
    qr: { partnerReferenceNo: string },
    partnerRefundNo: string,
    amount: number,
    extra: Record<string, unknown> = {},
  ) =>
    call(REFUND, {
      originalPartnerReferenceNo: qr.partnerReferenceNo,
      partnerRefundNo,
      refundAmount: rupiah(amount),
      reason: 'Out of stock',
      ...extra,
    });

  /** Posted balances of the partner's available account and of the QRIS clearing account. */
  async function money() {
    const [available, clearing] = await Promise.all([
      t.services.ledger.findAccount({
        kind: 'merchant_available',
        agentId,
        environment: 'production',
      }),
      t.services.ledger.findAccount({
        kind: 'cash_in_clearing',
        subkey: 'QRIS',
        environment: 'production',
      }),
    ]);
    return {
      available: available ? balanceOfAccount(available).posted : 0,
      clearing: clearing ? balanceOfAccount(clearing).posted : 0,
    };
  }

  async function refunded(partnerReferenceNo: string): Promise<number> {
    const row = await t.services.db
      .selectFrom('snap_qris')
      .select('refunded_amount')
      .where('partner_reference_no', '=', partnerReferenceNo)
      .executeTakeFirstOrThrow();
    return Number(row.refunded_amount);
  }

  it('refunds a paid QRIS in parts up to the paid amount, through the ledger', async () => {
    const qr = await qris(50_000);
    const before = await money();
    const first = await refund(qr, `RF-${process.pid}-1`, 20_000);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      responseCode: '2007800',
      responseMessage: 'Successful',
      originalPartnerReferenceNo: qr.partnerReferenceNo,
      originalReferenceNo: qr.referenceNo,
      partnerRefundNo: `RF-${process.pid}-1`,
      refundAmount: rupiah(20_000),
    });
    expect(first.body.refundNo).toMatch(/^RF\d{18}$/);
    expect(first.body.refundTime).toMatch(/^2026-11-23T10:\d{2}:\d{2}\+07:00$/);
    const query = await call('/snap/v1.0/qr/qr-mpm-query', {
      originalPartnerReferenceNo: qr.partnerReferenceNo,
      serviceCode: '47',
    });
    expect(first.body.additionalInfo.paymentRequestId).toBe(
      query.body.additionalInfo.paymentRequestId,
    );
    expect(query.body.latestTransactionStatus).toBe('00');
    const after = await money();
    expect(after.available).toBe(before.available - 20_000);
    // Debit-normal: the clearing account holds less once money goes back to the payer.
    expect(after.clearing).toBe(before.clearing - 20_000);

    const tooMuch = await refund(qr, `RF-${process.pid}-2`, 30_001);
    expect(tooMuch.status).toBe(404);
    expect(tooMuch.body.responseCode).toBe('4047813');
    expect(await money()).toEqual(after);

    // The rest, named by the referenceNo qr-mpm-generate answered.
    const rest = await call(REFUND, {
      originalReferenceNo: qr.referenceNo,
      partnerRefundNo: `RF-${process.pid}-3`,
      refundAmount: rupiah(30_000),
    });
    expect(rest.body.responseCode, JSON.stringify(rest.body)).toBe('2007800');
    expect(await refunded(qr.partnerReferenceNo)).toBe(50_000);
    const done = await call('/snap/v1.0/qr/qr-mpm-query', {
      originalPartnerReferenceNo: qr.partnerReferenceNo,
      serviceCode: '47',
    });
    expect(done.body.latestTransactionStatus).toBe('04');
    expect(done.body.additionalInfo.refundedAmount).toEqual(rupiah(50_000));
    expect((await refund(qr, `RF-${process.pid}-4`, 1)).body.responseCode).toBe('4047813');

    const transfers = await t.services.ledger.lookupTransfers(
      [first.body.refundNo, rest.body.refundNo].map(refundTransferId),
    );
    expect(transfers.map((r) => [r.amount, r.kind, r.reference])).toEqual([
      [20_000, 'qris_refund', first.body.refundNo],
      [30_000, 'qris_refund', rest.body.refundNo],
    ]);
    await expectLedgerClean(t);
  });

  it('answers a repeated partnerRefundNo with its first refund; another body under it is 404xx18', async () => {
    const qr = await qris(40_000);
    const other = await qris(15_000);
    const key = `RF-${process.pid}-again`;
    const first = await refund(qr, key, 10_000);
    expect(first.body.responseCode, JSON.stringify(first.body)).toBe('2007800');
    const before = await money();
    const again = await refund(qr, key, 10_000);
    expect(again.body).toEqual(first.body);
    expect(await money()).toEqual(before);
    for (const [target, amount] of [
      [qr, 5_000],
      [other, 10_000],
    ] as const) {
      const inconsistent = await refund(target, key, amount);
      expect(inconsistent.status).toBe(404);
      expect(inconsistent.body.responseCode).toBe('4047818');
    }
    expect(await money()).toEqual(before);
    expect(await refunded(qr.partnerReferenceNo)).toBe(10_000);
    expect(await refunded(other.partnerReferenceNo)).toBe(0);
  });

  it('refuses an unpaid or unknown QRIS and a bad body, moving nothing', async () => {
    const unpaid = await qris(25_000, false);
    const paid = await qris(12_000);
    const before = await money();
    const notPaid = await refund(unpaid, `RF-${process.pid}-unpaid`, 25_000);
    expect(notPaid.status).toBe(403);
    expect(notPaid.body.responseCode).toBe('4037815');
    const unknown = await refund({ partnerReferenceNo: 'NO-SUCH-QR' }, `RF-${process.pid}-x`, 1);
    expect(unknown.body.responseCode).toBe('4047801');
    // A referenceNo of another QR than the partnerReferenceNo names: no such payment.
    const mismatch = await refund(paid, `RF-${process.pid}-mix`, 1_000, {
      originalReferenceNo: unpaid.referenceNo,
    });
    expect(mismatch.body.responseCode).toBe('4047801');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ partnerRefundNo: 'RF-N1', refundAmount: rupiah(1_000) }, '4007802'],
      [{ originalPartnerReferenceNo: paid.partnerReferenceNo, refundAmount: rupiah(1) }, '4007802'],
      [
        {
          originalPartnerReferenceNo: paid.partnerReferenceNo,
          partnerRefundNo: 'RF-N2',
          refundAmount: { value: '0.00', currency: 'IDR' },
        },
        '4007801',
      ],
      [
        {
          originalPartnerReferenceNo: paid.partnerReferenceNo,
          partnerRefundNo: 'RF-N3',
          refundAmount: { value: '100.50', currency: 'IDR' },
        },
        '4007801',
      ],
    ];
    for (const [body, code] of cases) {
      const res = await call(REFUND, body);
      expect([JSON.stringify(body), res.body.responseCode]).toEqual([JSON.stringify(body), code]);
    }
    expect(await money()).toEqual(before);
    const rows = await t.services.db
      .selectFrom('snap_qris_refunds')
      .select('partner_refund_no')
      .where('partner_refund_no', 'like', 'RF-N%')
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses a refund the available balance cannot cover (403xx14); the number stays free', async () => {
    const qr = await qris(20_000);
    const { ledger } = t.services;
    const [available, parked] = await ledger.ensureAccounts([
      { kind: 'merchant_available', agentId, environment: 'production' },
      { kind: 'suspense', subkey: 'refund-test', environment: 'production' },
    ]);
    if (!available || !parked) throw new Error('no accounts');
    // Park all but Rp5.000 of the balance elsewhere in the ledger, and bring it back after.
    const spare = balanceOfAccount(available).available - 5_000;
    const move = (id: string, from: number, to: number) =>
      ledger.createTransfer({
        id,
        debitAccountId: from,
        creditAccountId: to,
        amount: spare,
        kind: 'test_park',
      });
    expect((await move(`park-${process.pid}`, available.id, parked.id)).result).toBe('created');
    const before = await money();
    const short = await refund(qr, `RF-${process.pid}-short`, 20_000);
    expect(short.status).toBe(403);
    expect(short.body.responseCode).toBe('4037814');
    expect(await money()).toEqual(before);
    expect(await refunded(qr.partnerReferenceNo)).toBe(0);
    expect((await move(`unpark-${process.pid}`, parked.id, available.id)).result).toBe('created');
    const retried = await refund(qr, `RF-${process.pid}-short`, 20_000);
    expect(retried.body.responseCode, JSON.stringify(retried.body)).toBe('2007800');
    await expectLedgerClean(t);
  });

  it('never refunds more than was paid, however many refunds arrive at once', async () => {
    const qr = await qris(30_000);
    const before = await money();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => refund(qr, `RF-${process.pid}-par-${i}`, 10_000)),
    );
    const codes = answers.map((a) => a.body.responseCode).sort();
    expect(codes).toEqual([...Array(3).fill('2007800'), ...Array(5).fill('4047813')]);
    expect(await refunded(qr.partnerReferenceNo)).toBe(30_000);
    expect((await money()).available).toBe(before.available - 30_000);

    // The same partnerRefundNo sent at once: one refund, the same answer to every request.
    const once = await qris(30_000);
    const middle = await money();
    const same = await Promise.all(
      Array.from({ length: 5 }, () => refund(once, `RF-${process.pid}-same`, 10_000)),
    );
    expect(new Set(same.map((a) => a.body.responseCode))).toEqual(new Set(['2007800']));
    expect(new Set(same.map((a) => a.body.refundNo)).size).toBe(1);
    expect(await refunded(once.partnerReferenceNo)).toBe(10_000);
    expect((await money()).available).toBe(middle.available - 10_000);
    await expectLedgerClean(t);
  });
});
