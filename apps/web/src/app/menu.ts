import type { AccessRequirement, LoginResult } from '@gerbang/shared';
// The zod-free module of the access rules: the menu loads no zod.
import {
  APPROVALS_ACCESS,
  BENEFICIARY_ACCESS,
  BULK_VA_ACCESS,
  CREDENTIAL_ACCESS,
  RECONCILIATION_ACCESS,
  REMITTANCE_MENU_ACCESS,
  REPORT_AREA_ACCESS,
  REQUEST_PAYMENT_ACCESS,
  SCHEDULES_ACCESS,
  STATEMENT_ACCESS,
  showsDepositLink,
  TOPUP_ACCESS,
  VA_AREA_ACCESS,
  WITHDRAW_ACCESS,
} from '@gerbang/shared/contract/access-rules';
import { BALANCE_VIEW_PERMISSION } from '@gerbang/shared/domain/permissions';
import { seesBalances } from '../lib/balance-view';

/**
 * The sidebar of spec 01 §2 with each item's visibility rule. Rules use the same AccessRequirement
 * the server enforces on the pages' calls; `visible` adds the menu-only conditions of the spec.
 */
export interface MenuItem {
  key: string;
  labelKey: string;
  to?: string;
  rule?: AccessRequirement;
  visible?: (s: LoginResult) => boolean;
  children?: MenuItem[];
}

const isEndUser = (s: LoginResult) => s.user_type === 'Personal END USER';
const isAggregator = (s: LoginResult) => s.agent.id_grup === 11;

