import { z } from 'zod';
import {
  PAYOUT_BREAKDOWN_ACCESS,
  RECONCILIATION_ACCESS,
  SETTLEMENT_BREAKDOWN_ACCESS,
} from './access-rules';
import { defineCall, RAW_ANSWER } from './call';
import {
  bulkBreakdownAnswer,
  bulkBreakdownQuery,
  payoutBreakdownAnswer,
  payoutBreakdownQuery,
} from './payout-breakdown';
import {
  RECON_ACCOUNTS,
  RECON_FORMATS,
  reconCsvMapping,
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
  settlementBreakdownAnswer,
  settlementBreakdownQuery,
  simulatorStatementQuery,
} from './reconciliation';

/**
 * Reconciliation (ADR 019). The server decides: reading needs reconciliation
 * READ, changing needs UPDATE, writing off needs reconcile_write_off APPROVE; a settlement's
 * breakdown needs the sent-settlements page's rule (SETTLEMENT_BREAKDOWN_ACCESS), a payout's or a
 * bulk group's the rule of the page it is opened from (PAYOUT_BREAKDOWN_ACCESS).
 */
export const reconciliationCalls = {
  /**
   * A statement file (multipart field `file`; the query names the account, the format and for CSV
   * the bank whose saved mapping reads it). Malformed: rc 14 with `{line, reason}`, nothing stored.
   */
  importStatement: defineCall({
    method: 'POST',
    path: '/reconciliation/import',
    access: RECONCILIATION_ACCESS.update,
    multipart: true,
    query: reconImportQuery,
    response: reconImportAnswer,
  }),
  mappings: defineCall({
    method: 'GET',
    path: '/reconciliation/mappings',
    access: RECONCILIATION_ACCESS.read,
    response: z.array(reconCsvMapping),
  }),
  saveMapping: defineCall({
    method: 'POST',
    path: '/reconciliation/mappings',
    access: RECONCILIATION_ACCESS.update,
    request: reconCsvMapping,
    response: reconCsvMapping,
  }),
  settings: defineCall({
    method: 'GET',
    path: '/reconciliation/settings',
    access: RECONCILIATION_ACCESS.read,
    response: reconSettings,
  }),
  saveSettings: defineCall({
    method: 'POST',
    path: '/reconciliation/settings',
    access: RECONCILIATION_ACCESS.update,
    request: reconSettings,
    response: reconSettings,
  }),
  run: defineCall({
    method: 'POST',
    path: '/reconciliation/run',
    access: RECONCILIATION_ACCESS.update,
    request: reconRunRequest,
    response: reconRunAnswer,
  }),
  results: defineCall({
    method: 'GET',
    path: '/reconciliation/results',
    access: RECONCILIATION_ACCESS.read,
    query: reconResultsQuery,
    response: reconResultsAnswer,
  }),
  summary: defineCall({
    method: 'GET',
    path: '/reconciliation/summary',
    access: RECONCILIATION_ACCESS.read,
    query: reconSummaryQuery,
    response: reconSummaryAnswer,
  }),
  match: defineCall({
    method: 'POST',
    path: '/reconciliation/match',
    access: RECONCILIATION_ACCESS.update,
    request: reconMatchRequest,
    response: reconDecisionAnswer,
  }),
  unmatch: defineCall({
    method: 'POST',
    path: '/reconciliation/unmatch',
    access: RECONCILIATION_ACCESS.update,
    request: reconUnmatchRequest,
    response: reconDecisionAnswer,
  }),
  writeOff: defineCall({
    method: 'POST',
    path: '/reconciliation/write_off',
    access: RECONCILIATION_ACCESS.writeOff,
    request: reconWriteOffRequest,
    response: reconDecisionAnswer,
  }),
  /** One settlement's payments, fees, advance recoveries and refunds, gross → net. */
  settlementBreakdown: defineCall({
    method: 'GET',
    path: '/reconciliation/settlement_breakdown',
    access: SETTLEMENT_BREAKDOWN_ACCESS,
    query: settlementBreakdownQuery,
    response: settlementBreakdownAnswer,
  }),
  /** The same as a CSV file (one row per payment, then the totals). */
  settlementBreakdownCsv: defineCall({
    method: 'GET',
    path: '/reconciliation/settlement_breakdown.csv',
    access: SETTLEMENT_BREAKDOWN_ACCESS,
    query: settlementBreakdownQuery,
    response: RAW_ANSWER,
  }),
  /** The same as XLSX: amounts real numbers in the rupiah format, the days real dates. */
  settlementBreakdownXlsx: defineCall({
    method: 'GET',
    path: '/reconciliation/settlement_breakdown.xlsx',
    access: SETTLEMENT_BREAKDOWN_ACCESS,
    query: settlementBreakdownQuery,
    response: RAW_ANSWER,
  }),
  /** One payout's ledger transfers, fee and reversal, gross → net (by its transaction id). */
  payoutBreakdown: defineCall({
    method: 'GET',
    path: '/reconciliation/payout_breakdown',
    access: PAYOUT_BREAKDOWN_ACCESS.payout,
    query: payoutBreakdownQuery,
    response: payoutBreakdownAnswer,
  }),
  payoutBreakdownCsv: defineCall({
    method: 'GET',
    path: '/reconciliation/payout_breakdown.csv',
    access: PAYOUT_BREAKDOWN_ACCESS.payout,
    query: payoutBreakdownQuery,
    response: RAW_ANSWER,
  }),
  payoutBreakdownXlsx: defineCall({
    method: 'GET',
    path: '/reconciliation/payout_breakdown.xlsx',
    access: PAYOUT_BREAKDOWN_ACCESS.payout,
    query: payoutBreakdownQuery,
    response: RAW_ANSWER,
  }),
  /** A bulk group's rows (amount, fee, status, refund) and gross → net debited. */
  bulkBreakdown: defineCall({
    method: 'GET',
    path: '/reconciliation/bulk_breakdown',
    access: PAYOUT_BREAKDOWN_ACCESS.bulk,
    query: bulkBreakdownQuery,
    response: bulkBreakdownAnswer,
  }),
  bulkBreakdownCsv: defineCall({
    method: 'GET',
    path: '/reconciliation/bulk_breakdown.csv',
    access: PAYOUT_BREAKDOWN_ACCESS.bulk,
    query: bulkBreakdownQuery,
    response: RAW_ANSWER,
  }),
  bulkBreakdownXlsx: defineCall({
    method: 'GET',
    path: '/reconciliation/bulk_breakdown.xlsx',
    access: PAYOUT_BREAKDOWN_ACCESS.bulk,
    query: bulkBreakdownQuery,
    response: RAW_ANSWER,
  }),
  /**
   * Demo and test mode: the simulator bank's statement of one account and day, from the
   * movements the rails really made for this agent (MT940, camt.053 or CSV).
   */
  simulatorStatement: defineCall({
    method: 'GET',
    path: '/reconciliation/simulator_statement',
    access: RECONCILIATION_ACCESS.read,
    query: simulatorStatementQuery,
    response: RAW_ANSWER,
  }),
};

export { RECON_ACCOUNTS, RECON_FORMATS };
