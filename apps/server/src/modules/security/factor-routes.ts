import type { FactorCalls } from '@gerbang/shared/contract/factor-calls';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { ApiError, notFound, refused } from '../../http/errors';
import { defineRoute, ok, type RouteContext, type RouteDefinition } from '../../http/route';
import type { Services } from '../../http/services';
import { writeAudit } from '../../platform/audit/audit';
import { checkFactorCode } from '../../platform/factors/codes';
import { type FactorOwner, factorDeps } from '../../platform/factors/deps';
import {
  passkeyAuthenticationOptions,
  passkeyRegistrationOptions,
  registerPasskey,
  verifyPasskey,
} from '../../platform/factors/passkeys';
import { recoveryCodesLeft, regenerateRecoveryCodes } from '../../platform/factors/recovery';
import { listFactors, markFactorPassed, removeFactor } from '../../platform/factors/state';
import { startTotp } from '../../platform/factors/totp';
import { loadQRCode } from '../../platform/lazy-libs';
import { requireReauth } from '../../platform/session/reauth';
import { renewPortalSession, renewStaffSession } from '../../platform/session/renew';
import { codeRefusal, passkeyRefusal } from './refusals';

type Ctx = RouteContext<unknown, unknown, unknown>;

/** Who the factors belong to on one side (a portal user, a staff member) and how it is audited. */
export interface FactorSide {
  owner: (ctx: Ctx) => FactorOwner;
  audit: (ctx: Ctx, action: string, detail?: Record<string, unknown>) => Promise<void>;
  /**
   * Before a factor is enrolled or removed: a fresh re-authentication (ASVS 5.0 V7.5.1). A half
   * session that must enrol is exempt: its password was typed for this very login, and it can
   * do nothing but enrol.
   */
  reauth: (ctx: Ctx) => void;
  /** A half session that just enrolled is full now: its token is renewed (ASVS 5.0 V7.2.4). */
  renewIfHalf: (ctx: Ctx) => Promise<void>;
}

export const portalSide: FactorSide = {
  owner: ({ auth }) => ({
    kind: 'user',
    id: auth.user.id,
    sessionId: auth.sessionId,
    label: auth.user.username,
  }),
  audit: ({ services, auth, ip, userAgent }, action, detail = {}) =>
    writeAudit(services.db, {
      at: services.now(),
      agentId: auth.agent.id,
      userId: auth.user.id,
      username: auth.user.username,
      action,
      detail,
      ip,
      userAgent,
    }),
  reauth: ({ services, auth }) => {
    if (auth.factorState !== 'enrol') requireReauth(auth, services.now());
  },
  renewIfHalf: async ({ services, auth, reply }) => {
    if (auth.factorState === null) return;
    await renewPortalSession(services.db, reply, services.config.mode, auth.sessionId);
  },
};

export const staffSide: FactorSide = {
  owner: ({ staff }) => {
    if (!staff) throw new ApiError('401', 'common.errors.session');
    return { kind: 'staff', id: staff.staffId, sessionId: staff.sessionId, label: staff.email };
  },
  audit: ({ services, staff, ip, userAgent }, action, detail = {}) =>
    writeAudit(services.db, {
      at: services.now(),
      agentId: null,
      userId: null,
      username: `console:${staff?.email ?? ''}`,
      action: `console_${action}`,
      detail: { staffId: staff?.staffId, ...detail },
      ip,
      userAgent,
    }),
  reauth: ({ services, staff }) => {
    if (!staff) throw new ApiError('401', 'common.errors.session');
    if (staff.factorState !== 'enrol') requireReauth(staff, services.now());
  },
  renewIfHalf: async ({ services, staff, reply }) => {
    if (!staff || staff.factorState === null) return;
    await renewStaffSession(services.db, reply, services.config.mode, staff.sessionId);
  },
};

/**
 * After a factor is enrolled: the first one brings ten recovery codes (answered once), and a
 * session that had to enrol becomes full.
 */
async function afterEnrol(services: Services, side: FactorSide, ctx: Ctx, kind: string) {
  const deps = factorDeps(services);
  const owner = side.owner(ctx);
  const first = (await recoveryCodesLeft(deps, owner)) === 0;
  const codes = first ? await regenerateRecoveryCodes(deps, owner) : null;
  await markFactorPassed(deps, owner);
  await side.renewIfHalf(ctx);
  await side.audit(ctx, 'factor_enrolled', { kind });
  return ok({ recovery_codes: codes });
}

