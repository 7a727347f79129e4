import type { Environment } from '@gerbang/shared';
import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

/** One saved bulk VA upload (migration 0075). */
export interface VaBulkGroupsTable {
  id: Generated<number>;
  agent_id: number;
  environment: Environment;
  user_id: number;
  group_name: string;
  group_desc: string;
  row_count: number;
  created_at: Timestamp;
}

/** A user's transaction PIN, hashed (migration 0075). */
export interface TransactionPinsTable {
  user_id: number;
  pin_hash: string;
  updated_at: Timestamp;
}

/** `va_requests.group_id` (added by 0075) is declared on VaRequestsTable's side through this. */
export interface BulkVaTables {
  va_bulk_groups: VaBulkGroupsTable;
  transaction_pins: TransactionPinsTable;
}
