/**
 * Pure leaves, without a database: the posting engine's batch semantics, the batcher and the
 * row decoding.
 */
import { describe, expect, it } from 'vitest';
import { TransferBatcher } from '../src/batcher';
import {
  type Account,
  collectKeys,
  planTransfers,
  type Transfer,
  type TransferInput,
  type TransferResult,
  toSafeInteger,
} from '../src/index';
import { canonicalJson } from '../src/validate';

function account(id: number, overrides: Partial<Account> = {}): Account {
  return {
    id,
    kind: 'merchant_available',
    agentId: id,
    subkey: '',
    environment: 'production',
    currency: 'IDR',
    normalSide: 'credit',
    allowNegative: false,
    debitsPosted: 0,
    creditsPosted: 0,
    debitsPending: 0,
    creditsPending: 0,
    version: 3,
    createdAt: new Date(0),
    ...overrides,
  };
}

const system = account(1, {
  kind: 'rail_clearing',
  agentId: null,
  normalSide: 'debit',
  allowNegative: true,
});
const merchant = account(2, { creditsPosted: 1_000 });
const other = account(3);
const loaded = {
  accounts: new Map([system, merchant, other].map((item) => [item.id, item])),
  transfers: new Map<string, Transfer>(),
};
const now = new Date('2025-03-01T00:00:00.000Z');

function codesOf(results: readonly TransferResult[] | undefined): string[] {
  return (results ?? []).map((result) => result.result);
}

describe('planTransfers', () => {
  it('aggregates the balance movement per account and keeps one entry per side', () => {
    const plan = planTransfers(
      [
        [
          { id: 'a', debitAccountId: 2, creditAccountId: 3, amount: 100, kind: 'transfer' },
          { id: 'b', debitAccountId: 2, creditAccountId: 3, amount: 200, kind: 'transfer' },
          { id: 'c', debitAccountId: 1, creditAccountId: 2, amount: 50, kind: 'topup' },
        ],
      ],
      loaded,
      { now },
    );
    expect(codesOf(plan.results[0])).toEqual(['created', 'created', 'created']);
    expect(plan.entries).toHaveLength(6);
    expect(plan.accountChanges.map((change) => [change.id, change.version, change.delta])).toEqual([
      [1, 3, { debitsPosted: 50, creditsPosted: 0, debitsPending: 0, creditsPending: 0 }],
      [2, 3, { debitsPosted: 300, creditsPosted: 50, debitsPending: 0, creditsPending: 0 }],
      [3, 3, { debitsPosted: 0, creditsPosted: 300, debitsPending: 0, creditsPending: 0 }],
    ]);
    // The loaded snapshot is never mutated: the store applies deltas, the plan only describes them.
    expect(merchant.debitsPosted).toBe(0);
  });

  it('never lets a linked chain reach into the next caller group', () => {
    const open: TransferInput = {
      id: 'x1',
      debitAccountId: 2,
      creditAccountId: 3,
      amount: 10,
      kind: 'transfer',
      flags: { linked: true },
    };
    const next: TransferInput = {
      id: 'y1',
      debitAccountId: 2,
      creditAccountId: 3,
      amount: 10,
      kind: 'transfer',
    };
    const plan = planTransfers([[open], [next]], loaded, { now });
    expect(codesOf(plan.results[0])).toEqual(['linked_event_chain_open']);
    expect(codesOf(plan.results[1])).toEqual(['created']);
    expect(plan.results[1]?.[0]?.index).toBe(0);
    expect(plan.created.map((transfer) => transfer.id)).toEqual(['y1']);
  });

  it('keeps the failing transfer own code inside an open chain', () => {
    const plan = planTransfers(
      [
        [
          {
            id: 'k1',
            debitAccountId: 2,
            creditAccountId: 3,
            amount: 10,
            kind: 'transfer',
            flags: { linked: true },
          },
          {
            id: 'k2',
            debitAccountId: 2,
            creditAccountId: 3,
            amount: 5_000,
            kind: 'transfer',
            flags: { linked: true },
          },
          {
            id: 'k3',
            debitAccountId: 2,
            creditAccountId: 3,
            amount: 10,
            kind: 'transfer',
            flags: { linked: true },
          },
        ],
      ],
      loaded,
      { now },
    );
    expect(codesOf(plan.results[0])).toEqual([
      'linked_event_failed',
      'exceeds_credits',
      'linked_event_chain_open',
    ]);
    expect(plan.created).toEqual([]);
    expect(plan.accountChanges).toEqual([]);
  });

  it('lets only the sweep void an expired hold, and only once it has expired', () => {
    const hold: Transfer = {
      id: 'h',
      debitAccountId: 2,
      creditAccountId: 1,
      amount: 300,
      pendingId: null,
      flags: 2,
      kind: 'withdraw',
      reference: null,
      description: null,
      timeoutSeconds: 60,
      timeoutAt: new Date(now.getTime() + 60_000),
      status: 'pending',
      environment: 'production',
      currency: 'IDR',
      createdAt: now,
      metadata: null,
    };
    const state = {
      accounts: new Map([
        [1, { ...system, creditsPending: 300 }],
        [2, { ...merchant, debitsPending: 300 }],
      ]),
      transfers: new Map([[hold.id, hold]]),
    };
    const sweep = [
      { id: 'expire:h', pendingId: 'h', flags: { voidPending: true }, kind: 'hold_timeout' },
    ];
    expect(codesOf(planTransfers([sweep], state, { now, expiry: true }).results[0])).toEqual([
      'pending_transfer_not_expired',
    ]);
    const later = new Date(now.getTime() + 60_000);
    const plan = planTransfers([sweep], state, { now: later, expiry: true });
    expect(codesOf(plan.results[0])).toEqual(['created']);
    expect(plan.resolved).toEqual([{ id: 'h', status: 'expired' }]);
  });

  it('collects the keys to lock, sorted and unique', () => {
    const keys = collectKeys([
      [
        { id: 'a', debitAccountId: 9, creditAccountId: 4, amount: 1, kind: 'x' },
        { id: 'b', pendingId: 'p', flags: { postPending: true } },
      ],
      [{ id: 'a', debitAccountId: 4, creditAccountId: 2, amount: 1, kind: 'x' }],
    ]);
    expect(keys).toEqual({ accountIds: [2, 4, 9], transferIds: ['a', 'b'], pendingIds: ['p'] });
  });
});

