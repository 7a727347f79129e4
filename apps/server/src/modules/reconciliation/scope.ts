/**
 * Whose reconciliation a call works on (ADR 023): one merchant's (`agentId`), or the provider's
 * own accounts across every merchant (`agentId` null). The records of both live in the same tables;
 * a provider row has no agent, so a merchant's filter on its own id never reaches it.
 */
import type { Environment } from '@gerbang/shared';
import { type RawBuilder, sql } from 'kysely';

export interface ReconScope {
  /** null: the provider's scope (its statements, over the items of all merchants). */
  agentId: number | null;
  environment: Environment;
}

/** The records (statements, lines, results, settings) of the scope: its agent, or none. */
export const ownedBy = (column: string, agentId: number | null): RawBuilder<boolean> =>
  agentId === null
    ? sql<boolean>`${sql.ref(column)} IS NULL`
    : sql<boolean>`${sql.ref(column)} = ${agentId}`;

/** The ledger items the scope expects: its agent's, or every merchant's for the provider. */
export const itemsOf = (column: string, agentId: number | null): RawBuilder<boolean> =>
  agentId === null ? sql<boolean>`TRUE` : sql<boolean>`${sql.ref(column)} = ${agentId}`;