/** The routes of one side's factor calls (portal `/security`, console `/console/security`). */
export function factorRoutes(calls: FactorCalls, side: FactorSide): RouteDefinition[] {
  return [
    defineRoute(calls.list, async (ctx) =>
      ok(await listFactors(factorDeps(ctx.services), side.owner(ctx))),
    ),
    defineRoute(calls.totpStart, async (ctx) => {
      side.reauth(ctx);
      const started = await startTotp(factorDeps(ctx.services), side.owner(ctx));
      const qr = await (await loadQRCode()).toDataURL(started.uri, { margin: 1, width: 220 });
      return ok({ factor_id: started.factorId, secret: started.secret, uri: started.uri, qr });
    }),
    defineRoute(calls.totpConfirm, async (ctx) => {
      side.reauth(ctx);
      const deps = factorDeps(ctx.services);
      const check = await checkFactorCode(deps, side.owner(ctx), ctx.body.code, {
        recovery: false,
        enrolling: ctx.body.factor_id,
      });
      if (!check.ok) throw codeRefusal(check, deps.now());
      return afterEnrol(ctx.services, side, ctx, 'totp');
    }),
    defineRoute(calls.passkeyOptions, async (ctx) => {
      side.reauth(ctx);
      return ok({
        ...(await passkeyRegistrationOptions(factorDeps(ctx.services), side.owner(ctx))),
      });
    }),
    defineRoute(calls.passkeyRegister, async (ctx) => {
      side.reauth(ctx);
      const result = await registerPasskey(
        factorDeps(ctx.services),
        side.owner(ctx),
        ctx.body.response as unknown as RegistrationResponseJSON,
        ctx.body.name,
      );
      if (!result.ok) throw passkeyRefusal(result.reason);
      return afterEnrol(ctx.services, side, ctx, 'passkey');
    }),
    defineRoute(calls.remove, async (ctx) => {
      side.reauth(ctx);
      const result = await removeFactor(factorDeps(ctx.services), side.owner(ctx), ctx.body.id);
      if (result === 'not_found') throw notFound();
      if (result === 'required') throw refused('security.errors.factorRequired');
      await side.audit(ctx, 'factor_removed', { id: ctx.body.id });
      return ok(null, 'security.removed');
    }),
    defineRoute(calls.regenerateCodes, async (ctx) => {
      side.reauth(ctx);
      const owner = side.owner(ctx);
      const deps = factorDeps(ctx.services);
      if ((await listFactors(deps, owner)).factors.length === 0) {
        throw refused('security.errors.noFactor');
      }
      const codes = await regenerateRecoveryCodes(deps, owner);
      await side.audit(ctx, 'recovery_codes_regenerated');
      return ok({ recovery_codes: codes });
    }),
    ...stepUpRoutes(calls, side),
  ];
}

function stepUpRoutes(calls: FactorCalls, side: FactorSide): RouteDefinition[] {
  return [
    defineRoute(calls.stepUp, async (ctx) => {
      const deps = factorDeps(ctx.services);
      const check = await checkFactorCode(deps, side.owner(ctx), ctx.body.code, {
        recovery: true,
      });
      if (!check.ok) throw codeRefusal(check, deps.now());
      const until = await markFactorPassed(deps, side.owner(ctx));
      await side.audit(ctx, 'step_up', { method: check.method });
      return ok({ until: until.toISOString() });
    }),
    defineRoute(calls.stepUpPasskeyOptions, async (ctx) =>
      ok({
        ...(await passkeyAuthenticationOptions(
          factorDeps(ctx.services),
          side.owner(ctx),
          'step_up',
        )),
      }),
    ),
    defineRoute(calls.stepUpPasskey, async (ctx) => {
      const deps = factorDeps(ctx.services);
      const result = await verifyPasskey(
        deps,
        side.owner(ctx),
        'step_up',
        ctx.body.response as unknown as AuthenticationResponseJSON,
      );
      if (!result.ok) throw passkeyRefusal(result.reason);
      const until = await markFactorPassed(deps, side.owner(ctx));
      await side.audit(ctx, 'step_up', { method: 'passkey' });
      return ok({ until: until.toISOString() });
    }),
  ];
}
