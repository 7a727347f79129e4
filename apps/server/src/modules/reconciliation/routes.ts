/**
 * The reconciliation calls: handlers only translate the request; parsing and
 * storing are in import.ts, matching in run.ts, the queue in queue.ts.
 */
import { RC, translate } from '@gerbang/shared';
import { type ReconCsvMapping, reconCsvMapping } from '@gerbang/shared/contract/reconciliation';
import { reconciliationCalls } from '@gerbang/shared/contract/reconciliation-calls';
import { ApiError, notFound, validationError } from '../../http/errors';
import { defineRoute, ok, type RouteContext } from '../../http/route';
import { userAuditEntry } from '../../platform/audit/audit';
import { XLSX_CONTENT_TYPE } from '../reports/xlsx';
import { breakdownCsv, settlementBreakdown } from './breakdown';
import { breakdownXlsx } from './breakdown-xlsx';
import { STATEMENT_LIMITS } from './formats/types';
import { importAnswer, importStatement } from './import';
import { bulkBreakdown, payoutBreakdown } from './payout-breakdown';
import {
  bulkBreakdownCsv,
  bulkBreakdownXlsx,
  payoutBreakdownCsv,
  payoutBreakdownXlsx,
} from './payout-breakdown-files';
import { type Decider, listResults, matchByHand, summary, unmatch, writeOff } from './queue';
import { lockScope, runMatcher } from './run';
import { simulatorStatement } from './simulator-statement';

function scopeOf(ctx: RouteContext<unknown, unknown, unknown>) {
  return { agentId: ctx.auth.agent.id, environment: ctx.auth.environment };
}

function deciderOf(ctx: RouteContext<unknown, unknown, unknown>): Decider {
  const now = ctx.services.now();
  const entry = userAuditEntry(ctx, now, { action: '', target: '', detail: {} });
  const { action: _a, target: _t, detail: _d, ...audit } = entry;
  return { ...scopeOf(ctx), userId: ctx.auth.user.id, now, audit };
}

async function savedMapping(
  ctx: RouteContext<unknown, unknown, unknown>,
  bankCode: string | undefined,
): Promise<ReconCsvMapping | null> {
  if (!bankCode) return null;
  const row = await ctx.services.db
    .selectFrom('recon_csv_mappings')
    .select('mapping')
    .where('agent_id', '=', ctx.auth.agent.id)
    .where('environment', '=', ctx.auth.environment)
    .where('bank_code', '=', bankCode)
    .executeTakeFirst();
  if (!row) throw validationError('recon.errors.noMapping');
  return reconCsvMapping.parse(row.mapping);
}

/** The upload whole (bounded): its hash is over every byte, and a refusal stores nothing. */
export async function uploadedFile(ctx: RouteContext<unknown, unknown, unknown>) {
  const file = await ctx.req.file({
    limits: { fileSize: STATEMENT_LIMITS.maxBytes, files: 1 },
    throwFileSizeLimit: false,
  });
  if (!file) throw validationError('recon.errors.noFile');
  const content = await file.toBuffer();
  if (file.file.truncated)
    throw new ApiError(RC.VALIDATION, 'recon.errors.tooLarge', {}, null, 413);
  return { name: file.filename, content };
}

const importRoute = defineRoute(
  reconciliationCalls.importStatement,
  async (ctx) => {
    const { account, format, bank_code } = ctx.query;
    if (format === 'csv' && !bank_code) throw validationError('recon.errors.noMapping');
    const mapping = format === 'csv' ? await savedMapping(ctx, bank_code) : null;
    const file = await uploadedFile(ctx);
    const now = ctx.services.now();
    const r = await importStatement(ctx.services.db, {
      ...scopeOf(ctx),
      userId: ctx.auth.user.id,
      account,
      format,
      fileName: file.name,
      content: file.content,
      mapping,
      now,
    });
    return ok(importAnswer(r));
  },
  { bodyLimit: STATEMENT_LIMITS.maxBytes + 64 * 1024 },
);

