import { translate } from '@gerbang/shared';
import { consoleFactorCalls, factorCalls } from '@gerbang/shared/contract/factor-calls';
import { z } from 'zod';
import { notFound } from '../../http/errors';
import { defineRoute, ok, type RouteDefinition } from '../../http/route';
import type { Services } from '../../http/services';
import { writeAudit } from '../../platform/audit/audit';
import { resetFactors } from '../../platform/factors/state';
import { factorRoutes, portalSide, staffSide } from './factor-routes';

async function providerRequires(services: Services) {
  const row = await services.db
    .selectFrom('security_policy')
    .select(['agents_require', 'staff_require'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return row;
}

/** The main user's rule for the agent, and the lost-factor reset of a sub-user. */
const agentRoutes: RouteDefinition[] = [
  defineRoute(factorCalls.agentPolicy, async ({ services, auth }) => {
    const provider = await providerRequires(services);
    return ok({
      require: auth.agent.require_second_factor,
      provider_requires: provider.agents_require,
    });
  }),
  defineRoute(factorCalls.setAgentPolicy, async (ctx) => {
    const { services, auth, body } = ctx;
    await services.db
      .updateTable('agents')
      .set({ require_second_factor: body.require })
      .where('id', '=', auth.agent.id)
      .execute();
    await portalSide.audit(ctx, 'second_factor_policy', { require: body.require });
    const provider = await providerRequires(services);
    return ok({ require: body.require, provider_requires: provider.agents_require });
  }),
  defineRoute(factorCalls.resetUserFactors, async (ctx) => {
    const { services, auth, body } = ctx;
    // Only a sub-user of the caller's own agent (a main user resets their own through staff).
    const user = await services.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('id', '=', body.user_id)
      .where('agent_id', '=', auth.agent.id)
      .where('parent_user_id', 'is not', null)
      .executeTakeFirst();
    if (!user) throw notFound();
    const removed = await resetFactors(services.db, { kind: 'user', id: user.id }, services.now());
    await portalSide.audit(ctx, 'second_factor_reset', { user_id: user.id, removed });
    return ok(null, 'security.resetDone');
  }),
];

/** The provider's rules and the lost-factor reset of a merchant's main user (console). */
const consoleRoutes: RouteDefinition[] = [
  defineRoute(consoleFactorCalls.policy, async ({ services }) =>
    ok(await providerRequires(services)),
  ),
  defineRoute(consoleFactorCalls.setPolicy, async (ctx) => {
    const { services, body, staff } = ctx;
    await services.db
      .updateTable('security_policy')
      .set({
        agents_require: body.agents_require,
        staff_require: body.staff_require,
        updated_at: services.now(),
        updated_by: staff?.staffId ?? null,
      })
      .where('id', '=', 1)
      .execute();
    await staffSide.audit(ctx, 'second_factor_policy', body);
    return ok(body);
  }),
  defineRoute(
    consoleFactorCalls.resetMerchantFactors,
    async (ctx) => {
      const { services, params, body } = ctx;
      const main = await services.db
        .selectFrom('users')
        .select(['id', 'username', 'nama', 'agent_id', 'language'])
        .where('agent_id', '=', params.id)
        .where('parent_user_id', 'is', null)
        .executeTakeFirst();
      if (!main) throw notFound();
      const removed = await resetFactors(
        services.db,
        { kind: 'user', id: main.id },
        services.now(),
      );
      await writeAudit(services.db, {
        at: services.now(),
        agentId: main.agent_id,
        userId: null,
        username: `console:${ctx.staff?.email ?? ''}`,
        action: 'console_second_factor_reset',
        target: main.username,
        detail: { staffId: ctx.staff?.staffId, reason: body.reason, removed },
        ip: ctx.ip,
        userAgent: ctx.userAgent,
      });
      const lang = main.language === 'en' ? 'en' : 'id';
      await services.mail.send({
        to: main.username,
        kind: 'second_factor_reset',
        subject: translate(lang, 'security.resetMailSubject'),
        text: translate(lang, 'security.resetMailBody', { name: main.nama, reason: body.reason }),
      });
      return ok(null, 'security.resetDone');
    },
    { params: z.object({ id: z.coerce.number().int().positive() }) },
  ),
];

export const securityRoutes: RouteDefinition[] = [
  ...factorRoutes(factorCalls, portalSide),
  ...agentRoutes,
  ...factorRoutes(consoleFactorCalls, staffSide),
  ...consoleRoutes,
];
