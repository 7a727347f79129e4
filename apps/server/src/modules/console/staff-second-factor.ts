import { consoleFactorCalls } from '@gerbang/shared/contract/factor-calls';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { consoleCsrf } from '../../http/console-guard';
import { ApiError } from '../../http/errors';
import { defineRoute, ok, type RouteContext } from '../../http/route';
import { checkFactorCode } from '../../platform/factors/codes';
import { type FactorOwner, factorDeps } from '../../platform/factors/deps';
import { passkeyAuthenticationOptions, verifyPasskey } from '../../platform/factors/passkeys';
import { markFactorPassed } from '../../platform/factors/state';
import { renewStaffSession } from '../../platform/session/renew';
import type { StaffContext } from '../../platform/staff/staff-session';
import { codeRefusal, passkeyRefusal } from '../security/refusals';
import { auditConsole } from './audit';
import { staffView } from './staff-login';

type Ctx = RouteContext<unknown, unknown, unknown>;

function staffOf(ctx: Ctx): StaffContext {
  if (!ctx.staff) throw new ApiError('401', 'common.errors.session');
  return ctx.staff;
}

const ownerOf = (staff: StaffContext): FactorOwner => ({
  kind: 'staff',
  id: staff.staffId,
  sessionId: staff.sessionId,
  label: staff.email,
});

/** The staff session is full now: audited as the console login, answered as the login's answer. */
async function passed(ctx: Ctx, method: string) {
  const staff = staffOf(ctx);
  await markFactorPassed(factorDeps(ctx.services), ownerOf(staff));
  // The half session's token dies here: the full session gets a new one (session fixation).
  const { db, config } = ctx.services;
  const csrf = await renewStaffSession(db, ctx.reply, config.mode, staff.sessionId);
  await auditConsole(
    ctx.services.db,
    {
      staffId: staff.staffId,
      name: staff.nama,
      email: staff.email,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
    },
    { action: 'login', agentId: null, detail: { second_factor: method }, at: ctx.services.now() },
  );
  return ok({
    staff: staffView(staff),
    csrf: csrf ?? consoleCsrf(ctx.req, ctx.reply, ctx.services, true),
    second_factor: null,
  });
}

/**
 * The console login's second step (ADR 010), as the portal's
 * (`auth/second-factor.ts`) but on the staff session.
 */
export const staffSecondFactorRoutes = [
  defineRoute(consoleFactorCalls.secondFactor, async (ctx) => {
    const deps = factorDeps(ctx.services);
    const check = await checkFactorCode(deps, ownerOf(staffOf(ctx)), ctx.body.code, {
      recovery: true,
    });
    if (!check.ok) throw codeRefusal(check, deps.now());
    return passed(ctx, check.method);
  }),
  defineRoute(consoleFactorCalls.secondFactorPasskeyOptions, async (ctx) =>
    ok({
      ...(await passkeyAuthenticationOptions(
        factorDeps(ctx.services),
        ownerOf(staffOf(ctx)),
        'login',
      )),
    }),
  ),
  defineRoute(consoleFactorCalls.secondFactorPasskey, async (ctx) => {
    const result = await verifyPasskey(
      factorDeps(ctx.services),
      ownerOf(staffOf(ctx)),
      'login',
      ctx.body.response as unknown as AuthenticationResponseJSON,
    );
    if (!result.ok) throw passkeyRefusal(result.reason);
    return passed(ctx, 'passkey');
  }),
];
