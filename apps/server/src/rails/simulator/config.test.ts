import { describe, expect, it } from 'vitest';
import { resolveSimulatorConfig } from './config';

describe('simulator config', () => {
  it('defaults: instant settlement, 60 s slow bank, 24 h pickup codes, 23:00–06:00 WIB downtime', () => {
    expect(resolveSimulatorConfig()).toEqual({
      settleMs: 0,
      slowBankMs: 60_000,
      pickupValidMs: 86_400_000,
      bankDowntime: { startsAtWib: '23:00', endsAtWib: '06:00' },
    });
  });

  it('refuses bad values at start-up', () => {
    expect(() => resolveSimulatorConfig({ settleMs: -1 })).toThrow();
    expect(() => resolveSimulatorConfig({ slowBankMs: 1.5 })).toThrow();
    expect(() => resolveSimulatorConfig({ pickupValidMs: 0 })).toThrow();
    expect(() =>
      resolveSimulatorConfig({ bankDowntime: { startsAtWib: '25:00', endsAtWib: '06:00' } }),
    ).toThrow(/HH:mm/);
  });
});