describe('TransferBatcher', () => {
  const result = (id: string): TransferResult => ({ index: 0, id, result: 'exceeds_credits' });

  const echo =
    (flights: string[][]) =>
    async (groups: readonly (readonly { id: string }[])[]): Promise<TransferResult[][]> => {
      flights.push(groups.map((group) => group[0]?.id ?? ''));
      await new Promise((resolve) => setTimeout(resolve, 5));
      return groups.map((group) => group.map((input) => result(input.id)));
    };

  it('merges the calls of one turn and those that arrive while busy, up to the size limit', async () => {
    const flights: string[][] = [];
    const batcher = new TransferBatcher(echo(flights), { maxInFlight: 1, maxTransfers: 3 });
    const first = ['a', 'b', 'c', 'd'].map((id) => batcher.submit([{ id }]));
    await new Promise((resolve) => setImmediate(resolve));
    const later = ['e', 'f'].map((id) => batcher.submit([{ id }]));
    const answers = await Promise.all([...first, ...later]);
    expect(answers.map((answer) => answer[0]?.id)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(flights).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e', 'f'],
    ]);
  });

  it('keeps callers answered together in one transaction when they call again', async () => {
    // Clients that each wait for their answer and call again (a server's request handlers): at
    // the first call of the answered group, the others are a few microtasks behind it.
    const flights: string[][] = [];
    const batcher = new TransferBatcher(echo(flights), { maxInFlight: 1, maxTransfers: 100 });
    const client = async (name: string) => {
      for (let round = 0; round < 3; round++) {
        await Promise.resolve();
        await batcher.submit([{ id: `${name}${round}` }]);
      }
    };
    await Promise.all(['a', 'b', 'c', 'd'].map(client));
    expect(flights).toEqual([
      ['a0', 'b0', 'c0', 'd0'],
      ['a1', 'b1', 'c1', 'd1'],
      ['a2', 'b2', 'c2', 'd2'],
    ]);
  });

  it('isolates a call that breaks a merged transaction', async () => {
    const batcher = new TransferBatcher(
      async (groups) => {
        if (groups.some((group) => group[0]?.id === 'poison')) throw new Error('boom');
        return groups.map((group) => group.map((input) => result(input.id)));
      },
      { maxInFlight: 1, maxTransfers: 10 },
    );
    const first = batcher.submit([{ id: 'first' }]);
    const good = batcher.submit([{ id: 'good' }]);
    const poison = batcher.submit([{ id: 'poison' }]);
    await expect(first).resolves.toHaveLength(1);
    await expect(good).resolves.toEqual([result('good')]);
    await expect(poison).rejects.toThrow('boom');
  });
});

describe('row decoding and canonical JSON', () => {
  it('accepts only exact integers', () => {
    expect(toSafeInteger('9007199254740991', 'x')).toBe(9_007_199_254_740_991);
    expect(toSafeInteger(12n, 'x')).toBe(12);
    expect(toSafeInteger(-5, 'x')).toBe(-5);
    expect(() => toSafeInteger('9007199254740993', 'x')).toThrow();
    expect(() => toSafeInteger(2n ** 60n, 'x')).toThrow();
    expect(() => toSafeInteger('1.5', 'x')).toThrow();
    expect(() => toSafeInteger(null, 'x')).toThrow();
  });

  it('orders keys at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: 2, e: 1 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"e":1,"f":2}]},"b":1}',
    );
  });
});