export const MENU: MenuItem[] = [
  {
    key: 'home',
    labelKey: 'nav.home',
    to: '/',
    rule: { permission: { module: 'home', action: 'READ' } },
  },
  {
    key: 'transfer',
    labelKey: 'nav.transfer',
    children: [
      {
        key: 'withdraw',
        labelKey: 'nav.withdraw',
        to: '/transaction/single_disbursement',
        rule: WITHDRAW_ACCESS.menu,
      },
      // Scheduled and recurring payouts.
      {
        key: 'schedules',
        labelKey: 'nav.schedules',
        to: '/transaction/scheduled',
        rule: SCHEDULES_ACCESS.manage,
        visible: (s) => !isEndUser(s),
      },
      {
        key: 'domestic',
        labelKey: 'nav.domestic',
        to: '/transfer_money/domestic',
        rule: { permission: { module: 'domestic', action: 'READ' } },
      },
      {
        key: 'international',
        labelKey: 'nav.international',
        to: '/transfer_money/international',
        rule: REMITTANCE_MENU_ACCESS,
        visible: (s) => s.features.international,
      },
    ],
  },
  {
    key: 'request-payment',
    labelKey: 'nav.requestPayment',
    to: '/request-payment',
    rule: REQUEST_PAYMENT_ACCESS.page,
  },
  {
    key: 'history',
    labelKey: 'nav.history',
    children: [
      {
        key: 'history-transaction',
        labelKey: 'nav.historyTransaction',
        to: '/data/transfer',
        rule: { permission: { module: 'data_transfer', action: 'READ' } },
        visible: (s) => isEndUser(s),
      },
      {
        key: 'history-transaction-api',
        labelKey: 'nav.historyTransaction',
        to: '/data/transaction',
        rule: {
          permission: { module: 'data_transaction', action: 'READ' },
          apiEnabled: true,
          notEndUser: true,
        },
      },
      {
        key: 'history-topup',
        labelKey: 'nav.historyTopup',
        to: '/data/deposit',
        rule: {
          permission: { module: 'data_deposit', action: 'READ' },
          apiEnabled: true,
          notEndUser: true,
        },
      },
    ],
  },
  {
    key: 'virtual-account',
    labelKey: 'nav.virtualAccount',
    // Module 9: a sub-user denied virtual_account loses the whole group (and its pages).
    rule: VA_AREA_ACCESS,
    visible: (s) => !isEndUser(s) || isAggregator(s),
    children: [
      {
        key: 'va-history',
        labelKey: 'nav.vaHistory',
        to: '/data/virtual_account_transaction',
        rule: { permission: { module: 'data_virtual_account_transaction', action: 'READ' } },
      },
      {
        key: 'va-bulk',
        labelKey: 'nav.vaBulk',
        to: '/register_va/bulk',
        rule: BULK_VA_ACCESS.create,
      },
    ],
  },
  {
    key: 'merchant-member',
    labelKey: 'nav.merchantMember',
    to: '/data/merchant_member',
    rule: { permission: { module: 'data_merchant_member', action: 'READ' }, groups: [11] },
  },
  {
    key: 'report',
    labelKey: 'nav.report',
    // The report menu's own module: a sub-user denied `report` loses the whole group.
    rule: REPORT_AREA_ACCESS,
    visible: (s) => !isEndUser(s),
    children: [
      {
        key: 'report-daily',
        labelKey: 'nav.reportDailySuccess',
        to: '/report/daily_success_trx',
        rule: { permission: { module: 'daily_success_trx', action: 'READ' } },
      },
      {
        key: 'report-hold',
        labelKey: 'nav.reportHoldBalance',
        to: '/data/monitor_hold_balance',
        rule: {
          permission: { module: 'data_monitor_hold_balance', action: 'READ' },
          alsoPermissions: [BALANCE_VIEW_PERMISSION],
          apiEnabled: true,
        },
      },
      {
        key: 'report-balance',
        labelKey: 'nav.reportBalance',
        to: '/data/balance',
        rule: {
          permission: { module: 'data_balance', action: 'READ' },
          alsoPermissions: [BALANCE_VIEW_PERMISSION],
        },
      },
      // The balance statement as a file (PDF, CSV, XLSX, MT940, camt.053) and by e-mail.
      {
        key: 'report-statements',
        labelKey: 'nav.statements',
        to: '/statements',
        rule: STATEMENT_ACCESS,
      },
      {
        key: 'report-product',
        labelKey: 'nav.reportProduct',
        to: '/data/produk',
        rule: { permission: { module: 'data_produk', action: 'READ' }, apiEnabled: true },
      },
      {
        key: 'report-by-agent',
        labelKey: 'nav.reportByAgent',
        to: '/report/report_transaction_payment_success_by_agen',
        rule: {
          permission: { module: 'report_transaction_payment_success_by_agen', action: 'READ' },
          groups: [11],
        },
      },
      {
        key: 'report-fee',
        labelKey: 'nav.reportAggregatorFee',
        to: '/data/aggregator_fee_daily',
        rule: { permission: { module: 'data_aggregator_fee_daily', action: 'READ' }, groups: [11] },
      },
      // Revenue sharing monthly and per partner (spec 01 §2 menu labels).
      {
        key: 'report-fee-monthly',
        labelKey: 'nav.reportAggregatorFeeMonthly',
        to: '/data/aggregator_fee_monthly',
        rule: {
          permission: { module: 'data_aggregator_fee_monthly', action: 'READ' },
          groups: [11],
        },
      },
      {
        key: 'report-share-partner',
        labelKey: 'nav.reportSharePerPartner',
        to: '/data/resume_share_profit_by_mitra_daily',
        rule: {
          permission: { module: 'data_resume_share_profit_by_mitra_daily', action: 'READ' },
          groups: [11],
        },
      },
    ],
  },
  {
    key: 'settlement',
    labelKey: 'nav.settlement',
    to: '/data/settlement_merchant_sent',
    rule: {
      permission: { module: 'data_settlement_merchant_sent', action: 'READ' },
      apiEnabled: true,
      notEndUser: true,
    },
  },
  {
    key: 'dana-talangan',
    labelKey: 'nav.danaTalangan',
    to: '/data/dana_talangan',
    rule: {
      permission: { module: 'data_dana_talangan', action: 'READ' },
      apiEnabled: true,
      notEndUser: true,
    },
  },
  {
    key: 'nmid',
    labelKey: 'nav.nmid',
    to: '/data/nmid',
    rule: {
      permission: { module: 'data_nmid', action: 'READ' },
      apiEnabled: true,
      notEndUser: true,
    },
  },
  {
    key: 'topup',
    labelKey: 'nav.topup',
    to: '/topup',
    rule: TOPUP_ACCESS.page,
    visible: (s) => showsDepositLink(s.agent.id_grup),
  },
  // Reconciliation of the provider accounts' statements.
  {
    key: 'reconciliation',
    labelKey: 'nav.reconciliation',
    to: '/reconciliation',
    rule: RECONCILIATION_ACCESS.read,
    visible: (s) => !isEndUser(s),
  },
  // The beneficiary book (the spec's favourite list) and its name-mismatch holds.
  {
    key: 'beneficiaries',
    labelKey: 'nav.beneficiaries',
    to: '/beneficiaries',
    rule: BENEFICIARY_ACCESS.read,
    visible: (s) => !isEndUser(s),
  },
  // The approvals queue (every user may open it; it lists what they may approve).
  {
    key: 'approvals',
    labelKey: 'nav.approvals',
    to: '/approvals',
    rule: APPROVALS_ACCESS.queue,
    visible: (s) => !isEndUser(s),
  },
  {
    key: 'approvalPolicy',
    labelKey: 'nav.approvalPolicy',
    to: '/setting/approval-policy',
    rule: APPROVALS_ACCESS.policy,
    visible: (s) => !isEndUser(s),
  },
  {
    key: 'export',
    labelKey: 'nav.exportData',
    to: '/data/export_data',
    rule: { permission: { module: 'data_export_data', action: 'READ' } },
  },
  {
    key: 'settings',
    labelKey: 'nav.settings',
    rule: { userTypes: ['Business', 'Personal H2H'], apiEnabled: true },
    children: [
      // The user's second factors (and later sessions and API keys). Users without the
      // settings menu (spec 01) reach it from the profile menu in the header.
      { key: 'security', labelKey: 'nav.security', to: '/settings/security' },
      {
        key: 'credential',
        labelKey: 'nav.credentialServer',
        to: '/tools/credential_server',
        rule: CREDENTIAL_ACCESS.page,
      },
      {
        key: 'apiLog',
        labelKey: 'snap.nav.apiLog',
        to: '/tools/api_log',
        rule: CREDENTIAL_ACCESS.read,
      },
      {
        key: 'favourite',
        labelKey: 'nav.favouriteAccounts',
        to: '/data/setting_account_favourite',
        rule: {
          permission: { module: 'data_setting_account_favourite', action: 'READ' },
          apiEnabled: true,
        },
      },
    ],
  },
];

/** The menu as this user sees it: items failing their rule are removed, empty groups too. */
export function visibleMenu(
  session: LoginResult,
  verdict: (rule: AccessRequirement) => string,
  items = MENU,
): MenuItem[] {
  return items.flatMap((item) => {
    // Sandbox hides nothing from the menu: the page itself shows the sandbox notice.
    if (item.rule && verdict(item.rule) === 'denied') return [];
    if (item.visible && !item.visible(session)) return [];
    if (item.children) {
      const children = visibleMenu(session, verdict, item.children);
      return children.length > 0 ? [{ ...item, children }] : [];
    }
    return [item];
  });
}

/** The sidebar is hidden while registration is incomplete, except for aggregators (spec 01 §2). */
export function showsSidebar(session: LoginResult): boolean {
  return session.status_reg.status || session.agent.id_grup === 11;
}

/**
 * Balance in the sidebar: show-balance rule 1, API enabled and registration complete, and the
 * user not flagged "no balance" (balance_view READ denied).
 */
export function showsSidebarBalance(session: LoginResult): boolean {
  return (
    session.rule_show_balance === 1 &&
    session.agent.enable_api &&
    session.status_reg.status &&
    seesBalances(session)
  );
}
