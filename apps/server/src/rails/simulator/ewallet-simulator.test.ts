import { describe, expect, it } from 'vitest';
import { fromWib } from '../wib-clock';
import { resolveSimulatorConfig, type SimulatorConfigInput } from './config';
import { createEwalletSimulator } from './ewallet-simulator';
import { createInMemorySimulatorStateStore } from './state-store';

const afternoon = fromWib(2025, 5, 1, 14, 0);

function ewalletSimulator(config: SimulatorConfigInput = {}) {
  return createEwalletSimulator(
    resolveSimulatorConfig(config),
    createInMemorySimulatorStateStore(),
  );
}

const inquiry = (phoneNumber: string, productId = 'DANA') => ({
  productId,
  phoneNumber,
  now: afternoon,
});
const send = (phoneNumber: string, now = afternoon) => ({
  reference: `EW-${phoneNumber}`,
  productId: 'OVO',
  phoneNumber,
  amount: 50_000,
  now,
});

async function accepted(
  rail: ReturnType<typeof ewalletSimulator>,
  request: ReturnType<typeof send>,
) {
  const sent = await rail.send(request);
  if (!sent.accepted) throw new Error(`expected acceptance, got ${sent.code}`);
  return sent;
}

describe('e-wallet simulator', () => {
  const rail = ewalletSimulator();

  it('names a wallet by phone number, whichever way the number is written', async () => {
    const local = await rail.inquiry(inquiry('081234567890'));
    expect(local).toEqual({ ok: true, accountName: expect.stringMatching(/^[A-Z]+ [A-Z]+$/) });
    expect(await rail.inquiry(inquiry('+6281234567890'))).toEqual(local);
    expect(await rail.inquiry(inquiry('62-8123-4567-890'))).toEqual(local);
  });

  it('refuses unknown products and numbers that are not Indonesian mobiles', async () => {
    expect(await rail.inquiry(inquiry('081234567890', 'PAYPAL'))).toEqual({
      ok: false,
      code: 'UNKNOWN_DESTINATION',
    });
    for (const phoneNumber of ['0212345678', '0812345', '08123456789012', 'abc']) {
      expect(await rail.inquiry(inquiry(phoneNumber))).toEqual({
        ok: false,
        code: 'INVALID_ACCOUNT_NUMBER',
      });
    }
  });

  it('applies the magic suffixes to phone numbers', async () => {
    expect(await rail.inquiry(inquiry('081234560000'))).toEqual({
      ok: false,
      code: 'ACCOUNT_NOT_FOUND',
    });
    expect(await rail.inquiry(inquiry('081234567777'))).toEqual({
      ok: false,
      code: 'BANK_UNAVAILABLE',
    });
    expect(await rail.send(send('081234560000'))).toEqual({
      accepted: false,
      code: 'ACCOUNT_NOT_FOUND',
    });

    const failing = await accepted(rail, send('081234569999'));
    expect(
      await rail.status({ railReference: failing.railReference, now: afternoon }),
    ).toMatchObject({
      status: 'FAILED',
      reason: 'REJECTED_BY_BANK',
    });

    const slow = await accepted(rail, send('081234568888'));
    expect(await rail.status({ railReference: slow.railReference, now: afternoon })).toMatchObject({
      status: 'PROCESSING',
      reason: 'SLOW_BANK',
    });
    expect(
      (await rail.status({ railReference: slow.railReference, now: slow.expectedCompletionAt }))
        .status,
    ).toBe('SUCCESS');

    const ordinary = await accepted(rail, send('081234567890'));
    expect(ordinary.railReference).toMatch(/^SIM-EN-/);
    expect(
      (await rail.status({ railReference: ordinary.railReference, now: afternoon })).status,
    ).toBe('SUCCESS');
  });

  it('tops up around the clock: no nightly queue', async () => {
    const midnight = fromWib(2025, 5, 2, 0, 0);
    const sent = await accepted(rail, send('081234567890', midnight));
    expect(sent.expectedCompletionAt).toEqual(midnight);
  });

  it('refuses invalid amounts', async () => {
    expect(await rail.send({ ...send('081234567890'), amount: 0 })).toEqual({
      accepted: false,
      code: 'INVALID_AMOUNT',
    });
  });
});
