import type { Environment } from '@gerbang/shared';
import type { ColumnType, Generated } from 'kysely';
import type { AccountTables } from '../modules/account/tables';
import type { BalanceAlertTables } from '../modules/alerts/tables';
import type { ApprovalTables } from '../modules/approvals/tables';
import type { BeneficiaryTables } from '../modules/beneficiaries/tables';
import type { BulkVaTables } from '../modules/bulk-va/tables';
import type { ConsoleTables } from '../modules/console/tables';
import type { CredentialTables } from '../modules/credentials/tables';
import type { DashboardTables } from '../modules/dashboard/tables';
import type { PayinTables } from '../modules/payins/tables';
import type { PayoutTables } from '../modules/payouts/tables';
import type { ReconciliationTables } from '../modules/reconciliation/tables';
import type { RemittanceTables } from '../modules/remittance/tables';
import type { RequestPaymentTables } from '../modules/request-payment/tables';
import type { ScheduleTables } from '../modules/schedules/tables';
import type { SignupTables } from '../modules/signup/tables';
import type { SnapTables } from '../modules/snap/tables';
import type { StatementTables } from '../modules/statements/tables';
import type { TransactionTables } from '../modules/transactions/tables';
import type { WithdrawTables } from '../modules/withdraw/tables';
import type { AlertTables } from '../platform/alerts/tables';
import type { EventTables } from '../platform/events/events-table';
import type { FactorTables } from '../platform/factors/tables';
import type { GuessBudgetTables } from '../platform/guess-budget-tables';
import type { OtpTables } from '../platform/otp/tables';
import type { CreatedAt, Timestamp } from './column-types';
import type { DataPageTables } from './data-page-tables';

/**
 * Table types for Kysely. Each area adds its tables as an interface in its module folder and
 * extends `Database` here; money columns are `number` (int8 is normalised in connect.ts).
 */

export interface AgentsTable {
  id: Generated<number>;
  username: string;
  nama_agen: string;
  email: string;
  id_grup: number;
  enable_api: Generated<boolean>;
  user_type: 'Business' | 'Personal H2H' | 'Personal END USER';
  is_approved_kyc: Generated<boolean>;
  status_reg: Generated<boolean>;
  rule_show_balance: Generated<number>;
  business_activated: Generated<boolean>;
  /** The console stopped this merchant's portal logins and sessions (migration 0140). */
  portal_disabled: Generated<boolean>;
  /** The idle timeout the main user chose for its users; null: the installation's (0170). */
  portal_idle_minutes: ColumnType<number | null, number | null | undefined, number | null>;
  /** The main user requires a second factor of every user (migration 0165). */
  require_second_factor: Generated<boolean>;
  referral_code: string | null;
  aggregator_agent_id: number | null;
  created_at: CreatedAt;
}

export interface UsersTable {
  id: Generated<number>;
  agent_id: number;
  username: string;
  nama: string;
  password_hash: string;
  parent_user_id: number | null;
  sys_grup_user_id: Generated<number>;
  is_test: Generated<boolean>;
  portal_access: Generated<boolean>;
  failed_login_count: Generated<number>;
  locked_until: Timestamp | null;
  language: Generated<string>;
  password_changed_at: Timestamp;
  created_at: CreatedAt;
  /** Set when a sub-account is deleted; the row stays so its history stays attributable. */
  deleted_at: Timestamp | null;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  environment: Generated<Environment>;
  is_test: Generated<boolean>;
  ip: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
  expires_at: Timestamp;
  last_seen_at: Timestamp;
  revoked_at: Timestamp | null;
  /** Browser and OS from the User-Agent, and a rough place from the IP, at login (0170). */
  device: Generated<string>;
  place: Generated<string>;
  /** The last password re-entry on this session (platform/session/reauth.ts). */
  reauth_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** 'verify': the second factor is still to pass; 'enrol': one must be enrolled (migration 0165). */
  factor_state: 'verify' | 'enrol' | null;
  /** Until when the session's step-up proof holds. */
  stepped_up_until: Timestamp | null;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  username: string;
  ip: string;
  success: boolean;
  created_at: Timestamp;
}

export interface CaptchaSpentTable {
  signature: string;
  expires_at: Timestamp;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  /** Set when a newer link was issued or another link was used: the link no longer works. */
  revoked_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body_text: string;
  kind: string;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  attempts: Generated<number>;
  last_error: string | null;
  /** Migration 0235: a file sent with the mail (its name, and its path in the export directory). */
  attachment_name: ColumnType<string | null, string | null | undefined, string | null>;
  attachment_path: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AuditLogTable {
  id: Generated<number>;
  agent_id: number | null;
  user_id: number | null;
  username: string | null;
  action: string;
  target: string | null;
  detail: ColumnType<Record<string, unknown>, string | undefined, never>;
  ip: string | null;
  user_agent: string | null;
  environment: string | null;
  created_at: Timestamp;
}

export interface ModulesTable {
  id: number;
  name: string;
  actions: string;
}

export interface GroupModuleAccessTable {
  id_grup: number;
  module_id: number;
  actions: string;
}

export interface UserModuleDenialsTable {
  user_id: number;
  module_id: number;
  action: string;
  created_at: CreatedAt;
}

export interface FoundationTables {
  agents: AgentsTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  captcha_spent: CaptchaSpentTable;
  password_resets: PasswordResetsTable;
  mail_outbox: MailOutboxTable;
  audit_log: AuditLogTable;
  modules: ModulesTable;
  group_module_access: GroupModuleAccessTable;
  user_module_denials: UserModuleDenialsTable;
}

/** Areas extend this with their own table interfaces (one `extends` per area). */
export interface Database
  extends FoundationTables,
    TransactionTables,
    AccountTables,
    DashboardTables,
    DataPageTables,
    WithdrawTables,
    PayinTables,
    PayoutTables,
    BeneficiaryTables,
    BulkVaTables,
    CredentialTables,
    GuessBudgetTables,
    OtpTables,
    FactorTables,
    RequestPaymentTables,
    ConsoleTables,
    SignupTables,
    SnapTables,
    RemittanceTables,
    ApprovalTables,
    ScheduleTables,
    EventTables,
    AlertTables,
    BalanceAlertTables,
    ReconciliationTables,
    StatementTables {}
