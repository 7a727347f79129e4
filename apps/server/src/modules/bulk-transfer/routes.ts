/**
 * The calls of the bulk transfer page (spec 02 §7: `transaction/checksum`, the bulk variant of
 * `transaction/cashout_inquiry` (in withdraw/routes.ts, shared route), `transaction/cashout_save`;
 * The CSV upload, the batch inquiry, the maker–checker calls). Every call needs the
 * page's rule (disbursement ADD, production, activated); deciding on a group needs disbursement
 * APPROVE. Handlers only translate.
 */
import { formatRupiah, type Language } from '@gerbang/shared';
import { BULK_TRANSFER_LIMITS } from '@gerbang/shared/contract/bulk-transfer';
import { bulkTransferCalls } from '@gerbang/shared/contract/bulk-transfer-calls';
import { validationError } from '../../http/errors';
import { defineRoute, ok } from '../../http/route';
import { actorOf } from '../../platform/actor';
import { requireOwnPassword } from '../account/own-password';
import { approvalRequired, decideGroup, groupSummary, saveGroup, waitingGroups } from './group';
import { inquireBulkBatch } from './inquiry';
import { isCsv, readBulkTransferCsv, rowProblemsError } from './parse';
import { issueToken } from './tokens';

/** 20,000 rows of the page's JSON (about 400 bytes a row) stay well below this. */
const ROWS_BODY_LIMIT = 16 * 1024 * 1024;

export const bulkTransferRoutes = [
  defineRoute(
    bulkTransferCalls.upload,
    async (ctx) => {
      const file = await ctx.req.file({
        limits: { fileSize: BULK_TRANSFER_LIMITS.maxFileBytes, files: 1 },
        throwFileSizeLimit: false,
      });
      if (!file) throw validationError('bulk.errors.noFile');
      if (!isCsv(file.filename, file.mimetype)) {
        file.file.resume();
        throw validationError('bulk.errors.fileType');
      }
      const read = await readBulkTransferCsv(file.file, () => file.file.truncated);
      if (read.problems.length > 0) throw rowProblemsError(read, ctx.lang as Language);
      return ok({ rows: read.rows, count: read.rows.length });
    },
    { bodyLimit: BULK_TRANSFER_LIMITS.maxFileBytes + 64 * 1024 },
  ),
  defineRoute(bulkTransferCalls.checksum, async (ctx) => {
    await requireOwnPassword(ctx, ctx.body.password, 'bulk_transfer');
    return ok(await issueToken(ctx.services, actorOf(ctx)));
  }),
  defineRoute(
    bulkTransferCalls.inquiryBatch,
    async (ctx) => ok(await inquireBulkBatch(ctx.services, actorOf(ctx), ctx.body)),
    { bodyLimit: ROWS_BODY_LIMIT },
  ),
  defineRoute(
    bulkTransferCalls.save,
    async (ctx) => {
      const saved = await saveGroup(ctx.services, actorOf(ctx), ctx.body);
      const vars = {
        group: ctx.body.group_name,
        count: saved.detail_count,
        total: formatRupiah(saved.total_amount),
      };
      return ok(
        saved,
        saved.status === 'WAITING_APPROVAL' ? 'bulk.savedWaiting' : 'bulk.saved',
        vars,
      );
    },
    { bodyLimit: ROWS_BODY_LIMIT },
  ),
  defineRoute(bulkTransferCalls.waiting, async (ctx) => {
    const actor = actorOf(ctx);
    return ok({
      groups: await waitingGroups(ctx.services, actor),
      rule: await approvalRequired(ctx.services.db, ctx.auth.agent.id, ctx.auth.environment),
    });
  }),
  defineRoute(bulkTransferCalls.group, async (ctx) =>
    ok(await groupSummary(ctx.services, actorOf(ctx), ctx.query.group_id)),
  ),
  defineRoute(bulkTransferCalls.approve, async (ctx) => {
    const done = await decideGroup(ctx.services, actorOf(ctx), ctx.body, 'approve');
    return ok(done, done.status === 'RUNNING' ? 'bulk.approved' : 'bulk.approvedLayer', {
      group: done.group_name,
    });
  }),
  defineRoute(bulkTransferCalls.reject, async (ctx) => {
    const done = await decideGroup(ctx.services, actorOf(ctx), ctx.body, 'reject');
    return ok(done, 'bulk.rejected', { group: done.group_name });
  }),
];
