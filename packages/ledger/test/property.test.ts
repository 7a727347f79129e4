/**
 * Property tests: random operation sequences (transfers, holds, posts, voids, linked chains,
 * replays, conflicting replays, clock jumps with expiry sweeps) run against the reference model
 * and against the ledger, first the pure engine in memory (many runs), then the real ledger on
 * PGlite and PostgreSQL (fewer runs). Every answer, every balance and every hold status must match,
 * and the invariant check must pass.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Account,
  type AccountSpec,
  checkInvariants,
  collectKeys,
  expiryTransferId,
  Ledger,
  planTransfers,
  subAccount,
  type Transfer,
  type TransferInput,
  type TransferResult,
} from '../src/index';
import { availableDrivers, createTestDb, type TestDb } from './db';
import { testClock } from './factories';
import { type ModelAccount, type ModelRequest, ReferenceLedger } from './reference-model';

const drivers = await availableDrivers();
/** Runs per property; raise LEDGER_PROPERTY_RUNS for a deeper search (e.g. before a release). */
const RUNS_SCALE = Number(process.env.LEDGER_PROPERTY_RUNS ?? 1);

/** Account slots the generators pick from; the order matters for the shape list below. */
const ACCOUNT_SHAPES = [
  { kind: 'rail_clearing', allowNegative: true, normalSide: 'debit' },
  { kind: 'fee_revenue', allowNegative: true, normalSide: 'credit' },
  { kind: 'merchant_available', allowNegative: false, normalSide: 'credit' },
  { kind: 'merchant_available', allowNegative: false, normalSide: 'credit' },
  { kind: 'merchant_held', allowNegative: false, normalSide: 'credit' },
  { kind: 'cash_in_clearing', allowNegative: false, normalSide: 'debit' },
  // Spread accounts (ADR 008): sub-accounts of fee revenue and of the rail clearing account above,
  // one per payer; their base's balance is the sum, checked after every scenario.
  { kind: 'fee_revenue', allowNegative: true, normalSide: 'credit', sub: 'a1' },
  { kind: 'fee_revenue', allowNegative: true, normalSide: 'credit', sub: 'a2' },
  { kind: 'rail_clearing', allowNegative: true, normalSide: 'debit', sub: 'a1' },
] as const;

/** The shape as an account spec: sub-accounts through `subAccount`, like the payout block. */
function specOf(index: number): AccountSpec {
  const shape = ACCOUNT_SHAPES[index] as (typeof ACCOUNT_SHAPES)[number] & { sub?: string };
  const base: AccountSpec = {
    kind: shape.kind,
    allowNegative: shape.allowNegative,
    normalSide: shape.normalSide,
    agentId: shape.kind.startsWith('merchant') ? index : null,
    environment: 'production',
  };
  return shape.sub === undefined ? base : subAccount(base, shape.sub);
}

const slot = fc.integer({ min: 0, max: ACCOUNT_SHAPES.length - 1 });
const amount = fc.integer({ min: 1, max: 5_000 });
const leg = fc.record({ from: slot, to: slot, amount });

type Op =
  | { kind: 'transfer'; from: number; to: number; amount: number }
  | { kind: 'hold'; from: number; to: number; amount: number; timeoutSeconds: number }
  | { kind: 'post'; hold: number; part: 'full' | 'half' | 'over' }
  | { kind: 'void'; hold: number }
  | { kind: 'chain'; legs: Array<{ from: number; to: number; amount: number }>; open: boolean }
  | { kind: 'batch'; legs: Array<{ from: number; to: number; amount: number }> }
  | { kind: 'replay'; call: number }
  | { kind: 'conflict'; call: number }
  | { kind: 'advance'; seconds: number };

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({ kind: fc.constant('transfer' as const), from: slot, to: slot, amount }),
    weight: 5,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('hold' as const),
      from: slot,
      to: slot,
      amount,
      timeoutSeconds: fc.constantFrom(0, 30, 300),
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('post' as const),
      hold: fc.nat(),
      part: fc.constantFrom('full' as const, 'half' as const, 'over' as const),
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('void' as const), hold: fc.nat() }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('chain' as const),
      legs: fc.array(leg, { minLength: 2, maxLength: 4 }),
      open: fc.boolean().map((open) => open && Math.random() < 0.2),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('batch' as const),
      legs: fc.array(leg, { minLength: 2, maxLength: 5 }),
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('replay' as const), call: fc.nat() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('conflict' as const), call: fc.nat() }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      seconds: fc.constantFrom(10, 40, 400),
    }),
    weight: 1,
  },
);

