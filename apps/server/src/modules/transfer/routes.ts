import {
  channelPaymentQuery,
  confirmOrderRequest,
  orderCreateRequest,
  orderDetailQuery,
  orderListQuery,
  TRANSFER_ACCESS,
  TRANSFER_PATHS,
  type TransferPurpose,
} from '@gerbang/shared/contract/transfer';
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
  defineRoute({
    method: 'GET',
    url: TRANSFER_PATHS.channelPayment,
    access: TRANSFER_ACCESS.create,
    query: channelPaymentQuery,
    handler: async (ctx) => ok(await listChannels(ctx.services.db, actorOf(ctx))),
  }),
  defineRoute({
    method: 'GET',
    url: TRANSFER_PATHS.listVoucher,
    access: TRANSFER_ACCESS.create,
    handler: async (ctx) => {
      // Spec 02 §2.2: no voucher choice for a Personal END USER.
      if (ctx.auth.agent.user_type === 'Personal END USER') return ok([]);
      return ok(await listVouchers(ctx.services, actorOf(ctx)));
    },
  }),
  defineRoute({
    method: 'GET',
    url: TRANSFER_PATHS.purposeList,
    access: TRANSFER_ACCESS.inquiry,
    handler: async () => ok(PURPOSES),
  }),
  defineRoute({
    method: 'POST',
    url: TRANSFER_PATHS.orderCreate,
    access: TRANSFER_ACCESS.create,
    body: orderCreateRequest,
    handler: async (ctx) => ok(await createOrder(ctx.services, actorOf(ctx), ctx.body)),
  }),
  defineRoute({
    method: 'GET',
    url: TRANSFER_PATHS.orderDetail,
    access: TRANSFER_ACCESS.page,
    query: orderDetailQuery,
    handler: async (ctx) => {
      const actor = actorOf(ctx);
      const order = await ownOrder(ctx.services, actor, ctx.query.id_order);
      // The page polls this every 3 s: a paid order is sent on, a sent one finished, right here.
      await advanceOrder(ctx.services, order);
      return ok(await orderAnswer(ctx.services, await ownOrder(ctx.services, actor, order.id)));
    },
  }),
  defineRoute({
    method: 'GET',
    url: TRANSFER_PATHS.orderList,
    access: TRANSFER_ACCESS.page,
    query: orderListQuery,
    handler: async (ctx) => ok(await listOrders(ctx.services, actorOf(ctx), ctx.query)),
  }),
  defineRoute({
    method: 'POST',
    url: TRANSFER_PATHS.confirmOrder,
    access: TRANSFER_ACCESS.page,
    body: confirmOrderRequest,
    handler: async (ctx) =>
      ok(await confirmOrder(ctx.services, actorOf(ctx), ctx.body), 'transfer.confirmed'),
  }),
  defineRoute({
    method: 'POST',
    url: TRANSFER_PATHS.orderCancel,
    access: TRANSFER_ACCESS.create,
    body: orderDetailQuery,
    handler: async (ctx) =>
      ok(await cancelOrder(ctx.services, actorOf(ctx), ctx.body), 'transfer.methodChanged'),
  }),
];
