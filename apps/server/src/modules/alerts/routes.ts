import type { ConsoleAlertRow } from '@gerbang/shared/contract/alerts';
import { alertCalls } from '@gerbang/shared/contract/alerts-calls';
import { defineRoute, ok, type RouteDefinition } from '../../http/route';
import { actorOf } from '../../platform/actor';
import { readLowBalance, saveLowBalance } from './low-balance';

/** How many alerts the console's list shows (newest first). */
const CONSOLE_ALERTS_MAX = 200;

function detailOf(raw: string): Record<string, string | number> {
  try {
    return JSON.parse(raw) as Record<string, string | number>;
  } catch {
    return {};
  }
}

/** The low-balance setting (session's environment) and the console's alert list. */
export const alertRoutes: RouteDefinition[] = [
  defineRoute(alertCalls.lowBalance, async ({ auth, services }) =>
    ok(await readLowBalance(services, auth.agent.id, auth.environment)),
  ),
  defineRoute(alertCalls.setLowBalance, async (ctx) =>
    ok(await saveLowBalance(ctx.services, actorOf(ctx), ctx.body), 'alerts.saved'),
  ),
  defineRoute(alertCalls.consoleAlerts, async ({ services }) => {
    const rows = await services.db
      .selectFrom('alerts as a')
      .innerJoin('agents as g', 'g.id', 'a.agent_id')
      .select([
        'a.id',
        'a.agent_id',
        'g.username',
        'a.environment',
        'a.kind',
        'a.detail',
        'a.created_at',
      ])
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(CONSOLE_ALERTS_MAX)
      .execute();
    return ok(
      rows.map(
        (r): ConsoleAlertRow => ({
          id: Number(r.id),
          agent_id: Number(r.agent_id),
          username: r.username,
          environment: r.environment,
          kind: r.kind as ConsoleAlertRow['kind'],
          detail: detailOf(r.detail),
          created_at: new Date(r.created_at).toISOString(),
        }),
      ),
    );
  }),
];