const scenario = fc.array(opArbitrary, { minLength: 5, maxLength: 30 });

function toInput(request: ModelRequest): TransferInput {
  const linked = request.linked === true;
  switch (request.type) {
    case 'single':
      return {
        id: request.id,
        debitAccountId: request.debit,
        creditAccountId: request.credit,
        amount: request.amount,
        kind: 'transfer',
        flags: { linked },
      };
    case 'hold':
      return {
        id: request.id,
        debitAccountId: request.debit,
        creditAccountId: request.credit,
        amount: request.amount,
        kind: 'withdraw',
        flags: { linked, pending: true },
        ...(request.timeoutSeconds > 0 ? { timeoutSeconds: request.timeoutSeconds } : {}),
      };
    case 'post':
      return {
        id: request.id,
        pendingId: request.pendingId,
        amount: request.amount,
        flags: { linked, postPending: true },
      };
    case 'void':
      return { id: request.id, pendingId: request.pendingId, flags: { linked, voidPending: true } };
  }
}

/** What the system under test must offer: the real ledger or the pure engine over a memory store. */
interface Subject {
  call(inputs: TransferInput[]): Promise<TransferResult[]>;
  expire(): Promise<number>;
  advanceSeconds(seconds: number): void;
  nowMs(): number;
  balances(): Promise<
    Map<
      number,
      { debitsPosted: number; creditsPosted: number; debitsPending: number; creditsPending: number }
    >
  >;
  status(id: string): Promise<string | undefined>;
}

