import type { AccessRequirement } from '../domain/access-rule';
import { type Action, BALANCE_VIEW_PERMISSION } from '../domain/permissions';
import { hasDepositLink } from '../domain/users';

/**
 * The access rules the back office's route table and menu need, apart from the contract modules
 * that define the calls' zod schemas: importing them loads no zod. Each
 * contract module re-exports its own (`@gerbang/shared/contract/<area>` is unchanged).
 */

/**
 * Whole areas a main user may deny a sub-user in the permission editor (spec 01 §6: virtual
 * account 9 and callback 24 among the per-user denials; `report` is the report menu's own module).
 * Each is added to every rule of its area's pages, menu items and calls, so one unchecked box
 * takes effect on the page and on the server alike. Main users are never denied (the editor only
 * edits sub-accounts), so they keep every area their group grants.
 */
export const AREA_PERMISSIONS = {
  /** The virtual-account area: VA history, reserved VAs, bulk VA upload and its data. */
  virtualAccount: { module: 'virtual_account', action: 'READ' },
  /** The callback URL settings: READ shows them, UPDATE changes them. */
  callbackRead: { module: 'callback', action: 'READ' },
  callbackUpdate: { module: 'callback', action: 'UPDATE' },
  /** The monthly reports (/report/{key}) and the report menu. */
  report: { module: 'report', action: 'READ' },
} as const satisfies Record<string, { module: string; action: Action }>;

/** The virtual-account menu group and every VA page and call: virtual_account READ. */
export const VA_AREA_ACCESS = {
  permission: AREA_PERMISSIONS.virtualAccount,
} as const satisfies AccessRequirement;

/** The report menu group and every monthly report page and call: report READ. */
export const REPORT_AREA_ACCESS = {
  permission: AREA_PERMISSIONS.report,
} as const satisfies AccessRequirement;

/**
 * CREATE on bulk_virtual_account, API enabled, a main account (spec 03 §6), inside the VA area
 * (virtual_account READ): server, page, menu.
 */
export const BULK_VA_ACCESS = {
  create: {
    permission: { module: 'bulk_virtual_account', action: 'CREATE' },
    alsoPermissions: [AREA_PERMISSIONS.virtualAccount],
    apiEnabled: true,
    mainUserOnly: true,
    activated: true,
  },
} as const satisfies Record<string, AccessRequirement>;

/** The registration a new agent completes and its activation request: the main user. */
export const SIGNUP_ACCESS = {
  registration: { mainUserOnly: true },
} as const satisfies Record<string, AccessRequirement>;

/**
 * Bulk transfer. The page: disbursement ADD (spec 02 §6; parent users hold every
 * action of their group), production, activated.
 */
export const BULK_TRANSFER_ACCESS = {
  page: {
    permission: { module: 'disbursement', action: 'ADD' },
    productionOnly: true,
    activated: true,
  },
  /** Approving or rejecting a waiting group: disbursement APPROVE (main users hold every action). */
  approve: {
    permission: { module: 'disbursement', action: 'APPROVE' },
    productionOnly: true,
    activated: true,
  },
} as const satisfies Record<string, AccessRequirement>;

/** Users who may see the page: Business or Personal H2H, API enabled, credential READ (spec 03 §6). */
const PAGE_USERS = {
  apiEnabled: true,
  userTypes: ['Business', 'Personal H2H'],
} as const satisfies AccessRequirement;

/** The agent group that sees the activation prompt and no credential or callback controls. */
export const CREDENTIAL_PROMPT_GROUP = 3;

