import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveSimulatorConfig } from './config';
import {
  BASE_RATES,
  createRemittanceSimulator,
  RATE_PERIOD_MS,
  REMITTANCE_SUFFIXES,
  simulatedRate,
} from './remittance-simulator';
import { createInMemorySimulatorStateStore } from './state-store';

const rail = createRemittanceSimulator(
  resolveSimulatorConfig({}),
  createInMemorySimulatorStateStore(),
);
const now = new Date('2026-11-23T03:10:00Z');
const send = (accountNumber: string) =>
  rail.send({
    reference: `IR-${accountNumber}`,
    currency: 'SGD',
    bankId: 'SG-DBS',
    accountNumber,
    amountMinor: 8_000,
    now,
  });

describe('remittance simulator', () => {
  it('publishes integer rates within ±0.5 % of the base, the same within a period', () => {
    for (const currency of Object.keys(BASE_RATES) as Array<keyof typeof BASE_RATES>) {
      const rate = simulatedRate(currency, now);
      expect(Number.isInteger(rate.sellingRate)).toBe(true);
      expect(Math.abs(rate.sellingRate - BASE_RATES[currency])).toBeLessThanOrEqual(
        Math.ceil(BASE_RATES[currency] * 0.005),
      );
      expect(rate.validUntil.getTime() - rate.validFrom.getTime()).toBe(RATE_PERIOD_MS);
      expect(simulatedRate(currency, new Date(rate.validUntil.getTime() - 1))).toEqual(rate);
    }
  });

  it('answers the magic suffixes', async () => {
    const base = { currency: 'SGD', bankId: 'SG-DBS', swiftCode: 'DBSSSGSG', now } as const;
    expect(
      await rail.checkBeneficiary({ ...base, accountNumber: '001234', beneficiaryName: 'Tan' }),
    ).toEqual({ ok: true, accountName: 'TAN' });
    expect(
      await rail.checkBeneficiary({ ...base, accountNumber: '0000', beneficiaryName: 'x' }),
    ).toEqual({ ok: false, code: 'ACCOUNT_NOT_FOUND' });
    expect(await send('12346666')).toEqual({ accepted: false, code: 'COMPLIANCE_REFUSED' });
    expect(await send('12347777')).toEqual({ accepted: false, code: 'BANK_UNAVAILABLE' });
    const failing = await send('12349999');
    if (!failing.accepted) throw new Error('should be accepted');
    expect(await rail.status({ railReference: failing.railReference, now })).toMatchObject({
      status: 'FAILED',
      reason: 'REJECTED_BY_BANK',
    });
    const ok = await send('12345678');
    if (!ok.accepted) throw new Error('should be accepted');
    expect(ok.railReference).toMatch(/^SIM-XN-/);
    expect(await rail.status({ railReference: ok.railReference, now })).toMatchObject({
      status: 'SUCCESS',
    });
    // The lookup of a send finds the same transfer.
    const original = {
      reference: 'IR-12345678',
      currency: 'SGD',
      bankId: 'SG-DBS',
      accountNumber: '12345678',
      amountMinor: 8_000,
      now,
    } as const;
    expect(await rail.lookup({ original, now })).toEqual({ found: true, sent: ok });
  });

  it('documents its suffixes in docs/rails-simulator.md', () => {
    const doc = readFileSync(
      new URL('../../../../../docs/rails-simulator.md', import.meta.url),
      'utf8',
    );
    const documented = [...doc.matchAll(/^\| account `…(\d{4})`\s*\|/gm)].map(([, s]) => s);
    expect(documented.sort()).toEqual(Object.keys(REMITTANCE_SUFFIXES).sort());
  });
});
