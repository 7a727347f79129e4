import { describe, expect, it } from 'vitest';
import {
  type BulkVaRow,
  bulkVaHeaderProblem,
  bulkVaRowProblem,
  formatWibExpiry,
  parseWibExpiry,
  readAmountCell,
  readBulkVaRecord,
  vaBankList,
} from './bulk-va';

const NOW = new Date('2026-11-24T10:00:00+07:00');

const good: BulkVaRow = {
  kode_bank: '014',
  amount: 150_000,
  customer_id: 'C-1',
  customer_name: 'Andi',
  customer_phone: '0812',
  customer_email: 'andi@example.com',
  expired: '2026-12-31 23:59',
  type: 'close',
  send_mail: true,
  description: '',
};

describe('bulk VA rules', () => {
  it('lists VA banks without 523', () => {
    const codes = vaBankList().map((b) => b.kodeBank);
    expect(codes).toContain('014');
    expect(codes).not.toContain('523');
  });

  it('reads expiries as WIB, a date alone as 23:59', () => {
    expect(parseWibExpiry('2026-12-31')?.toISOString()).toBe('2026-12-31T16:59:00.000Z');
    expect(parseWibExpiry('2026-12-31 08:15')?.toISOString()).toBe('2026-12-31T01:15:00.000Z');
    expect(parseWibExpiry('2026-02-30')).toBeNull();
    expect(parseWibExpiry('31-12-2026')).toBeNull();
    expect(formatWibExpiry(new Date('2026-12-31T01:15:00Z'))).toBe('2026-12-31 08:15');
  });

  it('reads amounts as prices', () => {
    expect(readAmountCell('150.000')).toEqual({ ok: true, value: 150_000 });
    expect(readAmountCell('Rp 1,250,000')).toEqual({ ok: true, value: 1_250_000 });
    expect(readAmountCell(99_000)).toEqual({ ok: true, value: 99_000 });
    expect(readAmountCell('')).toEqual({ ok: true, value: 0 });
    expect(readAmountCell('150.5').ok).toBe(false);
    expect(readAmountCell(10.5).ok).toBe(false);
    expect(readAmountCell('12a').ok).toBe(false);
  });

  it('names the first bad column of a row in column order', () => {
    expect(bulkVaRowProblem(good, 1, NOW)).toBeNull();
    expect(bulkVaRowProblem({ ...good, kode_bank: '523', amount: -1 }, 4, NOW)).toEqual({
      row: 4,
      column: 'kode_bank',
      key: 'bulkva.errors.bank',
    });
    expect(bulkVaRowProblem({ ...good, amount: 0 }, 1, NOW)?.column).toBe('amount');
    expect(bulkVaRowProblem({ ...good, customer_id: 'a b' }, 1, NOW)?.column).toBe('customer_id');
    expect(bulkVaRowProblem({ ...good, customer_email: '' }, 1, NOW)?.key).toBe(
      'bulkva.errors.emailForMail',
    );
    expect(bulkVaRowProblem({ ...good, expired: '2026-11-01 10:00' }, 1, NOW)?.key).toBe(
      'bulkva.errors.expiredPast',
    );
    expect(bulkVaRowProblem({ ...good, type: 'open', amount: 0, expired: '' }, 1, NOW)).toBeNull();
  });

  it('reads a file record and its header', () => {
    expect(
      readBulkVaRecord(
        { kode_bank: 8, amount: '', type: 'open', send_mail: 'ya', customer_id: 'X' },
        2,
      ),
    ).toMatchObject({ ok: true, row: { kode_bank: '008', amount: 0, send_mail: true } });
    expect(readBulkVaRecord({ type: 'weekly' }, 5)).toEqual({
      ok: false,
      problem: { row: 5, column: 'type', key: 'bulkva.errors.type' },
    });
    expect(bulkVaHeaderProblem(['kode_bank'])?.column).toBe('amount');
    expect(bulkVaHeaderProblem(['nama'])?.column).toBe('file');
  });
});
