import type { Environment } from '@gerbang/shared';
import { formatWibDateTime } from '@gerbang/shared';
import {
  CALLBACK_DISABLE_STREAK_MS,
  type CallbackEndpoint,
} from '@gerbang/shared/contract/callbacks';
import { sql } from 'kysely';
import { notFound } from '../../http/errors';
import type { Services } from '../../http/services';
import type { UserActor } from '../../platform/actor';
import { raiseAlert } from '../../platform/alerts/raise';
import { userAuditEntry, writeAudit } from '../../platform/audit/audit';

/**
 * Endpoint health. An endpoint is one URL of one agent in one environment. Its
 * failure streak is every finished attempt to it since its last delivered attempt (or since the
 * user last re-enabled it). The endpoint is disabled when the streak lasted 24 hours, or covered
 * `config.callbackDisableEvents` events within 24 hours: rows due for it are then paused (not
 * attempted, not lost) until the user re-enables it, when they are all sent again at once.
 *
 * The disable is a claim (an insert or an update of a row still enabled), so two workers that
 * see the same streak raise one alert and one mail.
 */

export interface EndpointKey {
  agentId: number;
  environment: Environment;
  url: string;
}

export async function isEndpointDisabled(services: Services, key: EndpointKey): Promise<boolean> {
  const row = await services.db
    .selectFrom('callback_endpoints')
    .select('disabled_at')
    .where('agent_id', '=', key.agentId)
    .where('environment', '=', key.environment)
    .where('url', '=', key.url)
    .executeTakeFirst();
  return Boolean(row?.disabled_at);
}

interface Streak {
  firstFailure: Date | null;
  events: number;
}

/**
 * A pause longer than the longest retry delay (24 h) plus slack between two failed attempts ends
 * a streak: an endpoint that failed once on Monday and once on Wednesday did not fail for a day.
 */
const STREAK_GAP_S = CALLBACK_DISABLE_STREAK_MS / 1000 + 3_600;

/** The endpoint's current failure streak: its first failed attempt and its events in 24 h. */
async function failureStreak(services: Services, key: EndpointKey, now: Date): Promise<Streak> {
  const dayAgo = new Date(now.getTime() - CALLBACK_DISABLE_STREAK_MS).toISOString();
  const mine = sql`a.agent_id = ${key.agentId} and a.environment = ${key.environment}
    and a.url = ${key.url} and a.finished_at is not null`;
  const result = await sql<{ first_failure: Date | string | null; events: number | string }>`
    with since as (
      select greatest(
        (select max(a.started_at) from callback_attempts a where ${mine} and a.error_code is null),
        (select enabled_at from callback_endpoints
          where agent_id = ${key.agentId} and environment = ${key.environment} and url = ${key.url})
      ) as at
    ), fails as (
      select a.started_at, a.callback_id,
        lag(a.started_at) over (order by a.started_at, a.id) as previous
      from callback_attempts a, since s
      where ${mine} and a.error_code is not null and (s.at is null or a.started_at > s.at)
    ), streak as (
      select max(started_at) as at from fails
      where previous is null or started_at - previous > ${STREAK_GAP_S} * interval '1 second'
    )
    select (select at from streak) as first_failure,
      count(distinct f.callback_id) as events
    from fails f, streak k
    where f.started_at >= k.at and f.started_at >= ${dayAgo}::timestamptz`.execute(services.db);
  const row = result.rows[0];
  return {
    firstFailure: row?.first_failure ? new Date(row.first_failure) : null,
    events: Number(row?.events ?? 0),
  };
}

/** Checks of one endpoint in this process at most this often (a streak read scans a day). */
const CHECK_EVERY_MS = 60_000;
const lastChecks = new Map<string, number>();

function checkDue(key: EndpointKey, now: Date): boolean {
  const id = `${key.agentId}|${key.environment}|${key.url}`;
  const last = lastChecks.get(id);
  if (last !== undefined && now.getTime() - last < CHECK_EVERY_MS && now.getTime() >= last) {
    return false;
  }
  if (lastChecks.size > 10_000) lastChecks.clear();
  lastChecks.set(id, now.getTime());
  return true;
}

