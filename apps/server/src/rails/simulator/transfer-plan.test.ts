import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveSimulatorConfig } from './config';
import { decodeRailReference, encodeRailReference, planTransfer, statusAt } from './transfer-plan';

const config = resolveSimulatorConfig({ settleMs: 1_000 });

describe('rail references', () => {
  it('carry the whole plan: decode(encode(plan)) is the plan', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('BANK', 'EWALLET', 'RETAIL' as const),
        fc.constantFrom('NORMAL', 'SLOW', 'FAILS_AFTER_ACCEPT' as const),
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2100-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.stringMatching(/^[0-9a-f]{8}$/),
        (kind, scenario, acceptedAt, tag) => {
          const plan = planTransfer({ kind, scenario, acceptedAt, tag, config });
          const reference = encodeRailReference(plan);
          expect(reference.length).toBeLessThanOrEqual(48);
          expect(decodeRailReference(reference)).toEqual(plan);
        },
      ),
    );
  });

  it('decode to null when this simulator did not issue them', () => {
    for (const reference of [
      '',
      'BIFAST-20250501-000123',
      'SIM-ZN-0-0-0-0123abcd', // X is the remittance rail now; Z is no rail
      'SIM-BX-0-0-0-0123abcd',
      'SIM-BN-0-0-0-0123ABCD',
      'SIM-BN-1-0-2-0123abcd',
      'SIM-BN-0-0-zzzzzzzzzzz-0123abcd',
      ' SIM-BN-0-0-0-0123abcd',
    ]) {
      expect(decodeRailReference(reference)).toBeNull();
    }
  });
});

describe('status from a plan', () => {
  const acceptedAt = new Date('2025-05-01T07:00:00Z');
  const plan = planTransfer({
    kind: 'BANK',
    scenario: 'NORMAL',
    acceptedAt,
    tag: '0123abcd',
    config,
  });
  const at = (ms: number) => new Date(acceptedAt.getTime() + ms);

  it('is PROCESSING before completion and final from then on', () => {
    expect(statusAt(plan, at(999)).status).toBe('PROCESSING');
    expect(statusAt(plan, at(1_000))).toEqual({ status: 'SUCCESS', completedAt: at(1_000) });
    expect(statusAt(plan, at(10_000_000)).status).toBe('SUCCESS');
  });

  it('is not QUEUED when asked with a clock earlier than acceptance', () => {
    expect(statusAt(plan, at(-5))).toMatchObject({ status: 'PROCESSING', reason: 'IN_PROGRESS' });
  });

  it('takes an operator answer from the moment it was given', () => {
    const failed = { status: 'FAILED', at: at(500) } as const;
    expect(statusAt(plan, at(499), failed).status).toBe('PROCESSING');
    expect(statusAt(plan, at(500), failed)).toEqual({
      status: 'FAILED',
      reason: 'FAILED_BY_OPERATOR',
      failedAt: at(500),
    });
    expect(statusAt(plan, at(2_000), failed).status).toBe('FAILED');
    expect(statusAt(plan, at(700), { status: 'SUCCESS', at: at(600) })).toEqual({
      status: 'SUCCESS',
      completedAt: at(600),
    });
  });
});
