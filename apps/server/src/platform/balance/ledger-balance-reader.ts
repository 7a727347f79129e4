import {
  availableOf,
  balanceOfAccount,
  DEFAULT_CURRENCY,
  type Ledger,
  type NormalSide,
  toSafeInteger,
} from '@gerbang/ledger';
import { type Kysely, sql } from 'kysely';
import type { AgentBalances, BalanceReader } from './balance-reader';

/**
 * Balances come from the ledger: `balance` is what the merchant can spend (posted minus outgoing
 * holds, e.g. withdrawals at the rail), `hold_balance` the incoming funds held until settlement.
 * An agent without accounts has no money yet, so both are zero.
 *
 * With `db` (the ledger's database), both accounts are read in one statement (the
 * balance poll every 10 s of every logged-in page); the ledger's own formulas turn the rows into
 * balances. Always read from the database, never cached: a money movement shows at the next poll.
 */
export function createBalanceReader(ledger: Ledger, db?: Kysely<any>): BalanceReader {
  if (!db) {
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
  return {
    async read(agentId, environment) {
      const { rows } =
        await sql<BalanceAccountRow>`select kind, normal_side, debits_posted, credits_posted, debits_pending, credits_pending
        from ledger_accounts
        where agent_id = ${agentId} and environment = ${environment}
          and currency = ${DEFAULT_CURRENCY} and subkey = ''
          and kind in ('merchant_available', 'merchant_held')`.execute(db);
      return balancesFromAccounts(rows);
    },
  };
}

export interface BalanceAccountRow {
  kind: string;
  normal_side: NormalSide;
  debits_posted: unknown;
  credits_posted: unknown;
  debits_pending: unknown;
  credits_pending: unknown;
}

/**
 * The agent's balances from its merchant_available and merchant_held account rows, with the
 * ledger's own formulas (a missing account is zero).
 */
export function balancesFromAccounts(rows: readonly BalanceAccountRow[]): AgentBalances {
  let balance = 0;
  let hold_balance = 0;
  for (const row of rows) {
    const account = {
      normalSide: row.normal_side,
      debitsPosted: toSafeInteger(row.debits_posted, 'debits_posted'),
      creditsPosted: toSafeInteger(row.credits_posted, 'credits_posted'),
      debitsPending: toSafeInteger(row.debits_pending, 'debits_pending'),
      creditsPending: toSafeInteger(row.credits_pending, 'credits_pending'),
    };
    if (row.kind === 'merchant_available') balance = availableOf(account);
    else if (row.kind === 'merchant_held') hold_balance = balanceOfAccount(account).posted;
  }
  return { balance, hold_balance };
}
