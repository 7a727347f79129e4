export {
  createSimulatorAccountControl,
  type RenameResult,
  type SimulatorAccountControl,
} from './account-control';
export { createBankSimulator } from './bank-simulator';
export { createSimulatedBankStatement, type SimulatedBankStatement } from './bank-statement';
export {
  resolveSimulatorConfig,
  type SimulatorConfig,
  type SimulatorConfigInput,
  simulatorConfigSchema,
} from './config';
export { createEwalletSimulator } from './ewallet-simulator';
export { createHolderNameBook, type HolderNameBook } from './holder-names';
export { MAGIC_SUFFIXES, type SimulatedScenario, scenarioFor } from './magic-numbers';
export {
  BASE_RATES,
  COMPLIANCE_SUFFIX,
  createRemittanceSimulator,
  RATE_PERIOD_MS,
  simulatedRate,
} from './remittance-simulator';
export { createRetailSimulator, PICKUP_CODE_LENGTH, pickupCodeFor } from './retail-simulator';
export {
  createInMemorySimulatorStateStore,
  createSimulatorControl,
  type OperatorActionResult,
  type OperatorOutcome,
  type SimulatorControl,
  type SimulatorStateStore,
} from './state-store';
