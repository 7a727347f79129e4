import type { Environment, ModuleAccess } from '@gerbang/shared';
import type { Selectable } from 'kysely';
import type { AgentsTable, UsersTable } from '../db/schema';
import type { AgentBalances } from '../platform/balance/balance-reader';

export type UserRow = Selectable<UsersTable>;
export type AgentRow = Selectable<AgentsTable>;

/** Who is calling, loaded once per request from the session cookie. */
export interface AuthContext {
  sessionId: number;
  /** The last password re-entry on this session (platform/session/reauth.ts). */
  reauthAt: Date | null;
  environment: Environment;
  /** A test session (logged in with the test key): its captchas are skipped. */
  isTest: boolean;
  user: UserRow;
  agent: AgentRow;
  /** The user's effective module access: group defaults minus the user's denials. */
  access: ModuleAccess[];
  /** 'verify' / 'enrol' while the second factor is still to pass or to enrol (ADR 010). */
  factorState: 'verify' | 'enrol' | null;
  /** Until when the session's step-up proof holds. */
  steppedUpUntil: Date | null;
  /** The user has a confirmed second factor (so step-up applies). */
  hasFactor: boolean;
  /** The agent's balances, read with the session on routes that ask for it (`loadsBalances`). */
  balances?: AgentBalances;
}

export const isMainUser = (auth: AuthContext) => auth.user.parent_user_id === null;
export const isEndUser = (auth: AuthContext) => auth.agent.user_type === 'Personal END USER';
