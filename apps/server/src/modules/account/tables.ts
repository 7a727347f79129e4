import type { BusinessProfileDto, PersonalProfileDto } from '@gerbang/shared';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

/**
 * Business data of an agent (spec 01 §3); its presence makes the account type Bisnis. The columns
 * are the fields the my-data call answers, so the table type is derived from that contract.
 */
export interface BusinessProfilesTable extends Omit<BusinessProfileDto, 'status'> {
  agent_id: number;
  status: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Personal data of an agent (spec 01 §3), the same fields as the my-data answer. */
export interface PersonalProfilesTable extends Omit<PersonalProfileDto, 'tgl_lahir' | 'max_limit'> {
  agent_id: number;
  /** Calendar date; written as `YYYY-MM-DD`, read through `to_char`. */
  tgl_lahir: ColumnType<string | null, string | null | undefined, string | null>;
  max_limit: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AccountTables {
  business_profiles: BusinessProfilesTable;
  personal_profiles: PersonalProfilesTable;
}
