import type { AccessRequirement } from '@gerbang/shared';
import { BULK_VA_ACCESS } from '@gerbang/shared/contract/bulk-va';
import { TOPUP_ACCESS } from '@gerbang/shared/contract/topup';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * The route table of spec 01 §2 (and 02 §2, 03 §2.1). Pages are lazy-loaded. `rule` mirrors the
 * server's rule for the page's calls; the layout shows the no-access view or the sandbox notice.
 */
export interface ProtectedRoute {
  path: string;
  page: LazyExoticComponent<ComponentType>;
  rule?: AccessRequirement;
}

const money = { productionOnly: true } as const;

export const PROTECTED_ROUTES: ProtectedRoute[] = [
  { path: '/', page: lazy(() => import('../features/dashboard/DashboardPage')) },
  {
    path: '/account',
    page: lazy(() => import('../features/account/AccountPage')),
    rule: { permission: { module: 'account', action: 'READ' } },
  },
  {
    path: '/account/reset_password',
    page: lazy(() => import('../features/account/ChangePasswordPage')),
    rule: { permission: { module: 'reset_password', action: 'UPDATE' }, productionOnly: true },
  },
  {
    path: '/account_management',
    page: lazy(() => import('../features/team/AccountManagementPage')),
    rule: {
      permission: { module: 'account_management', action: 'READ' },
      mainUserOnly: true,
      notEndUser: true,
      productionOnly: true,
    },
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
  { path: '/data/:path', page: lazy(() => import('../features/data-pages/DataPage')) },
  { path: '/invoice/:idTrx/:date', page: lazy(() => import('../features/invoice/InvoicePage')) },
  {
    path: '/tools/credential_server',
    page: lazy(() => import('../features/credentials/CredentialServerPage')),
    rule: { permission: { module: 'credential', action: 'READ' }, apiEnabled: true },
  },
  {
    path: '/register_va/bulk',
    page: lazy(() => import('../features/virtual-account/BulkVaPage')),
    rule: BULK_VA_ACCESS.create,
  },
  {
    path: '/transfer_money/domestic',
    page: lazy(() => import('../features/transfer/DomesticPage')),
    rule: { permission: { module: 'domestic', action: 'READ' }, ...money },
  },
  {
    path: '/transfer_money/international',
    page: lazy(() => import('../features/remittance/InternationalPage')),
    rule: {
      permission: { module: 'international', action: 'READ' },
      apiEnabled: true,
      mainUserOnly: true,
      ...money,
    },
  },
  {
    path: '/transaction/single_disbursement',
    page: lazy(() => import('../features/withdraw/WithdrawPage')),
    rule: {
      permission: { module: 'single_disbursement', action: 'READ' },
      mainUserOnly: true,
      ...money,
    },
  },
  {
    path: '/transaction/transfer/detail/:id',
    page: lazy(() => import('../features/transfer/OrderDetailPage')),
  },
  {
    path: '/add-item',
    page: lazy(() => import('../features/advance-funds/AddItemPage')),
    rule: { permission: { module: 'data_dana_talangan', action: 'ADD' }, apiEnabled: true },
  },
  {
    path: '/add-nmid',
    page: lazy(() => import('../features/nmid/AddNmidPage')),
    rule: { permission: { module: 'data_nmid', action: 'ADD' }, apiEnabled: true },
  },
  { path: '/news/:id', page: lazy(() => import('../features/dashboard/NewsPage')) },
  {
    path: '/request-payment',
    page: lazy(() => import('../features/paylink/RequestPaymentPage')),
    rule: {
      permission: { module: 'request_payment', action: 'READ' },
      apiEnabled: true,
      kycApproved: true,
    },
  },
];

export const PayPage = lazy(() => import('../features/paylink/PayPage'));
export const LoginPage = lazy(() => import('../features/auth/LoginPage'));
export const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'));
export const NotFoundPage = lazy(() => import('../features/not-found/NotFoundPage'));
export const MailboxPage = lazy(() => import('../features/dev-mailbox/MailboxPage'));
export const SimulatorPage = lazy(() => import('../features/dev-simulator/SimulatorPage'));
