import type { Config } from '../config';
import type { RouteDefinition } from '../http/route';
import { devMailboxRoutes } from '../mail/dev-mailbox-routes';
import { devClockRoutes } from '../platform/dev-clock-routes';
import { accountRoutes } from './account/routes';
import { authRoutes } from './auth/routes';
import { balanceRoutes } from './balance/routes';
import { bulkVaRoutes } from './bulk-va/routes';
import { dashboardRoutes } from './dashboard/routes';
import { dataPageRoutes } from './data-pages/routes';
import { exportRoutes } from './exports/routes';
import { invoiceRoutes } from './invoice/routes';
import { payinSimulatorRoutes } from './payins/simulator';
import { simulatorIssueRoutes } from './payins/simulator-issue';
import { reportRoutes } from './reports/routes';
import { teamRoutes } from './team/routes';
import { topupRoutes } from './topup/routes';
import { withdrawLookupRoutes } from './withdraw/lookup-routes';
import { withdrawRoutes } from './withdraw/routes';

/**
 * Every API route of the server. Each area exports its list; add one line per area. The
 * route-matrix test reads this same list, so a route cannot escape its permission test.
 */
export function allRoutes(
  config: Pick<Config, 'mode'> & Partial<Pick<Config, 'testModeKey'>>,
): RouteDefinition[] {
  return [
    ...authRoutes,
    ...balanceRoutes,
    ...accountRoutes,
    ...teamRoutes,
    ...dashboardRoutes,
    ...reportRoutes,
    ...withdrawLookupRoutes,
    ...withdrawRoutes,
    ...invoiceRoutes,
    ...dataPageRoutes,
    ...exportRoutes,
    ...bulkVaRoutes,
    ...topupRoutes,
    ...(config.mode === 'production' ? [] : devMailboxRoutes),
    // The settable clock: only where a test key exists, never in production.
    ...(config.mode !== 'production' && config.testModeKey ? devClockRoutes : []),
    // The payer-side rails simulator: demo and test mode only (it also refuses in production).
    ...(config.mode === 'production' ? [] : payinSimulatorRoutes),
    ...(config.mode === 'production' ? [] : simulatorIssueRoutes),
  ];
}
