import { describe, expect, it } from 'vitest';
import { type PayoutFacts, payoutFigures } from './payout-figures';
import { type LedgerRow, sortTransfers } from './payout-ledger';

const AT = new Date('2026-11-24T03:00:00Z');

function leg(id: string, amount: number, status: string, fee = false): LedgerRow {
  return {
    id,
    reference: 'TRX1',
    amount,
    status,
    pending_id: null,
    pending_status: null,
    created_at: AT,
    debit_kind: 'merchant_available',
    debit_mine: true,
    credit_kind: fee ? 'fee_revenue' : 'rail_clearing',
    credit_mine: false,
  };
}

function end(of: LedgerRow, how: 'posted' | 'voided'): LedgerRow {
  return {
    ...of,
    id: `${of.id}:${how === 'posted' ? 'post' : 'void'}`,
    status: null,
    pending_id: of.id,
    pending_status: how,
  };
}

const FACTS: PayoutFacts = {
  label: 'TRX1',
  amount: 100_000,
  fee: 2_500,
  status: 'SUCCESS',
  groupHold: null,
};

/**
 * The figures of one payout are shown only when the ledger agrees with its record: these are the
 * disagreements a person would otherwise read as money that moved (or did not).
 */
describe('payout figures', () => {
  const amount = leg('w:amount', 100_000, 'posted');
  const fee = leg('w:fee', 2_500, 'posted', true);

  it('a success: amount + fee left, nothing came back', () => {
    const f = payoutFigures(FACTS, sortTransfers([fee, amount, end(amount, 'posted')]));
    expect(f.totals).toEqual({
      amount: 100_000,
      fee: 2_500,
      total: 102_500,
      returned: 0,
      net: 102_500,
    });
    expect(f.lines.map((l) => l.role)).toEqual(['amount', 'fee', 'post']);
  });

  it('a failure whose legs were voided nets to 0 and shows the reversals', () => {
    const a = leg('w:amount', 100_000, 'voided');
    const b = leg('w:fee', 2_500, 'voided', true);
    const f = payoutFigures(
      { ...FACTS, status: 'FAILED' },
      sortTransfers([a, b, end(a, 'voided'), end(b, 'voided')]),
    );
    expect(f.totals).toMatchObject({ returned: 102_500, net: 0 });
    expect(f.lines.filter((l) => l.role === 'void')).toHaveLength(2);
  });

  it('refuses a success whose legs were voided, or legs that differ from the record', () => {
    const voided = leg('w:amount', 100_000, 'voided');
    expect(() => payoutFigures(FACTS, sortTransfers([voided, fee]))).toThrow(/posted/);
    const more = leg('w:amount', 100_001, 'posted');
    expect(() => payoutFigures(FACTS, sortTransfers([more, fee]))).toThrow(/legs/);
  });

  it('refuses a failure whose money never came back', () => {
    const held = leg('w:amount', 100_000, 'pending');
    const heldFee = leg('w:fee', 2_500, 'pending', true);
    expect(() =>
      payoutFigures({ ...FACTS, status: 'FAILED' }, sortTransfers([held, heldFee])),
    ).toThrow(/net 102500/);
  });

  it('a failed bulk row: its share of the group hold, back once refunded, pending until then', () => {
    const hold = { id: 'bulk_group:7:hold', at: AT, released: false };
    const facts: PayoutFacts = { ...FACTS, status: 'FAILED', groupHold: hold };
    const before = payoutFigures(facts, sortTransfers([]));
    expect(before).toMatchObject({ refundPending: true, totals: { net: 102_500 } });
    const refund: LedgerRow = {
      ...leg('bulk_group:7:2:refund', 102_500, 'posted'),
      status: null,
      debit_kind: 'merchant_bulk_funds',
      credit_kind: 'merchant_available',
      credit_mine: true,
    };
    const after = payoutFigures(facts, sortTransfers([refund]));
    expect(after).toMatchObject({ refundPending: false, totals: { returned: 102_500, net: 0 } });
    expect(after.lines.map((l) => l.role)).toEqual(['group_hold', 'refund']);
    const half = { ...refund, amount: 50_000 };
    expect(() => payoutFigures(facts, sortTransfers([half]))).toThrow(/refunded 50000/);
  });
});
