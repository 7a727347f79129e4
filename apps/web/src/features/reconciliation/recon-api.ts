import type { ResponseOf } from '@gerbang/shared/contract/call';
import type { ReconResult } from '@gerbang/shared/contract/reconciliation';
import { reconciliationCalls as calls } from '@gerbang/shared/contract/reconciliation-calls';
import { client } from '../../lib/api';

type Account = ReconResult['account'];
type Answer<T> = Promise<{ rc: string; rd: string; data: T }>;
export type ReconFormat = 'mt940' | 'camt053' | 'csv';
export type ResultsQuery = { account: Account; status: ReconResult['status'] | 'open' };

/**
 * The reconciliation calls the page's parts make, whoever's scope they work on: a merchant's own
 * (the portal's client) or the provider's accounts across every merchant (the console's client,
 * features/console/ConsoleReconciliation.tsx). The server decides every rule either way.
 */
export interface ReconApi {
  /** The formats the scope imports (the provider's statements come as MT940 or camt.053). */
  formats: readonly ReconFormat[];
  /** The file field's hint (the formats named). */
  chooseFileKey: string;
  /** Whether the rows belong to several merchants (a merchant column is shown). */
  manyMerchants: boolean;
  importStatement(
    form: FormData,
    query: { account: Account; format: ReconFormat; bank_code?: string },
  ): Answer<ResponseOf<typeof calls.importStatement>>;
  results(query: ResultsQuery): Answer<ResponseOf<typeof calls.results>>;
  summary(query: {
    account: Account;
    from: string;
    to: string;
  }): Answer<ResponseOf<typeof calls.summary>>;
  run(account: Account): Answer<unknown>;
  match(body: { line_result_id: number; item_result_id: number; note: string }): Answer<unknown>;
  unmatch(body: { result_id: number; note: string }): Answer<unknown>;
  writeOff(body: { result_id: number; note: string }): Answer<unknown>;
}

/** The merchant's own reconciliation (its session, its agent). */
export const merchantReconApi: ReconApi = {
  formats: ['mt940', 'camt053', 'csv'],
  chooseFileKey: 'recon.chooseFile',
  manyMerchants: false,
  importStatement: (form, query) => client.call(calls.importStatement, form, { query }),
  results: (query) => client.call(calls.results, query),
  summary: (query) => client.call(calls.summary, query),
  run: (account) => client.call(calls.run, { account }),
  match: (body) => client.call(calls.match, body),
  unmatch: (body) => client.call(calls.unmatch, body),
  writeOff: (body) => client.call(calls.writeOff, body),
};
