import { availableOf, balanceOfAccount, type Ledger } from '@gerbang/ledger';
import type { BalanceReader } from './balance-reader';

/**
 * Balances come from the ledger: `balance` is what the merchant can spend (posted minus outgoing
 * holds, e.g. withdrawals at the rail), `hold_balance` the incoming funds held until settlement.
 * An agent without accounts has no money yet, so both are zero.
 */
export function createBalanceReader(ledger: Ledger): BalanceReader {
  return {
    async read(agentId, environment) {
      const [available, held] = await Promise.all([
        ledger.findAccount({ kind: 'merchant_available', agentId, environment }),
        ledger.findAccount({ kind: 'merchant_held', agentId, environment }),
      ]);
      return {
        balance: available ? availableOf(available) : 0,
        hold_balance: held ? balanceOfAccount(held).posted : 0,
      };
    },
  };
}
