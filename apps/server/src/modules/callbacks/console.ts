import { randomUUID } from 'node:crypto';
import { CALLBACK_EVENTS, type Environment } from '@gerbang/shared';
import {
  CALLBACK_RESEND_MAX,
  CALLBACK_STATUS,
  CALLBACK_UNDELIVERED_DAYS,
  CALLBACK_UNDELIVERED_PAGE_MAX,
  type UndeliveredPage,
  type UndeliveredQuery,
} from '@gerbang/shared/contract/callbacks';
import { validationError } from '../../http/errors';
import type { Services } from '../../http/services';
import type { UserActor } from '../../platform/actor';
import { userAuditEntry, writeAudit } from '../../platform/audit/audit';
import { queueCallback } from './queue';

/**
 * The webhook console: test events, the undelivered list (portal and SNAP
 * variant) and the bulk resend. The sender (deliver.ts) does every delivery; these only queue.
 */

const DAY_MS = 86_400_000;
const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

/** A sample body per event type: the fields a receiver parses, marked `test: true`. */
function testBody(event: string, idTransaksi: string, now: Date): Record<string, unknown> {
  const base = {
    test: true,
    id_transaksi: idTransaksi,
    status_trx: 'SUCCESS',
    nominal: 10_000,
    time: now.toISOString(),
  };
  if (event === 'SNAP_VA_PAYMENT' || event === 'SNAP_QRIS_PAYMENT') {
    return {
      test: true,
      partnerReferenceNo: idTransaksi,
      amount: { value: '10000.00', currency: 'IDR' },
    };
  }
  return base;
}

/**
 * Queues one test event of `event` (an event code of the callback URL list): signed like a real
 * one at send, with `X-Callback-Test: true` and `"test": true` in the body; its id_transaksi
 * starts with `TEST-` so the receiver never books it.
 */
export async function sendTestEvent(services: Services, actor: UserActor, event: string) {
  if (!CALLBACK_EVENTS.some((e) => e.type_info === event)) {
    throw validationError('callbacks.console.errors.event');
  }
  const { auth } = actor;
  const now = services.now();
  const idTransaksi = `TEST-${randomUUID().slice(0, 8).toUpperCase()}`;
  return services.db.transaction().execute(async (trx) => {
    await queueCallback(trx, now, {
      agentId: auth.agent.id,
      environment: auth.environment,
      idTransaksi,
      type: event,
      timeRequest: now,
      body: testBody(event, idTransaksi, now),
      isTest: true,
    });
    const row = await trx
      .selectFrom('callbacks')
      .select(['id_callback', 'event_id'])
      .where('agent_id', '=', auth.agent.id)
      .where('id_transaksi', '=', idTransaksi)
      .executeTakeFirstOrThrow();
    await writeAudit(
      trx,
      userAuditEntry(actor, now, {
        action: 'callback_test',
        target: event,
        detail: { idTransaksi },
      }),
    );
    return {
      id_callback: Number(row.id_callback),
      event_id: row.event_id,
      id_transaksi: idTransaksi,
    };
  });
}

/** The window the list and the resend read: at most CALLBACK_UNDELIVERED_DAYS back. */
function windowOf(now: Date, from?: string, to?: string): { from: Date; to: Date } {
  const floor = new Date(now.getTime() - CALLBACK_UNDELIVERED_DAYS * DAY_MS);
  const start = from ? new Date(from) : floor;
  return { from: start < floor ? floor : start, to: to ? new Date(to) : now };
}

/**
 * The agent's callback rows not delivered (0 New, 2 Failed, 3 Process; paused ones too), in
 * creation order, a page at a time: `next_cursor` is the last row's id.
 */
