import { describe, expect, it } from 'vitest';
import { UnknownRailReferenceError } from '../ports';
import { fromWib } from '../wib-clock';
import { createBankSimulator } from './bank-simulator';
import { resolveSimulatorConfig } from './config';
import { createInMemorySimulatorStateStore, createSimulatorControl } from './state-store';

const afternoon = fromWib(2025, 5, 1, 14, 0);
const later = (ms: number) => new Date(afternoon.getTime() + ms);

async function setUp() {
  const store = createInMemorySimulatorStateStore();
  const rail = createBankSimulator(resolveSimulatorConfig({ settleMs: 60_000 }), store);
  const control = createSimulatorControl(store);
  const sent = await rail.send({
    reference: 'WD-op-1',
    bankCode: '009',
    accountNumber: '0123456789',
    amount: 1_000_000,
    now: afternoon,
  });
  if (!sent.accepted) throw new Error('expected acceptance');
  return { rail, control, railReference: sent.railReference };
}

describe('simulator operator controls', () => {
  it('settle ends a PROCESSING transfer with SUCCESS at that moment', async () => {
    const { rail, control, railReference } = await setUp();
    expect(await control.settle({ railReference, now: later(1_000) })).toEqual({ ok: true });
    expect(await rail.status({ railReference, now: later(999) })).toMatchObject({
      status: 'PROCESSING',
    });
    expect(await rail.status({ railReference, now: later(1_000) })).toEqual({
      status: 'SUCCESS',
      completedAt: later(1_000),
    });
  });

  it('fail ends a PROCESSING transfer with FAILED_BY_OPERATOR, even past its planned completion', async () => {
    const { rail, control, railReference } = await setUp();
    expect(await control.fail({ railReference, now: later(1_000) })).toEqual({ ok: true });
    expect(await rail.status({ railReference, now: later(120_000) })).toEqual({
      status: 'FAILED',
      reason: 'FAILED_BY_OPERATOR',
      failedAt: later(1_000),
    });
  });

  it('never changes a final answer', async () => {
    const { control, railReference } = await setUp();
    expect(await control.fail({ railReference, now: later(60_000) })).toEqual({
      ok: false,
      code: 'ALREADY_FINAL',
    });
    expect(await control.settle({ railReference, now: later(1_000) })).toEqual({ ok: true });
    expect(await control.fail({ railReference, now: later(2_000) })).toEqual({
      ok: false,
      code: 'ALREADY_FINAL',
    });
  });

  it('throws for references the simulator did not issue', async () => {
    const { control } = await setUp();
    await expect(
      control.settle({ railReference: 'REAL-123', now: afternoon }),
    ).rejects.toBeInstanceOf(UnknownRailReferenceError);
  });
});
