/**
 * The rails the services use. The simulator backs every port unless a real connector is passed
 * for it, so a fresh install runs every money loop end to end with no bank contracts.
 */
import type { BankTransferRail, EwalletRail, RetailCashRail } from './ports';
import {
  createBankSimulator,
  createEwalletSimulator,
  createInMemorySimulatorStateStore,
  createRetailSimulator,
  createSimulatorControl,
  resolveSimulatorConfig,
  type SimulatorConfigInput,
  type SimulatorControl,
  type SimulatorStateStore,
} from './simulator';

export * from './ports';
export type { OperatorOutcome, SimulatorConfigInput, SimulatorStateStore } from './simulator';

/** How long a caller waits for one rail call before it treats the outcome as unknown. */
export const DEFAULT_RAIL_CALL_TIMEOUT_MS = 10_000;

export interface RailsConfig {
  readonly simulator?: SimulatorConfigInput;
  /** Overrides DEFAULT_RAIL_CALL_TIMEOUT_MS (tests use a short one). */
  readonly callTimeoutMs?: number;
  /** Where operator answers live; in memory unless the server passes its database-backed store. */
  readonly simulatorStateStore?: SimulatorStateStore;
  /** Real connectors, port by port; a port left out stays simulated. */
  readonly connectors?: Partial<Pick<Rails, 'bank' | 'ewallet' | 'retail'>>;
}

export interface Rails {
  readonly bank: BankTransferRail;
  readonly ewallet: EwalletRail;
  readonly retail: RetailCashRail;
  /**
   * How long callers wait for one rail call. The rails do not enforce it (a connector also has its
   * own HTTP timeouts); the withdraw rail work races every call against it.
   */
  readonly callTimeoutMs: number;
  /** Settles or fails simulated transfers by hand (the simulator page); simulated references only. */
  readonly simulatorControl: SimulatorControl;
}

export function createRails(config: RailsConfig = {}): Rails {
  const simulatorConfig = resolveSimulatorConfig(config.simulator);
  const store = config.simulatorStateStore ?? createInMemorySimulatorStateStore();
  const connectors = config.connectors ?? {};
  return {
    bank: connectors.bank ?? createBankSimulator(simulatorConfig, store),
    ewallet: connectors.ewallet ?? createEwalletSimulator(simulatorConfig, store),
    retail: connectors.retail ?? createRetailSimulator(simulatorConfig, store),
    callTimeoutMs: config.callTimeoutMs ?? DEFAULT_RAIL_CALL_TIMEOUT_MS,
    simulatorControl: createSimulatorControl(store),
  };
}