/** Runs one scenario against the subject and the model, comparing after every call. */
async function runScenario(
  ops: readonly Op[],
  subject: Subject,
  accounts: readonly ModelAccount[],
  runId: string,
) {
  const model = new ReferenceLedger(accounts);
  const ids = accounts.map((account) => account.id);
  const accountId = (index: number) => ids[index] as number;
  const calls: ModelRequest[][] = [];
  const holds: Array<{ id: string; amount: number }> = [];
  let sequence = 0;
  const newId = () => `${runId}-${sequence++}`;

  for (const op of ops) {
    let requests: ModelRequest[] | null = null;
    if (op.kind === 'advance') {
      subject.advanceSeconds(op.seconds);
      const expected = model.expire(subject.nowMs());
      expect(await subject.expire()).toBe(expected);
      continue;
    }
    if (op.kind === 'transfer') {
      requests = [
        {
          type: 'single',
          id: newId(),
          debit: accountId(op.from),
          credit: accountId(op.to),
          amount: op.amount,
        },
      ];
    } else if (op.kind === 'hold') {
      const id = newId();
      holds.push({ id, amount: op.amount });
      requests = [
        {
          type: 'hold',
          id,
          debit: accountId(op.from),
          credit: accountId(op.to),
          amount: op.amount,
          timeoutSeconds: op.timeoutSeconds,
        },
      ];
    } else if (op.kind === 'post' || op.kind === 'void') {
      const hold = holds[op.hold % Math.max(holds.length, 1)];
      if (hold === undefined) continue;
      if (op.kind === 'void') {
        requests = [{ type: 'void', id: newId(), pendingId: hold.id }];
      } else {
        const postAmount =
          op.part === 'full'
            ? undefined
            : op.part === 'half'
              ? Math.max(1, Math.floor(hold.amount / 2))
              : hold.amount + 1;
        requests = [{ type: 'post', id: newId(), pendingId: hold.id, amount: postAmount }];
      }
    } else if (op.kind === 'chain' || op.kind === 'batch') {
      const linked = op.kind === 'chain';
      requests = op.legs.map((item, position) => ({
        type: 'single' as const,
        id: newId(),
        debit: accountId(item.from),
        credit: accountId(item.to),
        amount: item.amount,
        linked: linked && (position < op.legs.length - 1 || (op.kind === 'chain' && op.open)),
      }));
    } else if (op.kind === 'replay' || op.kind === 'conflict') {
      const previous = calls[op.call % Math.max(calls.length, 1)];
      if (previous === undefined) continue;
      if (op.kind === 'replay') {
        requests = previous;
      } else {
        const first = previous[0] as ModelRequest;
        const changed =
          first.type === 'void'
            ? { ...first, type: 'post' as const }
            : { ...first, amount: (('amount' in first ? first.amount : undefined) ?? 1) + 1 };
        requests = [{ ...changed, linked: false }];
      }
    }
    if (requests === null) continue;
    calls.push(requests);
    const expected = model.call(requests, subject.nowMs());
    const actual = await subject.call(requests.map(toInput));
    expect(actual.map((result) => result.result)).toEqual(expected);
  }

  const balances = await subject.balances();
  for (const account of model.accounts.values()) {
    const { id, debitsPosted, creditsPosted, debitsPending, creditsPending } = account;
    const actual = balances.get(id);
    expect({
      id,
      debitsPosted: actual?.debitsPosted,
      creditsPosted: actual?.creditsPosted,
      debitsPending: actual?.debitsPending,
      creditsPending: actual?.creditsPending,
    }).toEqual({ id, debitsPosted, creditsPosted, debitsPending, creditsPending });
  }
  for (const hold of holds)
    expect([hold.id, await subject.status(hold.id)]).toEqual([hold.id, model.holdStatus(hold.id)]);
  return model;
}

/** Each spread account's balance is exactly the model's base account plus its sub-accounts. */
async function expectSpreadSums(
  ledger: Ledger,
  accounts: readonly Account[],
  model: ReferenceLedger,
) {
  for (const [kind, subkey] of [
    ['fee_revenue', ''],
    ['rail_clearing', ''],
  ] as const) {
    const members = accounts.filter(
      (a) => a.kind === kind && (a.subkey === subkey || a.subkey.startsWith(`${subkey}~`)),
    );
    expect(members.length).toBeGreaterThan(1);
    const expected = { debitsPosted: 0, creditsPosted: 0, debitsPending: 0, creditsPending: 0 };
    for (const member of members) {
      const m = model.accounts.get(member.id);
      expected.debitsPosted += m?.debitsPosted ?? 0;
      expected.creditsPosted += m?.creditsPosted ?? 0;
      expected.debitsPending += m?.debitsPending ?? 0;
      expected.creditsPending += m?.creditsPending ?? 0;
    }
    const actual = await ledger.spreadBalance({ kind, subkey, environment: 'production' });
    expect({
      debitsPosted: actual.debitsPosted,
      creditsPosted: actual.creditsPosted,
      debitsPending: actual.debitsPending,
      creditsPending: actual.creditsPending,
    }).toEqual(expected);
  }
}

