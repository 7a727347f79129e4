import { z } from 'zod';
import { defineCall } from './call';
import {
  channelPaymentQuery,
  confirmOrderRequest,
  orderCreateRequest,
  orderDetailQuery,
  orderListItem,
  orderListQuery,
  paymentChannel,
  TRANSFER_ACCESS,
  transferOrder,
  transferPurpose,
  voucherItem,
} from './transfer';

/**
 * The domestic transfer calls of spec 02 §7 (the lines' inquiries are the withdraw ones, with
 * type_inq domestic).
 */
export const transferCalls = {
  channels: defineCall({
    method: 'GET',
    path: '/transaction/channel_payment',
    access: TRANSFER_ACCESS.create,
    query: channelPaymentQuery,
    response: z.array(paymentChannel),
  }),
  vouchers: defineCall({
    method: 'GET',
    path: '/transaction/list_voucher',
    access: TRANSFER_ACCESS.create,
    response: z.array(voucherItem),
  }),
  purposes: defineCall({
    method: 'GET',
    path: '/data/transfer_purpose_list',
    access: TRANSFER_ACCESS.inquiry,
    response: z.array(transferPurpose),
  }),
  createOrder: defineCall({
    method: 'POST',
    path: '/transaction/order_create',
    access: { ...TRANSFER_ACCESS.create, stepUp: true },
    request: orderCreateRequest,
    response: transferOrder,
  }),
  /** The page polls this every 3 s. */
  orderDetail: defineCall({
    method: 'GET',
    path: '/transaction/order_report_detail',
    access: TRANSFER_ACCESS.page,
    query: orderDetailQuery,
    response: transferOrder,
  }),
  orders: defineCall({
    method: 'GET',
    path: '/transaction/order_list',
    access: TRANSFER_ACCESS.page,
    query: orderListQuery,
    response: z.array(orderListItem),
  }),
  confirmOrder: defineCall({
    method: 'POST',
    path: '/transaction/confirm_order',
    access: TRANSFER_ACCESS.page,
    request: confirmOrderRequest,
    response: transferOrder,
  }),
  /** "Change method": the NEW order's instrument is cancelled. */
  cancelOrder: defineCall({
    method: 'POST',
    path: '/transaction/order_cancel',
    access: TRANSFER_ACCESS.create,
    request: orderDetailQuery,
    response: transferOrder,
  }),
};
