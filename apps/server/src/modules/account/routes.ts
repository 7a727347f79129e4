import { accountCalls } from '@gerbang/shared/contract/account-calls';
import { defineRoute, ok } from '../../http/route';
import { changeOwnPassword } from './change-password';
import { loadAccountProfile } from './profile';

/** The account area of spec 01 §2: the my-data tab and the change-password tab. */
export const accountRoutes = [
  defineRoute(accountCalls.profile, async ({ services, auth }) =>
    ok(await loadAccountProfile(services, auth)),
  ),
  defineRoute(accountCalls.changePassword, async (ctx) => {
    await changeOwnPassword(ctx);
    return ok(null, 'account.passwordUpdated');
  }),
];
