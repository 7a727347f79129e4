import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { BalanceReader } from './balance-reader';

/**
 * Balances come from the ledger. Until the ledger package is wired (issue 3) there is no money
 * anywhere, so every balance is zero — which is the truth for a ledger with no transfers.
 */
export function createBalanceReader(_db: Kysely<Database>): BalanceReader {
  return { read: async () => ({ balance: 0, hold_balance: 0 }) };
}
