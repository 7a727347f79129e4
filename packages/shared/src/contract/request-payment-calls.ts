import { z } from 'zod';
import { REQUEST_PAYMENT_ACCESS } from './access-rules';
import { defineCall, RAW_ANSWER } from './call';
import {
  createRequestPaymentBody,
  generatedPayment,
  publicDetailAnswer,
  publicDetailQuery,
  publicGenerateBody,
  publicGenerateQuery,
  publicPayMethod,
  publicStatusAnswer,
  publicStatusQuery,
  requestPaymentCustomers,
  requestPaymentCustomersQuery,
  requestPaymentList,
  requestPaymentListQuery,
  requestPaymentRow,
} from './request-payment';

/**
 * Codes that the public page lists apart (spec 03 §7.4). Here rather than in the schema module:
 * the pay page imports only this module, whose schemas the web build strips, so it loads no zod.
 */
export const PAY_SEPARATE_CODES = ['523', 'QRISB', 'PAYGOPAY'] as const;

const PUBLIC = {
  public: true,
  reason: 'the public payment link: an anonymous payer reaches a link by its unguessable secret',
} as const;

/**
 * Request payment (spec 03 §7.3: the merchant's links) and the public payment link (§7.4: the
 * payer's page, no session). The pay page's own small client (features/paylink/pay-api.ts) takes
 * the public calls' paths and answers from here.
 */
export const requestPaymentCalls = {
  /** Creates a payment link. */
  create: defineCall({
    method: 'POST',
    path: '/data/request_payment',
    access: REQUEST_PAYMENT_ACCESS.add,
    request: createRequestPaymentBody,
    response: requestPaymentRow,
  }),
  /** One page of the merchant's links. */
  list: defineCall({
    method: 'GET',
    path: '/data/request_payment_list',
    access: REQUEST_PAYMENT_ACCESS.read,
    query: requestPaymentListQuery,
    response: requestPaymentList,
  }),
  /** A link and one page of its payers. */
  customers: defineCall({
    method: 'GET',
    path: '/data/list_payment',
    access: REQUEST_PAYMENT_ACCESS.read,
    query: requestPaymentCustomersQuery,
    response: requestPaymentCustomers,
  }),
  /** The payer's page: the link by its secret. */
  publicDetail: defineCall({
    method: 'GET',
    path: '/public/request_payment_detail',
    access: PUBLIC,
    query: publicDetailQuery,
    response: publicDetailAnswer,
  }),
  /** Where the payer's instrument stands (polled until paid). */
  publicStatus: defineCall({
    method: 'GET',
    path: '/public/payment_status',
    access: PUBLIC,
    query: publicStatusQuery,
    response: publicStatusAnswer,
  }),
  /**
   * The pay page's live stream (server-sent events, ADR 017): `pay` when this instrument is paid.
   * Both the link's secret and the instrument's reference, as the status call.
   */
  publicEvents: defineCall({
    method: 'GET',
    path: '/public/payment_events',
    access: PUBLIC,
    query: publicStatusQuery,
    response: RAW_ANSWER,
  }),
  /** Every pay-in channel a payer may choose. */
  publicMethods: defineCall({
    method: 'GET',
    path: '/public/list_va',
    access: PUBLIC,
    response: z.array(publicPayMethod),
  }),
  /** A BISNIS link's payer: name, e-mail and phone in the body (CSRF double-submit). */
  publicGenerate: defineCall({
    method: 'POST',
    path: '/public/generated_va',
    access: PUBLIC,
    request: publicGenerateBody,
    response: generatedPayment,
  }),
  /** Other links' payers: the e-mail prompt only, a GET (spec 03 §7.4). */
  publicGenerateByEmail: defineCall({
    method: 'GET',
    path: '/public/generated_va',
    access: PUBLIC,
    query: publicGenerateQuery,
    response: generatedPayment,
  }),
};
