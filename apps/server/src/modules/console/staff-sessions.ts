import { RC, type SessionItem } from '@gerbang/shared';
import { consoleSessionCalls } from '@gerbang/shared/contract/security-calls';
import { ApiError, notFound, refused } from '../../http/errors';
import { defineRoute, ok, type RouteContext } from '../../http/route';
import {
  type GuessRule,
  recordFailure,
  releaseTry,
  reserveTryWhenFree,
} from '../../platform/guess-budget';
import { deviceLabel, placeOf } from '../../platform/session/device';
import { recordReauth, requireReauth } from '../../platform/session/reauth';
import { STAFF_IDLE_MS, type StaffContext } from '../../platform/staff/staff-session';
import { verifyPassword } from '../auth/passwords';
import { auditConsole } from './audit';

/**
 * A staff member's own sessions (ADR 011), as the portal's sessions page: the list (device and
 * place read from the stored User-Agent and address), end one, end all others. Only the caller's
 * own rows: another staff member's session id is "not found". Ending sets `revoked_at`, read by
 * `loadStaffSession` on every request, so the ended session answers 401 at once on any process.
 */
type Ctx = RouteContext<unknown, unknown, unknown>;

function staffOf(ctx: Ctx): StaffContext {
  if (!ctx.staff) throw new ApiError('401', 'common.errors.session');
  return ctx.staff;
}

async function listStaffSessions(ctx: Ctx) {
  const staff = staffOf(ctx);
  const now = ctx.services.now();
  const rows = await ctx.services.db
    .selectFrom('staff_sessions')
    .select(['id', 'ip', 'user_agent', 'created_at', 'last_seen_at'])
    .where('staff_id', '=', staff.staffId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    // A session idle past the timeout is already over (loadStaffSession refuses it): not listed.
    .where('last_seen_at', '>=', new Date(now.getTime() - STAFF_IDLE_MS))
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  const items: SessionItem[] = rows.map((r) => ({
    id: Number(r.id),
    userId: staff.staffId,
    username: staff.email,
    name: staff.nama,
    current: Number(r.id) === staff.sessionId,
    device: deviceLabel(r.user_agent ?? ''),
    ip: r.ip ?? '',
    place: placeOf(r.ip ?? ''),
    createdAt: r.created_at.toISOString(),
    lastSeenAt: r.last_seen_at.toISOString(),
  }));
  return { items, idleMinutes: STAFF_IDLE_MS / 60_000 };
}

/** Wrong staff passwords at the re-entry: 5 in 15 minutes, counted before comparing. */
const STAFF_REAUTH_RULE: GuessRule = { scope: 'staff_reauth', limit: 5, windowMs: 15 * 60_000 };

const reviewer = (ctx: Ctx, staff: StaffContext) => ({
  staffId: staff.staffId,
  name: staff.nama,
  email: staff.email,
  ip: ctx.ip,
  userAgent: ctx.userAgent,
});

/**
 * The staff password re-entry (ADR 011, as the portal's `/auth/reauth`): a try is reserved before
 * the password is compared; a right one stamps `staff_sessions.reauth_at` for 5 minutes.
 */
async function staffReauth(ctx: Ctx, password: string): Promise<Date> {
  const staff = staffOf(ctx);
  const { db } = ctx.services;
  const tried = await reserveTryWhenFree(db, STAFF_REAUTH_RULE, staff.staffId, () =>
    ctx.services.now(),
  );
  if (!tried.ok) throw new ApiError(RC.THROTTLED, 'common.errors.tooManyRequests');
  const row = await db
    .selectFrom('staff_users')
    .select('password_hash')
    .where('id', '=', staff.staffId)
    .executeTakeFirstOrThrow();
  const now = ctx.services.now();
  const right = await verifyPassword(row.password_hash, password);
  if (right) await releaseTry(db, tried);
  else await recordFailure(db, tried, now);
  await auditConsole(db, reviewer(ctx, staff), {
    action: right ? 'reauth' : 'reauth_failure',
    agentId: null,
    at: now,
  });
  if (!right) throw refused('account.ownPasswordWrong');
  return recordReauth(db, staff.sessionId, now, 'staff_sessions');
}

/** Ends the caller's open sessions among `ids` (or all but the current one); answers how many. */
async function endStaffSessions(ctx: Ctx, which: { id: number } | 'others'): Promise<number> {
  const staff = staffOf(ctx);
  const now = ctx.services.now();
  // Ending another session needs the password again (ASVS 5.0 V7.5.2); one's own is a logout.
  if (which === 'others' || which.id !== staff.sessionId) requireReauth(staff, now);
  let query = ctx.services.db
    .updateTable('staff_sessions')
    .set({ revoked_at: now })
    .where('staff_id', '=', staff.staffId)
    .where('revoked_at', 'is', null);
  query =
    which === 'others'
      ? query.where('id', '!=', staff.sessionId)
      : query.where('id', '=', which.id);
  const ended = Number((await query.executeTakeFirst()).numUpdatedRows);
  await auditConsole(ctx.services.db, reviewer(ctx, staff), {
    action: which === 'others' ? 'session_end_others' : 'session_end',
    agentId: null,
    detail: which === 'others' ? { ended } : { session_id: which.id },
    at: now,
  });
  return ended;
}

export const staffSessionRoutes = [
  defineRoute(consoleSessionCalls.reauth, async (ctx) => {
    const validUntil = await staffReauth(ctx, ctx.body.password);
    return ok({ validUntil: validUntil.toISOString() }, 'sessions.reauth.done');
  }),
  defineRoute(consoleSessionCalls.sessions, async (ctx) => ok(await listStaffSessions(ctx))),
  defineRoute(consoleSessionCalls.endSession, async (ctx) => {
    const ended = await endStaffSessions(ctx, { id: ctx.body.id });
    if (ended === 0) throw notFound('sessions.notFound');
    return ok({ ended }, 'sessions.ended');
  }),
  defineRoute(consoleSessionCalls.endOtherSessions, async (ctx) =>
    ok({ ended: await endStaffSessions(ctx, 'others') }, 'sessions.endedOthers'),
  ),
];
