/**
 * What happens to a simulated transfer is fixed when it is accepted, and written into its rail
 * reference. Status is then a pure function of (reference, now): the simulator keeps no memory, so
 * it survives restarts and works the same from any number of server processes (ARCHITECTURE §8).
 */
import type { TransferStatus } from '../ports';
import { dailyWindow, startOfWorkAfter } from './bank-downtime';
import type { SimulatorConfig } from './config';
import type { SimulatedScenario } from './magic-numbers';

export type RailKind = 'BANK' | 'EWALLET' | 'RETAIL' | 'REMITTANCE';

/** Scenarios that get as far as an accepted transfer. */
export type AcceptedScenario = Exclude<SimulatedScenario, 'ACCOUNT_NOT_FOUND' | 'BANK_UNAVAILABLE'>;

export interface TransferPlan {
  readonly kind: RailKind;
  readonly scenario: AcceptedScenario;
  readonly acceptedAt: Date;
  /** Later than `acceptedAt` only when a bank queued the transfer for its nightly window. */
  readonly startsAt: Date;
  /** When the final answer (SUCCESS or FAILED) holds. */
  readonly completesAt: Date;
  /** Tells apart transfers accepted in the same millisecond. */
  readonly tag: string;
}

/** Only banks have a nightly window; e-wallets and Indomaret run around the clock. */
export function planTransfer(input: {
  readonly kind: RailKind;
  readonly scenario: AcceptedScenario;
  readonly acceptedAt: Date;
  readonly tag: string;
  readonly config: SimulatorConfig;
}): TransferPlan {
  const { kind, scenario, acceptedAt, tag, config } = input;
  const downtime = config.bankDowntime;
  const window = downtime ? dailyWindow(downtime.startsAtWib, downtime.endsAtWib) : null;
  const startsAt = kind === 'BANK' ? startOfWorkAfter(window, acceptedAt) : acceptedAt;
  return {
    kind,
    scenario,
    acceptedAt,
    startsAt,
    completesAt: new Date(startsAt.getTime() + durationMs(kind, scenario, config)),
    tag,
  };
}

function durationMs(kind: RailKind, scenario: AcceptedScenario, config: SimulatorConfig): number {
  if (kind === 'RETAIL') {
    // A code nobody collects fails when it expires; a collection can never come after expiry.
    if (scenario === 'FAILS_AFTER_ACCEPT') return config.pickupValidMs;
    const collectMs = scenario === 'SLOW' ? config.slowBankMs : config.settleMs;
    return Math.min(collectMs, config.pickupValidMs);
  }
  return scenario === 'SLOW' ? config.slowBankMs : config.settleMs;
}

/** A final answer given by hand from the simulator's operator controls. */
export interface OperatorOutcome {
  readonly status: 'SUCCESS' | 'FAILED';
  readonly at: Date;
}

export function statusAt(
  plan: TransferPlan,
  now: Date,
  operator?: OperatorOutcome,
): TransferStatus {
  const nowMs = now.getTime();
  if (operator && nowMs >= operator.at.getTime()) {
    return operator.status === 'SUCCESS'
      ? { status: 'SUCCESS', completedAt: operator.at }
      : { status: 'FAILED', reason: 'FAILED_BY_OPERATOR', failedAt: operator.at };
  }
  if (nowMs >= plan.completesAt.getTime()) {
    if (plan.scenario !== 'FAILS_AFTER_ACCEPT') {
      return { status: 'SUCCESS', completedAt: plan.completesAt };
    }
    const reason = plan.kind === 'RETAIL' ? 'PICKUP_EXPIRED' : 'REJECTED_BY_BANK';
    return { status: 'FAILED', reason, failedAt: plan.completesAt };
  }
  return {
    status: 'PROCESSING',
    reason: processingReason(plan, nowMs),
    expectedCompletionAt: plan.completesAt,
  };
}

function processingReason(plan: TransferPlan, nowMs: number) {
  if (plan.kind === 'RETAIL') return 'AWAITING_PICKUP';
  const queued = plan.startsAt.getTime() > plan.acceptedAt.getTime();
  if (queued && nowMs < plan.startsAt.getTime()) return 'QUEUED_BANK_DOWNTIME';
  return plan.scenario === 'SLOW' ? 'SLOW_BANK' : 'IN_PROGRESS';
}

// ── Rail reference: SIM-<kind><scenario>-<acceptedAt>-<startsAt>-<completesAt>-<tag> ──────────────
// Instants are epoch milliseconds in base 36, which keeps the reference short (about 45 characters).

const KIND_LETTERS: Record<RailKind, string> = {
  BANK: 'B',
  EWALLET: 'E',
  RETAIL: 'R',
  REMITTANCE: 'X',
};
const SCENARIO_LETTERS: Record<AcceptedScenario, string> = {
  NORMAL: 'N',
  SLOW: 'S',
  FAILS_AFTER_ACCEPT: 'F',
};
/** The largest instant a Date can hold. */
const MAX_DATE_MS = 8.64e15;
const REFERENCE_PATTERN =
  /^SIM-([BERX])([NSF])-([0-9a-z]{1,11})-([0-9a-z]{1,11})-([0-9a-z]{1,11})-([0-9a-f]{8})$/;

export function encodeRailReference(plan: TransferPlan): string {
  const instants = [plan.acceptedAt, plan.startsAt, plan.completesAt].map((instant) =>
    instant.getTime().toString(36),
  );
  return `SIM-${KIND_LETTERS[plan.kind]}${SCENARIO_LETTERS[plan.scenario]}-${instants.join('-')}-${plan.tag}`;
}

/** `null` for anything this simulator did not issue (a real connector's reference, a typo). */
export function decodeRailReference(railReference: string): TransferPlan | null {
  const match = REFERENCE_PATTERN.exec(railReference);
  if (!match) return null;
  const [, kindLetter, scenarioLetter, accepted, starts, completes, tag] = match;
  const kind = letterKey(KIND_LETTERS, kindLetter);
  const scenario = letterKey(SCENARIO_LETTERS, scenarioLetter);
  const [acceptedMs, startsMs, completesMs] = [accepted, starts, completes].map((text) =>
    Number.parseInt(text, 36),
  );
  const ordered = acceptedMs <= startsMs && startsMs <= completesMs;
  if (!kind || !scenario || !ordered || completesMs > MAX_DATE_MS) return null;
  return {
    kind,
    scenario,
    acceptedAt: new Date(acceptedMs),
    startsAt: new Date(startsMs),
    completesAt: new Date(completesMs),
    tag,
  };
}

function letterKey<K extends string>(letters: Record<K, string>, letter: string): K | undefined {
  return (Object.keys(letters) as K[]).find((key) => letters[key] === letter);
}
