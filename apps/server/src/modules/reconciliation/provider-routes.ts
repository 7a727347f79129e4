/**
 * The provider's own reconciliation in the console (ADR 023): the merchant engine (import.ts,
 * run.ts, queue.ts) over the provider's scope — statements with no agent, matched against the
 * ledger items of every merchant of the environment. Staff sessions only (console rules); a
 * decision is audited as the staff member's (`console_recon_*`), on no merchant's log: the
 * provider's statements are not a merchant's business.
 */

import type { Environment } from '@gerbang/shared';
import {
  consoleReconCalls,
  consoleReconSimulatorCalls,
} from '@gerbang/shared/contract/console-recon-calls';
import { notFound } from '../../http/errors';
import { defineRoute, ok, type RouteContext } from '../../http/route';
import { STATEMENT_LIMITS } from './formats/types';
import { importAnswer, importStatement } from './import';
import { type Decider, listResults, matchByHand, summary, unmatch, writeOff } from './queue';
import { uploadedFile } from './routes';
import { lockScope, runMatcher } from './run';
import type { ReconScope } from './scope';
import { simulatorStatement } from './simulator-statement';

type Ctx = RouteContext<unknown, unknown, unknown>;

const providerScope = (environment: Environment): ReconScope => ({ agentId: null, environment });

function staffOf(ctx: Ctx) {
  if (!ctx.staff) throw new Error('console route without a staff session');
  return ctx.staff;
}

function deciderOf(ctx: Ctx, environment: Environment): Decider {
  const staff = staffOf(ctx);
  return {
    ...providerScope(environment),
    userId: null,
    now: ctx.services.now(),
    audit: {
      at: ctx.services.now(),
      agentId: null,
      userId: null,
      username: `console:${staff.email}`,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      environment,
    },
    auditAs: { prefix: 'console_', detail: { staffId: staff.staffId } },
  };
}

const importRoute = defineRoute(
  consoleReconCalls.importStatement,
  async (ctx) => {
    const { account, format, environment } = ctx.query;
    const file = await uploadedFile(ctx);
    const r = await importStatement(ctx.services.db, {
      ...providerScope(environment),
      userId: null,
      account,
      format,
      fileName: file.name,
      content: file.content,
      mapping: null,
      now: ctx.services.now(),
    });
    return ok(importAnswer(r));
  },
  { bodyLimit: STATEMENT_LIMITS.maxBytes + 64 * 1024 },
);

const settingsRoutes = [
  defineRoute(consoleReconCalls.settings, async (ctx) => {
    const s = await ctx.services.db
      .transaction()
      .execute((trx) => lockScope(trx, null, ctx.query.environment));
    return ok({ tolerance_days: s.tolerance_days, late_after_days: s.late_after_days });
  }),
  defineRoute(consoleReconCalls.saveSettings, async (ctx) => {
    const { environment, ...settings } = ctx.body;
    await ctx.services.db.transaction().execute(async (trx) => {
      await lockScope(trx, null, environment);
      await trx
        .updateTable('recon_provider_settings')
        .set(settings)
        .where('environment', '=', environment)
        .execute();
    });
    return ok(settings, 'console.saved');
  }),
];

const queueRoutes = [
  defineRoute(consoleReconCalls.run, async (ctx) =>
    ok(
      await runMatcher(ctx.services.db, {
        ...providerScope(ctx.body.environment),
        account: ctx.body.account,
        now: ctx.services.now(),
      }),
    ),
  ),
  defineRoute(consoleReconCalls.results, async (ctx) => {
    const { environment, ...filter } = ctx.query;
    return ok(await listResults(ctx.services.db, providerScope(environment), filter));
  }),
  defineRoute(consoleReconCalls.summary, async (ctx) => {
    const { environment, ...filter } = ctx.query;
    return ok({ days: await summary(ctx.services.db, providerScope(environment), filter) });
  }),
  defineRoute(consoleReconCalls.match, async (ctx) => {
    const { line_result_id, item_result_id, note, environment } = ctx.body;
    const ids = await matchByHand(ctx.services.db, deciderOf(ctx, environment), {
      lineResultId: line_result_id,
      itemResultId: item_result_id,
      note,
    });
    return ok({ ids }, 'recon.matched');
  }),
  defineRoute(consoleReconCalls.unmatch, async (ctx) => {
    const { result_id, note, environment } = ctx.body;
    const ids = await unmatch(ctx.services.db, deciderOf(ctx, environment), {
      resultId: result_id,
      note,
    });
    return ok({ ids }, 'recon.unmatched');
  }),
  defineRoute(consoleReconCalls.writeOff, async (ctx) => {
    const { result_id, note, environment } = ctx.body;
    const ids = await writeOff(ctx.services.db, deciderOf(ctx, environment), {
      resultId: result_id,
      note,
    });
    return ok({ ids }, 'recon.writtenOff');
  }),
];

export const providerReconciliationRoutes = [importRoute, ...settingsRoutes, ...queueRoutes];

/** Demo and test mode only: the simulator bank's statements of the provider's accounts. */
export const providerReconciliationSimulatorRoutes = [
  defineRoute(
    consoleReconSimulatorCalls.simulatorStatement,
    async (ctx) => {
      if (ctx.services.config.mode === 'production') throw notFound();
      const { environment, account, day, format } = ctx.query;
      const file = await simulatorStatement(
        ctx.services.db,
        { ...providerScope(environment), account },
        { day, format, now: ctx.services.now() },
      );
      await ctx.reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body);
      return undefined;
    },
    { raw: true },
  ),
];
