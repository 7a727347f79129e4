import type { Generated } from 'kysely';
import type { Timestamp } from '../db/column-types';

/** One budget of guesses (migration 0061): a scope (what is guessed) and a key (whose). */
export interface GuessBudgetsTable {
  scope: string;
  key: string;
  /** Set when the budget ran out and the rule locks for a fixed time (login: 30 minutes). */
  locked_until: Timestamp | null;
}

/** One reserved try: kept for a failure, deleted for a success, pruned once out of the window. */
export interface GuessTriesTable {
  id: Generated<number>;
  scope: string;
  key: string;
  created_at: Timestamp;
  /** Null while the guess is being compared (pending); set when it proved wrong. */
  failed_at: Timestamp | null;
}

export interface GuessBudgetTables {
  guess_budgets: GuessBudgetsTable;
  guess_tries: GuessTriesTable;
}
