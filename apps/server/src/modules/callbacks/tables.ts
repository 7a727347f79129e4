import type { Environment } from '@gerbang/shared';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

type BusinessDate = ColumnType<Date | string, string, string>;

/** The merchant callback log (docs/data-model.md "callbacks"). */
export interface CallbacksTable {
  id_callback: Generated<number>;
  agent_id: number;
  environment: Environment;
  id_transaksi: string;
  time_request: Timestamp | null;
  date_created: Timestamp;
  created_date: BusinessDate;
  date_sent: Timestamp | null;
  /** 0 New, 1 Sent, 2 Failed, 3 Process. */
  status_sent: Generated<number>;
  type_callback: string;
  url_callback: string;
  request_raw: string;
  response_raw: string | null;
  http_status: number | null;
  attempts: Generated<number>;
  next_attempt_at: Timestamp | null;
  /** The receiver's idempotency key: the same on every attempt of this row. */
  event_id: Generated<string>;
  /** The delivering worker's lease (deliver.ts); null when nobody owns the row. */
  claimed_until: Timestamp | null;
  lease_token: string | null;
  /** Queued again by control/retry_callback: one attempt, then final. */
  manual_retry: Generated<boolean>;
  /** A test event sent from the webhook console (migration 0210). */
  is_test: Generated<boolean>;
  /** Its endpoint is disabled: the row waits, unclaimed, until the user re-enables it. */
  paused: Generated<boolean>;
}

/** One delivery attempt of a callback row (the popup on /data/callback lists them). */
export interface CallbackAttemptsTable {
  id: Generated<number>;
  callback_id: number;
  agent_id: number;
  environment: Environment;
  /** 1 for the first attempt of the row. */
  attempt_no: number;
  manual: Generated<boolean>;
  started_at: Timestamp;
  url: string;
  /** JSON object of the request headers sent. */
  request_headers: string;
  request_body: string;
  response_status: number | null;
  /** The first 4 KB of the response body. */
  response_body: string | null;
  /** JSON object of the answer's headers (bounded); null without an answer. */
  response_headers: string | null;
  duration_ms: number | null;
  /** no_url, unsafe_url, timeout, network, http_status, interrupted, internal; null when delivered. */
  error_code: string | null;
  error: string | null;
  /** Null while the attempt is in flight (or when its worker died: shown as interrupted). */
  finished_at: Timestamp | null;
}

/** The demo receiver's log (`/api/dev/callback_sink`, demo and test mode only). */
export interface DevCallbackSinkTable {
  id: Generated<number>;
  received_at: Timestamp;
  event_id: string | null;
  headers: string;
  body: string;
  signature_valid: boolean | null;
  answered_status: number;
}

/** An endpoint (agent, environment, URL) the sender disabled after a day of failures. */
export interface CallbackEndpointsTable {
  agent_id: number;
  environment: Environment;
  url: string;
  /** Null while enabled. */
  disabled_at: Timestamp | null;
  disabled_reason: string | null;
  /** When the user last re-enabled it: the failure streak counts from there. */
  enabled_at: Timestamp | null;
}

/** The daily health mail's claim: one row per agent and WIB day. */
export interface CallbackHealthMailsTable {
  agent_id: number;
  day: BusinessDate;
  sent_at: Timestamp;
  failed: number;
}

export interface CallbackTables {
  callbacks: CallbacksTable;
  callback_endpoints: CallbackEndpointsTable;
  callback_health_mails: CallbackHealthMailsTable;
  callback_attempts: CallbackAttemptsTable;
  dev_callback_sink: DevCallbackSinkTable;
}
