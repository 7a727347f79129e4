/**
 * The calls of the bulk VA page (spec 03 §2.8, §7.1 `data/list_va`, §7.6; spec 02 §7
 * `transaction/store_va_bulk`). Every call needs BULK_VA_ACCESS.create — CREATE on
 * bulk_virtual_account, API enabled, a main account — the rule the page guard and the menu use.
 * Handlers only translate the request: parsing is in parse.ts, saving in store.ts.
 */

import type { Language } from '@gerbang/shared';
import { BULK_VA_LIMITS, vaBankList } from '@gerbang/shared/contract/bulk-va';
import { bulkVaCalls } from '@gerbang/shared/contract/bulk-va-calls';
import { validationError } from '../../http/errors';
import { defineRoute, ok, type RouteContext } from '../../http/route';
import { requireOwnPassword } from '../account/own-password';
import { requireTransactionPin } from '../credentials/transaction-pin';
import { fileKind, readBulkVaFile } from './parse';
import { checkBulkVaRows, storeVaBulk } from './store';

/** A JSON body of 10,000 rows of up to 255-character fields stays well below this. */
const STORE_BODY_LIMIT = 24 * 1024 * 1024;

function actorOf(ctx: RouteContext<unknown, unknown, unknown>) {
  const { auth } = ctx;
  return {
    agentId: auth.agent.id,
    userId: auth.user.id,
    username: auth.user.username,
    environment: auth.environment,
    merchantName: auth.agent.nama_agen,
    language: ctx.lang as Language,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  };
}

async function deliverAll(ctx: RouteContext<unknown, unknown, unknown>): Promise<void> {
  while ((await ctx.services.mail.deliverQueued()) > 0) {
    // Next batch of 500.
  }
}

export const bulkVaRoutes = [
  // Open and close VAs are issued by the same banks; bank 523 (QRIS) is never listed.
  defineRoute(bulkVaCalls.listVa, async () => ok(vaBankList())),
  defineRoute(
    bulkVaCalls.upload,
    async (ctx) => {
      const file = await ctx.req.file({
        limits: { fileSize: BULK_VA_LIMITS.maxFileBytes, files: 1 },
        throwFileSizeLimit: false,
      });
      if (!file) throw validationError('bulkva.errors.noFile');
      const kind = fileKind(file.filename, file.mimetype);
      if (!kind) {
        file.file.resume();
        throw validationError('bulkva.errors.fileType');
      }
      const rows = await readBulkVaFile(
        kind,
        file.file,
        ctx.services.now(),
        () => file.file.truncated,
      );
      return ok({ rows });
    },
    { bodyLimit: BULK_VA_LIMITS.maxFileBytes + 64 * 1024 },
  ),
  defineRoute(
    bulkVaCalls.check,
    async (ctx) => {
      checkBulkVaRows(ctx.body.data, ctx.services.now());
      await requireOwnPassword(ctx, ctx.body.password, 'bulk_va');
      return ok({ count: ctx.body.data.length });
    },
    { bodyLimit: STORE_BODY_LIMIT },
  ),
  defineRoute(
    bulkVaCalls.store,
    async (ctx) => {
      const { body } = ctx;
      checkBulkVaRows(body.data, ctx.services.now());
      await requireOwnPassword(ctx, body.password, 'bulk_va');
      await requireTransactionPin(ctx, body.pin, 'bulk_va');
      const result = await storeVaBulk(ctx.services, actorOf(ctx), {
        groupName: body.groupName,
        groupDesc: body.groupDesc,
        rows: body.data,
      });
      // Without SMTP the outbox is the mailbox; with it, send what was queued after the commit.
      void deliverAll(ctx).catch((err) => {
        ctx.req.log.error({ err }, 'bulk VA mail delivery failed');
      });
      return ok(result, 'bulkva.saved', { count: result.created, group: body.groupName });
    },
    { bodyLimit: STORE_BODY_LIMIT },
  ),
];
