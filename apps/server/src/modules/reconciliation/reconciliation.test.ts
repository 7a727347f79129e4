import { describe, expect, it } from 'vitest';
import {
  SIMULATOR_CSV_MAPPING,
  type StatementFileInput,
  writeCamt053,
  writeMt940,
  writeStatementCsv,
} from '../../rails/simulator/statement-files';
import { parseCamt053 } from './formats/camt053';
import { parseCsvStatement } from './formats/csv';
import { MT940_CHUNK, mt940Chunks, parseMt940 } from './formats/mt940';
import { StatementFormatError, wholeRupiah } from './formats/types';
import { lineIdentities } from './import';
import { type MatchItem, type MatchLine, matchStatement } from './match';

const input: StatementFileInput = {
  account: 'SIM-PAYOUT-CLEARING-001',
  statementId: 'SIM20261124PAY',
  day: '2026-11-24',
  openingBalance: 5_000_000,
  movements: [
    {
      bookedOn: '2026-11-24',
      amount: -150_000,
      reference: 'WD261124100000123456',
      bankReference: 'SB0001',
      description: 'WD261124100000123456 WITHDRAW BCA',
    },
    {
      bookedOn: '2026-11-24',
      amount: 1_250_123,
      reference: 'DEP2026112400001',
      bankReference: 'SB0002',
      description: 'Top up, "Mandiri"',
    },
  ],
};

function refusal(run: () => unknown): StatementFormatError {
  try {
    run();
  } catch (error) {
    if (error instanceof StatementFormatError) return error;
    throw error;
  }
  throw new Error('not refused');
}

/** The three formats the simulator bank writes read back to the same lines; a bad line is named. */
describe('statement formats', () => {
  it('reads whole rupiah the way banks write it', () => {
    expect(
      ['1.500.000', '1,500,000.00', '150000,00', '150000,', '-25000', 'Rp 2.500'].map(wholeRupiah),
    ).toEqual([1_500_000, 1_500_000, 150_000, 150_000, -25_000, 2_500]);
    expect(['1,5', '12.34', 'abc', ''].map(wholeRupiah)).toEqual([null, null, null, null]);
  });

  it('MT940, camt.053 and CSV give the same lines', async () => {
    const mt = parseMt940(writeMt940(input));
    const camt = parseCamt053(writeCamt053(input, new Date('2026-11-24T17:00:00Z')));
    const csv = await parseCsvStatement(Buffer.from(writeStatementCsv(input)), {
      ...SIMULATOR_CSV_MAPPING,
    });
    const plain = (l: { bookedOn: string; amount: number; bankReference: string }) => [
      l.bookedOn,
      l.amount,
      l.bankReference,
    ];
    expect(mt.lines.map(plain)).toEqual(input.movements.map(plain));
    expect(camt.lines.map(plain)).toEqual(mt.lines.map(plain));
    expect(csv.lines.map(plain)).toEqual(mt.lines.map(plain));
    expect(camt.lines[0]?.reference).toBe('WD261124100000123456');
    expect(mt.lines[0]?.reference).toBe('WD26112410000012'); // MT940 keeps 16 characters
    expect(mt.lines[0]?.description).toContain('WD261124100000123456');
    expect(mt.bankAccount).toBe('SIM-PAYOUT-CLEARING-001');
    expect(mt.lines.map((l) => l.line)).toEqual([5, 7]);
    expect(csv.lines.map((l) => l.line)).toEqual([2, 3]);
  });

  it('hands a long MT940 out a chunk at a time, the same lines as a whole read', () => {
    const n = MT940_CHUNK * 2 + 7;
    const movements = Array.from({ length: n }, (_, i) => ({
      bookedOn: '2026-11-24',
      amount: -(10_000 + i),
      reference: `WD${String(i).padStart(14, '0')}`,
      bankReference: `SB${String(i).padStart(8, '0')}`,
      description: `WD${String(i).padStart(18, '0')} WITHDRAW`,
    }));
    const text = writeMt940({ ...input, movements });
    const sizes: number[] = [];
    const walk = mt940Chunks(text);
    for (let step = walk.next(); !step.done; step = walk.next()) sizes.push(step.value.length);
    expect(sizes.filter((s) => s > 0)).toEqual([MT940_CHUNK, MT940_CHUNK, 7]);
    const whole = parseMt940(text);
    expect(whole.lines).toHaveLength(n);
    expect(whole.lines[n - 1]).toMatchObject({ amount: -(10_000 + n - 1) });
    expect(whole.lines[n - 1]?.description).toContain(`WD${String(n - 1).padStart(18, '0')}`);
    // A wrong closing balance is found at the trailer, after the chunks went out: still refused.
    const unbalanced = text.replace(/:62F:([CD])(\d{6})IDR(\d+),00/, ':62F:$1$2IDR1,00');
    expect(refusal(() => parseMt940(unbalanced)).reason).toMatch(/^MT940/);
  });

  it('refuses a malformed file with its line and reason', async () => {
    const mt = writeMt940(input).split('\r\n');
    mt[6] = mt[6]?.replace('1250123,00', '12501O3,00') ?? '';
    expect(refusal(() => parseMt940(mt.join('\r\n'))).line).toBe(7);
    const unbalanced = writeMt940(input).replace(
      ':62F:C261124IDR6100123,00',
      ':62F:C261124IDR6100000,00',
    );
    expect(refusal(() => parseMt940(unbalanced))).toMatchObject({ line: 9 });
    const camt = writeCamt053(input, new Date()).replace(
      '<Amt Ccy="IDR">150000.00</Amt>',
      '<Amt Ccy="IDR">150000.50</Amt>',
    );
    expect(refusal(() => parseCamt053(camt)).line).toBe(11);
    const broken = writeCamt053(input, new Date()).replace('</Ntry>', '</Ntri>');
    expect(refusal(() => parseCamt053(broken)).reason).toMatch(/^XML/);
    const csv = writeStatementCsv(input).replace('24/11/2026', '31/02/2026');
    await expect(
      parseCsvStatement(Buffer.from(csv), { ...SIMULATOR_CSV_MAPPING }),
    ).rejects.toMatchObject({ line: 2 });
  });

  it('a line repeated inside one file keeps its own identity', () => {
    const line = {
      line: 1,
      bookedOn: '2026-11-24',
      amount: 5,
      reference: 'A',
      bankReference: '',
      description: '',
    };
    const ids = lineIdentities([line, { ...line, line: 2 }, { ...line, bankReference: 'B' }]);
    expect(ids[1]).toBe(`${ids[0]}#2`);
    expect(ids[2]).toBe('b:B');
  });
});

