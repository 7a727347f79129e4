import { NMID_IMAGES, NMID_STATUS } from '@gerbang/shared/contract/nmid';
import { z } from 'zod';
import { type ConsoleRule, consoleCsrf } from '../../http/console-guard';
import { notFound } from '../../http/errors';
import { defineRoute, ok, type RouteContext } from '../../http/route';
import { cookieOptions } from '../../platform/session/cookies';
import { type ConsoleAction, type ConsoleModule, staffMay } from '../../platform/staff/permissions';
import type { ConsoleReviewer } from '../../platform/staff/reviewer';
import { consoleCookieName } from '../../platform/staff/staff-session';
import { approveAdvance, listAdvanceRequests, rejectAdvance } from '../advance-funds/review';
import { approveNmid, listNmidRequests, readNmidImage, rejectNmid } from '../nmid/review';
import { auditConsole } from './audit';
import { demoState, setBankDowntime, setRate } from './demo';
import { failingCallbacks, merchantPage, searchMerchants, setMerchantAccess } from './merchants';
import { createNews, listAllNews, NEWS_CATEGORIES, publishNews, updateNews } from './news';
import {
  approveRegistration,
  listRegistrations,
  registrationDocument,
  rejectRegistration,
} from './registrations';
import { staffLogin, staffView } from './staff-login';

/** The staff member deciding, for the review functions (theirs and other areas'). */
function reviewerOf(
  ctx: Pick<RouteContext<unknown, unknown, unknown>, 'staff' | 'ip' | 'userAgent'>,
): ConsoleReviewer & { email: string } {
  const staff = ctx.staff;
  if (!staff) throw new Error('console route without a staff session');
  return {
    staffId: staff.staffId,
    name: staff.nama,
    email: staff.email,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  };
}

/**
 * A merchant's identity document or photo, shown inline and never cached. Personal data: every
 * staff view is audited, on the merchant's log too.
 */
async function sendDocument(
  ctx: Pick<
    RouteContext<unknown, unknown, unknown>,
    'staff' | 'ip' | 'userAgent' | 'services' | 'reply'
  >,
  doc: { agentId: number; target: string; kind: string; contentType: string; bytes: Buffer },
): Promise<undefined> {
  await auditConsole(ctx.services.db, reviewerOf(ctx), {
    action: 'document_view',
    agentId: doc.agentId,
    target: doc.target,
    detail: { kind: doc.kind },
    at: ctx.services.now(),
  });
  ctx.reply
    .header('content-type', doc.contentType)
    .header('cache-control', 'no-store')
    .header('content-disposition', 'inline')
    .send(doc.bytes);
  return undefined;
}

const idParams = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 53 - 1),
});
const reasonBody = z.object({
  reason: z
    .string({ error: 'console.errors.reason' })
    .trim()
    .min(1, { error: 'console.errors.reason' })
    .max(500, {
      error: 'console.errors.reason',
    }),
});
const newsBody = z.object({
  title: z
    .string({ error: 'console.errors.newsTitle' })
    .trim()
    .min(1, { error: 'console.errors.newsTitle' })
    .max(200, {
      error: 'console.errors.newsTitle',
    }),
  category_id: z.coerce
    .number()
    .refine((v) => (NEWS_CATEGORIES as readonly number[]).includes(v), {
      error: 'console.errors.newsCategory',
    })
    .transform((v) => v as (typeof NEWS_CATEGORIES)[number]),
  foto: z.string().max(2000).default(''),
  konten: z
    .string({ error: 'console.errors.newsBody' })
    .min(1, { error: 'console.errors.newsBody' })
    .max(100_000, {
      error: 'console.errors.newsBody',
    }),
});

const R = (
  module: ConsoleModule,
  action: ConsoleAction,
): { console: Exclude<ConsoleRule, 'anonymous'> } => ({
  console: { module, action },
});

