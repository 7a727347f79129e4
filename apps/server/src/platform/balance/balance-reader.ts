import type { Environment } from '@gerbang/shared';

export interface AgentBalances {
  /** Available balance in rupiah. */
  balance: number;
  /** Incoming funds held until settlement, in rupiah. */
  hold_balance: number;
}

/** Reads an agent's balances; the ledger implements it (every rupiah shown comes from the ledger). */
export interface BalanceReader {
  read(agentId: number, environment: Environment): Promise<AgentBalances>;
}
