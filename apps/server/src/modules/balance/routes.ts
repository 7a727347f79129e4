import { defineRoute, ok } from '../../http/route';

export const balanceRoutes = [
  defineRoute({
    method: 'GET',
    url: '/data/app_info_web',
    access: {},
    // Polled every 10 s by the page; one indexed read per account, no joins.
    handler: async ({ auth, services }) =>
      ok(await services.balances.read(auth.agent.id, auth.environment)),
  }),
];
