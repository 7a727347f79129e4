import { teamCalls } from '@gerbang/shared/contract/team-calls';
import { accessDenied } from '../../http/errors';
import { defineRoute, ok } from '../../http/route';
import { groupModules, saveUserAccess, userAccessList } from './permissions';
import { deleteSubAccount, listSubAccounts, storeSubAccount } from './subaccounts';

/** Sub-accounts and their permissions (spec 01 §2 "Account management", §7). */
export const teamRoutes = [
  defineRoute(teamCalls.subAccounts, async ({ services, auth, body }) => {
    // The page sends its own user id; any other id is not the caller's list to read.
    if (body.iduser !== null && body.iduser !== auth.user.id) throw accessDenied();
    return ok(await listSubAccounts(services.db, auth));
  }),
  defineRoute(teamCalls.storeSubAccount, async (ctx) => {
    const outcome = await storeSubAccount(ctx);
    return ok(null, outcome === 'added' ? 'team.registered' : 'team.updated');
  }),
  defineRoute(teamCalls.deleteSubAccount, async (ctx) => {
    await deleteSubAccount(ctx);
    return ok(null, 'team.deleted');
  }),
  defineRoute(teamCalls.groupModules, async ({ services, auth, query }) => {
    // Only the caller's own group: group defaults of other groups are not this user's business.
    if (query.id_grup !== null && query.id_grup !== auth.agent.id_grup) throw accessDenied();
    return ok(await groupModules(services.db, auth.agent.id_grup));
  }),
  defineRoute(teamCalls.userAccess, async (ctx) => ok(await userAccessList(ctx))),
  defineRoute(teamCalls.saveUserAccess, async (ctx) =>
    ok(await saveUserAccess(ctx), 'team.accessSaved'),
  ),
];
