import type { Environment } from '@gerbang/shared';
import type { Generated, JSONColumnType } from 'kysely';
import type { Timestamp } from '../../db/column-types';

/** The live events outbox (migration 0205): written by triggers in the changing transaction. */
export interface EventsTable {
  id: Generated<number>;
  agent_id: number;
  environment: Environment;
  type: string;
  subject: string | null;
  payload: JSONColumnType<Record<string, unknown>>;
  created_at: Generated<Timestamp>;
}

export interface EventTables {
  events: EventsTable;
}

/** One row as the reader takes it. */
export interface StoredEvent {
  id: number;
  agent_id: number;
  environment: Environment;
  type: string;
  subject: string | null;
  payload: Record<string, unknown>;
}