/** The provider console's API (issue 17 §4): every route is a console rule (modules/console/guard.ts). */
export const consoleRoutes = [
  defineRoute({
    method: 'GET',
    url: '/console/auth/session',
    access: {
      public: true,
      reason: 'the console login page asks whether a staff session exists',
      console: 'anonymous',
    },
    handler: async (ctx) =>
      ok({
        staff: ctx.staff ? staffView(ctx.staff) : null,
        csrf: consoleCsrf(ctx.req, ctx.reply, ctx.services, ctx.staff !== null),
      }),
  }),
  defineRoute({
    method: 'POST',
    url: '/console/auth/login',
    access: { public: true, reason: 'staff log in to the console here', console: 'anonymous' },
    body: z.object({
      email: z.string().max(300).default(''),
      password: z.string().max(300).default(''),
      captcha: z.string().max(5000).default(''),
    }),
    handler: async (ctx) => ok(await staffLogin(ctx.services, ctx.reply, ctx, ctx.body)),
  }),
  defineRoute({
    method: 'POST',
    url: '/console/auth/logout',
    access: { console: 'staff' },
    body: z.object({}),
    handler: async (ctx) => {
      const staff = ctx.staff!;
      await ctx.services.db
        .updateTable('staff_sessions')
        .set({ revoked_at: ctx.services.now() })
        .where('id', '=', staff.sessionId)
        .execute();
      await auditConsole(ctx.services.db, reviewerOf(ctx), {
        action: 'logout',
        agentId: null,
        at: ctx.services.now(),
      });
      ctx.reply.clearCookie(
        consoleCookieName(ctx.services.config.mode),
        cookieOptions(ctx.services.config.mode),
      );
      return ok(null);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/console/queues',
    access: { console: 'staff' },
    handler: async (ctx) => {
      const db = ctx.services.db;
      const access = ctx.staff?.access ?? {};
      // A queue's count only for staff who may read that queue (null otherwise).
      const countOf = async (module: ConsoleModule, count: () => Promise<number>) =>
        staffMay(access, { module, action: 'READ' }) ? count() : null;
      const [registrations, advance, nmid, callbacks] = await Promise.all([
        countOf('console_registrations', async () =>
          Number(
            (
              await db
                .selectFrom('registrations')
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .where('status', '=', 'waiting')
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ),
        countOf(
          'console_advance',
          async () => (await listAdvanceRequests(ctx.services, { status: 0 })).length,
        ),
        countOf(
          'console_nmid',
          async () => (await listNmidRequests(ctx.services, { status: NMID_STATUS.new })).length,
        ),
        countOf('console_callbacks', async () => (await failingCallbacks(db)).length),
      ]);
      return ok({ registrations, advance, nmid, callbacks });
    },
  }),
  // Registrations and KYC
  defineRoute({
    method: 'GET',
    url: '/console/registrations',
    access: R('console_registrations', 'READ'),
    query: z.object({ status: z.enum(['draft', 'waiting', 'approved', 'rejected']).optional() }),
    handler: async (ctx) =>
      ok(await listRegistrations(ctx.services.db, { status: ctx.query.status })),
  }),
  defineRoute({
    method: 'GET',
    url: '/console/registrations/:id/documents/:kind',
    access: R('console_registrations', 'READ'),
    params: idParams.extend({ kind: z.enum(['ktp', 'npwp', 'akta']) }),
    raw: true,
    handler: async (ctx) => {
      const doc = await registrationDocument(ctx.services.db, ctx.params.id, ctx.params.kind);
      if (!doc) throw notFound('console.errors.registrationNotFound');
      return sendDocument(ctx, {
        agentId: Number(doc.agent_id),
        target: `registration:${ctx.params.id}`,
        kind: ctx.params.kind,
        contentType: doc.mime,
        bytes: Buffer.from(doc.bytes),
      });
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/console/registrations/:id/approve',
    access: R('console_registrations', 'UPDATE'),
    params: idParams,
    body: z.object({}),
    handler: async (ctx) =>
      ok(
        await approveRegistration(ctx.services, reviewerOf(ctx), { id: ctx.params.id }),
        'console.approved',
      ),
  }),
  defineRoute({
    method: 'POST',
    url: '/console/registrations/:id/reject',
    access: R('console_registrations', 'UPDATE'),
    params: idParams,
    body: reasonBody,
    handler: async (ctx) =>
      ok(
        await rejectRegistration(ctx.services, reviewerOf(ctx), {
          id: ctx.params.id,
          reason: ctx.body.reason,
        }),
        'console.rejected',
      ),
  }),
  // Advance funds (the review functions of modules/advance-funds)
  defineRoute({
    method: 'GET',
    url: '/console/advance',
    access: R('console_advance', 'READ'),
    query: z.object({ status: z.coerce.number().int().min(0).max(9).optional() }),
    handler: async (ctx) =>
      ok(await listAdvanceRequests(ctx.services, { status: ctx.query.status })),
  }),
  defineRoute({
    method: 'POST',
    url: '/console/advance/:id/approve',
    access: R('console_advance', 'UPDATE'),
    params: idParams,
    body: z.object({}),
    handler: async (ctx) =>
      ok(
        await approveAdvance(ctx.services, reviewerOf(ctx), { id: ctx.params.id }),
        'console.approved',
      ),
  }),
  defineRoute({
    method: 'POST',
    url: '/console/advance/:id/reject',
    access: R('console_advance', 'UPDATE'),
    params: idParams,
    body: reasonBody,
    handler: async (ctx) =>
      ok(
        await rejectAdvance(ctx.services, reviewerOf(ctx), {
          id: ctx.params.id,
          reason: ctx.body.reason,
        }),
        'console.rejected',
      ),
  }),
  // NMID requests (the review functions of modules/nmid)
  defineRoute({
    method: 'GET',
    url: '/console/nmid',
    access: R('console_nmid', 'READ'),
    query: z.object({ status: z.coerce.number().int().min(0).max(9).optional() }),
    handler: async (ctx) => ok(await listNmidRequests(ctx.services, { status: ctx.query.status })),
  }),
  defineRoute({
    method: 'GET',
    url: '/console/nmid/:id/images/:which',
    access: R('console_nmid', 'READ'),
    params: idParams.extend({ which: z.enum(NMID_IMAGES) }),
    raw: true,
    handler: async (ctx) => {
      const image = await readNmidImage(ctx.services, {
        requestId: ctx.params.id,
        which: ctx.params.which,
      });
      return sendDocument(ctx, {
        agentId: image.agentId,
        target: `nmid:${ctx.params.id}`,
        kind: ctx.params.which,
        contentType: image.contentType,
        bytes: image.bytes,
      });
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/console/nmid/:id/approve',
    access: R('console_nmid', 'UPDATE'),
    params: idParams,
    body: z.object({ nmid: z.string().max(40).default('') }),
    handler: async (ctx) =>
      ok(
        await approveNmid(ctx.services, reviewerOf(ctx), {
          id: ctx.params.id,
          nmid: ctx.body.nmid,
        }),
        'console.approved',
      ),
  }),
  defineRoute({
    method: 'POST',
    url: '/console/nmid/:id/reject',
    access: R('console_nmid', 'UPDATE'),
    params: idParams,
    body: reasonBody,
    handler: async (ctx) =>
      ok(
        await rejectNmid(ctx.services, reviewerOf(ctx), {
          id: ctx.params.id,
          reason: ctx.body.reason,
        }),
        'console.rejected',
      ),
  }),
  // Callbacks failing
  defineRoute({
    method: 'GET',
    url: '/console/callbacks/failing',
    access: R('console_callbacks', 'READ'),
    handler: async (ctx) => ok(await failingCallbacks(ctx.services.db)),
  }),
  // Merchants
  defineRoute({
    method: 'GET',
    url: '/console/merchants',
    access: R('console_merchants', 'READ'),
    query: z.object({ q: z.string().max(100).default('') }),
    handler: async (ctx) => ok(await searchMerchants(ctx.services.db, ctx.query.q)),
  }),
  defineRoute({
    method: 'GET',
    url: '/console/merchants/:id',
    access: R('console_merchants', 'READ'),
    params: idParams,
    handler: async (ctx) => ok(await merchantPage(ctx.services, ctx.params.id)),
  }),
  defineRoute({
    method: 'POST',
    url: '/console/merchants/:id/access',
    access: R('console_merchants', 'UPDATE'),
    params: idParams,
    body: z.object({ api: z.boolean().optional(), portal: z.boolean().optional() }),
    handler: async (ctx) =>
      ok(
        await setMerchantAccess(ctx.services, reviewerOf(ctx), {
          agentId: ctx.params.id,
          ...ctx.body,
        }),
        'console.saved',
      ),
  }),
  // News
  defineRoute({
    method: 'GET',
    url: '/console/news',
    access: R('console_content', 'READ'),
    handler: async (ctx) => ok(await listAllNews(ctx.services.db)),
  }),
  defineRoute({
    method: 'POST',
    url: '/console/news',
    access: R('console_content', 'UPDATE'),
    body: newsBody,
    handler: async (ctx) =>
      ok(await createNews(ctx.services, reviewerOf(ctx), ctx.body), 'console.saved'),
  }),
  defineRoute({
    method: 'POST',
    url: '/console/news/:id',
    access: R('console_content', 'UPDATE'),
    params: idParams,
    body: newsBody,
    handler: async (ctx) =>
      ok(await updateNews(ctx.services, reviewerOf(ctx), ctx.params.id, ctx.body), 'console.saved'),
  }),
  defineRoute({
    method: 'POST',
    url: '/console/news/:id/publish',
    access: R('console_content', 'UPDATE'),
    params: idParams,
    body: z.object({ published: z.boolean() }),
    handler: async (ctx) =>
      ok(
        await publishNews(ctx.services, reviewerOf(ctx), ctx.params.id, ctx.body.published),
        'console.saved',
      ),
  }),
];

/**
 * Demo mode only (never registered in production): the simulator's clock — the server's one
 * clock (docs/architecture.md "Time") — set or put back on real time, the simulated banks' nightly
 * downtime on or off, and the remittance selling rates, by staff with console_demo.
 */
export const consoleDemoRoutes = [
  defineRoute({
    method: 'GET',
    url: '/console/demo',
    access: R('console_demo', 'READ'),
    handler: async (ctx) => ok(await demoState(ctx.services)),
  }),
  defineRoute({
    method: 'POST',
    url: '/console/demo/downtime',
    access: R('console_demo', 'UPDATE'),
    body: z.object({ enabled: z.boolean({ error: 'common.errors.invalidInput' }) }),
    handler: async (ctx) =>
      ok(await setBankDowntime(ctx.services, reviewerOf(ctx), ctx.body.enabled), 'console.saved'),
  }),
  defineRoute({
    method: 'POST',
    url: '/console/demo/rates',
    access: R('console_demo', 'UPDATE'),
    body: z.object({
      currency: z
        .string({ error: 'console.errors.currency' })
        .max(3, { error: 'console.errors.currency' }),
      selling_rate: z.coerce
        .number({ error: 'console.errors.rate' })
        .int({ error: 'console.errors.rate' })
        .min(1, { error: 'console.errors.rate' })
        .max(1_000_000, { error: 'console.errors.rate' }),
    }),
    handler: async (ctx) =>
      ok(
        await setRate(ctx.services, reviewerOf(ctx), {
          currency: ctx.body.currency,
          sellingRate: ctx.body.selling_rate,
        }),
        'console.saved',
      ),
  }),
  defineRoute({
    method: 'POST',
    url: '/console/demo/clock',
    access: R('console_demo', 'UPDATE'),
    body: z.object({
      at: z.iso
        .datetime({ offset: true, error: 'console.errors.clock' })
        .refine(
          (v) => {
            const year = new Date(v).getUTCFullYear();
            return year >= 2000 && year <= 2100;
          },
          { error: 'console.errors.clock' },
        )
        .nullable(),
    }),
    handler: async (ctx) => {
      if (ctx.services.config.mode === 'production') throw notFound();
      if (ctx.body.at) ctx.services.clock.set(new Date(ctx.body.at));
      else ctx.services.clock.reset();
      const reviewer = reviewerOf(ctx);
      await auditConsole(ctx.services.db, reviewer, {
        action: 'demo_clock',
        agentId: null,
        detail: { at: ctx.body.at },
        at: ctx.services.now(),
      });
      return ok({ now: ctx.services.now().toISOString() }, 'console.saved');
    },
  }),
];
