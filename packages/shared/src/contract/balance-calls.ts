import { BALANCE_VIEW_PERMISSION } from '../domain/permissions';
import { agentBalances } from './auth';
import { defineCall } from './call';

/** The balances every logged-in page polls (spec 01 §4). */
export const balanceCalls = {
  /** Polled every 10 s: the balances come with the session, in one statement, read fresh. */
  appInfo: defineCall({
    method: 'GET',
    path: '/data/app_info_web',
    // The "no balance" flag: a user denied balance_view READ is refused the balances.
    access: { permission: BALANCE_VIEW_PERMISSION },
    response: agentBalances,
  }),
};
