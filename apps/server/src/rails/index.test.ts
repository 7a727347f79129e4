import { describe, expect, it } from 'vitest';
import { type BankTransferRail, createRails } from './index';
import { fromWib } from './wib-clock';

const now = fromWib(2025, 5, 1, 14, 0);

describe('createRails', () => {
  it('simulates every port by default, wired to one operator store', async () => {
    const rails = createRails({ simulator: { settleMs: 30_000 } });
    const sent = await rails.bank.send({
      reference: 'WD-1',
      bankCode: '002',
      accountNumber: '0021234567',
      amount: 250_000,
      now,
    });
    if (!sent.accepted) throw new Error('expected acceptance');
    await rails.simulatorControl.settle({ railReference: sent.railReference, now });
    expect(await rails.bank.status({ railReference: sent.railReference, now })).toEqual({
      status: 'SUCCESS',
      completedAt: now,
    });
    expect(
      (await rails.ewallet.inquiry({ productId: 'GOPAY', phoneNumber: '081234567890', now })).ok,
    ).toBe(true);
    expect(
      (
        await rails.retail.createPickup({
          reference: 'WD-2',
          retailerCode: 'INDOMARET',
          customerNumber: '081234567890',
          amount: 100_000,
          now,
        })
      ).accepted,
    ).toBe(true);
  });

  it('uses a real connector for a port when one is given', async () => {
    const connector: BankTransferRail = {
      inquiry: async () => ({ ok: true, accountName: 'FROM CONNECTOR' }),
      send: async () => ({ accepted: false, code: 'BANK_UNAVAILABLE' }),
      lookup: async () => ({ found: false }),
      status: async () => ({
        status: 'PROCESSING',
        reason: 'IN_PROGRESS',
        expectedCompletionAt: now,
      }),
    };
    const rails = createRails({ connectors: { bank: connector } });
    expect(rails.bank).toBe(connector);
    expect(
      await rails.bank.inquiry({ bankCode: '014', accountNumber: '1', accountType: 'NORMAL', now }),
    ).toEqual({ ok: true, accountName: 'FROM CONNECTOR' });
    expect(
      (await rails.ewallet.inquiry({ productId: 'OVO', phoneNumber: '081234567890', now })).ok,
    ).toBe(true);
  });
});
