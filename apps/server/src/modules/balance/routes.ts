import { balanceCalls } from '@gerbang/shared/contract/balance-calls';
import { defineRoute, ok } from '../../http/route';

export const balanceRoutes = [
  defineRoute(
    balanceCalls.appInfo,
    async ({ auth, services }) =>
      ok(auth.balances ?? (await services.balances.read(auth.agent.id, auth.environment))),
    // Polled every 10 s by every logged-in page: the balances come with the session, in one
    // statement, read fresh on every call.
    { loadsBalances: true },
  ),
];