/** The pure engine over maps, standing in for the store. */
function memorySubject(accounts: readonly Account[]): Subject {
  const clock = testClock();
  const accountMap = new Map(accounts.map((account) => [account.id, account]));
  const transferMap = new Map<string, Transfer>();
  const post = (inputs: readonly TransferInput[], expiry: boolean): TransferResult[] => {
    collectKeys([inputs]);
    const plan = planTransfers(
      [inputs],
      { accounts: accountMap, transfers: transferMap },
      { now: clock.now(), expiry },
    );
    for (const change of plan.accountChanges)
      accountMap.set(change.id, { ...change.after, version: change.version + 1 });
    for (const transfer of plan.created) transferMap.set(transfer.id, transfer);
    for (const resolved of plan.resolved) {
      const hold = transferMap.get(resolved.id);
      if (hold) transferMap.set(hold.id, { ...hold, status: resolved.status });
    }
    return plan.results[0] ?? [];
  };
  return {
    call: async (inputs) => post(inputs, false),
    async expire() {
      const now = clock.now().getTime();
      const due = [...transferMap.values()].filter(
        (t) => t.status === 'pending' && t.timeoutAt !== null && t.timeoutAt.getTime() <= now,
      );
      const results = post(
        due.map((t) => ({
          id: expiryTransferId(t.id),
          pendingId: t.id,
          flags: { voidPending: true },
          kind: 'hold_timeout',
          createdAt: clock.now(),
        })),
        true,
      );
      return results.filter((result) => result.result === 'created').length;
    },
    advanceSeconds: (seconds) => clock.advanceSeconds(seconds),
    nowMs: () => clock.now().getTime(),
    balances: async () =>
      new Map(
        [...accountMap].map(([id, a]) => [
          id,
          {
            debitsPosted: a.debitsPosted,
            creditsPosted: a.creditsPosted,
            debitsPending: a.debitsPending,
            creditsPending: a.creditsPending,
          },
        ]),
      ),
    status: async (id) => transferMap.get(id)?.status ?? undefined,
  };
}

function modelAccounts(accounts: readonly Account[]): ModelAccount[] {
  return accounts.map((account) => ({
    id: account.id,
    normalSide: account.normalSide,
    allowNegative: account.allowNegative,
    debitsPosted: 0,
    creditsPosted: 0,
    debitsPending: 0,
    creditsPending: 0,
  }));
}

function fakeAccounts(): Account[] {
  return ACCOUNT_SHAPES.map((shape, index) => ({
    id: index + 1,
    kind: shape.kind,
    agentId: shape.kind.startsWith('merchant') ? index : null,
    subkey: specOf(index).subkey ?? '',
    environment: 'production',
    currency: 'IDR',
    normalSide: shape.normalSide,
    allowNegative: shape.allowNegative,
    debitsPosted: 0,
    creditsPosted: 0,
    debitsPending: 0,
    creditsPending: 0,
    version: 0,
    createdAt: new Date(0),
  }));
}

describe('posting engine against the reference model (in memory)', () => {
  it('agrees on every answer and balance', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async (ops) => {
        const accounts = fakeAccounts();
        await runScenario(ops, memorySubject(accounts), modelAccounts(accounts), `m${run++}`);
      }),
      { numRuns: 300 * RUNS_SCALE },
    );
  });
});

describe.each(drivers)('ledger on %s against the reference model', (driver) => {
  let testDb: TestDb;

  beforeAll(async () => {
    testDb = await createTestDb(driver);
  }, 60_000);

  afterAll(async () => {
    await testDb?.close();
  });

  it(
    'agrees on every answer and balance, and keeps the invariants',
    async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(scenario, async (ops) => {
          await testDb.reset();
          const clock = testClock();
          const ledger = new Ledger(testDb.db, clock.options());
          const accounts = await ledger.ensureAccounts(ACCOUNT_SHAPES.map((_, i) => specOf(i)));
          const subject: Subject = {
            call: (inputs) => ledger.createTransfers(inputs),
            expire: async () => (await ledger.expirePendingTransfers()).expired,
            advanceSeconds: (seconds) => clock.advanceSeconds(seconds),
            nowMs: () => clock.now().getTime(),
            balances: async () => ledger.getAccounts(accounts.map((account) => account.id)),
            status: async (id) => (await ledger.getTransfer(id))?.status ?? undefined,
          };
          const model = await runScenario(ops, subject, modelAccounts(accounts), `d${run++}`);
          await expectSpreadSums(ledger, accounts, model);
          const report = await checkInvariants(testDb.db);
          expect(report.violations).toEqual([]);
        }),
        { numRuns: 30 * RUNS_SCALE },
      );
    },
    120_000 * RUNS_SCALE,
  );
});
