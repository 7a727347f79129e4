/**
 * The calls of request payment (spec 03 §7.3) and of the public payment link (§7.4). Handlers only
 * translate: the rules are in service.ts (agent side), public.ts (payer side) and paid.ts (money).
 */
import {
  createRequestPaymentBody,
  publicDetailQuery,
  publicGenerateBody,
  publicGenerateQuery,
  publicStatusQuery,
  REQUEST_PAYMENT_ACCESS,
  REQUEST_PAYMENT_PATHS,
  requestPaymentCustomersQuery,
  requestPaymentListQuery,
} from '@gerbang/shared/contract/request-payment';
import { defineRoute, ok } from '../../http/route';
import { actorOf } from '../../platform/actor';
import {
  generatePayment,
  limitPublicCall,
  publicDetail,
  publicMethods,
  publicStatus,
} from './public';
import { createRequestPayment, listCustomers, listRequestPayments } from './service';

const PUBLIC = {
  public: true,
  reason: 'the public payment link: an anonymous payer reaches a link by its unguessable secret',
} as const;

export const requestPaymentRoutes = [
  defineRoute({
    method: 'POST',
    url: REQUEST_PAYMENT_PATHS.create,
    access: REQUEST_PAYMENT_ACCESS.add,
    body: createRequestPaymentBody,
    handler: async (ctx) =>
      ok(await createRequestPayment(ctx.services, actorOf(ctx), ctx.body), 'paylink.created'),
  }),
  defineRoute({
    method: 'GET',
    url: REQUEST_PAYMENT_PATHS.list,
    access: REQUEST_PAYMENT_ACCESS.read,
    query: requestPaymentListQuery,
    handler: async (ctx) => ok(await listRequestPayments(ctx.services, actorOf(ctx), ctx.query)),
  }),
  defineRoute({
    method: 'GET',
    url: REQUEST_PAYMENT_PATHS.customers,
    access: REQUEST_PAYMENT_ACCESS.read,
    query: requestPaymentCustomersQuery,
    handler: async (ctx) => ok(await listCustomers(ctx.services, actorOf(ctx), ctx.query)),
  }),
  defineRoute({
    method: 'GET',
    url: REQUEST_PAYMENT_PATHS.publicDetail,
    access: PUBLIC,
    payerFacing: true,
    query: publicDetailQuery,
    handler: async (ctx) => {
      await limitPublicCall(ctx.services, ctx.ip);
      return ok(await publicDetail(ctx.services, ctx.query.paymentSecret));
    },
  }),
  defineRoute({
    method: 'GET',
    url: REQUEST_PAYMENT_PATHS.publicStatus,
    access: PUBLIC,
    payerFacing: true,
    query: publicStatusQuery,
    handler: async (ctx) => {
      await limitPublicCall(ctx.services, ctx.ip);
      return ok(await publicStatus(ctx.services, ctx.query.paymentSecret, ctx.query.customerReff));
    },
  }),
  defineRoute({
    method: 'GET',
    url: REQUEST_PAYMENT_PATHS.publicMethods,
    access: PUBLIC,
    payerFacing: true,
    handler: async () => ok(publicMethods()),
  }),
  defineRoute({
    method: 'POST',
    url: REQUEST_PAYMENT_PATHS.publicGenerate,
    access: PUBLIC,
    payerFacing: true,
    body: publicGenerateBody,
    handler: async (ctx) =>
      ok(
        await generatePayment(ctx.services, {
          secret: ctx.body.id_payment,
          codeBank: ctx.body.code_bank,
          email: ctx.body.email,
          name: ctx.body.name,
          phone: ctx.body.notelp,
          ip: ctx.ip,
        }),
      ),
  }),
  defineRoute({
    method: 'GET',
    url: REQUEST_PAYMENT_PATHS.publicGenerate,
    access: PUBLIC,
    payerFacing: true,
    query: publicGenerateQuery,
    handler: async (ctx) =>
      ok(
        await generatePayment(ctx.services, {
          secret: ctx.query.id_payment,
          codeBank: ctx.query.code_bank,
          email: ctx.query.email_user,
          name: ctx.query.email_user,
          phone: '-',
          ip: ctx.ip,
        }),
      ),
  }),
];
