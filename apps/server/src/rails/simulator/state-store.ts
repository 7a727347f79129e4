/**
 * The only state the simulator has: final answers an operator gives by hand (the simulator page's
 * "settle" and "fail" buttons, ARCHITECTURE §6). Everything else is derived from the rail reference.
 * The in-memory store serves tests and a single process; a database-backed store implements the same
 * two methods so the answers survive restarts and are seen by every process.
 */
import { UnknownRailReferenceError } from '../ports';
import { decodeRailReference, type OperatorOutcome, statusAt } from './transfer-plan';

export type { OperatorOutcome } from './transfer-plan';

export interface SimulatorStateStore {
  get(railReference: string): Promise<OperatorOutcome | undefined>;
  set(railReference: string, outcome: OperatorOutcome): Promise<void>;
}

export function createInMemorySimulatorStateStore(): SimulatorStateStore {
  const outcomes = new Map<string, OperatorOutcome>();
  return {
    async get(railReference) {
      return outcomes.get(railReference);
    },
    async set(railReference, outcome) {
      outcomes.set(railReference, outcome);
    },
  };
}

export type OperatorActionResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly code: 'ALREADY_FINAL' };

export interface SimulatorControl {
  /** Ends a PROCESSING transfer with SUCCESS (retail: the cash was collected). */
  settle(request: { railReference: string; now: Date }): Promise<OperatorActionResult>;
  /** Ends a PROCESSING transfer with FAILED (reason FAILED_BY_OPERATOR). */
  fail(request: { railReference: string; now: Date }): Promise<OperatorActionResult>;
}

export function createSimulatorControl(store: SimulatorStateStore): SimulatorControl {
  async function finish(
    railReference: string,
    now: Date,
    status: OperatorOutcome['status'],
  ): Promise<OperatorActionResult> {
    const plan = decodeRailReference(railReference);
    if (!plan) throw new UnknownRailReferenceError(railReference);
    // A real rail never changes a final answer, so neither may the operator.
    if (statusAt(plan, now, await store.get(railReference)).status !== 'PROCESSING') {
      return { ok: false, code: 'ALREADY_FINAL' };
    }
    await store.set(railReference, { status, at: now });
    return { ok: true };
  }
  return {
    settle: ({ railReference, now }) => finish(railReference, now, 'SUCCESS'),
    fail: ({ railReference, now }) => finish(railReference, now, 'FAILED'),
  };
}
