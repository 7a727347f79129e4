import { describe, expect, it } from 'vitest';
import { newPayinTransactionId } from '../modules/payins/ids';
import { newTransactionId } from './ids';

describe('transaction ids', () => {
  // A busy partner issues hundreds of payouts a second; one repeated id is a failed payout.
  it('never repeat within one second, however many a process takes', () => {
    const now = new Date('2026-11-28T05:00:00Z');
    const ids = Array.from({ length: 200_000 }, () => newTransactionId('WD', now));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toMatch(/^WD261128120000\d{6}$/);
    const payins = Array.from({ length: 200_000 }, () => newPayinTransactionId(now));
    expect(new Set(payins).size).toBe(payins.length);
    expect(payins[0]).toMatch(/^PI261128120000\d{6}$/);
  });
});
