/**
 * The permission model of spec 01 §6 and spec 03 §6: a permission is a module and an action.
 * A group grants its default set; a user may be denied some of them (`hak_akses_dilarang`).
 * Module ids below 100 are the ones the spec names; the rest are ours, stable once released.
 */
/**
 * APPROVE: approving a waiting payout of the module's kind — disbursement (bulk
 * groups), single_disbursement (withdrawals and, when the policy applies to them, API transfers),
 * international (remittances); domain/approvals.ts.
 */
/**
 * SCHEDULE: scheduling a payout (one-off or recurring) on single_disbursement;
 * the schedule is the act that authorises its future payouts (domain/schedules.ts).
 *
 * OVERRIDE: releasing a payout held because the account name the inquiry returned
 * differs from the beneficiary's saved name (module name_mismatch).
 */
export const ACTIONS = [
  'READ',
  'ADD',
  'UPDATE',
  'UPGRADE',
  'CREATE',
  'APPROVE',
  'SCHEDULE',
  'OVERRIDE',
] as const;
export type Action = (typeof ACTIONS)[number];

export interface ModuleDefinition {
  id: number;
  name: string;
  actions: readonly Action[];
  /** Only these agent groups get the module by default; absent means every group. */
  groups?: readonly number[];
}

/** The 25 generic data pages of spec 03 §2.2; each is guarded by READ on `data_{path}`. */
export const DATA_PATHS = [
  'transaction',
  'transfer',
  'balance',
  'export_data',
  'balance_detail',
  'balance_detail_hold',
  'virtual_account_transaction',
  'virtual_account_reserved',
  'callback',
  'deposit',
  'disbursement',
  'bulk_virtual_account',
  'disbursement_detail',
  'monitor_hold_balance',
  'settlement_merchant_sent',
  'settlement_merchant_process',
  'merchant_member',
  'aggregator_fee_daily',
  'aggregator_fee_monthly',
  'resume_share_profit_by_mitra_daily',
  'resume_share_profit_by_mitra_monthly',
  'setting_account_favourite',
  'dana_talangan',
  'nmid',
  'produk',
] as const;
export type DataPath = (typeof DATA_PATHS)[number];

const AGGREGATOR_ONLY = [11] as const;

/** Data modules that carry a spec id (spec 01 §6). */
const DATA_MODULE_IDS: Partial<Record<DataPath, number>> = {
  balance: 7, // account statement
  transaction: 8, // transfer API
  disbursement: 10, // bulk transfer data
};

const DATA_MODULE_EXTRA_ACTIONS: Partial<Record<DataPath, readonly Action[]>> = {
  dana_talangan: ['READ', 'ADD'],
  nmid: ['READ', 'ADD'],
  setting_account_favourite: ['READ', 'UPDATE'],
  callback: ['READ', 'UPDATE'],
};

const AGGREGATOR_DATA_PATHS: readonly DataPath[] = [
  'merchant_member',
  'aggregator_fee_daily',
  'aggregator_fee_monthly',
  'resume_share_profit_by_mitra_daily',
  'resume_share_profit_by_mitra_monthly',
];

const dataModules: ModuleDefinition[] = DATA_PATHS.map((path, index) => ({
  id: DATA_MODULE_IDS[path] ?? 200 + index,
  name: `data_${path}`,
  actions: DATA_MODULE_EXTRA_ACTIONS[path] ?? ['READ'],
  ...(AGGREGATOR_DATA_PATHS.includes(path) ? { groups: AGGREGATOR_ONLY } : {}),
}));

