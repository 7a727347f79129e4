import { CALLBACK_STATUS } from '@gerbang/shared/contract/callbacks';
import type { z } from 'zod';
import { listUndelivered } from '../callbacks/console';
import type { ServiceAnswer, ServiceContext } from './pipeline';
import type { callbackUndeliveredRequest } from './schemas';
import { formatSnapTimestamp } from './signature';

/**
 * The partner API's variant of the webhook console's undelivered list: an integrator
 * whose receiver was down asks for the callbacks not delivered yet — the same rows, filters and
 * pages as the portal's `/data/callback_undelivered`, for the key's agent and environment only.
 * Gerbang's own call (no SNAP service code in the standard): scope `callback:read`.
 */
export async function callbackUndelivered(
  ctx: ServiceContext<z.infer<typeof callbackUndeliveredRequest>>,
): Promise<ServiceAnswer> {
  const { services, partner, body } = ctx;
  const page = await listUndelivered(
    services,
    { agentId: partner.agentId, environment: partner.environment },
    {
      from: body.fromDateTime,
      to: body.toDateTime,
      status: body.status,
      type: body.type,
      cursor: body.cursor,
      limit: body.limit,
    },
  );
  return {
    body: {
      referenceNo: ctx.externalId,
      events: page.data.map((r) => ({
        eventId: r.event_id,
        idCallback: String(r.id_callback),
        idTransaksi: r.id_transaksi,
        type: r.type_callback,
        status: r.paused
          ? 'paused'
          : r.status_sent === CALLBACK_STATUS.FAILED
            ? 'failed'
            : 'waiting',
        test: r.is_test,
        attempts: r.attempts,
        createdAt: formatSnapTimestamp(new Date(r.date_created)),
        nextAttemptAt: r.next_attempt_at ? formatSnapTimestamp(new Date(r.next_attempt_at)) : null,
        lastHttpStatus: r.http_status,
        body: r.request_raw,
      })),
      nextCursor: page.next_cursor,
    },
  };
}
