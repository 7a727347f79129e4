import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

/** Provider staff (migration 0140): their own user type, never an agent user. */
export interface StaffUsersTable {
  id: Generated<number>;
  email: string;
  nama: string;
  password_hash: string;
  role: string;
  disabled: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface StaffRoleAccessTable {
  role: string;
  module: string;
  /** Comma-separated actions, as the merchant groups' `group_module_access.actions`. */
  actions: string;
}

export interface StaffDenialsTable {
  staff_id: number;
  module: string;
  action: string;
}

export interface StaffSessionsTable {
  id: Generated<number>;
  token_hash: string;
  staff_id: number;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  last_seen_at: Timestamp;
  revoked_at: Timestamp | null;
  /** As `sessions.factor_state` (migration 0165). */
  factor_state: 'verify' | 'enrol' | null;
  stepped_up_until: Timestamp | null;
  /** The last password re-entry on this staff session (migration 0190). */
  reauth_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface ConsoleTables {
  staff_users: StaffUsersTable;
  staff_role_access: StaffRoleAccessTable;
  staff_denials: StaffDenialsTable;
  staff_sessions: StaffSessionsTable;
}