export const CREDENTIAL_ACCESS = {
  /**
   * The page itself and its reads. Group 3 is allowed here, API enabled or not: it sees the
   * activation prompt (a not yet activated agent has no API yet).
   */
  page: {
    permission: { module: 'credential', action: 'READ' },
    ...PAGE_USERS,
    apiEnabledNotNeededFor: [CREDENTIAL_PROMPT_GROUP],
  },
  /** Reading credential and callback data: not for group 3. */
  read: {
    permission: { module: 'credential', action: 'READ' },
    ...PAGE_USERS,
    excludedGroups: [CREDENTIAL_PROMPT_GROUP],
  },
  /** Credential changes (secret, PIN, signature, whitelist) and OTP requests. */
  change: {
    permission: { module: 'credential', action: 'READ' },
    alsoPermissions: [{ module: 'credential', action: 'UPDATE' }],
    ...PAGE_USERS,
    excludedGroups: [CREDENTIAL_PROMPT_GROUP],
  },
  /**
   * Reading the callback URLs: the page's users and callback READ (module 24), so a sub-user
   * denied callbacks still sees the credential card but not the callback card.
   */
  callbackRead: {
    permission: { module: 'credential', action: 'READ' },
    alsoPermissions: [AREA_PERMISSIONS.callbackRead],
    ...PAGE_USERS,
    excludedGroups: [CREDENTIAL_PROMPT_GROUP],
  },
  /**
   * Callback URL changes and their OTP: callback READ and UPDATE (module 24, not credential
   * UPDATE: the editor lets a main user grant one without the other); production only (sandbox
   * shows the notice).
   */
  callbackChange: {
    permission: { module: 'credential', action: 'READ' },
    alsoPermissions: [AREA_PERMISSIONS.callbackRead, AREA_PERMISSIONS.callbackUpdate],
    ...PAGE_USERS,
    excludedGroups: [CREDENTIAL_PROMPT_GROUP],
    productionOnly: true,
  },
} as const satisfies Record<string, AccessRequirement>;

/**
 * Who may top up (spec 02 §6, §2.5): topup READ and ADD, API enabled, not a Personal END USER,
 * production only. The server's routes, the page guard and the menu use this one rule; the menu
 * also hides the deposit link for agent groups 5 and 13 (`showsDepositLink`).
 */
export const TOPUP_ACCESS = {
  page: {
    permission: { module: 'topup', action: 'READ' },
    alsoPermissions: [{ module: 'topup', action: 'ADD' }],
    apiEnabled: true,
    notEndUser: true,
    productionOnly: true,
    activated: true,
  },
} as const satisfies Record<string, AccessRequirement>;

/** Spec 02 §2.5: no deposit link for agent groups 5 and 13. */
export const showsDepositLink = (idGrup: number) => hasDepositLink(idGrup);

/** Spec 02 §6. Money moves in production only, for an activated business (spec 02 §1). */
export const TRANSFER_ACCESS = {
  /**
   * The domestic page and the agent's orders (list, detail, confirm), whichever of its users made
   * them: the spec gives sub-users no narrower view, and the `transfer` data page (spec 03 §2),
   * which lists every order of the agent, opens each row's detail (/transaction/transfer/detail).
   */
  page: {
    permission: { module: 'domestic', action: 'READ' },
    productionOnly: true,
    activated: true,
  },
  /** The inquiry form (type_inq=domestic): domestic READ and transfer_create ADD. */
  inquiry: {
    permission: { module: 'domestic', action: 'READ' },
    alsoPermissions: [{ module: 'transfer_create', action: 'ADD' }],
    productionOnly: true,
    activated: true,
  },
  /** The manual-input card and creating an order. */
  create: {
    permission: { module: 'domestic', action: 'READ' },
    alsoPermissions: [
      { module: 'transfer_create', action: 'ADD' },
      { module: 'create_transaction_transfer_money', action: 'ADD' },
    ],
    productionOnly: true,
    activated: true,
  },
  /** The bulk card: create_transaction_transfer_bulk ADD and API enabled. */
  bulkCard: {
    permission: { module: 'create_transaction_transfer_bulk', action: 'ADD' },
    apiEnabled: true,
    productionOnly: true,
    activated: true,
  },
} as const satisfies Record<string, AccessRequirement>;

/**
 * Who may use each part of the account area (spec 01 §2, §6): the server's routes, the page's
 * routes and the account tabs use these same rules.
 */
export const ACCOUNT_ACCESS = {
  myData: { permission: { module: 'account', action: 'READ' } },
  changePassword: {
    permission: { module: 'reset_password', action: 'UPDATE' },
    productionOnly: true,
  },
  management: {
    permission: { module: 'account_management', action: 'READ' },
    mainUserOnly: true,
    notEndUser: true,
    productionOnly: true,
  },
} as const satisfies Record<string, AccessRequirement>;