/**
 * After a failed attempt to `key`: disables the endpoint when its streak says so, with one alert
 * (mail to the agent, the console's list). True when this call disabled it.
 */
export async function checkEndpointHealth(services: Services, key: EndpointKey): Promise<boolean> {
  if (key.url === '') return false;
  const now = services.now();
  if (!checkDue(key, now)) return false;
  const streak = await failureStreak(services, key, now);
  if (!streak.firstFailure) return false;
  const lasted = now.getTime() - streak.firstFailure.getTime() >= CALLBACK_DISABLE_STREAK_MS;
  if (!lasted && streak.events < services.config.callbackDisableEvents) return false;
  const reason = lasted ? 'failing_24h' : 'failing_events';
  return services.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('callback_endpoints')
      .values({
        agent_id: key.agentId,
        environment: key.environment,
        url: key.url,
        disabled_at: now,
        disabled_reason: reason,
      })
      .onConflict((oc) =>
        oc
          .columns(['agent_id', 'environment', 'url'])
          .doUpdateSet({ disabled_at: now, disabled_reason: reason })
          .where('callback_endpoints.disabled_at', 'is', null),
      )
      .returning('url')
      .executeTakeFirst();
    if (!claimed) return false;
    await raiseAlert(trx, services.mail, now, {
      agentId: key.agentId,
      environment: key.environment,
      kind: 'endpoint_disabled',
      detail: {
        url: key.url,
        events: streak.events,
        since: formatWibDateTime(streak.firstFailure as Date),
      },
    });
    return true;
  });
}

/** The agent's disabled endpoints in the session's environment, with the rows waiting. */
export async function listDisabledEndpoints(
  services: Services,
  agentId: number,
  environment: Environment,
): Promise<CallbackEndpoint[]> {
  const rows = await services.db
    .selectFrom('callback_endpoints')
    .select(['url', 'disabled_at', 'disabled_reason'])
    .where('agent_id', '=', agentId)
    .where('environment', '=', environment)
    .where('disabled_at', 'is not', null)
    .orderBy('url')
    .limit(50)
    .execute();
  if (rows.length === 0) return [];
  const paused = await services.db
    .selectFrom('callbacks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('agent_id', '=', agentId)
    .where('environment', '=', environment)
    .where('paused', '=', true)
    .executeTakeFirst();
  return rows.map((r) => ({
    url: r.url,
    disabled_at: r.disabled_at ? new Date(r.disabled_at).toISOString() : null,
    disabled_reason: r.disabled_reason,
    paused: Number(paused?.n ?? 0),
  }));
}

/**
 * The user re-enables an endpoint: its streak starts again from now and every paused row of the
 * agent is due at once (a row whose own endpoint is still disabled pauses again at its claim).
 */
export async function enableEndpoint(
  services: Services,
  actor: UserActor,
  url: string,
): Promise<{ resumed: number }> {
  const { auth } = actor;
  const now = services.now();
  return services.db.transaction().execute(async (trx) => {
    const enabled = await trx
      .updateTable('callback_endpoints')
      .set({ disabled_at: null, disabled_reason: null, enabled_at: now })
      .where('agent_id', '=', auth.agent.id)
      .where('environment', '=', auth.environment)
      .where('url', '=', url)
      .where('disabled_at', 'is not', null)
      .returning('url')
      .executeTakeFirst();
    if (!enabled) throw notFound('callbacks.console.errors.endpoint');
    const resumed = await trx
      .updateTable('callbacks')
      .set({ paused: false, next_attempt_at: now })
      .where('agent_id', '=', auth.agent.id)
      .where('environment', '=', auth.environment)
      .where('paused', '=', true)
      .executeTakeFirst();
    await writeAudit(
      trx,
      userAuditEntry(actor, now, {
        action: 'callback_endpoint_enable',
        target: url.slice(0, 200),
        detail: { resumed: Number(resumed.numUpdatedRows) },
      }),
    );
    return { resumed: Number(resumed.numUpdatedRows) };
  });
}
