import { agentBalances } from './auth';
import { defineCall } from './call';

/** The balances every logged-in page polls (spec 01 §4). */
export const balanceCalls = {
  /** Polled every 10 s: the balances come with the session, in one statement, read fresh. */
  appInfo: defineCall({
    method: 'GET',
    path: '/data/app_info_web',
    access: {},
    response: agentBalances,
  }),
};