const settingsRoutes = [
  defineRoute(reconciliationCalls.settings, async (ctx) => {
    const s = await ctx.services.db
      .transaction()
      .execute((trx) => lockScope(trx, ctx.auth.agent.id, ctx.auth.environment));
    return ok({ tolerance_days: s.tolerance_days, late_after_days: s.late_after_days });
  }),
  defineRoute(reconciliationCalls.saveSettings, async (ctx) => {
    await ctx.services.db.transaction().execute(async (trx) => {
      await lockScope(trx, ctx.auth.agent.id, ctx.auth.environment);
      await trx
        .updateTable('recon_settings')
        .set(ctx.body)
        .where('agent_id', '=', ctx.auth.agent.id)
        .where('environment', '=', ctx.auth.environment)
        .execute();
    });
    return ok(ctx.body);
  }),
  defineRoute(reconciliationCalls.mappings, async (ctx) => {
    const rows = await ctx.services.db
      .selectFrom('recon_csv_mappings')
      .select('mapping')
      .where('agent_id', '=', ctx.auth.agent.id)
      .where('environment', '=', ctx.auth.environment)
      .orderBy('bank_code')
      .execute();
    return ok(rows.map((r) => reconCsvMapping.parse(r.mapping)));
  }),
  defineRoute(reconciliationCalls.saveMapping, async (ctx) => {
    const now = ctx.services.now();
    await ctx.services.db
      .insertInto('recon_csv_mappings')
      .values({
        agent_id: ctx.auth.agent.id,
        environment: ctx.auth.environment,
        bank_code: ctx.body.bank_code,
        mapping: JSON.stringify(ctx.body),
        updated_by: ctx.auth.user.id,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['agent_id', 'environment', 'bank_code']).doUpdateSet({
          mapping: JSON.stringify(ctx.body),
          updated_by: ctx.auth.user.id,
          updated_at: now,
        }),
      )
      .execute();
    return ok(ctx.body);
  }),
];

const queueRoutes = [
  defineRoute(reconciliationCalls.run, async (ctx) =>
    ok(
      await runMatcher(ctx.services.db, {
        ...scopeOf(ctx),
        account: ctx.body.account,
        now: ctx.services.now(),
      }),
    ),
  ),
  defineRoute(reconciliationCalls.results, async (ctx) =>
    ok(await listResults(ctx.services.db, scopeOf(ctx), ctx.query)),
  ),
  defineRoute(reconciliationCalls.summary, async (ctx) =>
    ok({ days: await summary(ctx.services.db, scopeOf(ctx), ctx.query) }),
  ),
  defineRoute(reconciliationCalls.match, async (ctx) => {
    const { line_result_id, item_result_id, note } = ctx.body;
    const ids = await matchByHand(ctx.services.db, deciderOf(ctx), {
      lineResultId: line_result_id,
      itemResultId: item_result_id,
      note,
    });
    return ok({ ids }, 'recon.matched');
  }),
  defineRoute(reconciliationCalls.unmatch, async (ctx) => {
    const ids = await unmatch(ctx.services.db, deciderOf(ctx), {
      resultId: ctx.body.result_id,
      note: ctx.body.note,
    });
    return ok({ ids }, 'recon.unmatched');
  }),
  defineRoute(reconciliationCalls.writeOff, async (ctx) => {
    const ids = await writeOff(ctx.services.db, deciderOf(ctx), {
      resultId: ctx.body.result_id,
      note: ctx.body.note,
    });
    return ok({ ids }, 'recon.writtenOff');
  }),
];

/** A breakdown file as a download the browser saves under the settlement's, payout's or group's name. */
async function sendFile(
  ctx: RouteContext<unknown, unknown, unknown>,
  name: string,
  type: string,
  body: string | Buffer,
) {
  await ctx.reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
  return undefined;
}

const CSV_TYPE = 'text/csv; charset=utf-8';

