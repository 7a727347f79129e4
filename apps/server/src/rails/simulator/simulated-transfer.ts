/** The steps every simulated rail shares: screen the destination, accept, answer status. */
import {
  type DestinationFailureCode,
  type LookupResult,
  type StatusRequest,
  type TransferStatus,
  UnknownRailReferenceError,
} from '../ports';
import type { SimulatorConfig } from './config';
import { digestHex } from './digest';
import { scenarioFor } from './magic-numbers';
import type { SimulatorStateStore } from './state-store';
import {
  type AcceptedScenario,
  decodeRailReference,
  encodeRailReference,
  planTransfer,
  type RailKind,
  statusAt,
  type TransferPlan,
} from './transfer-plan';

export type ScreenedDestination =
  | {
      readonly ok: true;
      readonly scenario: AcceptedScenario;
      /** Names the account across calls, e.g. "014:1234567890"; seeds the holder name. */
      readonly destination: string;
    }
  | { readonly ok: false; readonly code: DestinationFailureCode };

/** Applies the magic suffixes of `digits` that stop a transfer before it is accepted. */
export function screenDestination(digits: string, destination: string): ScreenedDestination {
  const scenario = scenarioFor(digits);
  if (scenario === 'ACCOUNT_NOT_FOUND' || scenario === 'BANK_UNAVAILABLE') {
    return { ok: false, code: scenario };
  }
  return { ok: true, scenario, destination };
}

export function isValidAmount(amount: number): boolean {
  return Number.isSafeInteger(amount) && amount > 0;
}

/** `identity` names the request (reference, destination, amount) so two sends never share a reference. */
export function acceptTransfer(input: {
  readonly kind: RailKind;
  readonly scenario: AcceptedScenario;
  readonly identity: string;
  readonly now: Date;
  readonly config: SimulatorConfig;
}): { readonly plan: TransferPlan; readonly railReference: string } {
  const plan = planTransfer({
    kind: input.kind,
    scenario: input.scenario,
    acceptedAt: input.now,
    tag: digestHex(input.identity, 8),
    config: input.config,
  });
  return { plan, railReference: encodeRailReference(plan) };
}

/** Status for one rail: references issued by another rail (or by nobody) are unknown here. */
export function statusReader(
  kind: RailKind,
  store: SimulatorStateStore,
): (request: StatusRequest) => Promise<TransferStatus> {
  return async ({ railReference, now }) => {
    const plan = decodeRailReference(railReference);
    if (!plan || plan.kind !== kind) throw new UnknownRailReferenceError(railReference);
    return statusAt(plan, now, await store.get(railReference));
  };
}

/**
 * `lookup` for a simulated rail. A simulated send is a pure function of its request (its `now`
 * included) and cannot get lost on the way, so the transfer an earlier send made is the one the
 * same request makes again: same rail reference, same plan. A refused send left nothing behind, so
 * it is not found.
 */
export function lookupBySending<Request, Result extends { readonly accepted: boolean }>(
  send: (request: Request) => Promise<Result>,
): (request: {
  readonly original: Request;
  readonly now: Date;
}) => Promise<LookupResult<Extract<Result, { readonly accepted: true }>>> {
  return async ({ original }) => {
    const sent = await send(original);
    return sent.accepted
      ? { found: true, sent: sent as Extract<Result, { readonly accepted: true }> }
      : { found: false };
  };
}