/** Spec 02 §6: the withdraw page needs READ on single_disbursement and no parent user. */
const WITHDRAW_USER = {
  permission: { module: 'single_disbursement', action: 'READ' },
  mainUserOnly: true,
} as const satisfies AccessRequirement;

export const WITHDRAW_ACCESS = {
  /**
   * The page, its calls and the withdraw inquiry: money moves in production only (sandbox answers
   * the sandbox notice) and for an activated business only (spec 02 §1: else the activation
   * message).
   */
  page: { ...WITHDRAW_USER, productionOnly: true, activated: true },
  /** The menu item: not for a Personal END USER; sandbox still shows it (the page explains). */
  menu: { ...WITHDRAW_USER, notEndUser: true },
} as const satisfies Record<string, AccessRequirement>;

/** Spec 02 §6: international READ, API enabled, a main account; production, activated business. */
export const REMITTANCE_ACCESS = {
  permission: { module: 'international', action: 'READ' },
  apiEnabled: true,
  mainUserOnly: true,
  productionOnly: true,
  activated: true,
} as const satisfies AccessRequirement;

/** The international menu item: the same users; sandbox and an unactivated business see it too. */
export const REMITTANCE_MENU_ACCESS = {
  permission: REMITTANCE_ACCESS.permission,
  apiEnabled: true,
  mainUserOnly: true,
} as const satisfies AccessRequirement;

/** READ on request_payment, API enabled and KYC approved (spec 03 §6); creating also needs ADD. */
export const REQUEST_PAYMENT_ACCESS = {
  read: {
    permission: { module: 'request_payment', action: 'READ' },
    apiEnabled: true,
    kycApproved: true,
  },
  add: {
    permission: { module: 'request_payment', action: 'ADD' },
    alsoPermissions: [{ module: 'request_payment', action: 'READ' }],
    apiEnabled: true,
    kycApproved: true,
  },
  /** The page and its menu item: the read rule, for an activated business. */
  page: {
    permission: { module: 'request_payment', action: 'READ' },
    apiEnabled: true,
    kycApproved: true,
    activated: true,
  },
} as const satisfies Record<string, AccessRequirement>;

/**
 * Who may run an inquiry, per use (spec 02 §6): withdraw needs single_disbursement READ and a main
 * user; domestic needs domestic READ and transfer_create ADD (sub-users allowed); bulk needs
 * disbursement ADD. Money moves in production only, for an activated business (spec 02 §1). The
 * server checks the rule of the use the request names; the pages guard with the same objects.
 */
export const INQUIRY_ACCESS = {
  withdraw: WITHDRAW_ACCESS.page,
  domestic: {
    permission: { module: 'domestic', action: 'READ' },
    alsoPermissions: [{ module: 'transfer_create', action: 'ADD' }],
    productionOnly: true,
    activated: true,
  },
  bulk: {
    permission: { module: 'disbursement', action: 'ADD' },
    productionOnly: true,
    activated: true,
  },
} as const satisfies Record<'withdraw' | 'domestic' | 'bulk', AccessRequirement>;

/** What every inquiry route asks before the use's own rule: a session, production, activated. */
export const INQUIRY_ROUTE_ACCESS = {
  productionOnly: true,
  activated: true,
} as const satisfies AccessRequirement;

/** Advance funds: READ (menu) and ADD (form) on data_dana_talangan, API enabled (spec 03 §6). */
export const ADVANCE_FUNDS_ACCESS = {
  read: { permission: { module: 'data_dana_talangan', action: 'READ' }, apiEnabled: true },
  add: {
    permission: { module: 'data_dana_talangan', action: 'ADD' },
    alsoPermissions: [{ module: 'data_dana_talangan', action: 'READ' }],
    apiEnabled: true,
  },
} as const satisfies Record<string, AccessRequirement>;

/**
 * Approval policies and the approvals queue. Reading the policy and the queue: any
 * activated user (the queue lists only what the caller may approve, per kind: domain/approvals.ts
 * APPROVE_PERMISSION); saving the policy: approval_policy UPDATE (main users hold it).
 */