const breakdownRoutes = [
  defineRoute(reconciliationCalls.settlementBreakdown, async (ctx) =>
    ok(await settlementBreakdown(ctx.services.db, scopeOf(ctx), ctx.query.id)),
  ),
  defineRoute(
    reconciliationCalls.settlementBreakdownCsv,
    async (ctx) => {
      const b = await settlementBreakdown(ctx.services.db, scopeOf(ctx), ctx.query.id);
      return sendFile(ctx, `${b.settlement.reference}.csv`, CSV_TYPE, breakdownCsv(b));
    },
    { raw: true },
  ),
  defineRoute(
    reconciliationCalls.settlementBreakdownXlsx,
    async (ctx) => {
      const b = await settlementBreakdown(ctx.services.db, scopeOf(ctx), ctx.query.id);
      const body = await breakdownXlsx(b, (key, vars) => translate(ctx.lang, key, vars));
      return sendFile(ctx, `${b.settlement.reference}.xlsx`, XLSX_CONTENT_TYPE, body);
    },
    { raw: true },
  ),
];

const payoutBreakdownRoutes = [
  defineRoute(reconciliationCalls.payoutBreakdown, async (ctx) =>
    ok(await payoutBreakdown(ctx.services.db, scopeOf(ctx), ctx.query.id_transaksi)),
  ),
  defineRoute(
    reconciliationCalls.payoutBreakdownCsv,
    async (ctx) => {
      const b = await payoutBreakdown(ctx.services.db, scopeOf(ctx), ctx.query.id_transaksi);
      return sendFile(ctx, `${b.payout.id_transaksi}.csv`, CSV_TYPE, payoutBreakdownCsv(b));
    },
    { raw: true },
  ),
  defineRoute(
    reconciliationCalls.payoutBreakdownXlsx,
    async (ctx) => {
      const b = await payoutBreakdown(ctx.services.db, scopeOf(ctx), ctx.query.id_transaksi);
      const body = await payoutBreakdownXlsx(b, (key, vars) => translate(ctx.lang, key, vars));
      return sendFile(ctx, `${b.payout.id_transaksi}.xlsx`, XLSX_CONTENT_TYPE, body);
    },
    { raw: true },
  ),
  defineRoute(reconciliationCalls.bulkBreakdown, async (ctx) =>
    ok(await bulkBreakdown(ctx.services.db, scopeOf(ctx), ctx.query.id)),
  ),
  defineRoute(
    reconciliationCalls.bulkBreakdownCsv,
    async (ctx) => {
      const b = await bulkBreakdown(ctx.services.db, scopeOf(ctx), ctx.query.id);
      return sendFile(ctx, `BULK${b.group.id}.csv`, CSV_TYPE, bulkBreakdownCsv(b));
    },
    { raw: true },
  ),
  defineRoute(
    reconciliationCalls.bulkBreakdownXlsx,
    async (ctx) => {
      const b = await bulkBreakdown(ctx.services.db, scopeOf(ctx), ctx.query.id);
      const body = await bulkBreakdownXlsx(b, (key, vars) => translate(ctx.lang, key, vars));
      return sendFile(ctx, `BULK${b.group.id}.xlsx`, XLSX_CONTENT_TYPE, body);
    },
    { raw: true },
  ),
];

export const reconciliationRoutes = [
  importRoute,
  ...settingsRoutes,
  ...queueRoutes,
  ...breakdownRoutes,
  ...payoutBreakdownRoutes,
];

/** Demo and test mode only: the simulator bank's statement files. */
export const reconciliationSimulatorRoutes = [
  defineRoute(
    reconciliationCalls.simulatorStatement,
    async (ctx) => {
      if (ctx.services.config.mode === 'production') throw notFound();
      const file = await simulatorStatement(
        ctx.services.db,
        { ...scopeOf(ctx), account: ctx.query.account },
        { day: ctx.query.day, format: ctx.query.format, now: ctx.services.now() },
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
