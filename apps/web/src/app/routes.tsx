import type { AccessRequirement } from '@gerbang/shared';
// The zod-free module of the access rules: the route table loads no zod.
import {
  ACCOUNT_ACCESS,
  APPROVALS_ACCESS,
  BENEFICIARY_ACCESS,
  BULK_TRANSFER_ACCESS,
  BULK_VA_ACCESS,
  CREDENTIAL_ACCESS,
  PAYOUT_BREAKDOWN_ACCESS,
  RECONCILIATION_ACCESS,
  REMITTANCE_ACCESS,
  REQUEST_PAYMENT_ACCESS,
  SCHEDULES_ACCESS,
  SETTLEMENT_BREAKDOWN_ACCESS,
  SIGNUP_ACCESS,
  STATEMENT_ACCESS,
  TOPUP_ACCESS,
  TRANSFER_ACCESS,
  WITHDRAW_ACCESS,
} from '@gerbang/shared/contract/access-rules';
import { withCatalogParts } from '../lib/i18n';
import { type LazyPage, lazyPage } from '../lib/lazy-page';

/**
 * The route table of spec 01 §2 (and 02 §2, 03 §2.1). Pages are lazy-loaded. `rule` mirrors the
 * server's rule for the page's calls; the layout shows the no-access view or the sandbox notice.
 */
export interface ProtectedRoute {
  path: string;
  page: LazyPage;
  rule?: AccessRequirement;
}

