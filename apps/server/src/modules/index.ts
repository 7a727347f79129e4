import type { Config } from '../config';
import type { PartnerArea, PartnerRouteDefinition } from '../http/partner-route';
import type { RouteDefinition } from '../http/route';
import { devMailboxRoutes } from '../mail/dev-mailbox-routes';
import { devClockRoutes } from '../platform/dev-clock-routes';
import { eventRoutes } from '../platform/events/routes';
import { accountRoutes } from './account/routes';
import { advanceFundsRoutes } from './advance-funds/routes';
import { alertRoutes } from './alerts/routes';
import { approvalsRoutes } from './approvals/routes';
import { authRoutes } from './auth/routes';
import { balanceRoutes } from './balance/routes';
import { statementRoutes } from './balance/statement';
import { beneficiaryRoutes } from './beneficiaries/routes';
import { bulkTransferRoutes } from './bulk-transfer/routes';
import { bulkVaRoutes } from './bulk-va/routes';
import { callbackRoutes, callbackSinkRoutes } from './callbacks/routes';
import { cashoutInquiryRoutes } from './cashout-inquiry/routes';
import { consoleDemoRoutes, consoleRoutes } from './console/routes';
import { apiKeyRoutes } from './credentials/api-key-routes';
import { credentialRoutes } from './credentials/routes';
import { dashboardRoutes } from './dashboard/routes';
import { dataPageRoutes } from './data-pages/routes';
import { exportRoutes } from './exports/routes';
import { invoiceRoutes } from './invoice/routes';
import { nmidRoutes } from './nmid/routes';
import { payinSimulatorRoutes } from './payins/simulator';
import { simulatorAccountRoutes } from './payins/simulator-accounts';
import { simulatorIssueRoutes } from './payins/simulator-issue';
import {
  providerReconciliationRoutes,
  providerReconciliationSimulatorRoutes,
} from './reconciliation/provider-routes';
import { reconciliationRoutes, reconciliationSimulatorRoutes } from './reconciliation/routes';
import { remittanceRoutes } from './remittance/routes';
import { reportRoutes } from './reports/routes';
import { requestPaymentRoutes } from './request-payment/routes';
import { schedulesRoutes } from './schedules/routes';
import { securityRoutes } from './security/routes';
import { sessionRoutes } from './sessions/routes';
import { signupRoutes } from './signup/routes';
import { snapPortalRoutes } from './snap/portal-routes';
import { snapRoutes } from './snap/routes';
import { snapArea } from './snap/unmatched';
import { statementFileRoutes } from './statements/routes';
import { teamRoutes } from './team/routes';
import { topupRoutes } from './topup/routes';
import { transferRoutes } from './transfer/routes';
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
    ...securityRoutes,
    ...balanceRoutes,
    ...eventRoutes,
    ...accountRoutes,
    ...teamRoutes,
    ...dashboardRoutes,
    ...reportRoutes,
    ...withdrawLookupRoutes,
    ...cashoutInquiryRoutes,
    ...withdrawRoutes,
    ...invoiceRoutes,
    ...dataPageRoutes,
    ...statementRoutes,
    ...exportRoutes,
    ...bulkVaRoutes,
    ...bulkTransferRoutes,
    ...approvalsRoutes,
    ...schedulesRoutes,
    ...reconciliationRoutes,
    ...statementFileRoutes,
    ...beneficiaryRoutes,
    ...requestPaymentRoutes,
    ...callbackRoutes,
    ...alertRoutes,
    ...credentialRoutes,
    ...sessionRoutes,
    ...apiKeyRoutes,
    ...topupRoutes,
    ...transferRoutes,
    ...snapPortalRoutes,
    ...remittanceRoutes,
    ...advanceFundsRoutes,
    ...nmidRoutes,
    // Sign-up and the provider console (staff sessions only).
    ...signupRoutes,
    ...consoleRoutes,
    ...providerReconciliationRoutes,
    ...(config.mode === 'production' ? [] : consoleDemoRoutes),
    ...(config.mode === 'production' ? [] : devMailboxRoutes),
    // The settable clock: only where a test key exists, never in production.
    ...(config.mode !== 'production' && config.testModeKey ? devClockRoutes : []),
    // The payer-side rails simulator: demo and test mode only (it also refuses in production).
    ...(config.mode === 'production' ? [] : payinSimulatorRoutes),
    ...(config.mode === 'production' ? [] : reconciliationSimulatorRoutes),
    ...(config.mode === 'production' ? [] : providerReconciliationSimulatorRoutes),
    ...(config.mode === 'production' ? [] : simulatorIssueRoutes),
    ...(config.mode === 'production' ? [] : simulatorAccountRoutes),
    // The demo callback receiver: demo and test mode only.
    ...(config.mode === 'production' ? [] : callbackSinkRoutes),
  ];
}

/**
 * The partner API's routes outside /api (the SNAP API: signatures instead of a session, its own
 * answer shape; http/partner-route.ts). The route-matrix test checks their own rule kind.
 */
export function allPartnerRoutes(): PartnerRouteDefinition[] {
  return [...snapRoutes];
}

/** The partner APIs' path spaces: unknown paths and methods there answer in the API's shape. */
export function allPartnerAreas(): PartnerArea[] {
  return [snapArea];
}
