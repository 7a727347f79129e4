import type { TransferPurpose } from '@gerbang/shared/contract/transfer';
import { transferCalls } from '@gerbang/shared/contract/transfer-calls';
import { retryOnConnectionLoss } from '../../db/retry';
import { defineRoute, ok } from '../../http/route';
import { actorOf } from '../../platform/actor';
import { listChannels } from './channels';
import { advanceOrder } from './disburse';
import {
  cancelOrder,
  confirmOrder,
  createOrder,
  listOrders,
  orderAnswer,
  ownOrder,
} from './orders';
import { listVouchers } from './vouchers';

/** Spec 02 §7 `data/transfer_purpose_list` (id and name). */
const PURPOSES: TransferPurpose[] = [
  { id: 1, name: 'Pembayaran' },
  { id: 2, name: 'Gaji' },
  { id: 3, name: 'Keluarga' },
  { id: 4, name: 'Investasi' },
  { id: 5, name: 'Lainnya' },
];

/**
 * The domestic transfer calls: each handler only translates the request into a service function's
 * plain input and its answer into the envelope.
 */
export const transferRoutes = [
  defineRoute(transferCalls.channels, async (ctx) =>
    ok(await listChannels(ctx.services.db, actorOf(ctx))),
  ),
  defineRoute(transferCalls.vouchers, async (ctx) => {
    // Spec 02 §2.2: no voucher choice for a Personal END USER.
    if (ctx.auth.agent.user_type === 'Personal END USER') return ok([]);
    return ok(await listVouchers(ctx.services, actorOf(ctx)));
  }),
  defineRoute(transferCalls.purposes, async () => ok(PURPOSES)),
  defineRoute(transferCalls.createOrder, async (ctx) =>
    ok(await createOrder(ctx.services, actorOf(ctx), ctx.body)),
  ),
  defineRoute(transferCalls.orderDetail, async (ctx) => {
    const actor = actorOf(ctx);
    const order = await ownOrder(ctx.services, actor, ctx.query.id_order);
    // The page polls this every 3 s: a paid order is sent on, a sent one finished, right here.
    await advanceOrder(ctx.services, order);
    return ok(await orderAnswer(ctx.services, await ownOrder(ctx.services, actor, order.id)));
  }),
  defineRoute(transferCalls.orders, async (ctx) =>
    ok(await listOrders(ctx.services, actorOf(ctx), ctx.query)),
  ),
  // Idempotent by the order id (a confirmed order answers itself): run again after a lost
  // database connection (a failover; db/retry.ts).
  defineRoute(transferCalls.confirmOrder, async (ctx) =>
    ok(
      await retryOnConnectionLoss(() => confirmOrder(ctx.services, actorOf(ctx), ctx.body)),
      'transfer.confirmed',
    ),
  ),
  defineRoute(transferCalls.cancelOrder, async (ctx) =>
    ok(await cancelOrder(ctx.services, actorOf(ctx), ctx.body), 'transfer.methodChanged'),
  ),
];