export const PROTECTED_ROUTES: ProtectedRoute[] = [
  { path: '/', page: lazyPage(() => import('../features/dashboard/DashboardPage')) },
  // The registration fields of the type chosen on the signup landing.
  {
    path: '/signup/personal',
    page: lazyPage(() => import('../features/signup/RegistrationPage')),
    rule: SIGNUP_ACCESS.registration,
  },
  {
    path: '/signup/business',
    page: lazyPage(() => import('../features/signup/RegistrationPage')),
    rule: SIGNUP_ACCESS.registration,
  },
  {
    path: '/account',
    page: lazyPage(() => withCatalogParts(['alerts'], import('../features/account/AccountPage'))),
    rule: ACCOUNT_ACCESS.myData,
  },
  {
    path: '/account/reset_password',
    page: lazyPage(() => import('../features/account/ChangePasswordPage')),
    rule: ACCOUNT_ACCESS.changePassword,
  },
  {
    path: '/account_management',
    page: lazyPage(() =>
      withCatalogParts(['team'], import('../features/team/AccountManagementPage')),
    ),
    rule: ACCOUNT_ACCESS.management,
  },
  {
    path: '/report/:path/:type?',
    page: lazyPage(() => withCatalogParts(['reports'], import('../features/reports/ReportPage'))),
  },
  {
    path: '/topup',
    page: lazyPage(() => withCatalogParts(['topup'], import('../features/topup/TopupPage'))),
    rule: TOPUP_ACCESS.page,
  },
  {
    path: '/topup/guide/:code',
    page: lazyPage(() => withCatalogParts(['topup'], import('../features/topup/GuidePage'))),
    rule: TOPUP_ACCESS.page,
  },
  {
    path: '/data/:path',
    page: lazyPage(() =>
      withCatalogParts(['callbacks'], import('../features/data-pages/DataPage')),
    ),
  },
  {
    path: '/invoice/:idTrx/:date',
    page: lazyPage(() =>
      withCatalogParts(['remittance'], import('../features/invoice/InvoicePage')),
    ),
  },
  // The beneficiary book and the payouts held for a name mismatch.
  {
    path: '/beneficiaries',
    page: lazyPage(() => import('../features/beneficiaries/BeneficiariesPage')),
    rule: BENEFICIARY_ACCESS.read,
  },
  // The approvals queue and the approval policy.
  {
    path: '/approvals',
    page: lazyPage(() =>
      withCatalogParts(['approvals'], import('../features/approvals/ApprovalsPage')),
    ),
    rule: APPROVALS_ACCESS.queue,
  },
  {
    path: '/setting/approval-policy',
    page: lazyPage(() =>
      withCatalogParts(['approvals'], import('../features/approvals/ApprovalPolicyPage')),
    ),
    rule: APPROVALS_ACCESS.policy,
  },
  // Bank statements, matching and the exceptions queue.
  {
    path: '/reconciliation',
    page: lazyPage(() =>
      withCatalogParts(['recon'], import('../features/reconciliation/ReconciliationPage')),
    ),
    rule: RECONCILIATION_ACCESS.read,
  },
  // A settlement's breakdown, opened from a row of the settlement data pages.
  {
    path: '/settlement-breakdown/:id',
    page: lazyPage(() =>
      withCatalogParts(['recon'], import('../features/reconciliation/SettlementBreakdownPage')),
    ),
    rule: SETTLEMENT_BREAKDOWN_ACCESS,
  },
  // A payout's breakdown, opened from a cash-out row of the transactions page, and a bulk
  // transfer group's, opened from a row of the bulk groups page.
  {
    path: '/payout-breakdown/:id',
    page: lazyPage(() =>
      withCatalogParts(['recon'], import('../features/reconciliation/PayoutBreakdownPage')),
    ),
    rule: PAYOUT_BREAKDOWN_ACCESS.payout,
  },
  {
    path: '/bulk-breakdown/:id',
    page: lazyPage(() =>
      withCatalogParts(['recon'], import('../features/reconciliation/BulkBreakdownPage')),
    ),
    rule: PAYOUT_BREAKDOWN_ACCESS.bulk,
  },
  // Balance statements (five formats) and their scheduled e-mail delivery.
  {
    path: '/statements',
    page: lazyPage(() =>
      withCatalogParts(['statements'], import('../features/statements/StatementsPage')),
    ),
    rule: STATEMENT_ACCESS,
  },
  // Settings › Security (every user: its own factors and sessions; the sections check
  // their rules).
  {
    path: '/settings/security',
    page: lazyPage(() =>
      withCatalogParts(['security', 'credentials'], import('../features/security/SecurityPage')),
    ),
  },
  {
    path: '/tools/credential_server',
    page: lazyPage(() =>
      withCatalogParts(
        ['credentials', 'callbacks'],
        import('../features/credentials/CredentialServerPage'),
      ),
    ),
    rule: CREDENTIAL_ACCESS.page,
  },
  // The agent's own SNAP partner-API calls (same rule as the server's log call).
  {
    path: '/tools/api_log',
    page: lazyPage(() => import('../features/snap/ApiLogPage')),
    rule: CREDENTIAL_ACCESS.read,
  },
  {
    path: '/register_va/bulk',
    page: lazyPage(() =>
      withCatalogParts(['bulkva'], import('../features/virtual-account/BulkVaPage')),
    ),
    rule: BULK_VA_ACCESS.create,
  },
  {
    path: '/transfer_money/domestic',
    page: lazyPage(() =>
      withCatalogParts(['transfer', 'topup'], import('../features/transfer/DomesticPage')),
    ),
    rule: TRANSFER_ACCESS.page,
  },
  {
    path: '/transfer_money/bulk',
    page: lazyPage(() =>
      withCatalogParts(['bulk'], import('../features/bulk-transfer/BulkTransferPage')),
    ),
    rule: BULK_TRANSFER_ACCESS.page,
  },
  {
    path: '/transaction/transfer',
    page: lazyPage(() => withCatalogParts(['transfer'], import('../features/transfer/OrdersPage'))),
    rule: TRANSFER_ACCESS.page,
  },
  {
    path: '/transfer_money/international',
    page: lazyPage(() =>
      withCatalogParts(['remittance'], import('../features/remittance/InternationalPage')),
    ),
    rule: REMITTANCE_ACCESS,
  },
  {
    path: '/transaction/single_disbursement',
    page: lazyPage(() => import('../features/withdraw/WithdrawPage')),
    rule: WITHDRAW_ACCESS.page,
  },
  // Scheduled and recurring payouts.
  {
    path: '/transaction/scheduled',
    page: lazyPage(() =>
      withCatalogParts(['schedules'], import('../features/schedules/SchedulesPage')),
    ),
    rule: SCHEDULES_ACCESS.manage,
  },
  {
    path: '/transaction/transfer/detail/:id',
    page: lazyPage(() =>
      withCatalogParts(['transfer', 'topup'], import('../features/transfer/OrderDetailPage')),
    ),
    rule: TRANSFER_ACCESS.page,
  },
  {
    path: '/add-item',
    page: lazyPage(() =>
      withCatalogParts(['advanceFunds'], import('../features/advance-funds/AddItemPage')),
    ),
    rule: { permission: { module: 'data_dana_talangan', action: 'ADD' }, apiEnabled: true },
  },
  {
    path: '/add-nmid',
    page: lazyPage(() => withCatalogParts(['nmid'], import('../features/nmid/AddNmidPage'))),
    rule: { permission: { module: 'data_nmid', action: 'ADD' }, apiEnabled: true },
  },
  {
    path: '/nmid/sticker/:id',
    page: lazyPage(() => withCatalogParts(['nmid'], import('../features/nmid/StickerPage'))),
    rule: { permission: { module: 'data_nmid', action: 'READ' }, apiEnabled: true },
  },
  { path: '/news/:id', page: lazyPage(() => import('../features/dashboard/NewsPage')) },
  {
    path: '/request-payment',
    page: lazyPage(() =>
      withCatalogParts(['paylink'], import('../features/paylink/RequestPaymentPage')),
    ),
    rule: REQUEST_PAYMENT_ACCESS.page,
  },
];

// The pages outside the login (login, reset, pay link, dev pages) are in public-routes.ts: this
// table and the access rules it imports load only after login (ProtectedApp).