export const MODULES: readonly ModuleDefinition[] = [
  { id: 5, name: 'home', actions: ['READ'] },
  { id: 9, name: 'virtual_account', actions: ['READ'] },
  { id: 15, name: 'request_payment', actions: ['READ', 'ADD'] },
  { id: 17, name: 'daily_success_trx', actions: ['READ'] },
  { id: 18, name: 'daily_omzet', actions: ['READ'] },
  { id: 19, name: 'daily_callback', actions: ['READ'] },
  { id: 20, name: 'account', actions: ['READ', 'UPGRADE'] },
  { id: 21, name: 'reset_password', actions: ['UPDATE'] },
  { id: 24, name: 'callback', actions: ['READ', 'UPDATE'] },
  { id: 25, name: 'credential', actions: ['READ', 'UPDATE'] },
  { id: 101, name: 'account_management', actions: ['READ', 'ADD', 'UPDATE'] },
  { id: 102, name: 'report', actions: ['READ'] },
  {
    id: 103,
    name: 'report_transaction_payment_success_by_agen',
    actions: ['READ'],
    groups: AGGREGATOR_ONLY,
  },
  {
    id: 104,
    name: 'report_transaction_payment_success_by_product',
    actions: ['READ'],
    groups: AGGREGATOR_ONLY,
  },
  { id: 110, name: 'single_disbursement', actions: ['READ', 'APPROVE', 'SCHEDULE'] },
  { id: 111, name: 'transfer_create', actions: ['ADD'] },
  { id: 112, name: 'create_transaction_transfer_money', actions: ['ADD'] },
  { id: 113, name: 'create_transaction_transfer_bulk', actions: ['ADD'] },
  { id: 114, name: 'disbursement', actions: ['ADD', 'APPROVE'] },
  { id: 115, name: 'domestic', actions: ['READ'] },
  { id: 116, name: 'international', actions: ['READ', 'APPROVE'] },
  { id: 117, name: 'topup', actions: ['READ', 'ADD'] },
  { id: 118, name: 'bulk_virtual_account', actions: ['CREATE'] },
  { id: 119, name: 'data_activity_log', actions: ['READ'] },
  /** UPDATE edits the approval policy (domain/approvals.ts). */
  { id: 120, name: 'approval_policy', actions: ['READ', 'UPDATE'] },
  /** Statements and the exceptions queue; UPDATE imports and matches by hand. */
  { id: 130, name: 'reconciliation', actions: ['READ', 'UPDATE'] },
  /** Writing off a reconciliation exception (its own right, never implied). */
  { id: 131, name: 'reconcile_write_off', actions: ['APPROVE'] },
  /** Releasing (or rejecting) a payout held for a beneficiary name mismatch. */
  { id: 132, name: 'name_mismatch', actions: ['OVERRIDE'] },
  /**
   * The "no balance" flag: READ shows balances (the balance card, statements, balance
   * reports). Denied, the user still sees transactions but no balance, on the page and the API.
   */
  { id: 133, name: 'balance_view', actions: ['READ'] },
  ...dataModules,
];

export function findModule(name: string): ModuleDefinition | undefined {
  return MODULES.find((m) => m.name === name);
}

export function findModuleById(id: number): ModuleDefinition | undefined {
  return MODULES.find((m) => m.id === id);
}

/** A granted or denied permission, as the calls carry it. */
export interface ModuleAccess {
  id_modul: number;
  nama_modul: string;
  /** Pipe-separated actions, e.g. "READ|ADD". */
  hak_akses: string;
  hak_akses_dilarang: string;
}

export function splitActions(pipeSeparated: string | null | undefined): Action[] {
  if (!pipeSeparated) return [];
  return pipeSeparated
    .split('|')
    .map((a) => a.trim().toUpperCase())
    .filter((a): a is Action => (ACTIONS as readonly string[]).includes(a));
}

export function joinActions(actions: readonly Action[]): string {
  return actions.join('|');
}

/** True when the access list allows `action` on the module named `moduleName`. */
export function isAllowed(
  access: readonly ModuleAccess[],
  moduleName: string,
  action: Action,
): boolean {
  const entry = access.find((a) => a.nama_modul === moduleName);
  if (!entry) return false;
  return (
    splitActions(entry.hak_akses).includes(action) &&
    !splitActions(entry.hak_akses_dilarang).includes(action)
  );
}

/**
 * The "no balance" view flag: balance_view READ. Every call and page that shows
 * a balance — the balance card's poll, the statements (balance, balance detail, held balance,
 * hold monitor), the aggregator's member balances and the dashboard's balance summaries — also
 * asks for it, so one unticked box in the permission editor hides them on the page and refuses
 * them on the server alike.
 */
export const BALANCE_VIEW_PERMISSION = { module: 'balance_view', action: 'READ' } as const;
