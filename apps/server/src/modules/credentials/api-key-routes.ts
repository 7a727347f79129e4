import { securityCalls } from '@gerbang/shared/contract/security-calls';
import { defineRoute, ok } from '../../http/route';
import { createApiKey, listApiKeys, revokeApiKey, rotateApiKey } from './api-keys';

/** The API keys section of the security settings (SNAP credentials with scopes). */
export const apiKeyRoutes = [
  defineRoute(securityCalls.apiKeys, async (ctx) => ok(await listApiKeys(ctx.services, ctx.auth))),
  defineRoute(securityCalls.createApiKey, async (ctx) =>
    ok(await createApiKey(ctx.services, ctx, ctx.body), 'apiKeys.created'),
  ),
  defineRoute(securityCalls.rotateApiKey, async (ctx) =>
    ok(await rotateApiKey(ctx.services, ctx, ctx.body), 'apiKeys.rotated'),
  ),
  defineRoute(securityCalls.revokeApiKey, async (ctx) => {
    await revokeApiKey(ctx.services, ctx, ctx.body.id);
    return ok(null, 'apiKeys.revoked');
  }),
];
