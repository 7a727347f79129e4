import type { BulkRawRow } from '@gerbang/shared/contract/bulk-transfer';
import { describe, expect, it } from 'vitest';
import { errorListCsv, mergeByLine, splitRows } from './broken-rows';

const raw = (line: number, cells: Partial<BulkRawRow> = {}): BulkRawRow => ({
  line,
  bankCode: '014',
  accountNumber: '1234567890',
  phone: '',
  email: '',
  nominal: '10000',
  note: '',
  ...cells,
});

describe('broken bulk rows', () => {
  it('splits rows into good ones and broken ones with every broken cell', () => {
    const { good, broken } = splitRows([
      raw(2),
      raw(3, { bankCode: '999', nominal: '0' }),
      raw(4, { accountNumber: '12-34', nominal: '1.500' }),
    ]);
    expect(good.map((r) => [r.line, r.accountNumber, r.nominal])).toEqual([
      [2, '1234567890', 10_000],
      [4, '1234', 1_500],
    ]);
    expect(broken).toHaveLength(1);
    expect(broken[0]?.problems.map((p) => [p.row, p.column, p.key])).toEqual([
      [3, 'bankCode', 'bulk.errors.bankCode'],
      [3, 'nominal', 'bulk.errors.nominal'],
    ]);
  });

  it('puts fixed rows back in the file order', () => {
    const { good } = splitRows([raw(2), raw(5)]);
    const fixed = splitRows([raw(3)]).good;
    expect(mergeByLine(good, fixed).map((r) => r.line)).toEqual([2, 3, 5]);
  });

  it('writes the error list as CSV, quoting what needs it', () => {
    const { broken } = splitRows([raw(3, { bankCode: '9,9', email: 'x' })]);
    const csv = errorListCsv(broken, 'row,column,value,reason', (p) => `bad "${p.column}"`);
    expect(csv).toBe(
      '\uFEFFrow,column,value,reason\r\n3,bankCode,"9,9","bad ""bankCode"""\r\n3,email,x,"bad ""email"""\r\n',
    );
  });
});
