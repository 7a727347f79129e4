import { ACCOUNT_ACCESS, accountChangePassRequest } from '@gerbang/shared';
import { defineRoute, ok } from '../../http/route';
import { changeOwnPassword } from './change-password';
import { loadAccountProfile } from './profile';

/** The account area of spec 01 §2: the my-data tab and the change-password tab. */
export const accountRoutes = [
  defineRoute({
    method: 'GET',
    url: '/data/account_profile',
    access: ACCOUNT_ACCESS.myData,
    handler: async ({ services, auth }) => ok(await loadAccountProfile(services, auth)),
  }),
  defineRoute({
    method: 'POST',
    url: '/data/account_change_pass',
    access: ACCOUNT_ACCESS.changePassword,
    body: accountChangePassRequest,
    handler: async (ctx) => {
      await changeOwnPassword(ctx);
      return ok(null, 'account.passwordUpdated');
    },
  }),
];
