import { DATA_PAGES, type DataPageDescriptor, isAllowed, RC } from '@gerbang/shared';
import { dataPageCalls } from '@gerbang/shared/contract/data-pages-calls';
import { rowActionCalls } from '@gerbang/shared/contract/row-action-calls';
import type { AuthContext } from '../../http/auth-context';
import { ApiError, accessDenied, notFound, refused } from '../../http/errors';
import { defineRoute, ok, type RouteDefinition } from '../../http/route';
import type { Services } from '../../http/services';
import { actorOf } from '../../platform/actor';
import { writeAudit } from '../../platform/audit/audit';
import { readDatabase } from '../../platform/read-replica';
import { retryCallback } from '../callbacks/retry';
import { runPage, sourceFor } from './engine';
import { decorateRows, requestExport } from './hooks';
import { planRequest } from './query';

export function scopeOf(auth: AuthContext, services: Services) {
  return {
    agentId: auth.agent.id,
    environment: auth.environment,
    userId: auth.user.id,
    now: services.now(),
  };
}

function pageRoute(page: DataPageDescriptor): RouteDefinition {
  // One route per page, each with the page's own rule (permission data_{path} READ and flags).
  return defineRoute(
    dataPageCalls.page[page.path],
    async ({ query, auth, services, lang, req }) => {
      const scope = { ...scopeOf(auth, services), lang };
      const plan = planRequest(page, query, scope.now);
      if (query.exportCsv === '1' || query.exportCsv === 'true') {
        if (!page.exportable) throw refused('data.errors.notExportable');
        // The exports area stores the checked query as a job (registered at the composition root).
        const job = await requestExport(services, auth, page, plan, lang);
        return ok(job, 'data.ui.exportCreated');
      }
      // Pages may lag a little: the replica when usable, the primary right after the reader wrote.
      const answer = await runPage(readDatabase(services, req), page, plan, scope);
      // Stored kinds and parameters in the reader's words (the statement's descriptions).
      sourceFor(page.path).render?.(answer.data, lang);
      // What another area adds to its page's rows (the export list's download links).
      answer.data = decorateRows(page.path, services, auth, answer.data);
      return ok(answer);
    },
  );
}

/**
 * Row actions that change something are GET calls in the spec (§7.1). A browser follows a
 * cross-site link with the session cookie (SameSite=Lax), so these require the header our client
 * always sends and a cross-site page cannot.
 */
function assertXhr(req: { headers: Record<string, unknown> }) {
  if (String(req.headers['x-requested-with'] ?? '').toLowerCase() !== 'xmlhttprequest') {
    throw new ApiError(RC.ACCESS_DENIED, 'common.errors.csrf');
  }
}

export const rowActionRoutes: RouteDefinition[] = [
  defineRoute(rowActionCalls.retryCallback, async (ctx) => {
    // Resending needs the monitor itself too: UPDATE without READ is not a way around a denial.
    if (!isAllowed(ctx.auth.access, 'data_callback', 'READ')) throw accessDenied();
    // The sender (modules/callbacks) makes the attempt; this call only queues it.
    const queued = await retryCallback(ctx.services, actorOf(ctx), Number(ctx.body.id_callback));
    return ok(queued, 'data.errors.callbackQueued');
  }),
  defineRoute(rowActionCalls.toggleFavourite, async ({ req, query, auth, services }) => {
    assertXhr(req);
    const row = await services.db
      .updateTable('favourite_accounts')
      .set((eb) => ({ is_active: eb.not(eb.ref('is_active')), updated_at: services.now() }))
      .where('id', '=', Number(query.id))
      .where('agent_id', '=', auth.agent.id)
      .where('environment', '=', auth.environment)
      .returning(['id', 'is_active'])
      .executeTakeFirst();
    if (!row) throw notFound('data.errors.favouriteNotFound');
    return ok(
      { id: row.id, is_active: row.is_active },
      row.is_active ? 'data.errors.favouriteActivated' : 'data.errors.favouriteDeactivated',
    );
  }),
  defineRoute(
    rowActionCalls.deleteTalangan,
    async ({ req, query, auth, services, ip, userAgent }) => {
      assertXhr(req);
      const id = Number(query.id);
      const deleted = await services.db
        .updateTable('dana_talangan_requests')
        .set({ deleted_at: services.now() })
        .where('id', '=', id)
        .where('agent_id', '=', auth.agent.id)
        .where('environment', '=', auth.environment)
        .where('deleted_at', 'is', null)
        .where('status', '=', 0)
        .returning('id')
        .executeTakeFirst();
      if (!deleted) {
        const exists = await services.db
          .selectFrom('dana_talangan_requests')
          .select('id')
          .where('id', '=', id)
          .where('agent_id', '=', auth.agent.id)
          .where('environment', '=', auth.environment)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        throw exists
          ? refused('data.errors.talanganNotDeletable')
          : notFound('data.errors.talanganNotFound');
      }
      await writeAudit(services.db, {
        at: services.now(),
        agentId: auth.agent.id,
        userId: auth.user.id,
        username: auth.user.username,
        action: 'dana_talangan_delete',
        target: String(id),
        ip,
        userAgent,
        environment: auth.environment,
      });
      return ok({ id }, 'data.errors.talanganDeleted');
    },
  ),
];

/** Every data page's route (generated from the descriptors) plus the row actions' calls. */
export const dataPageRoutes: RouteDefinition[] = [
  ...Object.values(DATA_PAGES).map(pageRoute),
  ...rowActionRoutes,
];
