import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { RC } from '@gerbang/shared';
import type { StatementFile } from '@gerbang/shared/contract/statements';
import { statementCalls } from '@gerbang/shared/contract/statements-calls';
import { ApiError, notFound } from '../../http/errors';
import { defineRoute, ok, type RouteContext, type RouteDefinition } from '../../http/route';
import { userAuditEntry } from '../../platform/audit/audit';
import { businessDay } from './business-day';
import { listDeliveries, saveDelivery, stopDelivery } from './deliveries';
import { requestStatement, type StatementFileRow } from './files';
import { PAGE_LINK_TTL_MS, statementDownloadUrl, verifyStatementToken } from './tokens';
import { EXTENSIONS } from './writers/types';

/** Balance statements (ADR 020): handlers translate; the work is in files.ts. */
type Ctx = RouteContext<unknown, unknown, unknown>;

const ownerOf = (ctx: Ctx) => ({
  agentId: ctx.auth.agent.id,
  environment: ctx.auth.environment,
  userId: ctx.auth.user.id,
});

function auditOf(ctx: Ctx) {
  const {
    action: _a,
    target: _t,
    detail: _d,
    ...audit
  } = userAuditEntry(ctx, ctx.services.now(), { action: '', target: '', detail: {} });
  return audit;
}

const CONTENT_TYPES = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  mt940: 'text/plain; charset=utf-8',
  camt053: 'application/xml',
} as const;

const day = businessDay;

function fileAnswer(ctx: Ctx, row: StatementFileRow): StatementFile {
  const ready =
    row.status === 3 &&
    row.file_name !== null &&
    existsSync(path.join(ctx.services.config.exportDir, path.basename(row.file_name)));
  return {
    id: Number(row.id),
    format: row.format,
    from: day(row.from_date),
    to: day(row.to_date),
    status: row.status,
    line_count: row.line_count,
    error: row.error,
    created_at: new Date(row.created_at).toISOString(),
    download: ready
      ? statementDownloadUrl(
          ctx.services,
          { id: Number(row.id), agentId: row.agent_id },
          PAGE_LINK_TTL_MS,
        )
      : null,
  };
}

const downloadRoute = defineRoute(
  statementCalls.download,
  async ({ query, services, reply }) => {
    const row = await services.db
      .selectFrom('statement_files')
      .selectAll()
      .where('id', '=', Number(query.id))
      .executeTakeFirst();
    const file = row && { id: Number(row.id), agentId: row.agent_id };
    if (
      !row ||
      !file ||
      !verifyStatementToken(services.config.sessionSecret, file, query.token, services.now())
    ) {
      throw new ApiError(RC.ACCESS_DENIED, 'statements.errors.linkInvalid');
    }
    if (row.status !== 3 || !row.file_name) throw notFound('statements.errors.notReady');
    // Only a plain file name is ever stored; basename keeps a bad row inside the directory.
    const stored = path.join(services.config.exportDir, path.basename(row.file_name));
    if (!existsSync(stored)) throw notFound('statements.errors.notReady');
    const name = `statement-${day(row.from_date)}_${day(row.to_date)}.${EXTENSIONS[row.format]}`;
    await reply
      .header('content-type', CONTENT_TYPES[row.format])
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .send(createReadStream(stored));
    return undefined;
  },
  { raw: true },
);

export const statementFileRoutes: RouteDefinition[] = [
  defineRoute(statementCalls.create, async (ctx) =>
    ok(await requestStatement(ctx.services, ownerOf(ctx), ctx.body, ctx.lang)),
  ),
  defineRoute(statementCalls.list, async (ctx) => {
    const rows = await ctx.services.db
      .selectFrom('statement_files')
      .selectAll()
      .where('agent_id', '=', ctx.auth.agent.id)
      .where('environment', '=', ctx.auth.environment)
      .where('user_id', '=', ctx.auth.user.id)
      .orderBy('id', 'desc')
      .limit(20)
      .execute();
    return ok(rows.map((row) => fileAnswer(ctx, row)));
  }),
  downloadRoute,
  defineRoute(statementCalls.deliveries, async (ctx) =>
    ok(await listDeliveries(ctx.services, ownerOf(ctx))),
  ),
  defineRoute(statementCalls.saveDelivery, async (ctx) =>
    ok(
      await saveDelivery(ctx.services, ownerOf(ctx), { ...ctx.body, lang: ctx.lang }, auditOf(ctx)),
    ),
  ),
  defineRoute(statementCalls.stopDelivery, async (ctx) =>
    ok(await stopDelivery(ctx.services, ownerOf(ctx), ctx.body.id, auditOf(ctx))),
  ),
];