export async function listUndelivered(
  services: Services,
  owner: { agentId: number; environment: Environment },
  query: UndeliveredQuery,
): Promise<UndeliveredPage> {
  const limit = Math.min(query.limit ?? 50, CALLBACK_UNDELIVERED_PAGE_MAX);
  const window = windowOf(services.now(), query.from, query.to);
  let q = services.db
    .selectFrom('callbacks')
    .select([
      'id_callback',
      'event_id',
      'id_transaksi',
      'type_callback',
      'status_sent',
      'paused',
      'is_test',
      'attempts',
      'date_created',
      'next_attempt_at',
      'http_status',
      'url_callback',
      'request_raw',
    ])
    .where('agent_id', '=', owner.agentId)
    .where('environment', '=', owner.environment)
    .where('status_sent', '<>', CALLBACK_STATUS.SENT)
    .where('date_created', '>=', window.from)
    .where('date_created', '<', window.to);
  if (query.status === 'failed') q = q.where('status_sent', '=', CALLBACK_STATUS.FAILED);
  if (query.status === 'paused') q = q.where('paused', '=', true);
  if (query.status === 'waiting') {
    q = q
      .where('status_sent', 'in', [CALLBACK_STATUS.NEW, CALLBACK_STATUS.PROCESS])
      .where('paused', '=', false);
  }
  if (query.type) q = q.where('type_callback', '=', query.type);
  if (query.cursor) q = q.where('id_callback', '>', Number(query.cursor));
  const rows = await q
    .orderBy('id_callback')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  return {
    data: page.map((r) => ({
      id_callback: Number(r.id_callback),
      event_id: r.event_id,
      id_transaksi: r.id_transaksi,
      type_callback: r.type_callback,
      status_sent: r.status_sent,
      paused: r.paused,
      is_test: r.is_test,
      attempts: r.attempts,
      date_created: iso(r.date_created) ?? '',
      next_attempt_at: iso(r.next_attempt_at),
      http_status: r.http_status,
      url_callback: r.url_callback,
      request_raw: r.request_raw,
    })),
    next_cursor: rows.length > limit ? String(page.at(-1)?.id_callback) : null,
  };
}

export interface ResendInput {
  from: string;
  to: string;
  status: ('failed' | 'sent')[];
  type?: string;
}

/**
 * Queues one attempt of every row of the window in a final state asked for (2 Failed, 1 Sent),
 * at most CALLBACK_RESEND_MAX. Idempotent: a row already queued (0 New, 3 Process) is not
 * touched, so a second resend of the same window — or two at once — queues nothing twice (the
 * UPDATE re-checks the status under its row lock). Paused rows wait for their endpoint instead.
 */
export async function bulkResend(services: Services, actor: UserActor, input: ResendInput) {
  if (Date.parse(input.from) >= Date.parse(input.to)) {
    throw validationError('callbacks.console.errors.window');
  }
  const { auth } = actor;
  const now = services.now();
  const window = windowOf(now, input.from, input.to);
  const statuses = input.status.map((s) =>
    s === 'sent' ? CALLBACK_STATUS.SENT : CALLBACK_STATUS.FAILED,
  );
  return services.db.transaction().execute(async (trx) => {
    let pick = trx
      .selectFrom('callbacks')
      .select('id_callback')
      .where('agent_id', '=', auth.agent.id)
      .where('environment', '=', auth.environment)
      .where('status_sent', 'in', statuses)
      .where('paused', '=', false)
      .where('date_created', '>=', window.from)
      .where('date_created', '<', window.to);
    if (input.type) pick = pick.where('type_callback', '=', input.type);
    const ids = (
      await pick
        .orderBy('id_callback')
        .limit(CALLBACK_RESEND_MAX + 1)
        .execute()
    ).map((r) => Number(r.id_callback));
    const chosen = ids.slice(0, CALLBACK_RESEND_MAX);
    const queued =
      chosen.length === 0
        ? 0
        : Number(
            (
              await trx
                .updateTable('callbacks')
                .set({
                  status_sent: CALLBACK_STATUS.PROCESS,
                  next_attempt_at: now,
                  manual_retry: true,
                  claimed_until: null,
                  lease_token: null,
                })
                .where('id_callback', 'in', chosen)
                .where('status_sent', 'in', statuses)
                .executeTakeFirst()
            ).numUpdatedRows,
          );
    await writeAudit(
      trx,
      userAuditEntry(actor, now, {
        action: 'callback_bulk_resend',
        target: `${window.from.toISOString()}/${window.to.toISOString()}`,
        detail: { status: input.status, type: input.type ?? null, queued },
      }),
    );
    return { queued, truncated: ids.length > CALLBACK_RESEND_MAX };
  });
}
