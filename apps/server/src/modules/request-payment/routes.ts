/**
 * The calls of request payment (spec 03 §7.3) and of the public payment link (§7.4). Handlers only
 * translate: the rules are in service.ts (agent side), public.ts (payer side) and paid.ts (money).
 */
import { requestPaymentCalls as calls } from '@gerbang/shared/contract/request-payment-calls';
import { defineRoute, ok } from '../../http/route';
import { actorOf } from '../../platform/actor';
import { lastEventIdOf, openEventStream } from '../../platform/events/stream';
import {
  generatePayment,
  instrumentSubject,
  limitPublicCall,
  publicDetail,
  publicMethods,
  publicStatus,
} from './public';
import { createRequestPayment, listCustomers, listRequestPayments } from './service';

/** The payer's calls read no session: a logged-in merchant's cookies give them nothing. */
const PAYER = { payerFacing: true } as const;

export const requestPaymentRoutes = [
  defineRoute(calls.create, async (ctx) =>
    ok(await createRequestPayment(ctx.services, actorOf(ctx), ctx.body), 'paylink.created'),
  ),
  defineRoute(calls.list, async (ctx) =>
    ok(await listRequestPayments(ctx.services, actorOf(ctx), ctx.query)),
  ),
  defineRoute(calls.customers, async (ctx) =>
    ok(await listCustomers(ctx.services, actorOf(ctx), ctx.query)),
  ),
  defineRoute(
    calls.publicDetail,
    async (ctx) => {
      await limitPublicCall(ctx.services, ctx.ip);
      return ok(await publicDetail(ctx.services, ctx.query.paymentSecret));
    },
    PAYER,
  ),
  defineRoute(
    calls.publicStatus,
    async (ctx) => {
      await limitPublicCall(ctx.services, ctx.ip);
      return ok(await publicStatus(ctx.services, ctx.query.paymentSecret, ctx.query.customerReff));
    },
    PAYER,
  ),
  // The pay page's live stream: `pay` when its instrument is paid (ADR 017).
  defineRoute(
    calls.publicEvents,
    async (ctx) => {
      await limitPublicCall(ctx.services, ctx.ip);
      const subject = await instrumentSubject(
        ctx.services,
        ctx.query.paymentSecret,
        ctx.query.customerReff,
      );
      await openEventStream(ctx.services.events, ctx.services.db, ctx.reply, {
        scope: subject,
        accepts: (type) => type === 'pay',
        replay: { subject },
        lastEventId: lastEventIdOf(ctx.req.headers['last-event-id']),
      });
      return undefined;
    },
    { ...PAYER, raw: true },
  ),
  defineRoute(calls.publicMethods, async () => ok(publicMethods()), PAYER),
  defineRoute(
    calls.publicGenerate,
    async (ctx) =>
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
    PAYER,
  ),
  defineRoute(
    calls.publicGenerateByEmail,
    async (ctx) =>
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
    PAYER,
  ),
];
