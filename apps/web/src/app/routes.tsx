import type { AccessRequirement } from '@gerbang/shared';
// The zod-free module of the access rules: the route table loads no zod (issue 12 point 11).
import {
  ACCOUNT_ACCESS,
  APPROVALS_ACCESS,
  BENEFICIARY_ACCESS,
  BULK_TRANSFER_ACCESS,
  BULK_VA_ACCESS,
  CREDENTIAL_ACCESS,
  RECONCILIATION_ACCESS,
  REMITTANCE_ACCESS,
  REQUEST_PAYMENT_ACCESS,
  SCHEDULES_ACCESS,
  SIGNUP_ACCESS,
  STATEMENT_ACCESS,
  TOPUP_ACCESS,
  TRANSFER_ACCESS,
  WITHDRAW_ACCESS,
} from '@gerbang/shared/contract/access-rules';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { withCatalogParts } from '../lib/i18n';

/**
 * The route table of spec 01 §2 (and 02 §2, 03 §2.1). Pages are lazy-loaded. `rule` mirrors the
 * server's rule for the page's calls; the layout shows the no-access view or the sandbox notice.
 */
export interface ProtectedRoute {
  path: string;
  page: LazyExoticComponent<ComponentType>;
  rule?: AccessRequirement;
}

export const PROTECTED_ROUTES: ProtectedRoute[] = [
  { path: '/', page: lazy(() => import('../features/dashboard/DashboardPage')) },
  // Issue 17 §3: the registration fields of the type chosen on the signup landing.
  {
    path: '/signup/personal',
    page: lazy(() => import('../features/signup/RegistrationPage')),
    rule: SIGNUP_ACCESS.registration,
  },
  {
    path: '/signup/business',
    page: lazy(() => import('../features/signup/RegistrationPage')),
    rule: SIGNUP_ACCESS.registration,
  },
  {
    path: '/account',
    page: lazy(() => withCatalogParts(['alerts'], import('../features/account/AccountPage'))),
    rule: ACCOUNT_ACCESS.myData,
  },
  {
    path: '/account/reset_password',
    page: lazy(() => import('../features/account/ChangePasswordPage')),
    rule: ACCOUNT_ACCESS.changePassword,
  },
  {
    path: '/account_management',
    page: lazy(() => withCatalogParts(['team'], import('../features/team/AccountManagementPage'))),
    rule: ACCOUNT_ACCESS.management,
  },
  { path: '/report/:path/:type?', page: lazy(() => import('../features/reports/ReportPage')) },
  {
    path: '/topup',
    page: lazy(() => import('../features/topup/TopupPage')),
    rule: TOPUP_ACCESS.page,
  },
  {
    path: '/topup/guide/:code',
    page: lazy(() => import('../features/topup/GuidePage')),
    rule: TOPUP_ACCESS.page,
  },
  {
    path: '/data/:path',
    page: lazy(() => withCatalogParts(['callbacks'], import('../features/data-pages/DataPage'))),
  },
  {
    path: '/invoice/:idTrx/:date',
    page: lazy(() => withCatalogParts(['remittance'], import('../features/invoice/InvoicePage'))),
  },
  // Issue 24: the beneficiary book and the payouts held for a name mismatch.
  {
    path: '/beneficiaries',
    page: lazy(() => import('../features/beneficiaries/BeneficiariesPage')),
    rule: BENEFICIARY_ACCESS.read,
  },
  // Issue 24: the approvals queue and the approval policy.
  {
    path: '/approvals',
    page: lazy(() =>
      withCatalogParts(['approvals'], import('../features/approvals/ApprovalsPage')),
    ),
    rule: APPROVALS_ACCESS.queue,
  },
  {
    path: '/setting/approval-policy',
    page: lazy(() =>
      withCatalogParts(['approvals'], import('../features/approvals/ApprovalPolicyPage')),
    ),
    rule: APPROVALS_ACCESS.policy,
  },
  // Issue 25: bank statements, matching and the exceptions queue.
  {
    path: '/reconciliation',
    page: lazy(() =>
      withCatalogParts(['recon'], import('../features/reconciliation/ReconciliationPage')),
    ),
    rule: RECONCILIATION_ACCESS.read,
  },
  // Issue 25: balance statements (five formats) and their scheduled e-mail delivery.
  {
    path: '/statements',
    page: lazy(() =>
      withCatalogParts(['statements'], import('../features/statements/StatementsPage')),
    ),
    rule: STATEMENT_ACCESS,
  },
  // Issue 26: Settings › Security (every user: its own factors and sessions; the sections check
  // their rules).
  {
    path: '/settings/security',
    page: lazy(() =>
      withCatalogParts(['security', 'credentials'], import('../features/security/SecurityPage')),
    ),
  },
  {
    path: '/tools/credential_server',
    page: lazy(() =>
      withCatalogParts(
        ['credentials', 'callbacks'],
        import('../features/credentials/CredentialServerPage'),
      ),
    ),
    rule: CREDENTIAL_ACCESS.page,
  },
  // Issue 18: the agent's own SNAP partner-API calls (same rule as the server's log call).
  {
    path: '/tools/api_log',
    page: lazy(() => import('../features/snap/ApiLogPage')),
    rule: CREDENTIAL_ACCESS.read,
  },
  {
    path: '/register_va/bulk',
    page: lazy(() =>
      withCatalogParts(['bulkva'], import('../features/virtual-account/BulkVaPage')),
    ),
    rule: BULK_VA_ACCESS.create,
  },
  {
    path: '/transfer_money/domestic',
    page: lazy(() => withCatalogParts(['transfer'], import('../features/transfer/DomesticPage'))),
    rule: TRANSFER_ACCESS.page,
  },
  {
    path: '/transfer_money/bulk',
    page: lazy(() =>
      withCatalogParts(['bulk'], import('../features/bulk-transfer/BulkTransferPage')),
    ),
    rule: BULK_TRANSFER_ACCESS.page,
  },
  {
    path: '/transaction/transfer',
    page: lazy(() => withCatalogParts(['transfer'], import('../features/transfer/OrdersPage'))),
    rule: TRANSFER_ACCESS.page,
  },
  {
    path: '/transfer_money/international',
    page: lazy(() =>
      withCatalogParts(['remittance'], import('../features/remittance/InternationalPage')),
    ),
    rule: REMITTANCE_ACCESS,
  },
  {
    path: '/transaction/single_disbursement',
    page: lazy(() => import('../features/withdraw/WithdrawPage')),
    rule: WITHDRAW_ACCESS.page,
  },
  // Issue 24 part 2: scheduled and recurring payouts.
  {
    path: '/transaction/scheduled',
    page: lazy(() =>
      withCatalogParts(['schedules'], import('../features/schedules/SchedulesPage')),
    ),
    rule: SCHEDULES_ACCESS.manage,
  },
  {
    path: '/transaction/transfer/detail/:id',
    page: lazy(() =>
      withCatalogParts(['transfer'], import('../features/transfer/OrderDetailPage')),
    ),
    rule: TRANSFER_ACCESS.page,
  },
  {
    path: '/add-item',
    page: lazy(() => import('../features/advance-funds/AddItemPage')),
    rule: { permission: { module: 'data_dana_talangan', action: 'ADD' }, apiEnabled: true },
  },
  {
    path: '/add-nmid',
    page: lazy(() => withCatalogParts(['nmid'], import('../features/nmid/AddNmidPage'))),
    rule: { permission: { module: 'data_nmid', action: 'ADD' }, apiEnabled: true },
  },
  {
    path: '/nmid/sticker/:id',
    page: lazy(() => withCatalogParts(['nmid'], import('../features/nmid/StickerPage'))),
    rule: { permission: { module: 'data_nmid', action: 'READ' }, apiEnabled: true },
  },
  { path: '/news/:id', page: lazy(() => import('../features/dashboard/NewsPage')) },
  {
    path: '/request-payment',
    page: lazy(() =>
      withCatalogParts(['paylink'], import('../features/paylink/RequestPaymentPage')),
    ),
    rule: REQUEST_PAYMENT_ACCESS.page,
  },
];

// The pages outside the login (login, reset, pay link, dev pages) are in public-routes.ts: this
// table and the access rules it imports load only after login (ProtectedApp).
