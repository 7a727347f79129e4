import type { RegistrationStatus } from '@gerbang/shared/contract/signup';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

export interface SignupVerificationsTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  language: Generated<string>;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  agent_id: number | null;
  created_at: Timestamp;
}

/** One list with the contract's answer (draft = activation not asked yet). */
export type { RegistrationStatus };

export interface RegistrationsTable {
  id: Generated<number>;
  agent_id: number;
  kind: 'PERSONAL' | 'BUSINESS';
  fields: ColumnType<Record<string, string>, string, string>;
  status: RegistrationStatus;
  reason: string | null;
  submitted_at: Timestamp | null;
  decided_at: Timestamp | null;
  decided_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RegistrationDocumentsTable {
  id: Generated<number>;
  registration_id: number;
  kind: string;
  mime: string;
  size: number;
  bytes: Uint8Array;
  created_at: Timestamp;
}

export interface SignupTables {
  signup_verifications: SignupVerificationsTable;
  registrations: RegistrationsTable;
  registration_documents: RegistrationDocumentsTable;
}
