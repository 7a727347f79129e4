/**
 * The calls of the bulk transfer page (spec 02 §7: `transaction/checksum`, the bulk variant of
 * `transaction/cashout_inquiry` (in withdraw/routes.ts, shared route), `transaction/cashout_save`;
 * issue 15: the CSV upload, the batch inquiry, the maker–checker calls). Every call needs the
 * page's rule (disbursement ADD, production, activated); deciding on a group needs disbursement
 * APPROVE. Handlers only translate.
 */
import { formatRupiah, type Language } from '@gerbang/shared';
import {
  BULK_TRANSFER_ACCESS,
  BULK_TRANSFER_LIMITS,
  BULK_TRANSFER_PATHS,
  bulkBatchInquiryRequest,
  bulkChecksumRequest,
  bulkDecisionRequest,
  bulkGroupQuery,
  bulkRuleRequest,
  bulkSaveRequest,
} from '@gerbang/shared/contract/bulk-transfer';
import { validationError } from '../../http/errors';
import { defineRoute, ok } from '../../http/route';
import { actorOf } from '../../platform/actor';
import { requireOwnPassword } from '../account/own-password';
import {
  approvalRequired,
  decideGroup,
  groupSummary,
  saveGroup,
  setApprovalRule,
  waitingGroups,
} from './group';
import { inquireBulkBatch } from './inquiry';
import { isCsv, readBulkTransferCsv, rowProblemsError } from './parse';
import { issueToken } from './tokens';

/** 20,000 rows of the page's JSON (about 400 bytes a row) stay well below this. */
const ROWS_BODY_LIMIT = 16 * 1024 * 1024;

export const bulkTransferRoutes = [
  defineRoute({
    method: 'POST',
    url: BULK_TRANSFER_PATHS.upload,
    access: BULK_TRANSFER_ACCESS.page,
    multipart: true,
    bodyLimit: BULK_TRANSFER_LIMITS.maxFileBytes + 64 * 1024,
    handler: async (ctx) => {
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
  }),
  defineRoute({
    method: 'POST',
    url: BULK_TRANSFER_PATHS.checksum,
    access: BULK_TRANSFER_ACCESS.page,
    body: bulkChecksumRequest,
    handler: async (ctx) => {
      await requireOwnPassword(ctx, ctx.body.password, 'bulk_transfer');
      return ok(await issueToken(ctx.services, actorOf(ctx)));
    },
  }),
  defineRoute({
    method: 'POST',
    url: BULK_TRANSFER_PATHS.inquiryBatch,
    access: BULK_TRANSFER_ACCESS.page,
    body: bulkBatchInquiryRequest,
    bodyLimit: ROWS_BODY_LIMIT,
    handler: async (ctx) => ok(await inquireBulkBatch(ctx.services, actorOf(ctx), ctx.body)),
  }),
  defineRoute({
    method: 'POST',
    url: BULK_TRANSFER_PATHS.save,
    access: BULK_TRANSFER_ACCESS.page,
    body: bulkSaveRequest,
    bodyLimit: ROWS_BODY_LIMIT,
    handler: async (ctx) => {
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
  }),
  defineRoute({
    method: 'GET',
    url: BULK_TRANSFER_PATHS.waiting,
    access: BULK_TRANSFER_ACCESS.page,
    handler: async (ctx) => {
      const actor = actorOf(ctx);
      return ok({
        groups: await waitingGroups(ctx.services, actor),
        rule: await approvalRequired(ctx.services.db, ctx.auth.agent.id, ctx.auth.environment),
      });
    },
  }),
  defineRoute({
    method: 'GET',
    url: BULK_TRANSFER_PATHS.group,
    access: BULK_TRANSFER_ACCESS.page,
    query: bulkGroupQuery,
    handler: async (ctx) => ok(await groupSummary(ctx.services, actorOf(ctx), ctx.query.group_id)),
  }),
  defineRoute({
    method: 'POST',
    url: BULK_TRANSFER_PATHS.approve,
    access: BULK_TRANSFER_ACCESS.approve,
    body: bulkDecisionRequest,
    handler: async (ctx) => {
      const done = await decideGroup(ctx.services, actorOf(ctx), ctx.body, 'approve');
      return ok(done, 'bulk.approved', { group: done.group_name });
    },
  }),
  defineRoute({
    method: 'POST',
    url: BULK_TRANSFER_PATHS.reject,
    access: BULK_TRANSFER_ACCESS.approve,
    body: bulkDecisionRequest,
    handler: async (ctx) => {
      const done = await decideGroup(ctx.services, actorOf(ctx), ctx.body, 'reject');
      return ok(done, 'bulk.rejected', { group: done.group_name });
    },
  }),
  defineRoute({
    method: 'POST',
    url: BULK_TRANSFER_PATHS.rule,
    access: BULK_TRANSFER_ACCESS.rule,
    body: bulkRuleRequest,
    handler: async (ctx) =>
      ok(await setApprovalRule(ctx.services, actorOf(ctx), ctx.body.enabled), 'bulk.ruleSaved'),
  }),
];