/** The matcher finds exactly the injected differences (ADR 019). */
describe('matching', () => {
  const items: MatchItem[] = Array.from({ length: 8 }, (_, i) => ({
    key: `trx:${i}`,
    day: '2026-11-24',
    amount: -(100_000 + i * 1_000),
    refs: [`WD${i}00000000`],
  }));
  const deposit: MatchItem = { key: 'trx:dep', day: '2026-11-24', amount: 250_123, refs: ['DEP1'] };
  const lineOf = (item: MatchItem, id: number, over: Partial<MatchLine> = {}): MatchLine => ({
    id,
    day: item.day,
    amount: item.amount,
    refs: [...item.refs],
    ...over,
  });

  it('matched, amount mismatch, duplicate, unknown reference, missing and late', () => {
    const [i0, i1, i2, i3, , i5, i6, i7] = items as [
      MatchItem,
      MatchItem,
      MatchItem,
      MatchItem,
      MatchItem,
      MatchItem,
      MatchItem,
      MatchItem,
    ];
    const lines: MatchLine[] = [
      lineOf(i0, 1),
      lineOf(i1, 2, { amount: i1.amount - 500 }), // changed amount
      lineOf(i2, 3),
      lineOf(i2, 4), // duplicate
      lineOf(i3, 5, { day: '2026-11-29' }), // late line: by reference
      { id: 6, day: '2026-11-24', amount: -99_999, refs: ['ZZ-UNKNOWN-1'] }, // unknown reference
      lineOf(i5, 7),
      lineOf(i6, 8, { refs: [] }), // no reference: amount and date
      lineOf(deposit, 9, { refs: ['TRANSFER DARI BUDI'], day: '2026-11-25' }), // top-up by amount
      lineOf(i7, 10),
      // i4 missing
    ];
    const { outcomes, pendingItems } = matchStatement(lines, [...items, deposit], {
      toleranceDays: 2,
      lateAfterDays: 3,
      asOf: '2026-11-29',
    });
    const by = (status: string) => outcomes.filter((o) => o.status === status);
    expect(by('matched')).toHaveLength(7);
    expect(by('amount_mismatch')).toEqual([
      { status: 'amount_mismatch', method: 'reference', lineId: 2, itemKey: 'trx:1', drift: -500 },
    ]);
    expect(by('unmatched_line')).toEqual([
      { status: 'unmatched_line', lineId: 4, reason: 'duplicate' },
      { status: 'unmatched_line', lineId: 6, reason: 'unknown_reference' },
    ]);
    expect(by('unmatched_item')).toEqual([{ status: 'unmatched_item', itemKey: 'trx:4' }]);
    expect(pendingItems).toBe(0);
    expect(outcomes.find((o) => 'lineId' in o && o.lineId === 8)).toMatchObject({
      method: 'amount_date',
      itemKey: 'trx:6',
    });
    expect(outcomes.find((o) => 'lineId' in o && o.lineId === 9)).toMatchObject({
      status: 'matched',
      itemKey: 'trx:dep',
    });
  });

  it('an item is pending until the late rule, and a date beyond tolerance does not pair by amount', () => {
    const item = items[0] as MatchItem;
    const far = { id: 1, day: '2026-11-28', amount: item.amount, refs: [] };
    const r = matchStatement([far], [item], {
      toleranceDays: 2,
      lateAfterDays: 5,
      asOf: '2026-11-28',
    });
    expect(r.outcomes).toEqual([{ status: 'unmatched_line', lineId: 1, reason: 'no_candidate' }]);
    expect(r.pendingItems).toBe(1);
  });
});
