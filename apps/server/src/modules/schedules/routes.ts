/**
 * Scheduled payouts: list, create from a checked withdraw inquiry, a bulk
 * page's Check or a checked remittance inquiry, edit, pause,
 * resume, skip the next run, cancel. Handlers only translate.
 */
import { schedulesCalls } from '@gerbang/shared/contract/schedules-calls';
import { defineRoute, ok } from '../../http/route';
import { actorOf } from '../../platform/actor';
import { createBulkSchedule } from './bulk';
import { cancelSchedule, pauseSchedule, resumeSchedule, skipNext, updateSchedule } from './manage';
import { createRemittanceSchedule } from './remittance';
import { createSchedule, listSchedules } from './service';

export const schedulesRoutes = [
  defineRoute(schedulesCalls.list, async (ctx) =>
    ok(await listSchedules(ctx.services, actorOf(ctx))),
  ),
  defineRoute(schedulesCalls.create, async (ctx) =>
    ok(await createSchedule(ctx.services, actorOf(ctx), ctx.body), 'schedules.created'),
  ),
  defineRoute(
    schedulesCalls.createBulk,
    async (ctx) =>
      ok(await createBulkSchedule(ctx.services, actorOf(ctx), ctx.body), 'schedules.created'),
    // 20,000 rows of the bulk page's JSON, as its save allows.
    { bodyLimit: 16 * 1024 * 1024 },
  ),
  defineRoute(schedulesCalls.createRemittance, async (ctx) =>
    ok(await createRemittanceSchedule(ctx.services, actorOf(ctx), ctx.body), 'schedules.created'),
  ),
  defineRoute(schedulesCalls.update, async (ctx) =>
    ok(await updateSchedule(ctx.services, actorOf(ctx), ctx.body), 'schedules.updated'),
  ),
  defineRoute(schedulesCalls.pause, async (ctx) =>
    ok(await pauseSchedule(ctx.services, actorOf(ctx), ctx.body.id), 'schedules.paused'),
  ),
  defineRoute(schedulesCalls.resume, async (ctx) =>
    ok(await resumeSchedule(ctx.services, actorOf(ctx), ctx.body.id), 'schedules.resumed'),
  ),
  defineRoute(schedulesCalls.skip, async (ctx) =>
    ok(await skipNext(ctx.services, actorOf(ctx), ctx.body.id), 'schedules.skipped'),
  ),
  defineRoute(schedulesCalls.cancel, async (ctx) =>
    ok(await cancelSchedule(ctx.services, actorOf(ctx), ctx.body.id), 'schedules.cancelled'),
  ),
];
