import { z } from 'zod';
import type { ConsoleAction, ConsoleModule } from '../domain/console-access';
import { ENVIRONMENTS } from '../domain/environment';
import { defineCall, RAW_ANSWER } from './call';
import {
  reconDecisionAnswer,
  reconImportAnswer,
  reconImportQuery,
  reconMatchRequest,
  reconResultsAnswer,
  reconResultsQuery,
  reconRunAnswer,
  reconRunRequest,
  reconSettings,
  reconSummaryAnswer,
  reconSummaryQuery,
  reconUnmatchRequest,
  reconWriteOffRequest,
  simulatorStatementQuery,
} from './reconciliation';

const may = (module: ConsoleModule, action: ConsoleAction) => ({ console: { module, action } });
const READ = may('console_reconciliation', 'READ');
const UPDATE = may('console_reconciliation', 'UPDATE');

/** The environment whose provider accounts the call is about (staff have no session environment). */
const environment = z.object({
  environment: z.enum(ENVIRONMENTS, { error: 'recon.errors.environment' }),
});

/** A bank's CSV needs a saved mapping; the provider's statements come as MT940 or camt.053. */
export const providerImportQuery = reconImportQuery
  .omit({ bank_code: true })
  .extend({ format: z.enum(['mt940', 'camt053'], { error: 'recon.errors.format' }) })
  .extend(environment.shape);

/**
 * Reconciliation of the provider's own accounts across every merchant (ADR 023), in the console:
 * the merchant calls' shapes (ADR 019) with the environment named, under console permissions —
 * `console_reconciliation` READ / UPDATE, and `console_recon_write_off` UPDATE to write off. A
 * merchant's session is refused by every one (console routes read only the staff session).
 */
export const consoleReconCalls = {
  importStatement: defineCall({
    method: 'POST',
    path: '/console/reconciliation/import',
    access: UPDATE,
    multipart: true,
    query: providerImportQuery,
    response: reconImportAnswer,
  }),
  settings: defineCall({
    method: 'GET',
    path: '/console/reconciliation/settings',
    access: READ,
    query: environment,
    response: reconSettings,
  }),
  saveSettings: defineCall({
    method: 'POST',
    path: '/console/reconciliation/settings',
    access: UPDATE,
    request: reconSettings.extend(environment.shape),
    response: reconSettings,
  }),
  run: defineCall({
    method: 'POST',
    path: '/console/reconciliation/run',
    access: UPDATE,
    request: reconRunRequest.extend(environment.shape),
    response: reconRunAnswer,
  }),
  results: defineCall({
    method: 'GET',
    path: '/console/reconciliation/results',
    access: READ,
    query: reconResultsQuery.extend(environment.shape),
    response: reconResultsAnswer,
  }),
  summary: defineCall({
    method: 'GET',
    path: '/console/reconciliation/summary',
    access: READ,
    query: reconSummaryQuery.extend(environment.shape),
    response: reconSummaryAnswer,
  }),
  match: defineCall({
    method: 'POST',
    path: '/console/reconciliation/match',
    access: UPDATE,
    request: reconMatchRequest.extend(environment.shape),
    response: reconDecisionAnswer,
  }),
  unmatch: defineCall({
    method: 'POST',
    path: '/console/reconciliation/unmatch',
    access: UPDATE,
    request: reconUnmatchRequest.extend(environment.shape),
    response: reconDecisionAnswer,
  }),
  writeOff: defineCall({
    method: 'POST',
    path: '/console/reconciliation/write_off',
    access: may('console_recon_write_off', 'UPDATE'),
    request: reconWriteOffRequest.extend(environment.shape),
    response: reconDecisionAnswer,
  }),
};

/**
 * Demo and test mode: the simulator bank's statement of a provider account and day, from the
 * movements the rails made for every merchant.
 */
export const consoleReconSimulatorCalls = {
  simulatorStatement: defineCall({
    method: 'GET',
    path: '/console/reconciliation/simulator_statement',
    access: READ,
    query: simulatorStatementQuery.extend(environment.shape),
    response: RAW_ANSWER,
  }),
};
