import { consoleCalls, consoleDemoCalls } from '@gerbang/shared/contract/console-calls';
import { NMID_IMAGES, NMID_STATUS } from '@gerbang/shared/contract/nmid';
import { z } from 'zod';
import { consoleCsrf } from '../../http/console-guard';
import { notFound } from '../../http/errors';
import { defineRoute, ok, type RouteContext } from '../../http/route';
import { cookieOptions } from '../../platform/session/cookies';
import { type ConsoleModule, staffMay } from '../../platform/staff/permissions';
import type { ConsoleReviewer } from '../../platform/staff/reviewer';
import { consoleCookieName } from '../../platform/staff/staff-session';
import {
  type AdvanceRequestView,
  approveAdvance,
  listAdvanceRequests,
  rejectAdvance,
} from '../advance-funds/review';
import {
  approveNmid,
  listNmidRequests,
  type NmidRequestView,
  readNmidImage,
  rejectNmid,
} from '../nmid/review';
import { auditConsole } from './audit';
import { demoState, setBankDowntime, setRate } from './demo';
import {
  endMerchantSessions,
  failingCallbacks,
  merchantPage,
  searchMerchants,
  setMerchantAccess,
} from './merchants';
import { createNews, listAllNews, publishNews, updateNews } from './news';
import {
  approveRegistration,
  listRegistrations,
  registrationDocument,
  rejectRegistration,
} from './registrations';
import { staffLogin, staffSecondFactor, staffView } from './staff-login';
import { staffSecondFactorRoutes } from './staff-second-factor';
import { staffSessionRoutes } from './staff-sessions';

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

/** JSON sends a Date as its ISO string: the answers say so. */
const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** The review views of other areas, with their instants as the JSON sends them. */
const advanceRow = (v: AdvanceRequestView) => ({
  ...v,
  createdAt: iso(v.createdAt),
  decidedAt: isoOrNull(v.decidedAt),
});
const nmidRow = (v: NmidRequestView) => ({
  ...v,
  createdAt: iso(v.createdAt),
  decidedAt: isoOrNull(v.decidedAt),
});

const id = { params: idParams };