export const APPROVALS_ACCESS = {
  queue: { activated: true },
  policy: { permission: { module: 'approval_policy', action: 'READ' }, activated: true },
  managePolicy: { permission: { module: 'approval_policy', action: 'UPDATE' }, activated: true },
} as const satisfies Record<string, AccessRequirement>;

/**
 * Scheduled payouts: single_disbursement SCHEDULE (main users hold it; the
 * permission editor grants it to sub-users), activated, production (as the payouts they make).
 */
export const SCHEDULES_ACCESS = {
  manage: {
    permission: { module: 'single_disbursement', action: 'SCHEDULE' },
    productionOnly: true,
    activated: true,
  },
} as const satisfies Record<string, AccessRequirement>;

/**
 * Reconciliation: reading statements, results and the exceptions queue needs
 * reconciliation READ; importing a statement, saving a CSV mapping, running the matcher and
 * matching or unmatching by hand need reconciliation UPDATE; writing off an exception needs the
 * separate `reconcile_write_off` APPROVE (main users hold every action; sub-users get them only
 * when the main user grants them: migration 0215 denies them to existing sub-users).
 */
export const RECONCILIATION_ACCESS = {
  read: { permission: { module: 'reconciliation', action: 'READ' }, activated: true },
  update: {
    permission: { module: 'reconciliation', action: 'UPDATE' },
    alsoPermissions: [{ module: 'reconciliation', action: 'READ' }],
    activated: true,
  },
  writeOff: {
    permission: { module: 'reconcile_write_off', action: 'APPROVE' },
    alsoPermissions: [{ module: 'reconciliation', action: 'READ' }],
    activated: true,
  },
} as const satisfies Record<string, AccessRequirement>;

/**
 * A settlement's breakdown (payments, fees, advance recoveries, refunds, gross → net) and its
 * CSV/XLSX: the rule of the sent-settlements data page it is opened from, so whoever may see the
 * settlements may see what is inside them, without needing the reconciliation module.
 */
export const SETTLEMENT_BREAKDOWN_ACCESS = {
  permission: { module: 'data_settlement_merchant_sent', action: 'READ' },
  apiEnabled: true,
  notEndUser: true,
} as const satisfies AccessRequirement;

/**
 * A payout's breakdown (its ledger transfers, fee, reversal, gross → net) and a bulk transfer
 * group's, with their CSV/XLSX: the rule of the data page each is opened from — the transactions
 * page for one payout, the bulk groups page for a group — so whoever may see the payouts may see
 * what they moved.
 */
export const PAYOUT_BREAKDOWN_ACCESS = {
  payout: { permission: { module: 'data_transaction', action: 'READ' }, notEndUser: true },
  bulk: { permission: { module: 'data_disbursement', action: 'READ' } },
} as const satisfies Record<string, AccessRequirement>;

/**
 * The beneficiary book: the spec's favourite list, so its module guards it —
 * data_setting_account_favourite READ lists, UPDATE saves, edits and deletes. Releasing a payout
 * held for a name mismatch: name_mismatch OVERRIDE (main users hold every action); the list of
 * held payouts is open to whoever reads the book (the server says who may decide).
 */
export const BENEFICIARY_ACCESS = {
  read: { permission: { module: 'data_setting_account_favourite', action: 'READ' } },
  update: { permission: { module: 'data_setting_account_favourite', action: 'UPDATE' } },
  holds: { permission: { module: 'data_setting_account_favourite', action: 'READ' } },
  override: { permission: { module: 'name_mismatch', action: 'OVERRIDE' } },
} as const satisfies Record<string, AccessRequirement>;

/**
 * The "no balance" view flag: balance_view READ, added to every call and page
 * that shows a balance (the balance card's poll, the statements, balance summaries and reports).
 */
export { BALANCE_VIEW_PERMISSION as BALANCE_VIEW } from '../domain/permissions';

/**
 * Balance statements (ADR 020): the balance page's own rule (data_balance READ and
 * balance_view READ), since a statement shows exactly the movements that page shows; a user who
 * may read them may download them and have them mailed to their own address.
 */
export const STATEMENT_ACCESS = {
  permission: { module: 'data_balance', action: 'READ' },
  alsoPermissions: [BALANCE_VIEW_PERMISSION],
} as const satisfies AccessRequirement;
