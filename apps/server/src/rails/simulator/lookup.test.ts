import { describe, expect, it } from 'vitest';
import { fromWib } from '../wib-clock';
import { createBankSimulator } from './bank-simulator';
import { resolveSimulatorConfig } from './config';
import { createEwalletSimulator } from './ewallet-simulator';
import { createRetailSimulator } from './retail-simulator';
import { createInMemorySimulatorStateStore } from './state-store';

const afternoon = fromWib(2025, 5, 1, 14, 0);
const later = new Date(afternoon.getTime() + 90_000);

/** Another process: a fresh simulator with its own (empty) state, as after a restart. */
function rails() {
  const config = resolveSimulatorConfig({ settleMs: 30_000 });
  const store = createInMemorySimulatorStateStore();
  return {
    bank: createBankSimulator(config, store),
    ewallet: createEwalletSimulator(config, store),
    retail: createRetailSimulator(config, store),
  };
}

describe('simulator lookup by our reference', () => {
  it('finds the transfer an earlier bank send made, from any process, with the same rail reference', async () => {
    const original = {
      reference: 'WD-LOOKUP-1',
      bankCode: '014',
      accountNumber: '1234567890',
      amount: 150_000,
      now: afternoon,
    };
    const sent = await rails().bank.send(original);
    expect(sent.accepted).toBe(true);
    const found = await rails().bank.lookup({ original, now: later });
    expect(found).toEqual({ found: true, sent });
    if (!found.found) throw new Error('expected found');
    expect(
      await rails().bank.status({ railReference: found.sent.railReference, now: later }),
    ).toEqual({
      status: 'SUCCESS',
      completedAt: new Date(afternoon.getTime() + 30_000),
    });
  });

  it('finds nothing for a send the rail refused (nothing left our side)', async () => {
    const original = {
      reference: 'WD-LOOKUP-2',
      bankCode: '014',
      accountNumber: '1234567777',
      amount: 150_000,
      now: afternoon,
    };
    expect(await rails().bank.lookup({ original, now: later })).toEqual({ found: false });
    expect(
      await rails().ewallet.lookup({
        original: {
          reference: 'WD-LOOKUP-3',
          productId: 'OVO',
          phoneNumber: '081234560000',
          amount: 10_000,
          now: afternoon,
        },
        now: later,
      }),
    ).toEqual({ found: false });
  });

  it('finds e-wallet top-ups and retail pickups with what their send answered (pickup code included)', async () => {
    const topUp = {
      reference: 'WD-LOOKUP-4',
      productId: 'OVO',
      phoneNumber: '081234567890',
      amount: 10_000,
      now: afternoon,
    };
    expect(await rails().ewallet.lookup({ original: topUp, now: later })).toEqual({
      found: true,
      sent: await rails().ewallet.send(topUp),
    });
    const pickup = {
      reference: 'WD-LOOKUP-5',
      retailerCode: 'INDOMARET',
      customerNumber: '081234567890',
      amount: 100_000,
      now: afternoon,
    };
    const found = await rails().retail.lookup({ original: pickup, now: later });
    expect(found).toEqual({ found: true, sent: await rails().retail.createPickup(pickup) });
    expect(found.found && found.sent.pickupCode).toMatch(/^\d{12}$/);
  });
});