/** The provider console's API: every route is a console rule (http/console-guard.ts). */
export const consoleRoutes = [
  ...staffSecondFactorRoutes,
  ...staffSessionRoutes,
  defineRoute(consoleCalls.session, async (ctx) =>
    ok({
      staff: ctx.staff ? staffView(ctx.staff) : null,
      csrf: consoleCsrf(ctx.req, ctx.reply, ctx.services, ctx.staff !== null),
      second_factor: ctx.staff ? await staffSecondFactor(ctx.services, ctx.staff) : null,
    }),
  ),
  defineRoute(consoleCalls.login, async (ctx) =>
    ok(await staffLogin(ctx.services, ctx.reply, ctx, ctx.body)),
  ),
  defineRoute(consoleCalls.logout, async (ctx) => {
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
  }),
  defineRoute(consoleCalls.queues, async (ctx) => {
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
  }),
  // Registrations and KYC
  defineRoute(consoleCalls.registrations, async (ctx) =>
    ok(await listRegistrations(ctx.services.db, { status: ctx.query.status })),
  ),
  defineRoute(
    consoleCalls.registrationDocument,
    async (ctx) => {
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
    { raw: true, params: idParams.extend({ kind: z.enum(['ktp', 'npwp', 'akta']) }) },
  ),
  defineRoute(
    consoleCalls.approveRegistration,
    async (ctx) =>
      ok(
        await approveRegistration(ctx.services, reviewerOf(ctx), { id: ctx.params.id }),
        'console.approved',
      ),
    id,
  ),
  defineRoute(
    consoleCalls.rejectRegistration,
    async (ctx) =>
      ok(
        await rejectRegistration(ctx.services, reviewerOf(ctx), {
          id: ctx.params.id,
          reason: ctx.body.reason,
        }),
        'console.rejected',
      ),
    id,
  ),
  // Advance funds (the review functions of modules/advance-funds)
  defineRoute(consoleCalls.advance, async (ctx) =>
    ok((await listAdvanceRequests(ctx.services, { status: ctx.query.status })).map(advanceRow)),
  ),
  defineRoute(
    consoleCalls.approveAdvance,
    async (ctx) =>
      ok(
        advanceRow(await approveAdvance(ctx.services, reviewerOf(ctx), { id: ctx.params.id })),
        'console.approved',
      ),
    id,
  ),
  defineRoute(
    consoleCalls.rejectAdvance,
    async (ctx) =>
      ok(
        advanceRow(
          await rejectAdvance(ctx.services, reviewerOf(ctx), {
            id: ctx.params.id,
            reason: ctx.body.reason,
          }),
        ),
        'console.rejected',
      ),
    id,
  ),
  // NMID requests (the review functions of modules/nmid)
  defineRoute(consoleCalls.nmid, async (ctx) =>
    ok((await listNmidRequests(ctx.services, { status: ctx.query.status })).map(nmidRow)),
  ),
  defineRoute(
    consoleCalls.nmidImage,
    async (ctx) => {
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
    { raw: true, params: idParams.extend({ which: z.enum(NMID_IMAGES) }) },
  ),
  defineRoute(
    consoleCalls.approveNmid,
    async (ctx) =>
      ok(
        nmidRow(
          await approveNmid(ctx.services, reviewerOf(ctx), {
            id: ctx.params.id,
            nmid: ctx.body.nmid,
          }),
        ),
        'console.approved',
      ),
    id,
  ),
  defineRoute(
    consoleCalls.rejectNmid,
    async (ctx) =>
      ok(
        nmidRow(
          await rejectNmid(ctx.services, reviewerOf(ctx), {
            id: ctx.params.id,
            reason: ctx.body.reason,
          }),
        ),
        'console.rejected',
      ),
    id,
  ),
  // Callbacks failing
  defineRoute(consoleCalls.failingCallbacks, async (ctx) =>
    ok(await failingCallbacks(ctx.services.db)),
  ),
  // Merchants
  defineRoute(consoleCalls.merchants, async (ctx) =>
    ok(await searchMerchants(ctx.services.db, ctx.query.q)),
  ),
  defineRoute(
    consoleCalls.merchant,
    async (ctx) => ok(await merchantPage(ctx.services, ctx.params.id)),
    id,
  ),
  defineRoute(
    consoleCalls.merchantAccess,
    async (ctx) =>
      ok(
        await setMerchantAccess(ctx.services, reviewerOf(ctx), {
          agentId: ctx.params.id,
          ...ctx.body,
        }),
        'console.saved',
      ),
    id,
  ),
  defineRoute(
    consoleCalls.endMerchantSessions,
    async (ctx) =>
      ok(
        {
          ended: await endMerchantSessions(ctx.services, reviewerOf(ctx), {
            agentId: ctx.params.id,
            reason: ctx.body.reason,
          }),
        },
        'console.sessionsEnded',
      ),
    id,
  ),
  // News
  defineRoute(consoleCalls.news, async (ctx) => ok(await listAllNews(ctx.services.db))),
  defineRoute(consoleCalls.createNews, async (ctx) =>
    ok(await createNews(ctx.services, reviewerOf(ctx), ctx.body), 'console.saved'),
  ),
  defineRoute(
    consoleCalls.updateNews,
    async (ctx) =>
      ok(await updateNews(ctx.services, reviewerOf(ctx), ctx.params.id, ctx.body), 'console.saved'),
    id,
  ),
  defineRoute(
    consoleCalls.publishNews,
    async (ctx) =>
      ok(
        await publishNews(ctx.services, reviewerOf(ctx), ctx.params.id, ctx.body.published),
        'console.saved',
      ),
    id,
  ),
];

/**
 * Demo mode only (never registered in production): the simulator's clock — the server's one
 * clock (docs/architecture.md "Time") — set or put back on real time, the simulated banks' nightly
 * downtime on or off, and the remittance selling rates, by staff with console_demo.
 */
export const consoleDemoRoutes = [
  defineRoute(consoleDemoCalls.state, async (ctx) => ok(await demoState(ctx.services))),
  defineRoute(consoleDemoCalls.downtime, async (ctx) =>
    ok(await setBankDowntime(ctx.services, reviewerOf(ctx), ctx.body.enabled), 'console.saved'),
  ),
  defineRoute(consoleDemoCalls.rates, async (ctx) =>
    ok(
      await setRate(ctx.services, reviewerOf(ctx), {
        currency: ctx.body.currency,
        sellingRate: ctx.body.selling_rate,
      }),
      'console.saved',
    ),
  ),
  defineRoute(consoleDemoCalls.clock, async (ctx) => {
    if (ctx.services.config.mode === 'production') throw notFound();
    if (ctx.body.at) ctx.services.clock.set(new Date(ctx.body.at));
    else ctx.services.clock.reset();
    await auditConsole(ctx.services.db, reviewerOf(ctx), {
      action: 'demo_clock',
      agentId: null,
      detail: { at: ctx.body.at },
      at: ctx.services.now(),
    });
    return ok({ now: ctx.services.now().toISOString() }, 'console.saved');
  }),
];
