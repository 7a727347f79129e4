/**
 * The rails the services use. The simulator backs every port unless a real connector is passed
 * for it, so a fresh install runs every money loop end to end with no bank contracts.
 */
import type {
  BankTransferRail,
  EwalletRail,
  InboundTransferRail,
  RemittanceRail,
  RetailCashRail,
} from './ports';
import {
  createBankSimulator,
  createEwalletSimulator,
  createHolderNameBook,
  createInMemorySimulatorStateStore,
  createRemittanceSimulator,
  createRetailSimulator,
  createSimulatedBankStatement,
  createSimulatorAccountControl,
  createSimulatorControl,
  resolveSimulatorConfig,
  type SimulatedBankStatement,
  type SimulatorAccountControl,
  type SimulatorConfig,
  type SimulatorConfigInput,
  type SimulatorControl,
  type SimulatorStateStore,
} from './simulator';

export * from './ports';
export type {
  OperatorOutcome,
  SimulatedBankStatement,
  SimulatorConfigInput,
  SimulatorStateStore,
} from './simulator';

/** How long a caller waits for one rail call before it treats the outcome as unknown. */
export const DEFAULT_RAIL_CALL_TIMEOUT_MS = 10_000;

export interface RailsConfig {
  readonly simulator?: SimulatorConfigInput;
  /** Overrides DEFAULT_RAIL_CALL_TIMEOUT_MS (tests use a short one). */
  readonly callTimeoutMs?: number;
  /** Where operator answers live; in memory unless the server passes its database-backed store. */
  readonly simulatorStateStore?: SimulatorStateStore;
  /** Real connectors, port by port; a port left out stays simulated. */
  readonly connectors?: Partial<
    Pick<Rails, 'bank' | 'ewallet' | 'retail' | 'remittance' | 'inboundTransfers'>
  >;
}

export interface Rails {
  readonly bank: BankTransferRail;
  readonly ewallet: EwalletRail;
  readonly retail: RetailCashRail;
  /** International transfers: rates, beneficiary check, send and status. */
  readonly remittance: RemittanceRail;
  /** Looks up incoming transfers to the provider's accounts (a bank statement check). */
  readonly inboundTransfers: InboundTransferRail;
  /**
   * How long callers wait for one rail call. The rails do not enforce it (a connector also has its
   * own HTTP timeouts); the withdraw rail work races every call against it.
   */
  readonly callTimeoutMs: number;
  /** Settles or fails simulated transfers by hand (the simulator page); simulated references only. */
  readonly simulatorControl: SimulatorControl;
  /** Renames simulated accounts (the simulator page; the name check). */
  readonly simulatorAccounts: SimulatorAccountControl;
  /**
   * The simulator's statement of incoming transfers the payer page made without notifying
   * (`notify: false`); `inboundTransfers` reads it unless a real connector is passed.
   */
  readonly simulatorStatement: SimulatedBankStatement;
  /**
   * The simulators' settings, read on every call: the console's demo switches change them at run
   * time (bank downtime on or off). Real connectors ignore them.
   */
  readonly simulatorSettings: SimulatorConfig;
}

export function createRails(config: RailsConfig = {}): Rails {
  const simulatorConfig = resolveSimulatorConfig(config.simulator);
  const store = config.simulatorStateStore ?? createInMemorySimulatorStateStore();
  const connectors = config.connectors ?? {};
  const statement = createSimulatedBankStatement();
  // Accounts renamed by the simulator control: the bank and e-wallet inquiries answer them.
  const names = createHolderNameBook();
  return {
    bank: connectors.bank ?? createBankSimulator(simulatorConfig, store, names),
    ewallet: connectors.ewallet ?? createEwalletSimulator(simulatorConfig, store, names),
    retail: connectors.retail ?? createRetailSimulator(simulatorConfig, store),
    remittance: connectors.remittance ?? createRemittanceSimulator(simulatorConfig, store),
    callTimeoutMs: config.callTimeoutMs ?? DEFAULT_RAIL_CALL_TIMEOUT_MS,
    inboundTransfers: connectors.inboundTransfers ?? statement,
    simulatorControl: createSimulatorControl(store),
    simulatorAccounts: createSimulatorAccountControl(names),
    simulatorStatement: statement,
    simulatorSettings: simulatorConfig,
  };
}
