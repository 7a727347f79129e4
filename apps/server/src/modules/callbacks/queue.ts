import { type Environment, wibDate } from '@gerbang/shared';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { CallbacksTable } from './tables';

export interface CallbackInput {
  agentId: number;
  environment: Environment;
  idTransaksi: string;
  /** `type_callback`: payment, settlement, topup (pay-ins), disbursement (payouts). */
  type: string;
  timeRequest: Date;
  body: Record<string, unknown>;
  /**
   * Send `body` as it is, without the leading `type` field (a receiver that expects another
   * protocol's exact shape, callbacks/formats.ts); the type is in the row and its headers only.
   */
  bareBody?: boolean;
  /** A test event from the webhook console (header `X-Callback-Test: true`). */
  isTest?: boolean;
}

/**
 * Queues the merchant's notification (status 0 New, due now) in the caller's transaction, so it
 * exists exactly when the money event does. The sender (deliver.ts) picks it up within a second,
 * reads the agent's URL for its type and signs it at send time; `url_callback` is filled then.
 */
export async function queueCallback(
  trx: Kysely<Database>,
  now: Date,
  input: CallbackInput,
): Promise<void> {
  await trx.insertInto('callbacks').values(callbackRow(now, input)).execute();
}

/** The queued callback row (pure: the demo seed writes its history with the same rows). */
export function callbackRow(now: Date, input: CallbackInput): Insertable<CallbacksTable> {
  return {
    agent_id: input.agentId,
    environment: input.environment,
    id_transaksi: input.idTransaksi,
    time_request: input.timeRequest,
    date_created: now,
    created_date: wibDate(now),
    status_sent: 0,
    type_callback: input.type,
    url_callback: '',
    request_raw: JSON.stringify(input.bareBody ? input.body : { type: input.type, ...input.body }),
    next_attempt_at: now,
    ...(input.isTest ? { is_test: true } : {}),
  };
}
